package count_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// CountPerStart agrees with the search's per-start counts (hamilton,
// an independent method) cell by cell on small boards of four move sets,
// with one count per symmetry orbit and with one count per cell, and
// gives the published per-start values (docs/references.md: hopido 5x5, 552 from
// a corner and 352 from the centre; knight 5x5, OEIS A165134's 304 / 56 /
// 64 / 56 from a corner, (1,3), the centre and (2,2)).
func TestCountPerStartMatchesSearch(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols int
		moves      string
		cells      map[[2]int]uint64 // 1-based row, col -> published count
	}{
		{5, 5, "hopido", map[[2]int]uint64{{1, 1}: 552, {3, 3}: 352}},
		{5, 5, "knight", map[[2]int]uint64{{1, 1}: 304, {1, 3}: 56, {3, 3}: 64, {2, 2}: 56}},
		{4, 6, "hopido", nil},
		{3, 7, "knight", nil},
		{4, 4, "king", nil},
		{4, 5, "1,1+2,0", nil},
		{6, 6, "hopido", nil}, // the search: 3.6 s of CPU
	} {
		t.Run(fmt.Sprintf("%dx%d/%s", tc.rows, tc.cols, tc.moves), func(t *testing.T) {
			if !testfix.Long() && tc.rows*tc.cols > 30 {
				t.Skip("the search's per-start count of 6x6 takes seconds (25 s under load); run with BOARDGRAPH_LONG=1")
			}
			t.Parallel()
			bg := build(t, tc.rows, tc.cols, tc.moves)
			p := hamilton.Problem{G: bg.Graph, Symmetries: bg.Automorphisms()}
			want, err := func() ([]uint64, error) {
				w, _, err := hamilton.CountPerStart(context.Background(), p, hamilton.Options{})
				return w, err
			}()
			if err != nil {
				t.Fatal(err)
			}
			opt := count.Options{Order: count.BoardOrder(bg), Workers: 1}
			got, sum, _, err := count.CountPerStart(context.Background(), p, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("by orbits: %v\nsearch:    %v", got, want)
			}
			total, _, err := count.Count(context.Background(), hamilton.Problem{G: bg.Graph}, opt)
			if err != nil || sum != total {
				t.Errorf("per-start sum %d, count %d (%v)", sum, total, err)
			}
			p.Symmetries = nil
			every, _, _, err := count.CountPerStart(context.Background(), p, opt)
			if err != nil || !slices.Equal(every, want) {
				t.Errorf("every cell: %v (%v)\nsearch:     %v", every, err, want)
			}
			for rc, n := range tc.cells {
				v := bg.VertexOf[bg.Board.Cell(rc[0]-1, rc[1]-1)]
				if got[v] != n {
					t.Errorf("from %d,%d: %d paths, published %d", rc[0], rc[1], got[v], n)
				}
			}
		})
	}
}

// StartOrbits gives each vertex the smallest vertex of its orbit.
func TestStartOrbits(t *testing.T) {
	// 0<->2 and 1<->3 swapped by one permutation; 4 fixed.
	got := count.StartOrbits(5, [][]int32{{0, 1, 2, 3, 4}, {2, 3, 0, 1, 4}})
	if want := []int32{0, 1, 0, 1, 4}; !slices.Equal(got, want) {
		t.Errorf("StartOrbits = %v, want %v", got, want)
	}
	if got := count.StartOrbits(3, nil); !slices.Equal(got, []int32{0, 1, 2}) {
		t.Errorf("no symmetries: %v", got)
	}
}

// Diplomatico (hopido) 7x7: directed open paths by first cell, one count
// per symmetry orbit, and again one count per cell (every cell of an
// orbit must agree); the table adds up to the total 8,642,871,600
// (docs/results.md). BOARDGRAPH_LONG=1: about 2 minutes of CPU.
func TestPerStartHopido7x7(t *testing.T) {
	if !testfix.Long() {
		t.Skip("BOARDGRAPH_LONG=1: 59 counts of hopido 7x7 with a fixed start")
	}
	bg := build(t, 7, 7, "hopido")
	p := hamilton.Problem{G: bg.Graph, Symmetries: bg.Automorphisms()}
	opt := count.Options{Order: count.BoardOrder(bg)}
	per, sum, st, err := count.CountPerStart(context.Background(), p, opt)
	if err != nil {
		t.Fatal(err)
	}
	if sum != 8642871600 {
		t.Errorf("per-start counts add up to %d, want 8642871600", sum)
	}
	t.Logf("by orbit: %v, peak %d states", st.Elapsed, st.PeakStates)
	for r := range 7 {
		row := ""
		for c := range 7 {
			row += fmt.Sprintf(" %11d", per[bg.VertexOf[bg.Board.Cell(r, c)]])
		}
		t.Log(row)
	}
	p.Symmetries = nil
	every, _, st, err := count.CountPerStart(context.Background(), p, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(every, per) {
		t.Errorf("one count per cell %v differs from one per orbit %v", every, per)
	}
	t.Logf("every cell: %v", st.Elapsed)
}
