package main

import (
	"strings"
	"testing"
	"time"
)

// TestTimeoutWhilePreparing checks that --timeout covers building the
// move graph and ordering the board, not only the search or count: these
// boards took 4.5 s (4194304x1) and 14-20 s (2048x2048) to stop after a
// 1 s timeout, because the context was made after them.
func TestTimeoutWhilePreparing(t *testing.T) {
	for _, args := range [][]string{
		{"count", "4194304x1", "--timeout", "100ms"},
		{"count", "--method", "dp", "4194304x1", "--timeout", "100ms"},
		{"count", "2048x2048", "--timeout", "100ms"},
		{"solve", "--method", "search", "4194304x1", "--timeout", "100ms"},
	} {
		began := time.Now()
		r := cli(t, "", args...)
		took := time.Since(began)
		if r.code != 3 || !strings.Contains(r.stderr, "timed out after 100ms") {
			t.Errorf("%v: want exit 3 and 'timed out after 100ms', got %v", args, r)
		}
		// Generous for a loaded machine: without the early context the
		// count of 2048x2048 ran for 14 s and more.
		if took > 4*time.Second {
			t.Errorf("%v: stopped %v after a 100ms timeout", args, took)
		}
	}
}
