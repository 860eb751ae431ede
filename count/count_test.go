package count_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// A layer larger than MaxStates, or tables larger than MaxBytes, stop the
// count with ErrMemory and a message that names the limit and the bound.
func TestMemoryLimit(t *testing.T) {
	t.Parallel()
	bg := build(t, 5, 5, "knight")
	p := hamilton.Problem{G: bg.Graph}
	for _, tc := range []struct {
		name string
		opt  count.Options
		in   string
	}{
		{"states", count.Options{MaxStates: 100}, "states (limit 100)"},
		{"bytes", count.Options{MaxBytes: 64 << 10}, "of tables (limit 64 KiB)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, _, err := count.Count(context.Background(), p, tc.opt)
			if !errors.Is(err, count.ErrMemory) || got != 0 {
				t.Fatalf("Count = %d, %v; want ErrMemory", got, err)
			}
			for _, s := range []string{tc.in, "frontier is 11 vertices wide", "the estimate bounds"} {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
		})
	}
}

// Estimate reports the frontier of the order, and refuses a frontier no
// state key can hold.
func TestEstimate(t *testing.T) {
	t.Parallel()
	// widthByDefinition is the largest number of processed vertices with
	// an unprocessed neighbour, over all steps of order.
	widthByDefinition := func(g *moves.BoardGraph, order []int32) int {
		rank := make([]int, g.N())
		for i, v := range order {
			rank[v] = i
		}
		best := 0
		for i := range order {
			w := 0
			for u := range int32(g.N()) {
				if rank[u] > i {
					continue
				}
				for _, x := range g.Neighbors(u) {
					if rank[x] > i {
						w++
						break
					}
				}
			}
			best = max(best, w)
		}
		return best
	}
	for _, tc := range []struct {
		rows, cols int
		moves      string
	}{
		{3, 4, "knight"}, {4, 3, "knight"}, {5, 5, "knight"}, {6, 6, "knight"},
		{4, 9, "knight"}, {9, 4, "knight"}, {5, 7, "hopido"}, {7, 5, "hopido"}, {3, 8, "1,1+0,3"},
	} {
		t.Run(fmt.Sprintf("%s/%dx%d", tc.moves, tc.rows, tc.cols), func(t *testing.T) {
			t.Parallel()
			bg := build(t, tc.rows, tc.cols, tc.moves)
			p := hamilton.Problem{G: bg.Graph}
			order := count.BoardOrder(bg)
			pl, err := count.Estimate(p, count.Options{Order: order})
			if err != nil {
				t.Fatal(err)
			}
			if want := widthByDefinition(bg, order); pl.Width != want {
				t.Errorf("Width = %d, want %d", pl.Width, want)
			}
			// BoardOrder is no wider than the narrower of row-major and column-major.
			rowMajor := make([]int32, bg.N())
			for i := range rowMajor {
				rowMajor[i] = int32(i)
			}
			var colMajor []int32
			for c := range tc.cols {
				for r := range tc.rows {
					colMajor = append(colMajor, bg.Board.Cell(r, c))
				}
			}
			if sweep := min(widthByDefinition(bg, rowMajor), widthByDefinition(bg, colMajor)); pl.Width > sweep {
				t.Errorf("BoardOrder's width %d, the narrower sweep has %d", pl.Width, sweep)
			}
			if pl.KeyBits != 2+pl.Width*pl.BitsPerCell || pl.KeyBits > 128 {
				t.Errorf("KeyBits = %d with width %d, %d bits per cell", pl.KeyBits, pl.Width, pl.BitsPerCell)
			}
			if pl.StateBound < 1 || pl.BoundBytes < pl.StateBound {
				t.Errorf("bound %g states, %g bytes", pl.StateBound, pl.BoundBytes)
			}
		})
	}
	t.Run("too wide", func(t *testing.T) {
		t.Parallel()
		bg := build(t, 70, 70, "1,0")
		p := hamilton.Problem{G: bg.Graph}
		_, err := count.Estimate(p, count.Options{})
		if !errors.Is(err, count.ErrTooWide) || !strings.Contains(err.Error(), "at most 62") {
			t.Fatalf("Estimate: %v; want ErrTooWide naming the limit", err)
		}
		if _, _, err := count.Count(context.Background(), p, count.Options{}); !errors.Is(err, count.ErrTooWide) {
			t.Fatalf("Count: %v; want ErrTooWide", err)
		}
	})
}

