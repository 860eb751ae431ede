package count_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/shard"
)

// runCoop runs shards 0..n-1 of p at once through dir (opt.Shard, Shards
// and Exchange set here) and returns their counts.
func runCoop(ctx context.Context, p hamilton.Problem, opt count.Options, n int, dir string) ([]uint64, []count.Stats, error) {
	got := make([]uint64, n)
	sts := make([]count.Stats, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for s := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := opt
			o.Shard, o.Shards, o.Exchange = s, n, dir
			got[s], sts[s], errs[s] = count.Count(ctx, p, o)
		}()
	}
	wg.Wait()
	return got, sts, errors.Join(errs...)
}

// Cooperative shards (Options.Exchange), run at once through a shared
// directory, add up to the oracle's count on the shared table: 3 shards
// split early (so the layers really go through the files), every 32nd
// case (every 128th with -short, every 16th with BOARDGRAPH_LONG=1), and a third of those with the shards'
// layers spilled to disk as well.
func TestExchangeShardsMatchOracle(t *testing.T) {
	t.Parallel()
	step := 16 * testfix.Scale(4, 8, 1)
	eachCase(t, func(i int, _ *oracle.Case) bool { return i%step == 0 }, func(t *testing.T, i int, c *oracle.Case, bg *moves.BoardGraph, p hamilton.Problem) {
		want := c.Want()
		opt := count.SplitEarly(count.Options{Order: caseOrder(bg, c), Workers: 2}, 1)
		if i%3 == 0 {
			opt.MaxBytes, opt.SpillDir = 1<<16, t.TempDir()
		}
		dir := t.TempDir()
		got, sts, err := runCoop(context.Background(), p, opt, 3, dir)
		if err != nil {
			t.Fatal(err)
		}
		if sum := got[0] + got[1] + got[2]; sum != want {
			t.Errorf("3 cooperative shards %v add up to %d, oracle %d (split after step %d of %d)", got, sum, want, sts[0].SplitStep, sts[0].Steps)
		}
		if locks, _ := filepath.Glob(filepath.Join(dir, "shard-*.lock")); len(locks) > 0 {
			t.Errorf("finished shards left their lock files: %v", locks)
		}
	})
}

// Larger boards, four move sets, 4 shards at the default split: the shards
// add up to the count of one run, and each expands about a quarter of it
// (what makes the shards' total work one count's).
func TestExchangeShardsMatchOneRun(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols int
		moves      string
		closed     bool
	}{
		{6, 6, "hopido", false},
		{5, 6, "knight", false},
		{6, 6, "knight", true},
		{5, 5, "king", false},
		{5, 6, "1,1+2,0", false},
	} {
		t.Run(fmt.Sprintf("%dx%d/%s/closed=%v", tc.rows, tc.cols, tc.moves, tc.closed), func(t *testing.T) {
			t.Parallel()
			bg := build(t, tc.rows, tc.cols, tc.moves)
			p := hamilton.Problem{G: bg.Graph, Closed: tc.closed}
			opt := count.Options{Order: count.BoardOrder(bg), Workers: 1, ProbeStates: -1}
			want, one, err := count.Count(context.Background(), p, opt)
			if err != nil {
				t.Fatal(err)
			}
			opt = count.SplitEarly(opt, 16)
			got, sts, err := runCoop(context.Background(), p, opt, 4, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			var sum, trans uint64
			for s := range got {
				sum += got[s]
				trans += sts[s].Transitions
			}
			if sum != want {
				t.Errorf("4 cooperative shards %v add up to %d, one run %d", got, sum, want)
			}
			// The prefix before the split runs in every shard: allow it.
			if float64(trans) > 1.1*float64(one.Transitions)+1e4 {
				t.Errorf("4 shards tried %d transitions, one run %d: states are expanded more than once", trans, one.Transitions)
			}
			// One shard through the same options is the whole count.
			opt.Exchange = t.TempDir()
			if n, _, err := count.Count(context.Background(), p, opt); err != nil || n != want {
				t.Errorf("Shards 0 with Exchange: %d, %v; want %d", n, err, want)
			}
		})
	}
}

