package request

import (
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

func TestProgressLines(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ got, want string }{
		{SearchProgress(hamilton.Stats{Nodes: 2_000_000, Elapsed: 2 * time.Second}), "2M nodes (1M/s)"},
		{SearchProgress(hamilton.Stats{Nodes: 1500, Solutions: 12400, Elapsed: time.Second}), "1.5k nodes (1.5k/s), 12.4k solutions so far"},
		{DPProgress(count.Stats{Step: 57, Steps: 120, States: 1_200_000, PeakStates: 3_400_000, PeakBytes: 1_100_000_000}), "step 57 of 120, 1.2M states (peak 3.4M), 1.10 GB of tables"},
		{CellProgress("writing", 3_000_000, 100_000_000, 1500*time.Millisecond), "writing 3M of 100M cells (2M cells/s), 1.5s"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestStreamProgress(t *testing.T) {
	t.Parallel()
	p := &StreamProgress{Total: 100}
	p.Count.Store(7)
	if got := p.Line(); !strings.HasPrefix(got, " 7 of 100 cells (") {
		t.Errorf("before a phase: %q", got)
	}
	p.Phase("verifying")
	p.Count.Store(40)
	if got := p.Line(); !strings.HasPrefix(got, "verifying 40 of 100 cells (") {
		t.Errorf("verifying: %q", got)
	}
}
