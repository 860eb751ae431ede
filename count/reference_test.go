package count_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

var (
	maxBytes = flag.Int64("maxbytes", 8<<30, "table memory limit of the counts that run with BOARDGRAPH_LONG=1")
	spillDir = flag.String("spill", "", "with BOARDGRAPH_LONG=1: the directory the counts of hours spill their layers to (they run only when it is given)")
)

// speed says when a reference case runs: always, not in -short mode,
// only with BOARDGRAPH_LONG=1, or (hours) only with BOARDGRAPH_LONG=1 and
// -spill DIR.
type speed int

const (
	fast speed = iota
	medium
	slow
	hours
)

// build is the board graph of a rows x cols board under spec.
func build(t testing.TB, rows, cols int, spec string) *moves.BoardGraph {
	t.Helper()
	return testfix.BoardGraph(t, rows, cols, spec)
}

// Published counts (docs/references.md), in hamilton's convention: directed open
// paths, closed tours twice the undirected number.
var references = []struct {
	name       string
	rows, cols int
	moves      string
	closed     bool
	start      [2]int // 1-based row,col; {0,0} for none
	want       uint64
	speed      speed
}{
	// Diplomatico paper's table; 6x6 from our DFS counter (hamilton).
	{"hopido/4x5", 4, 5, "hopido", false, [2]int{}, 144, fast},
	{"hopido/4x6", 4, 6, "hopido", false, [2]int{}, 128, fast},
	{"hopido/4x7", 4, 7, "hopido", false, [2]int{}, 72, fast},
	{"hopido/5x5", 5, 5, "hopido", false, [2]int{}, 12400, fast},
	{"hopido/5x5/start=centre", 5, 5, "hopido", false, [2]int{3, 3}, 352, fast},   // puzzling.stackexchange q/52429
	{"hopido/5x5/start=corner", 5, 5, "hopido", false, [2]int{1, 1}, 552, fast},   // PyCSP3 CalvinPuzzle
	{"hopido/5x7/start=corner", 5, 7, "hopido", false, [2]int{1, 1}, 52730, fast}, // Lamberti, Solitario del 35
	{"hopido/5x7/start=centre", 5, 7, "hopido", false, [2]int{3, 4}, 13272, fast},
	{"hopido/6x6", 6, 6, "hopido", false, [2]int{}, 8250272, fast},
	// OEIS A165134 (directed open knight paths on n x n and per start).
	{"knight/5x5", 5, 5, "knight", false, [2]int{}, 1728, fast},
	{"knight/5x5/start=corner", 5, 5, "knight", false, [2]int{1, 1}, 304, fast},
	{"knight/5x5/start=1,3", 5, 5, "knight", false, [2]int{1, 3}, 56, fast},
	{"knight/5x5/start=centre", 5, 5, "knight", false, [2]int{3, 3}, 64, fast},
	{"knight/5x5/start=2,2", 5, 5, "knight", false, [2]int{2, 2}, 56, fast},
	{"knight/6x6", 6, 6, "knight", false, [2]int{}, 6637920, fast},
	{"knight/7x7", 7, 7, "knight", false, [2]int{}, 165575218320, slow},
	// A165134(8) (Chernov 2014, not reproduced before): hours on 2 cores
	// and tens of GB of spilled layers (docs/results.md), so it runs only
	// with BOARDGRAPH_LONG=1 and -spill DIR (and -maxbytes, -timeout 0).
	{"knight/8x8", 8, 8, "knight", false, [2]int{}, 19591828170979904, hours},
	// OEIS A001230 / A175881 (undirected closed tours, doubled).
	{"knight/6x6/closed", 6, 6, "knight", true, [2]int{}, 2 * 9862, fast},
	{"knight/5x6/closed", 5, 6, "knight", true, [2]int{}, 2 * 8, fast},
	{"knight/6x7/closed", 6, 7, "knight", true, [2]int{}, 2 * 1067638, medium},
	{"knight/6x8/closed", 6, 8, "knight", true, [2]int{}, 2 * 55488142, medium},
	// OEIS A070030 (undirected closed tours on 3 x 2n, doubled).
	{"knight/3x10/closed", 3, 10, "knight", true, [2]int{}, 2 * 16, fast},
	{"knight/3x12/closed", 3, 12, "knight", true, [2]int{}, 2 * 176, fast},
	{"knight/3x14/closed", 3, 14, "knight", true, [2]int{}, 2 * 1536, fast},
	{"knight/3x16/closed", 3, 16, "knight", true, [2]int{}, 2 * 15424, fast},
	// A169696 x 2 (directed open paths on 3 x n).
	{"knight/3x4", 3, 4, "knight", false, [2]int{}, 16, fast},
	{"knight/3x7", 3, 7, "knight", false, [2]int{}, 104, fast},
	{"knight/3x8", 3, 8, "knight", false, [2]int{}, 792, fast},
	{"knight/3x9", 3, 9, "knight", false, [2]int{}, 1120, fast},
	{"knight/3x10", 3, 10, "knight", false, [2]int{}, 6096, fast},
	{"knight/3x11", 3, 11, "knight", false, [2]int{}, 21344, fast},
	{"knight/3x12", 3, 12, "knight", false, [2]int{}, 114496, fast},
	// OEIS A079137 (undirected open paths on 4 x n, doubled).
	{"knight/4x3", 4, 3, "knight", false, [2]int{}, 2 * 8, fast},
	{"knight/4x5", 4, 5, "knight", false, [2]int{}, 2 * 82, fast},
	{"knight/4x6", 4, 6, "knight", false, [2]int{}, 2 * 744, fast},
	{"knight/4x7", 4, 7, "knight", false, [2]int{}, 2 * 6378, fast},
	{"knight/4x8", 4, 8, "knight", false, [2]int{}, 2 * 31088, fast},
	{"knight/4x9", 4, 9, "knight", false, [2]int{}, 2 * 189688, fast},
	{"knight/4x10", 4, 10, "knight", false, [2]int{}, 2 * 1213112, fast},
}