// Malformed problems and orders are refused with ErrInvalid.
func TestInvalid(t *testing.T) {
	t.Parallel()
	bg := build(t, 3, 4, "knight")
	n := int32(bg.N())
	for _, tc := range []struct {
		name string
		p    hamilton.Problem
		opt  count.Options
		in   string
	}{
		{"start out of range", hamilton.Problem{G: bg.Graph}.WithEnds(n, -1), count.Options{}, "start vertex"},
		{"closed with end", hamilton.Problem{G: bg.Graph, End: 0, FixEnd: true, Closed: true}, count.Options{}, "no end"},
		{"givens", hamilton.Problem{G: bg.Graph, Givens: make([]int32, n)}, count.Options{}, "givens"},
		{"short order", hamilton.Problem{G: bg.Graph}, count.Options{Order: []int32{0, 1}}, "order has 2"},
		{"repeated vertex", hamilton.Problem{G: bg.Graph}, count.Options{Order: make([]int32, n)}, "not a permutation"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, _, err := count.Count(context.Background(), tc.p, tc.opt)
			if !errors.Is(err, count.ErrInvalid) || !strings.Contains(err.Error(), tc.in) {
				t.Fatalf("Count: %v; want ErrInvalid saying %q", err, tc.in)
			}
		})
	}
}

// A cancelled context stops the count with ctx.Err().
func TestCancel(t *testing.T) {
	t.Parallel()
	bg := build(t, 6, 6, "knight")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := count.Count(ctx, hamilton.Problem{G: bg.Graph}, count.Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Count: %v; want context.Canceled", err)
	}
}

// Progress is called with growing step numbers and the plan filled in.
func TestProgress(t *testing.T) {
	t.Parallel()
	bg := build(t, 5, 5, "hopido")
	var steps []int
	opt := count.Options{ProgressEvery: 1, Progress: func(s count.Stats) {
		if s.Width == 0 || s.Steps != 25 {
			t.Errorf("progress stats %+v", s)
		}
		steps = append(steps, s.Step)
	}}
	got, st, err := count.Count(context.Background(), hamilton.Problem{G: bg.Graph}, opt)
	if err != nil || got != 12400 {
		t.Fatalf("Count = %d, %v", got, err)
	}
	if len(steps) == 0 || steps[len(steps)-1] > st.Step {
		t.Fatalf("progress steps %v, final %d", steps, st.Step)
	}
	for i := 1; i < len(steps); i++ {
		if steps[i] <= steps[i-1] {
			t.Fatalf("progress steps not increasing: %v", steps)
		}
	}
}

// Orders annealed with other seeds are other permutations of the
// vertices, with layers of their own, and give the same count: the
// cross-check the 8x8 counts use (docs/results.md).
func TestBoardOrderSeed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols int
		moves      string
		want       uint64
	}{
		{6, 6, "knight", 6637920}, // OEIS A165134, directed open paths
		{5, 5, "hopido", 12400},   // the Diplomatico paper's 5x5 count
	} {
		t.Run(fmt.Sprintf("%s/%dx%d", tc.moves, tc.rows, tc.cols), func(t *testing.T) {
			t.Parallel()
			bg := build(t, tc.rows, tc.cols, tc.moves)
			p := hamilton.Problem{G: bg.Graph}
			if o, err := count.BoardOrderSeed(context.Background(), bg, count.DefaultOrderSeed); err != nil || fmt.Sprint(o) != fmt.Sprint(count.BoardOrder(bg)) {
				t.Fatalf("BoardOrderSeed(DefaultOrderSeed) = %v, %v; want BoardOrder's order", o, err)
			}
			profiles := map[string]bool{}
			for _, seed := range []uint64{1, 2, 3, 5} {
				order, err := count.BoardOrderSeed(context.Background(), bg, seed)
				if err != nil {
					t.Fatal(err)
				}
				seen := make([]bool, bg.N())
				for _, v := range order {
					if v < 0 || int(v) >= bg.N() || seen[v] {
						t.Fatalf("seed %d: order %v is not a permutation", seed, order)
					}
					seen[v] = true
				}
				got, st, err := count.Count(context.Background(), p, count.Options{Order: order})
				if err != nil || got != tc.want {
					t.Fatalf("seed %d: Count = %d, %v; want %d", seed, got, err, tc.want)
				}
				profiles[fmt.Sprint(st.Transitions, st.PeakStates)] = true
			}
			if len(profiles) < 2 {
				t.Errorf("seeds 1, 2, 3 and 5 gave layers of the same size (%v): the seed changes nothing", profiles)
			}
		})
	}
}

