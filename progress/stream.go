package progress

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Cells words the progress of a streamed write or check of a path for a
// progress line, after the caller's "verb: ": done of total cells in
// elapsed, "writing 1.2M of 100M cells (3M cells/s), 400ms". The cost is
// O(1).
func Cells(verb string, done, total int64, elapsed time.Duration) string {
	return fmt.Sprintf("%s %s of %s cells (%s cells/s), %v", verb, Human(uint64(done)), Human(uint64(total)),
		Human(uint64(float64(done)/max(elapsed.Seconds(), 1e-9))), elapsed.Round(100*time.Millisecond))
}

// Stream follows a streamed write or check of a path for progress lines:
// give Phase and &Count to pathio.VerifiedOptions (or store the cells
// done in Count), and call Line from any goroutine.
type Stream struct {
	Total int64        // cells of the path
	Count atomic.Int64 // cells done in the current phase

	mu    sync.Mutex
	phase string
	since time.Time
}

// Phase starts a new stage ("writing", "verifying"), counting from 0.
func (p *Stream) Phase(verb string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.phase, p.since = verb, time.Now()
	p.Count.Store(0)
}

// Line words the progress of the current phase (Cells).
func (p *Stream) Line() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	since := p.since
	if since.IsZero() {
		since = time.Now()
	}
	return Cells(p.phase, p.Count.Load(), p.Total, time.Since(since))
}
