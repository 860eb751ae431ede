package count_test

import (
	"testing"

	"github.com/boardgraph/boardgraph/count"
)

// Choose takes the search for small boards and givens, the dynamic program
// for the boards where it was measured faster, and the search again where
// the frontier is too wide for any memory.
func TestChoose(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		boardCase
		givens, dp bool
	}{
		{boardCase{5, 5, "hopido", false}, false, false},
		{boardCase{6, 6, "knight", false}, true, false},
		{boardCase{6, 6, "knight", false}, false, true},
		{boardCase{6, 6, "hopido", false}, false, true},
		{boardCase{7, 7, "knight", false}, false, true},
		{boardCase{4, 40, "knight", false}, false, true},
		{boardCase{30, 30, "knight", false}, false, false},
	} {
		bg, p := tc.setup(t)
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
			t.Errorf("%s givens=%v: Choose = %+v, want DP %v", tc, tc.givens, c, tc.dp)
		}
	}
}
