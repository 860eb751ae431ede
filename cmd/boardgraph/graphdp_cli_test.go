package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/testfix"
)

// TestGraphDPCLI: GP(101,2), its vertices named outer ring then inner ring
// (a frontier of 101 in the file's order), is decided by the dynamic
// program in its own order: count --graph --closed prints 0 and solve
// --graph --closed proves no cycle (exit 1) naming the dynamic program.
func TestGraphDPCLI(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	const n = 101
	for i := range n {
		fmt.Fprintf(&b, "u%d u%d\nu%d v%d\nv%d v%d\n", i, (i+1)%n, i, i, i, (i+2)%n)
	}
	file := filepath.Join(t.TempDir(), "gp101.txt")
	testfix.WriteFile(t, file, []byte(b.String()))
	if r := cli(t, "", "count", "--graph", file, "--closed"); r.code != 0 || r.stdout != "0\n" || !strings.Contains(r.stderr, "method dp") {
		t.Errorf("count:\n%s", r)
	}
	if r := cli(t, "", "solve", "--graph", file, "--closed"); r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "no Hamiltonian cycle in "+file+": the frontier dynamic program") {
		t.Errorf("solve:\n%s", r)
	}
}
