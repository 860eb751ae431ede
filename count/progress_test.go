package count_test

import (
	"context"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

// TestProgressShare: the snapshots count the steps up to Steps, and
// StatesDone adds up the layers built (each step's States), so a caller
// can say how much is done and estimate what is left.
func TestProgressShare(t *testing.T) {
	t.Parallel()
	bg := build(t, 5, 5, "hopido")
	var snaps []count.Stats
	opt := count.Options{ProgressEvery: 1, Progress: func(s count.Stats) { snaps = append(snaps, s) }}
	got, st, err := count.Count(context.Background(), hamilton.Problem{G: bg.Graph}, opt)
	if err != nil || got != 12400 {
		t.Fatalf("Count = %d, %v; want 12400", got, err)
	}
	if len(snaps) == 0 || st.Step != st.Steps || st.Steps != 25 {
		t.Fatalf("%d snapshots, final step %d of %d; want some, and 25 of 25", len(snaps), st.Step, st.Steps)
	}
	var prev count.Stats
	for i, s := range snaps {
		if s.InStep {
			continue // TestProgressInStep
		}
		if s.Step <= prev.Step || s.Step > s.Steps || s.StatesDone < prev.StatesDone+uint64(s.States) {
			t.Fatalf("snapshot %d: step %d of %d, %d states done, %d in the layer; after step %d, %d done",
				i, s.Step, s.Steps, s.StatesDone, s.States, prev.Step, prev.StatesDone)
		}
		if s.Step == prev.Step+1 && s.StatesDone != prev.StatesDone+uint64(s.States) {
			t.Fatalf("snapshot %d: %d states done after %d and a layer of %d", i, s.StatesDone, prev.StatesDone, s.States)
		}
		prev = s
	}
	if st.StatesDone < prev.StatesDone {
		t.Fatalf("final states done %d below the last snapshot's %d", st.StatesDone, prev.StatesDone)
	}
}

// TestProgressInStep: inside a step, Progress reports the share of the
// step done, which grows within the step, its parts, and (spilled) the
// bytes read; the count is unchanged.
func TestProgressInStep(t *testing.T) {
	t.Parallel()
	// Row-major (no order): layers of up to 10^5 states, in many
	// partitions or buckets.
	bg := build(t, 6, 6, "knight")
	p := hamilton.Problem{G: bg.Graph, Closed: true}
	var order []int32
	const want = 2 * 9862 // undirected closed tours, twice
	for _, spill := range []bool{false, true} {
		var snaps []count.Stats
		opt := count.Options{Order: order, ProgressEvery: time.Microsecond, Progress: func(s count.Stats) { snaps = append(snaps, s) }}
		if spill {
			opt.MaxBytes, opt.SpillDir = 4<<20, t.TempDir()
		}
		got, st, err := count.Count(context.Background(), p, count.StepEachPart(opt))
		if err != nil || got != want {
			t.Fatalf("spill %v: Count = %d, %v; want %d", spill, got, err, want)
		}
		if st.InStep || st.StepParts != 0 {
			t.Errorf("spill %v: final Stats in a step: %+v", spill, st)
		}
		in, grew, read := 0, false, false
		var prev count.Stats
		for _, s := range snaps {
			if !s.InStep {
				prev = count.Stats{}
				continue
			}
			in++
			if s.StepShare < 0 || s.StepShare > 1 || s.StepPartsDone > s.StepParts || s.StepParts == 0 || s.Step >= s.Steps {
				t.Fatalf("spill %v: in-step snapshot: step %d of %d, share %v, %d of %d parts", spill, s.Step, s.Steps, s.StepShare, s.StepPartsDone, s.StepParts)
			}
			if prev.InStep && prev.Step == s.Step {
				if s.StepShare < prev.StepShare || s.StepElapsed < prev.StepElapsed || s.StepExpanded < prev.StepExpanded {
					t.Fatalf("spill %v: step %d went back: share %v after %v", spill, s.Step+1, s.StepShare, prev.StepShare)
				}
				grew = grew || s.StepShare > prev.StepShare && s.StepLeft > 0
			}
			read = read || s.StepRead > 0
			prev = s
		}
		t.Logf("spill %v: %d of %d snapshots in a step", spill, in, len(snaps))
		if !grew {
			t.Errorf("spill %v: no step reported a growing share with a time left (%d in-step snapshots)", spill, in)
		}
		if spill && (!st.Spilled || !read) {
			t.Errorf("spill %v: spilled %v, bytes read reported %v", spill, st.Spilled, read)
		}
	}
}