// TestRefineOrder: a large count's order, annealed longer, keeps the count
// and visits far fewer states (hopido 7x7 closed: 909,076 states in all
// with BoardOrder's order, about 420 thousand refined); the refinement is
// deterministic, and an order whose count is cheap comes back unchanged.
func TestRefineOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("counts 7x7 closed Hopido twice; TestRefineOrderCounts refines smaller boards under -short")
	}
	t.Parallel()
	bg := build(t, 7, 7, "hopido")
	p := hamilton.Problem{G: bg.Graph, Closed: true}
	base := count.BoardOrder(bg)
	_, st0, err := count.Count(context.Background(), p, count.Options{Order: base})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := count.RefineOrder(context.Background(), bg.Graph, base, 1)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := count.RefineOrder(context.Background(), bg.Graph, base, 1); !slices.Equal(again, ref) {
		t.Error("RefineOrder is not deterministic for a seed")
	}
	got, st, err := count.Count(context.Background(), p, count.Options{Order: ref})
	const want = 11617568 // directed closed tours (docs/results.md)
	if err != nil || got != want {
		t.Fatalf("refined order: Count = %d, %v; want %d", got, err, want)
	}
	t.Logf("states in all: %d with BoardOrder, %d refined", st0.StatesDone, st.StatesDone)
	if 3*st.StatesDone > 2*st0.StatesDone {
		t.Errorf("the refined order visits %d states, BoardOrder's %d: not a third fewer", st.StatesDone, st0.StatesDone)
	}
	small := build(t, 5, 5, "knight")
	o := count.BoardOrder(small)
	if r, _ := count.RefineOrder(context.Background(), small.Graph, o, 1); !slices.Equal(r, o) {
		t.Error("a cheap count's order was annealed again")
	}
	// Row-major on the knight's 20x20 is about 40 wide: no order makes
	// that count possible, and the annealing would take seconds for
	// nothing.
	wide := build(t, 20, 20, "knight")
	rows := make([]int32, wide.N())
	for i := range rows {
		rows[i] = int32(i)
	}
	if r, _ := count.RefineOrder(context.Background(), wide.Graph, rows, 1); !slices.Equal(r, rows) {
		t.Error("an order out of reach of any count was annealed")
	}
}

// TestRefineOrderCounts: on boards of other move sets where RefineOrder
// changes the order, the count is the one BoardOrder's order gives (which
// the oracle and the search check elsewhere).
func TestRefineOrderCounts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols int
		moves      string
		closed     bool
		long       bool // 3.5 s of CPU: BOARDGRAPH_LONG=1
	}{{5, 6, "2,1+2,2", false, true}, {5, 8, "hopido", false, false}, {5, 8, "hopido", true, false}} {
		t.Run(fmt.Sprintf("%s/%dx%d/closed=%v", tc.moves, tc.rows, tc.cols, tc.closed), func(t *testing.T) {
			if tc.long {
				testfix.SkipUnlessLong(t, "a refined order's count of seconds")
			}
			t.Parallel()
			bg := build(t, tc.rows, tc.cols, tc.moves)
			p := hamilton.Problem{G: bg.Graph, Closed: tc.closed}
			base := count.BoardOrder(bg)
			ref, err := count.RefineOrder(context.Background(), bg.Graph, base, 1)
			if err != nil || slices.Equal(ref, base) {
				t.Fatalf("RefineOrder left the order as it was (%v): the case does not test it", err)
			}
			want, _, err1 := count.Count(context.Background(), p, count.Options{Order: base})
			got, _, err2 := count.Count(context.Background(), p, count.Options{Order: ref})
			if err1 != nil || err2 != nil || got != want {
				t.Errorf("refined order: %d (%v), BoardOrder's: %d (%v)", got, err2, want, err1)
			}
		})
	}
}
