package numberlink

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestCoelhoCounts (skipped with -short) counts the solutions of every 100- and
// 200-island Coelho et al. instance up to 50 (Count with limit 50; a
// solution is one assignment of bridges to the pairs) and compares with
// testdata/coelho_counts50.golden, written by the solver before the tail
// work of issue 13 and unchanged since, so that a change to the search
// cannot lose or double a solution unnoticed. Every first solution passes
// the verifier. Change the golden file only after checking a new count by
// other means.
func TestCoelhoCounts(t *testing.T) {
	testfix.SkipShort(t, "benchmark counts: about 2 s")
	const golden = "testdata/coelho_counts50.golden"
	var b strings.Builder
	for _, in := range loadCoelho(t) {
		if in.islands > 200 {
			continue
		}
		n, sol, _, err := Count(context.Background(), in.g, 50, SolveOptions{})
		if err != nil {
			t.Fatalf("%s: %v", in.name, err)
		}
		if msg := checkSolution(in.g, sol, Rules{}); msg != "" {
			t.Fatalf("%s: %s", in.name, msg)
		}
		fmt.Fprintf(&b, "%s %d\n", in.name, n)
	}
	want := testfix.ReadFile(t, golden)
	got := strings.Split(b.String(), "\n")
	for i, w := range strings.Split(string(want), "\n") {
		if i >= len(got) || got[i] != w {
			g := ""
			if i < len(got) {
				g = got[i]
			}
			t.Errorf("line %d: got %q, want %q", i+1, g, w)
		}
	}
}
