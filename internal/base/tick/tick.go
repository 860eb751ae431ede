package tick

import (
	"sync"
	"time"
)

// Every calls f every d (d > 0) from a new goroutine until the returned
// stop is called; stop waits for a call in progress to return, and no call
// starts after it. stop must be called exactly once.
func Every(d time.Duration, f func()) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				f()
			}
		}
	})
	return func() { close(done); wg.Wait() }
}
