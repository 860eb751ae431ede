package hamilton_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// checkShare asserts that progress snapshots move monotonically towards the
// final statistics: units done, the estimated share and solutions never
// decrease, the share is at least the finished units' and at most 1, the
// number of units, once known, never changes, nothing passes the final
// values, and the final statistics show every unit done and a share of 1.
func checkShare(t *testing.T, name string, snaps []hamilton.Stats, final hamilton.Stats, total uint64) {
	t.Helper()
	if final.Units == 0 || final.UnitsDone != final.Units {
		t.Fatalf("%s: final units %d of %d, want all of a positive number", name, final.UnitsDone, final.Units)
	}
	if final.Share != 1 {
		t.Fatalf("%s: final share %v, want 1", name, final.Share)
	}
	if final.Solutions != total {
		t.Fatalf("%s: final solutions %d, want %d", name, final.Solutions, total)
	}
	var prev hamilton.Stats
	for i, s := range snaps {
		if s.Units != 0 && s.Units != final.Units {
			t.Errorf("%s: snapshot %d has %d units, the run %d", name, i, s.Units, final.Units)
		}
		if s.UnitsDone < prev.UnitsDone || s.Solutions < prev.Solutions || s.UnitsDone > final.Units || s.Solutions > total ||
			s.Share < prev.Share || s.Share > 1 || (s.Units > 0 && s.Share < float64(s.UnitsDone)/float64(s.Units)-1e-9) {
			t.Errorf("%s: snapshot %d (%d of %d units, share %v, %d solutions) after (%d units, share %v, %d solutions), final %d units, %d solutions",
				name, i, s.UnitsDone, s.Units, s.Share, s.Solutions, prev.UnitsDone, prev.Share, prev.Solutions, final.Units, total)
		}
		prev = s
	}
	t.Logf("%s: %d snapshots, %d units", name, len(snaps), final.Units)
}

// recorder collects progress snapshots.
type recorder struct {
	mu    sync.Mutex
	snaps []hamilton.Stats
}

func (r *recorder) options(workers int) hamilton.Options {
	return hamilton.Options{Workers: workers, ProgressEvery: time.Millisecond, Progress: func(s hamilton.Stats) {
		r.mu.Lock()
		r.snaps = append(r.snaps, s)
		r.mu.Unlock()
	}}
}

// TestProgressShare: Count, CountPerStart, Enumerate and CountShard report
// the work units done of their total and the solutions so far, moving
// monotonically to the totals, with and without symmetry: the knight 5x5
// (1728 directed open paths, OEIS A165134), searched by one worker, and
// the knight 4x8 (2 x 31088, A079137), split over two.
func TestProgressShare(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols, workers int
		total               uint64
	}{{5, 5, 1, 1728}, {4, 8, 2, 2 * 31088}}[:testfix.Scale(2, 1, 2)] {
		bg := testfix.BoardGraph(t, tc.rows, tc.cols, "knight")
		total, workers := tc.total, tc.workers
		for _, sym := range []bool{false, true} {
			p := hamilton.Problem{G: bg.Graph}
			if sym {
				p.Symmetries = bg.Automorphisms()
			}
			var rc recorder
			got, st, err := hamilton.Count(context.Background(), p, rc.options(workers))
			if err != nil || got != total {
				t.Fatalf("Count = %d, %v; want %d", got, err, total)
			}
			checkShare(t, "Count", rc.snaps, st, total)

			rc = recorder{}
			_, st, err = hamilton.CountPerStart(context.Background(), p, rc.options(workers))
			if err != nil {
				t.Fatal(err)
			}
			checkShare(t, "CountPerStart", rc.snaps, st, total)

			rc = recorder{}
			n, st, err := hamilton.Enumerate(context.Background(), p, rc.options(workers), 0, func([]int32) bool { return true })
			if err != nil || n != total {
				t.Fatalf("Enumerate = %d, %v; want %d", n, err, total)
			}
			checkShare(t, "Enumerate", rc.snaps, st, total)
		}
	}
	// Two shards: each reports its own units, and they add up.
	bg := testfix.BoardGraph(t, 5, 5, "knight")
	const total = 1728
	p := hamilton.Problem{G: bg.Graph}
	var sum uint64
	for sh := range 2 {
		var rc recorder
		res, st, err := hamilton.CountShard(context.Background(), p, rc.options(2), sh, 2, hamilton.ShardOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if st.Units != uint64(res.Mine) {
			t.Errorf("shard %d: %d units in the statistics, %d in the result", sh, st.Units, res.Mine)
		}
		checkShare(t, "CountShard", rc.snaps, st, res.Count)
		sum += res.Count
	}
	if sum != total {
		t.Errorf("shards add up to %d, want %d", sum, total)
	}
}
