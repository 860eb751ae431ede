package graphio_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/graphio"
)

// TestDIMACSEdgeCount: a header edge count that no way of counting the
// edges read matches (a file cut short, a wrong header) is refused naming
// the line and both counts; the ways files count (edge lines, distinct
// edges, both directions, with self-loops) read, and self-loops are counted
// in Named.Loops as in every format (issue #10: no silent drops).
func TestDIMACSEdgeCount(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		"p edge 3 5\ne 1 2\ne 2 3\n",
		"c cut short\np edge 4 4\ne 1 2\ne 2 3\ne 3 4\n",
		"p edge 3 0\ne 1 2\n",
	} {
		_, err := graphio.ReadFormat(strings.NewReader(in), graphio.DIMACS, graphio.Limits{})
		if !errors.Is(err, graphio.ErrFormat) || !strings.Contains(err.Error(), "announces") || !strings.Contains(err.Error(), "correct M in 'p edge N M'") {
			t.Errorf("%q: %v", in, err)
		}
	}
	_, err := graphio.Read(strings.NewReader("c x\np edge 4 4\ne 1 2\ne 2 3\ne 3 4\n"), graphio.Limits{})
	if err == nil || !strings.Contains(err.Error(), "line 2 announces 4 edges, but the file has 3 edge lines (3 distinct edges)") {
		t.Errorf("detected DIMACS cut short: %v", err)
	}
	for _, c := range []struct {
		in           string
		edges, loops int
	}{
		{"p edge 3 2\ne 1 2\ne 2 3\n", 2, 0},
		{"p edge 3 2\ne 1 2\ne 2 1\ne 2 3\ne 3 2\n", 2, 0}, // both directions, M edges
		{"p edge 3 4\ne 1 2\ne 2 1\ne 2 3\ne 3 2\n", 2, 0}, // both directions, M lines
		{"p edge 3 3\ne 1 2\ne 2 3\ne 3 3\n", 2, 1},        // a self-loop counted in M
		{"p edge 3 2\ne 1 2\ne 2 3\ne 3 3\n", 2, 1},        // ... or not
		{"p edge 3\ne 1 2\ne 2 3\n", 2, 0},                 // no count to check
	} {
		g, err := graphio.ReadFormat(strings.NewReader(c.in), graphio.DIMACS, graphio.Limits{})
		if err != nil || g.G.M() != c.edges || g.Loops != c.loops {
			t.Errorf("%q: %v; want %d edges, %d loops", c.in, err, c.edges, c.loops)
		}
	}
	_, err = graphio.ReadFormat(strings.NewReader("p edge 3 -1\ne 1 2\n"), graphio.DIMACS, graphio.Limits{})
	if err == nil || !strings.Contains(err.Error(), `edge count "-1" is not a number`) {
		t.Errorf("negative count: %v", err)
	}
}
