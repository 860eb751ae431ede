package count_test

import (
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

// Choose takes the search for small boards and givens, the dynamic program
// for the boards where it was measured faster, and the search again where
// the frontier is too wide for any memory.
func TestChoose(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols int
		moves      string
		givens     bool
		dp         bool
	}{
		{5, 5, "hopido", false, false},
		{6, 6, "knight", true, false},
		{6, 6, "knight", false, true},
		{6, 6, "hopido", false, true},
		{7, 7, "knight", false, true},
		{4, 40, "knight", false, true},
		{30, 30, "knight", false, false},
	} {
		bg := build(t, tc.rows, tc.cols, tc.moves)
		p := hamilton.Problem{G: bg.Graph}
		if tc.givens {
			p.Givens = make([]int32, bg.N())
			for i := range p.Givens {
				p.Givens[i] = -1
			}
		}
		var order []int32
		if bg.N() <= 200 {
			order = count.BoardOrder(bg)
		}
		c := count.Choose(p, order)
		if c.DP != tc.dp || c.Reason == "" {
			t.Errorf("%s %dx%d givens=%v: Choose = %+v, want DP %v", tc.moves, tc.rows, tc.cols, tc.givens, c, tc.dp)
		}
	}
}
