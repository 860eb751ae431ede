package tick

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestEvery: f runs repeatedly while the ticker runs, and not at all once
// stop has returned.
func TestEvery(t *testing.T) {
	t.Parallel()
	var calls atomic.Int64
	stop := Every(time.Millisecond, func() { calls.Add(1) })
	deadline := time.Now().Add(10 * time.Second)
	for calls.Load() < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("%d calls in 10 s at 1 ms", calls.Load())
		}
		time.Sleep(time.Millisecond)
	}
	stop()
	n := calls.Load()
	time.Sleep(20 * time.Millisecond)
	if m := calls.Load(); m != n {
		t.Errorf("%d calls after stop returned", m-n)
	}
}
