package request

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
)

// SearchProgress words a search's progress snapshot for a progress line:
// the nodes, the node rate and, once there are any, the solutions so far:
// "1.2G nodes (98M/s), 3.4M solutions so far".
func SearchProgress(st hamilton.Stats) string {
	line := fmt.Sprintf("%s nodes (%s/s)", format.Human(st.Nodes), format.Human(uint64(float64(st.Nodes)/max(st.Elapsed.Seconds(), 1e-9))))
	if st.Solutions > 0 {
		line += fmt.Sprintf(", %s solutions so far", format.Human(st.Solutions))
	}
	return line
}

// DPProgress words the frontier dynamic program's progress snapshot for
// a progress line: "step 57 of 120, 1.2M states (peak 3.4M), 1.10 GB of
// tables".
func DPProgress(st count.Stats) string {
	return fmt.Sprintf("step %d of %d, %s states (peak %s), %s of tables",
		st.Step, st.Steps, format.Human(uint64(st.States)), format.Human(uint64(st.PeakStates)), format.Bytes(st.PeakBytes))
}

// CellProgress words the progress of a streamed write or check of a path
// for a progress line: "writing 1.2M of 100M cells (3M cells/s), 400ms",
// with done of total cells in elapsed.
func CellProgress(verb string, done, total int64, elapsed time.Duration) string {
	return fmt.Sprintf("%s %s of %s cells (%s cells/s), %v", verb, format.Human(uint64(done)), format.Human(uint64(total)),
		format.Human(uint64(float64(done)/max(elapsed.Seconds(), 1e-9))), elapsed.Round(100*time.Millisecond))
}

// StreamProgress follows a streamed write or check of a path for progress
// lines: give Phase and &Count to pathio.VerifiedOptions (or store the
// cells done in Count), and call Line from any goroutine.
type StreamProgress struct {
	Total int64        // cells of the path
	Count atomic.Int64 // cells done in the current phase

	mu    sync.Mutex
	phase string
	since time.Time
}

// Phase starts a new stage ("writing", "verifying"), counting from 0.
func (p *StreamProgress) Phase(verb string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.phase, p.since = verb, time.Now()
	p.Count.Store(0)
}

// Line words the progress of the current phase (CellProgress).
func (p *StreamProgress) Line() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	since := p.since
	if since.IsZero() {
		since = time.Now()
	}
	return CellProgress(p.phase, p.Count.Load(), p.Total, time.Since(since))
}
