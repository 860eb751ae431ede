package numberlink_test

import (
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// The internal tests of package numberlink read their fixtures with
// puzzleio's readers (fixtures_test.go explains the hooks).
func init() {
	numberlink.ReadTextHook = puzzleio.ParseText
	numberlink.ReadTathamHook = puzzleio.ParseTatham
	numberlink.ReadHasHook = puzzleio.ParseHas
	numberlink.FormatTextHook = puzzleio.FormatText
}
