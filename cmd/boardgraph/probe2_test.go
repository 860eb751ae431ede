package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestProbe2Quiet: --quiet means no summary line on stderr, for every path
// of count (the whole count, the DP, and a count written with --out).
func TestProbe2Quiet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, args := range [][]string{
		{"count", "5x5", "--quiet"},
		{"count", "4x4", "--moves", "king", "--method", "dfs", "--quiet"},
		{"count", "4x4", "--moves", "king", "--out", filepath.Join(dir, "a.json"), "--quiet"},
		{"count", "4x4", "--moves", "king", "--method", "dp", "--out", filepath.Join(dir, "b.json"), "--quiet"},
	} {
		r := cli(t, "", args...)
		if r.code != 0 || r.stderr != "" || strings.TrimSpace(r.stdout) == "" {
			t.Errorf("%v: want exit 0, a count and an empty stderr; got %v", args, r)
		}
	}
}
