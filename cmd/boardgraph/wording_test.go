package main

import (
	"strings"
	"testing"
)

// TestWordings: the messages a review found wrong read as sentences: a
// count of 1 and its reason, the article of a level, a plural.
func TestWordings(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "count", "1x1", "--undirected")
	if r.code != exitOK || !strings.HasPrefix(r.stderr, "1 undirected Hamiltonian path (one cell: its one path is its own reverse, so directed = undirected) on 1x1") {
		t.Errorf("count 1x1 --undirected: %v", r)
	}
	r = cli(t, "", "generate", "12x12", "--difficulty", "expert", "--timeout", "1ms")
	if r.code != exitStopped || !strings.Contains(r.stderr, "before an expert puzzle was found") || strings.Contains(r.stderr, "context deadline") {
		t.Errorf("generate stopped: %v", r)
	}
	r = cli(t, "", "generate", "6x6", "--difficulty", "expert", "--seed", "1", "--tries", "1")
	if r.code != exitStopped || !strings.Contains(r.stderr, "1 try on 6x6") {
		t.Errorf("generate out of tries: %v", r)
	}
	r = cli(t, "", "numberlink", "generate")
	if r.code != exitUsage || !strings.Contains(r.stderr, "RxC (rows x columns), for example 15x15") {
		t.Errorf("numberlink generate without a size: %v", r)
	}
	hex := cli(t, "", "numberlink", "generate", "4x4", "--grid", "hex", "--quiet")
	r = cli(t, hex.stdout, "numberlink", "count", "--quiet")
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "1 solution (complete search") {
		t.Errorf("hex count: %v", r)
	}
}
