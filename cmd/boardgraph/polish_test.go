package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestEmptyMovesRefused: --moves "" used to fall back to hopido silently;
// it is refused, exit 2, naming the presets, on every command that takes
// --moves, while leaving --moves out still means hopido (issue #10).
func TestEmptyMovesRefused(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"solve", "--moves", "", "5x5"},
		{"solve", "5x5", "--moves= "},
		{"count", "--moves", "", "3x3"},
		{"info", "--moves", "", "5x5"},
	} {
		r := cli(t, "", args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "is empty: give a preset") || !strings.Contains(r.stderr, "knight (1,2)") || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Errorf("%q: %v", args, r)
		}
	}
	if r := cli(t, "", "solve", "5x5", "--quiet"); r.code != exitOK {
		t.Errorf("solve 5x5 without --moves: %v", r)
	}
}

// TestConstructRefusesStrategy: --strategy (or --seed) with --method
// construct used to be ignored silently; it is refused, exit 2, naming the
// fix (issue #10).
func TestConstructRefusesStrategy(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "solve", "8x8", "--method", "construct", "--strategy", "okuno-miyano")
	if r.code != exitUsage || !strings.Contains(r.stderr, "drop --strategy, or use --method search") || r.stdout != "" {
		t.Errorf("construct with a strategy: %v", r)
	}
	r = cli(t, "", "solve", "8x8", "--method", "construct", "--seed", "2")
	if r.code != exitUsage || !strings.Contains(r.stderr, "drop --seed") {
		t.Errorf("construct with a seed: %v", r)
	}
	if r := cli(t, "", "solve", "-h"); !strings.Contains(r.stdout, "--method construct refuses it") {
		t.Errorf("solve -h does not say construct refuses --strategy: %v", r)
	}
}

// TestServePortInUse: serve on a port another listener holds says the port
// is in use and names --addr (issue #10), exit 2, and prints no banner.
func TestServePortInUse(t *testing.T) {
	t.Parallel()
	ln := testfix.Loopback(t)
	r := cli(t, "", "serve", "--addr", ln.Addr().String())
	if r.code != exitUsage || !strings.Contains(r.stderr, "the port is in use") || !strings.Contains(r.stderr, "give another port with --addr") || r.stdout != "" {
		t.Errorf("serve on a busy port: %v", r)
	}
}

// TestVerifyGraphReadsStdin: verify --graph G reads the solution from stdin
// when no file is given, as plain verify does (it used to demand '-'), and
// refuses stdin for both the graph and the solution (issue #10).
func TestVerifyGraphReadsStdin(t *testing.T) {
	t.Parallel()
	g := filepath.Join(t.TempDir(), "square.dimacs")
	testfix.WriteFile(t, g, []byte("p edge 4 4\ne 1 2\ne 2 3\ne 3 4\ne 4 1\n"))
	for _, args := range [][]string{{"verify", "--graph", g}, {"verify", "--graph", g, "-"}} {
		if r := cli(t, "1\n2\n3\n4\n", args...); r.code != exitOK || !strings.HasPrefix(r.stdout, "valid: a Hamiltonian path") {
			t.Errorf("%q: %v", args, r)
		}
		if r := cli(t, "1\n3\n2\n4\n", args...); r.code != exitNone || !strings.HasPrefix(r.stdout, "invalid") {
			t.Errorf("%q, no edge 1-3: %v", args, r)
		}
	}
	r := cli(t, "p edge 2 1\ne 1 2\n", "verify", "--graph", "-")
	if r.code != exitUsage || !strings.Contains(r.stderr, "give the solution as a file") {
		t.Errorf("graph and solution both on stdin: %v", r)
	}
}
