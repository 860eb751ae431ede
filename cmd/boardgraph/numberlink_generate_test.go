package main

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink"
)

// TestNLGenerateSetter: "numberlink generate --to tatham" writes IDs that
// Tatham's own program accepts (it parses the ID and fails on invalid ones),
// each counted unique; each named difficulty is graded exactly; the
// Puzzledom style with touching islands is refused for Tatham's format; a
// bad style or density is a usage error.
func TestNLGenerateSetter(t *testing.T) {
	t.Parallel()
	for _, size := range []string{"7x7", "12x9", "25x25"} {
		for seed := 1; seed <= 3; seed++ {
			code, id, errs := runNL(t, "", "generate", size, "--seed", strconv.Itoa(seed), "--to", "tatham")
			if code != 0 {
				t.Fatalf("%s seed %d: %d %s", size, seed, code, errs)
			}
			id = strings.TrimSpace(id)
			if bin, err := exec.LookPath("/usr/games/sgt-bridges"); err == nil {
				if out, err := exec.Command(bin, "--generate", "1", id).CombinedOutput(); err != nil {
					t.Errorf("sgt-bridges refuses %s: %v %s", id, err, out)
				}
			} else if testfix.CI() {
				t.Errorf("CI=true: sgt-bridges not found (Debian package sgt-puzzles; .ci/run installs it)")
			}
			if code, out, _ := runNL(t, id, "count", "--quiet", "--limit", "2"); code != 0 || !strings.Contains(out, "(unique)") {
				t.Errorf("%s: count %d %q", id, code, out)
			}
		}
	}
	for _, d := range []string{"easy", "medium", "hard", "expert"} {
		code, text, errs := runNL(t, "", "generate", "20x20", "--seed", "2", "--difficulty", d)
		if code != 0 {
			t.Fatalf("--difficulty %s: %d %s", d, code, errs)
		}
		want, _ := numberlink.ParseDifficulty(d)
		if code, out, _ := runNL(t, text, "grade"); code != 0 || !strings.Contains(out, want.String()) {
			t.Errorf("--difficulty %s (%s) graded %q", d, want, out)
		}
	}
	code, _, errs := runNL(t, "", "generate", "10x10", "--style", "puzzledom", "--density", "0.45", "--seed", "1", "--to", "tatham")
	if code != 2 || !strings.Contains(errs, "joined islands") {
		t.Errorf("puzzledom to tatham: %d %s", code, errs)
	}
	if code, _, errs := runNL(t, "", "generate", "10x10", "--style", "square"); code != 2 || !strings.Contains(errs, "--style") {
		t.Errorf("bad style: %d %s", code, errs)
	}
	if code, _, errs := runNL(t, "", "generate", "10x10", "--density", "0.9"); code != 2 || !strings.Contains(errs, "--density") {
		t.Errorf("bad density: %d %s", code, errs)
	}
	if code, _, errs := runNL(t, "", "generate", "30x30", "--progress"); code != 0 || !strings.Contains(errs, "layout 1, round 1:") {
		t.Errorf("--progress: %d %s", code, errs)
	}
}