// A cooperative shard stopped in the middle (as by kill -9: its files
// stay as they are) and started again resumes from its last layer; the
// others wait for it, and the shares add up to the count.
func TestExchangeShardResumes(t *testing.T) {
	t.Parallel()
	bg := build(t, 6, 6, "hopido")
	p := hamilton.Problem{G: bg.Graph}
	base := count.Options{Order: count.BoardOrder(bg), Workers: 1, ProbeStates: -1, ExchangeWait: time.Minute}
	want, _, err := count.Count(context.Background(), p, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, spill := range []bool{false, true} {
		t.Run(fmt.Sprintf("spill=%v", spill), func(t *testing.T) {
			opt := count.SplitEarly(base, 4)
			if spill {
				opt.MaxBytes, opt.SpillDir = 1<<16, t.TempDir()
				opt.ExchangeSync = true
			}
			dir := t.TempDir()
			const n, victim = 3, 1
			got := make([]uint64, n)
			errs := make([]error, n)
			var wg sync.WaitGroup
			for s := range n {
				if s == victim {
					continue
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					o := opt
					o.Shard, o.Shards, o.Exchange = s, n, dir
					got[s], _, errs[s] = count.Count(context.Background(), p, o)
				}()
			}
			// The victim stops after step 24 of 36.
			ctx, cancel := context.WithCancel(context.Background())
			o := opt
			o.Shard, o.Shards, o.Exchange = victim, n, dir
			o.ProgressEvery = time.Nanosecond
			o.Progress = func(s count.Stats) {
				if s.Step >= 24 && s.Waiting == nil {
					cancel()
				}
			}
			if _, _, err := count.Count(ctx, p, o); !errors.Is(err, context.Canceled) {
				t.Fatalf("stopped shard: %v", err)
			}
			o.Progress = nil
			var st count.Stats
			got[victim], st, errs[victim] = count.Count(context.Background(), p, o)
			wg.Wait()
			if err := errors.Join(errs...); err != nil {
				t.Fatal(err)
			}
			if st.ResumedAt < 24 {
				t.Errorf("restarted shard resumed at step %d, want >= 24", st.ResumedAt)
			}
			if spill && !st.Spilled {
				t.Errorf("a shard's class of up to %d states did not spill under 64 KiB", st.PeakStates)
			}
			if sum := got[0] + got[1] + got[2]; sum != want {
				t.Errorf("shares %v add up to %d, want %d", got, sum, want)
			}
			// A finished shard run again gives its share again.
			if again, _, err := count.Count(context.Background(), p, o); err != nil || again != got[victim] {
				t.Errorf("finished shard rerun: %d, %v; want %d", again, err, got[victim])
			}
		})
	}
}

// The shared directory is refused for another count, a missing shard ends
// the wait with a message naming it, a shard runs once at a time, and
// layer checkpoints do not combine with it.
func TestExchangeRefusals(t *testing.T) {
	t.Parallel()
	bg := build(t, 5, 5, "knight")
	p := hamilton.Problem{G: bg.Graph}
	dir := t.TempDir()
	opt := count.SplitEarly(count.Options{Order: count.BoardOrder(bg), Workers: 1, Shard: 0, Shards: 2, Exchange: dir, ExchangeWait: 200 * time.Millisecond}, 1)
	_, _, err := count.Count(context.Background(), p, opt)
	if !errors.Is(err, count.ErrExchange) {
		t.Fatalf("shard 1 never started: %v", err)
	}
	if want := "for shard 1 to finish layer"; !contains(err.Error(), want) {
		t.Errorf("wait error %q does not say %q", err, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "shard-00000.lock")); !os.IsNotExist(err) {
		t.Errorf("a stopped shard left its lock file: %v", err)
	}
	other := opt
	other.CheckpointKey = "another version"
	if _, _, err := count.Count(context.Background(), p, other); !errors.Is(err, count.ErrExchange) {
		t.Errorf("another count's directory: %v", err)
	}
	hold, err := shard.Lock(filepath.Join(dir, "shard-00000.lock"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := count.Count(context.Background(), p, opt); !errors.Is(err, shard.ErrLocked) {
		t.Errorf("shard running twice: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "shard-00000.lock")); err != nil {
		t.Errorf("a refused shard removed the lock another holds: %v", err)
	}
	hold.Close()
	ck := opt
	ck.Checkpoint = filepath.Join(t.TempDir(), "ck")
	if _, _, err := count.Count(context.Background(), p, ck); !errors.Is(err, count.ErrInvalid) {
		t.Errorf("Exchange with Checkpoint: %v", err)
	}
	missing := opt
	missing.Exchange = filepath.Join(dir, "nope")
	if _, _, err := count.Count(context.Background(), p, missing); !errors.Is(err, count.ErrExchange) {
		t.Errorf("missing directory: %v", err)
	}
	// Damaged marker.
	m, _ := filepath.Glob(filepath.Join(dir, "L*", "done-00000"))
	if len(m) == 0 {
		t.Fatal("shard 0 wrote no marker")
	}
	os.WriteFile(m[0], []byte("junk"), 0o644)
	opt.Shard = 1
	if _, _, err := count.Count(context.Background(), p, opt); !errors.Is(err, count.ErrExchange) {
		t.Errorf("damaged marker: %v", err)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// Cooperative shards report progress inside their exchanged steps too
// (Stats.InStep), as one count does (TestProgressInStep): shares within
// [0, 1], parts done within the parts; the shards still add up to the
// count.
func TestExchangeProgressInStep(t *testing.T) {
	t.Parallel()
	bg := build(t, 6, 6, "knight")
	p := hamilton.Problem{G: bg.Graph, Closed: true}
	const want = 2 * 9862 // undirected closed tours, twice
	var mu sync.Mutex
	var in []count.Stats
	opt := count.Options{Workers: 1, ProgressEvery: time.Microsecond, Progress: func(s count.Stats) {
		// Only the exchanged steps (expandTo): after the split, before
		// the last step, which each shard takes in memory.
		if s.InStep && s.Step >= s.SplitStep-1 && s.Step < s.Steps-1 {
			mu.Lock()
			in = append(in, s)
			mu.Unlock()
		}
	}}
	opt = count.StepEachPart(count.SplitEarly(opt, 1))
	got, _, err := runCoop(context.Background(), p, opt, 2, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if got[0]+got[1] != want {
		t.Fatalf("2 cooperative shards %v add up to %d, want %d", got, got[0]+got[1], want)
	}
	if len(in) == 0 {
		t.Fatal("no in-step progress from cooperative shards")
	}
	for _, s := range in {
		if s.StepShare < 0 || s.StepShare > 1 || s.StepPartsDone > s.StepParts || s.StepParts == 0 || s.Step >= s.Steps {
			t.Fatalf("in-step snapshot: step %d of %d, share %v, %d of %d parts", s.Step, s.Steps, s.StepShare, s.StepPartsDone, s.StepParts)
		}
	}
}
