package main

import (
	"strings"
	"testing"
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
