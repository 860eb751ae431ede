package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
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

// TestGraphMemoryLimit (issue 33): count --graph and solve --graph take
// --max-memory; a graph with fewer than n-1 edges is answered by its
// proof before any dynamic program or search (count 0, solve exit 1),
// whatever the limit; work over the limit is refused (exit 2) with the
// memory it needs and a flag that works; solve on a board refuses the
// flag it does not use.
func TestGraphMemoryLimit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sparse := filepath.Join(dir, "d.col")
	testfix.WriteFile(t, sparse, []byte("p edge 1000000 1\ne 1 2\n"))
	pathFile := func(n int) string {
		var b strings.Builder
		for i := range n - 1 {
			fmt.Fprintf(&b, "%d %d\n", i, i+1)
		}
		name := filepath.Join(dir, fmt.Sprintf("path%d.txt", n))
		testfix.WriteFile(t, name, []byte(b.String()))
		return name
	}
	small, path := pathFile(20), pathFile(3000)
	// The path with a chord is searched; a path alone is read off (no
	// search memory).
	chord := filepath.Join(dir, "chord3000.txt")
	testfix.WriteFile(t, chord, append(testfix.ReadFile(t, path), "0 2\n"...))
	for _, tc := range []struct {
		name string
		args []string
		code int
		out  string // stdout
		err  string // in stderr
	}{
		{"count proof", []string{"count", "--graph", sparse}, 0, "0\n", "only 1 edges, fewer than the 999999 a connected graph needs"},
		{"count proof 1G", []string{"count", "--graph", sparse, "--max-memory", "1G", "--format", "json"}, 0, "", ""},
		{"solve proof", []string{"solve", "--graph", sparse, "--max-memory", "1G"}, 1, "", "no Hamiltonian path in " + sparse + ": the graph has 1000000 vertices"},
		{"count 1G", []string{"count", "--graph", path, "--max-memory", "1G"}, 0, "2\n", "method dp"},
		{"solve 1G", []string{"solve", "--graph", small, "--max-memory", "1G", "--quiet"}, 0, "", ""},
		{"count dp over", []string{"count", "--graph", path, "--max-memory", "4M", "--method", "dp"}, 2, "", "needs about 3.6 MB, over half of the limit you gave with --max-memory of 4.2 MB (the other half is for its tables); give --max-memory SIZE"},
		{"count auto over", []string{"count", "--graph", path, "--max-memory", "6M"}, 2, "", "an exact count by search would not finish, and the dynamic program's plan (about 1200 bytes a vertex) needs about 3.6 MB, over half of the limit you gave with --max-memory of 6.3 MB"},
		{"solve over", []string{"solve", "--graph", chord, "--max-memory", "1M"}, 2, "", "over the limit you gave with --max-memory of 1.0 MB; give --max-memory SIZE"},
		{"solve path in 1M", []string{"solve", "--graph", path, "--max-memory", "1M", "--quiet"}, 0, "", ""},
		{"bad size", []string{"count", "--graph", path, "--max-memory", "lots"}, 2, "", `--max-memory "lots": give a size such as 800M`},
		{"board solve", []string{"solve", "5x5", "--max-memory", "1G"}, 2, "", "--max-memory applies to solve --graph"},
	} {
		r := cli(t, "", tc.args...)
		if r.code != tc.code || tc.out != "" && r.stdout != tc.out || !strings.Contains(r.stderr, tc.err) || tc.code == 2 && strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s:\n%s", tc.name, r)
		}
		if tc.name == "count proof 1G" && (!strings.Contains(r.stdout, `"method":"proof"`) || !strings.Contains(r.stdout, `"proof":"the graph has 1000000 vertices`) || !strings.Contains(r.stdout, `"complete":true`)) {
			t.Errorf("%s: the JSON names no proof:\n%s", tc.name, r)
		}
	}
}
