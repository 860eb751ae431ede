package main

import (
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/verify"
)

// TestSolveStrategy: --strategy okuno-miyano solves open, start-to-end and
// closed problems (checked by the verifier), proves no solution with exit 1,
// and bad names or givens are usage errors (exit 2, one line).
func TestSolveStrategy(t *testing.T) {
	t.Parallel()
	knight := [][2]int{{1, 2}}
	at := func(r, c int) *verify.Cell { return &verify.Cell{Row: r, Col: c} }
	for _, c := range []struct {
		name  string
		args  []string
		rules verify.Rules
	}{
		{"knight-s-t", []string{"solve", "--moves", "knight", "40x40", "--start", "1,1", "--end", "40,1", "--strategy", "okuno-miyano"},
			verify.Rules{Rows: 40, Cols: 40, Leapers: knight, Start: at(1, 1), End: at(40, 1)}},
		{"knight-closed", []string{"solve", "--moves", "knight", "--closed", "8x8", "--strategy", "om"},
			verify.Rules{Rows: 8, Cols: 8, Leapers: knight, Closed: true}},
		{"hopido-free", []string{"solve", "10x10", "--strategy", "okuno-miyano", "--workers", "2"},
			verify.Rules{Rows: 10, Cols: 10, Leapers: hopido}},
		{"default", []string{"solve", "5x5", "--start", "1,1", "--strategy", "default"},
			verify.Rules{Rows: 5, Cols: 5, Leapers: hopido, Start: at(1, 1)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			solved(t, cli(t, "", c.args...), c.rules)
		})
	}
	// On a plain board over 2^18 cells --method auto would construct; an
	// explicit --strategy searches.
	t.Run("auto-searches", func(t *testing.T) {
		t.Parallel()
		r := cli(t, "", "solve", "--moves", "knight", "513x513", "--start", "1,1", "--end", "513,1", "--strategy", "okuno-miyano", "--format", "path")
		if r.code != exitOK || !strings.Contains(r.stderr, "nodes") || strings.Count(r.stdout, "\n") != 513*513 {
			t.Errorf("want a searched path (stderr naming nodes): exit %d, stderr %q, %d lines", r.code, r.stderr, strings.Count(r.stdout, "\n"))
		}
	})
	for _, c := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no-solution", []string{"solve", "4x4", "--strategy", "okuno-miyano"}, exitNone, "no solution"},
		{"bad-name", []string{"solve", "5x5", "--strategy", "greedy"}, exitUsage, "--strategy"},
		{"givens", []string{"solve", "--board", "testdata/rosetta-given.txt", "--strategy", "okuno-miyano"}, exitUsage, "givens"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			refuses(t, c.code, c.msg, c.args...)
		})
	}
}
