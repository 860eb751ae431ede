package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestBusyAtOnce (issue 33): with one solver slot held by counts that
// run to their 1.5 s deadline, a call that would wait longer than the
// 2 s QueueWait behind the one already queued gets 429 at once (the
// lane's mean call time times the calls ahead), where it used to wait
// the whole QueueWait for it; the one queued before it waits and is
// served.
func TestBusyAtOnce(t *testing.T) {
	s := New(Options{Jobs: 1, Queue: 16, QueueWait: 2 * time.Second, Timeout: 1500 * time.Millisecond})
	ts := httptest.NewServer(s)
	defer ts.Close()
	slow := `{"board":"7x7","moves":"knight"}` // counting 7x7 knight paths takes far longer than the deadline
	post := func() (int, error) {
		r, err := http.Post(ts.URL+"/api/leaper/count", "application/json", strings.NewReader(slow))
		if err != nil {
			return 0, err
		}
		r.Body.Close()
		return r.StatusCode, nil
	}
	// One count to its deadline: the lane's mean call time is 1.5 s.
	if code, err := post(); err != nil || code != 200 {
		t.Fatalf("first count: %d %v", code, err)
	}
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _ = post()
		}()
		time.Sleep(200 * time.Millisecond) // the first runs, the second queues
	}
	t0 := time.Now()
	code, err := post()
	if err != nil {
		t.Fatal(err)
	}
	// Queued, it would wait until the 2 s QueueWait for its 429.
	if took := time.Since(t0); code != 429 || took > time.Second {
		t.Errorf("third count: %d after %v, want 429 at once", code, took)
	}
	wg.Wait()
	for i, c := range codes {
		if c != 200 {
			t.Errorf("count %d: status %d, want 200 (the second waits 1.3 s of its 2 s)", i, c)
		}
	}
}
