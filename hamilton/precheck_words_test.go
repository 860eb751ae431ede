package hamilton_test

import (
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestPrecheckGivensWords: consecutive givens that are not one move apart
// read so (it said "more than 1 moves apart"); givens further apart keep
// "more than N moves apart".
func TestPrecheckGivensWords(t *testing.T) {
	for _, tc := range []struct {
		moves string
		at    map[[2]int]int32
		want  string
	}{
		{"hopido", map[[2]int]int32{{0, 0}: 0, {3, 4}: 1}, "positions 1 and 2 are not one move apart"},
		{"king", map[[2]int]int32{{0, 0}: 0, {0, 4}: 2}, "positions 1 and 3 are more than 2 moves apart"},
	} {
		bg := testfix.BoardGraph(t, 4, 5, tc.moves)
		g := make([]int32, bg.N())
		for i := range g {
			g[i] = -1
		}
		for rc, pos := range tc.at {
			g[bg.VertexOf[bg.Board.Cell(rc[0], rc[1])]] = pos
		}
		r, err := hamilton.Precheck(&hamilton.Problem{G: bg.Graph, Givens: g})
		if err != nil || r == nil || r.Rule != "givens" || !strings.Contains(r.Text, tc.want) {
			t.Errorf("%s: Precheck = %v, %v; want the givens rule saying %q", tc.moves, r, err, tc.want)
		}
	}
}
