package count_test

import (
	"context"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
)

// Closed counts that build their next states from the word expanded
// (expandClosed) make the very layers of the counts that renumber every
// state (emitNarrow): the same states after every step, the same
// transitions tried and the same count, on the shared table's closed
// cases in two orders and on larger knight, Diplomatico and king boards.
func TestExpandClosedMatchesRenumbering(t *testing.T) {
	t.Parallel()
	type run struct {
		layers []int
		st     count.Stats
		n      uint64
	}
	count1 := func(t *testing.T, p hamilton.Problem, opt count.Options) run {
		var rr run
		opt.ProgressEvery = 1 // every step
		opt.Progress = func(s count.Stats) {
			if !s.InStep {
				rr.layers = append(rr.layers, s.States)
			}
		}
		var err error
		rr.n, rr.st, err = count.Count(context.Background(), p, opt)
		if err != nil {
			t.Fatal(err)
		}
		return rr
	}
	check := func(t *testing.T, p hamilton.Problem, order []int32) {
		opt := count.Options{Order: order, Workers: 1}
		fast, slow := count1(t, p, opt), count1(t, p, count.SlowClosed(opt))
		if fast.n != slow.n || fast.st.Transitions != slow.st.Transitions || !slices.Equal(fast.layers, slow.layers) {
			t.Errorf("from words: %d, %d transitions, layers %v; renumbered: %d, %d transitions, layers %v",
				fast.n, fast.st.Transitions, fast.layers, slow.n, slow.st.Transitions, slow.layers)
		}
	}
	for i := range oracle.Cases {
		c := &oracle.Cases[i]
		if !c.Closed {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			bg := caseGraph(t, c)
			p := caseProblem(bg, c)
			check(t, p, nil)
			check(t, p, caseOrder(bg, c))
		})
	}
	for _, b := range []struct {
		rows, cols int
		spec       string
	}{{6, 6, "knight"}, {5, 8, "knight"}, {6, 6, "hopido"}, {5, 5, "king"}, {4, 7, "1,0"}} {
		t.Run(b.spec, func(t *testing.T) {
			bg := build(t, b.rows, b.cols, b.spec)
			check(t, hamilton.Problem{G: bg.Graph, Closed: true}, count.BoardOrder(bg))
		})
	}
}
