package count_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/shard"
)

// The oracle table again, three more ways: with the layers spilled to disk
// (a limit far below the tables' size; a third of the cases), split into 3 shards whose counts
// add up, and (a tenth of the cases) stopped after a step and resumed
// from the layer checkpoint.
func TestSpillShardResumeMatchOracle(t *testing.T) {
	t.Parallel()
	// One case in 12, 16 under -short (each anneals its own order);
	// BOARDGRAPH_LONG=1 runs all.
	every := testfix.Scale(12, 16, 1)
	eachCase(t, func(i int, _ *oracle.Case) bool { return i%every == 0 }, func(t *testing.T, i int, c *oracle.Case, bg *moves.BoardGraph, p hamilton.Problem) {
		want := c.Want()
		order := count.BoardOrder(bg)
		ctx := context.Background()
		if i%3 == 0 { // a third of the cases: files are slow on a loaded machine
			got, st, err := count.Count(ctx, p, count.Options{Order: order, MaxBytes: 1 << 18, SpillDir: t.TempDir(), Workers: 2})
			if err != nil || got != want {
				t.Errorf("spilled: Count = %d, %v; oracle %d", got, err, want)
			}
			if st.PeakStates > 8000 && !st.Spilled {
				t.Errorf("spilled: a peak of %d states did not spill under 256 KiB", st.PeakStates)
			}
		}
		var sum uint64
		for sh := range 3 {
			n, _, err := count.Count(ctx, p, count.Options{Order: order, Shard: sh, Shards: 3})
			if err != nil {
				t.Fatalf("shard %d/3: %v", sh, err)
			}
			sum += n
		}
		if sum != want {
			t.Errorf("3 shards add up to %d, oracle %d", sum, want)
		}
		// Stop after the middle step, then resume (every tenth case:
		// checkpoints sync to disk at every layer).
		if i%10 != 0 {
			return
		}
		ck := filepath.Join(t.TempDir(), "ck")
		for _, spill := range []string{"", t.TempDir()} {
			os.Remove(ck)
			cctx, cancel := context.WithCancel(ctx)
			opt := count.Options{Order: order, Checkpoint: ck, ProgressEvery: time.Nanosecond, SpillDir: spill, CheckpointKey: "test"}
			if spill != "" {
				opt.MaxBytes = 1 << 18
			}
			opt.Progress = func(s count.Stats) {
				if s.Step == s.Steps/2 {
					cancel()
				}
			}
			_, st, err := count.Count(cctx, p, opt)
			cancel()
			if !errors.Is(err, context.Canceled) || st.Checkpoints == 0 {
				if err == nil && bg.N() < 4 {
					continue // too few steps to stop in the middle
				}
				t.Fatalf("stopped count: %v after %d checkpoints", err, st.Checkpoints)
			}
			opt.Progress, opt.Resume = nil, true
			got, st, err := count.Count(ctx, p, opt)
			if err != nil || got != want || st.ResumedAt != bg.N()/2 {
				t.Errorf("resumed (spill %q): Count = %d, %v, from step %d; oracle %d", spill, got, err, st.ResumedAt, want)
			}
		}
	})
}

// A layer checkpoint is locked while its count runs, refused for another
// count, and refused when damaged.
func TestCheckpointRefusals(t *testing.T) {
	t.Parallel()
	bg := build(t, 5, 5, "knight")
	p := caseProblem(bg, &oracle.Case{Start: -1, End: -1})
	order := count.BoardOrder(bg)
	ck := filepath.Join(t.TempDir(), "ck")
	opt := count.Options{Order: order, Checkpoint: ck}
	if n, _, err := count.Count(context.Background(), p, opt); err != nil || n != 1728 {
		t.Fatalf("Count = %d, %v", n, err)
	}
	if _, err := os.Stat(ck); err != nil {
		t.Fatalf("no checkpoint written: %v", err)
	}
	if _, err := os.Stat(ck + ".lock"); !os.IsNotExist(err) {
		t.Errorf("a finished count left its lock file: %v", err)
	}
	if _, _, err := count.Count(context.Background(), p, opt); !errors.Is(err, shard.ErrCheckpoint) {
		t.Errorf("existing checkpoint without Resume: %v", err)
	}
	opt.Resume = true
	hold, err := shard.Lock(ck + ".lock")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := count.Count(context.Background(), p, opt); !errors.Is(err, shard.ErrLocked) {
		t.Errorf("locked checkpoint: %v", err)
	}
	if _, err := os.Stat(ck + ".lock"); err != nil {
		t.Errorf("a refused count removed the lock another holds: %v", err)
	}
	hold.Close()
	other := opt
	other.CheckpointKey = "another version"
	if _, _, err := count.Count(context.Background(), p, other); !errors.Is(err, shard.ErrCheckpoint) {
		t.Errorf("another count's checkpoint: %v", err)
	}
	data, _ := os.ReadFile(ck)
	data[len(data)/2] ^= 0x40
	os.WriteFile(ck, data, 0o644)
	if _, _, err := count.Count(context.Background(), p, opt); !errors.Is(err, shard.ErrCheckpoint) {
		t.Errorf("damaged checkpoint: %v", err)
	}
	os.WriteFile(ck, data[:len(data)-9], 0o644)
	if _, _, err := count.Count(context.Background(), p, opt); !errors.Is(err, shard.ErrCheckpoint) {
		t.Errorf("truncated checkpoint: %v", err)
	}
	opt.Checkpoint = "/dev/zero"
	if _, _, err := count.Count(context.Background(), p, opt); !errors.Is(err, shard.ErrCheckpoint) {
		t.Errorf("/dev/zero: %v", err)
	}
}

// A count with a checkpoint removes its lock file when it finishes and
// when it is stopped, in memory and spilled.
func TestCheckpointLockRemoved(t *testing.T) {
	t.Parallel()
	bg := build(t, 5, 5, "hopido")
	p := hamilton.Problem{G: bg.Graph}
	for _, spill := range []bool{false, true} {
		dir := t.TempDir()
		ck := filepath.Join(dir, "ck")
		opt := count.Options{Order: count.BoardOrder(bg), Checkpoint: ck, CheckpointKey: "t"}
		if spill {
			opt.MaxBytes, opt.SpillDir = 1<<16, dir
		}
		if n, _, err := count.Count(context.Background(), p, opt); err != nil || n != 12400 {
			t.Fatalf("spill %v: Count = %d, %v; want 12400", spill, n, err)
		}
		if _, err := os.Stat(ck + ".lock"); !os.IsNotExist(err) {
			t.Errorf("spill %v: a finished count left its lock file: %v", spill, err)
		}
		os.Remove(ck)
		ctx, cancel := context.WithCancel(context.Background())
		opt.ProgressEvery = time.Nanosecond
		opt.Progress = func(s count.Stats) {
			if s.Step >= 10 {
				cancel()
			}
		}
		if _, _, err := count.Count(ctx, p, opt); !errors.Is(err, context.Canceled) {
			t.Errorf("spill %v: stopped count: %v", spill, err)
		}
		cancel()
		if _, err := os.Stat(ck + ".lock"); !os.IsNotExist(err) {
			t.Errorf("spill %v: a stopped count left its lock file: %v", spill, err)
		}
	}
}
