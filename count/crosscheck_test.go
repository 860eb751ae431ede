package count_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// New counts (docs/results.md), each computed three ways that share no
// intermediate state: the whole count in BoardOrder; the whole count in a
// second order (annealed from column-major with another seed); and a sum
// of constrained counts - for open paths the sum over start cells (one per
// symmetry orbit, times the orbit's size), for closed tours the sum over
// the neighbours t of a corner s of the paths from s to t (a directed tour
// read from s ends next to s). Boards marked long run with BOARDGRAPH_LONG=1 only.
func TestCrossChecks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols int
		moves      string
		closed     bool
		want       uint64
		long       bool
	}{
		{5, 6, "hopido", false, 0, false},
		{5, 6, "knight", true, 2 * 8, false},
		{6, 6, "hopido", true, 26276, false},
		{6, 6, "hopido", false, 8250272, false},
		{7, 7, "hopido", true, 11617568, true},
		{7, 7, "hopido", false, 8642871600, true},
		{7, 8, "knight", true, 69048864632, true}, // session 1's count, row-major
	} {
		name := fmt.Sprintf("%s/%dx%d/open", tc.moves, tc.rows, tc.cols)
		if tc.closed {
			name = fmt.Sprintf("%s/%dx%d/closed", tc.moves, tc.rows, tc.cols)
		}
		t.Run(name, func(t *testing.T) {
			if tc.long && !testfix.Long() {
				t.Skip("takes minutes on a shared machine: run with BOARDGRAPH_LONG=1")
			}
			t.Parallel()
			t0 := time.Now()
			bg := build(t, tc.rows, tc.cols, tc.moves)
			p := hamilton.Problem{G: bg.Graph, Closed: tc.closed}
			run := func(what string, p hamilton.Problem, order []int32) uint64 {
				t.Helper()
				n, st, err := count.Count(context.Background(), p, count.Options{Order: order, MaxBytes: *maxBytes})
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				_ = st
				return n
			}
			a := run("BoardOrder", p, count.BoardOrder(bg))
			var col []int32
			for c := range tc.cols {
				for r := range tc.rows {
					col = append(col, bg.VertexOf[bg.Board.Cell(r, c)])
				}
			}
			b := run("second order", p, count.OptimizeOrder(bg.Graph, col, 7, 0))
			c := constrainedSum(t, bg, p, run)
			if a != b || a != c {
				t.Fatalf("BoardOrder %d, second order %d, constrained sum %d", a, b, c)
			}
			if tc.want != 0 && a != tc.want {
				t.Errorf("count %d, want %d", a, tc.want)
			}
			t.Logf("%s: %d (three ways) in %v", name, a, time.Since(t0))
		})
	}
}

// constrainedSum counts p as a sum of constrained counts (see
// TestCrossChecks).
func constrainedSum(t *testing.T, bg *moves.BoardGraph, p hamilton.Problem, run func(string, hamilton.Problem, []int32) uint64) uint64 {
	t.Helper()
	order := count.BoardOrder(bg)
	if p.Closed {
		s := bg.VertexOf[bg.Board.Cell(0, 0)]
		var sum uint64
		for _, u := range bg.Graph.Neighbors(s) {
			q := p
			q = q.WithEnds(s, u)
			q.Closed = false
			sum += run(fmt.Sprintf("path to %d", u), q, order)
		}
		return sum
	}
	// One start per orbit of the board's symmetries.
	n := int32(bg.N())
	orbit := make([]int32, n)
	for i := range orbit {
		orbit[i] = -1
	}
	var sum uint64
	syms := bg.Automorphisms()
	for v := range n {
		if orbit[v] >= 0 {
			continue
		}
		size := uint64(0)
		for _, g := range syms {
			if orbit[g[v]] < 0 {
				orbit[g[v]] = v
				size++
			}
		}
		if size == 0 { // no symmetries listed: v alone
			orbit[v], size = v, 1
		}
		q := p
		q.FixStart, q.Start = true, v
		sum += size * run(fmt.Sprintf("start %d", v), q, order)
	}
	return sum
}