func TestReferenceCounts(t *testing.T) {
	t.Parallel()
	for _, tc := range references {
		t.Run(tc.name, func(t *testing.T) {
			bg := build(t, tc.rows, tc.cols, tc.moves)
			opt := count.Options{Order: count.BoardOrder(bg)}
			switch {
			case tc.speed == medium && testing.Short():
				t.Skip("takes seconds; skipped in -short mode")
			case tc.speed == slow && !testfix.Long():
				t.Skip("takes minutes and gigabytes (knight 7x7: 316 s of CPU, 6 GiB); run with BOARDGRAPH_LONG=1")
			case tc.speed == hours && (!testfix.Long() || *spillDir == ""):
				t.Skip("takes hours and tens of GB of disk; run with BOARDGRAPH_LONG=1 and -spill DIR (go test ./count -run 'TestReferenceCounts/knight/8x8$' -timeout 0 -args -spill DIR)")
			case tc.speed >= slow:
				opt.MaxBytes = *maxBytes
				if tc.speed == hours {
					opt.SpillDir = *spillDir
				}
				opt.ProgressEvery = 30 * time.Second
				opt.Progress = func(s count.Stats) {
					t.Logf("step %d/%d: %d states, peak %d, %d MiB, %d transitions", s.Step, s.Steps, s.States, s.PeakStates, s.PeakBytes>>20, s.Transitions)
				}
			}
			t.Parallel()
			p := hamilton.Problem{G: bg.Graph, Closed: tc.closed}
			if tc.start != [2]int{} {
				p.FixStart, p.Start = true, bg.VertexOf[bg.Board.Cell(tc.start[0]-1, tc.start[1]-1)]
			}
			got, st, err := count.Count(context.Background(), p, opt)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Count = %d, want %d", got, tc.want)
			}
			t.Logf("%v, frontier %d, peak %d states, %d MiB of tables, %d transitions", st.Elapsed, st.Width, st.PeakStates, st.PeakBytes>>20, st.Transitions)
		})
	}
}
