package numberlink

import (
	"path/filepath"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// The puzzle readers live in package puzzleio, which imports this package,
// so these tests cannot import them; readers_test.go (package
// numberlink_test, which can) hands them in through the hooks below before
// any test runs. The tests of this package thus read their fixtures with the
// real readers, not with a test-only copy that could drift from them.
var (
	// ReadTextHook is puzzleio.ParseText.
	ReadTextHook func(data []byte) (*Grid, Rules, error)
	// ReadTathamHook is puzzleio.ParseTatham.
	ReadTathamHook func(id string) (*Grid, Rules, error)
	// ReadHasHook is puzzleio.ParseHas.
	ReadHasHook func(data []byte) (*Grid, error)
	// FormatTextHook is puzzleio.FormatText (failure messages).
	FormatTextHook func(g *Grid, rules Rules) string
)

// parseText reads our text format (puzzleio.ParseText).
func parseText(data []byte) (*Grid, Rules, error) { return ReadTextHook(data) }

// formatText writes g in our text format (puzzleio.FormatText), for
// failure messages.
func formatText(g *Grid, rules Rules) string { return FormatTextHook(g, rules) }

// parseTatham reads a Simon Tatham Bridges game ID (puzzleio.ParseTatham).
func parseTatham(id string) (*Grid, Rules, error) { return ReadTathamHook(id) }

// tathamGrid parses a Tatham game ID (parseTatham), failing the test with
// the ID when it does not parse.
func tathamGrid(t *testing.T, id string) (*Grid, Rules) {
	t.Helper()
	g, rules, err := parseTatham(id)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return g, rules
}

// parseHas reads a Coelho et al. .has file (puzzleio.ParseHas).
func parseHas(data []byte) (*Grid, error) { return ReadHasHook(data) }

// gridOf builds a rows x cols k-grid from row-major clues.
func gridOf(t testing.TB, rows, cols, k int, clues ...int) *Grid {
	t.Helper()
	g, err := NewGrid(rows, cols, k, clues)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// adjacentIslands reports two nodes of g in orthogonally adjacent cells.
func adjacentIslands(g *Grid) (i, j int, ok bool) {
	for a, nd := range g.Nodes {
		for b, o := range g.Nodes {
			if a < b && (o.Row-nd.Row)*(o.Row-nd.Row)+(o.Col-nd.Col)*(o.Col-nd.Col) == 1 {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}

// tathamIDs returns n Tatham game IDs made with params
// (testfix.TathamIDs), the slow ones from testdata/tatham_slow.txt.
func tathamIDs(t *testing.T, params string, n int) []string {
	t.Helper()
	return testfix.TathamIDs(t, filepath.Join("testdata", "tatham_slow.txt"), params, n)
}
