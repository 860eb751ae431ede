package count_test

import (
	"context"
	"testing"

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
