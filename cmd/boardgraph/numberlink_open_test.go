package main

import (
	"strings"
	"testing"
)

// TestNLOpenQuestions: the §4 subcommands on the seed's own examples:
// formula reproduces a Figure 5 entry (magnitude 4, k=2, 4 neighbours: 19)
// and the "magnitude 7 with 4 neighbours in a 2-grid has 4 ways" remark;
// min-k finds k=2 for Figure 4 (its 5 next to 4 needs 2 bridges) and prints
// the verified solution; tau-steps solves Figure 4 in fewer steps than τ's
// order and refuses the Pinwheel with exit 1; bad arguments exit 2.
func TestNLOpenQuestions(t *testing.T) {
	t.Parallel()
	if code, out, _ := runNL(t, "", "formula", "4", "2", "4"); code != 0 || !strings.HasSuffix(strings.TrimSpace(out), "= 19") {
		t.Errorf("formula 4 2 4: %d %q", code, out)
	}
	if code, out, _ := runNL(t, "", "formula", "7", "2", "4", "--format", "json"); code != 0 || !strings.Contains(out, `"configurations":"4"`) {
		t.Errorf("formula 7 2 4: %d %q", code, out)
	}
	if code, _, errs := runNL(t, "", "formula", "4", "2"); code != 2 || !strings.Contains(errs, "three numbers") {
		t.Errorf("formula with two numbers: %d %q", code, errs)
	}
	code, out, errs := runNL(t, figure4, "min-k")
	if code != 0 || !strings.HasPrefix(out, "min k = 2") || !strings.Contains(out, "5=4") {
		t.Errorf("min-k figure 4: %d %q %s", code, out, errs)
	}
	code, out, errs = runNL(t, "k=1\n1.1\n...\n...\n", "min-k")
	if code != 0 || !strings.HasPrefix(out, "min k = 1") {
		t.Errorf("min-k 1.1: %d %q %s", code, out, errs)
	}
	code, out, errs = runNL(t, "k=3\n1..\n.1.\n...\n", "min-k")
	if code != 1 || out != "" {
		t.Errorf("min-k isolated nodes: %d %q %s", code, out, errs)
	}
	code, out, errs = runNL(t, figure4, "tau-steps")
	if code != 0 || !strings.Contains(out, "τ in the seed's order: 9 steps; fewest: 5 (proved minimal") {
		t.Errorf("tau-steps figure 4: %d %q %s", code, out, errs)
	}
	code, out, errs = runNL(t, pinwheel, "tau-steps")
	if code != 1 || out != "" || !strings.Contains(errs, "τ does not solve") {
		t.Errorf("tau-steps pinwheel: %d %q %s", code, out, errs)
	}
}
