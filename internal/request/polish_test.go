package request

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckGivenMoves: a blank --moves is bad input naming the presets;
// any other value passes (ParseMoves judges it).
func TestCheckGivenMoves(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", " ", "\t"} {
		err := CheckGivenMoves(s)
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "hopido (3,0+2,2)") {
			t.Errorf("%q: %v", s, err)
		}
	}
	if err := CheckGivenMoves("knight"); err != nil {
		t.Error(err)
	}
}

// TestGraphLabelNamesDropped: the self-loops and repeated edges the reader
// dropped are named in the graph's label (solve and count print it), not
// dropped silently (issue #10); a clean graph's label has no note.
func TestGraphLabelNamesDropped(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"p edge 3 4\ne 1 2\ne 2 3\ne 3 3\ne 2 1\n": "- (dimacs, 3 vertices, 2 edges; 1 self-loop ignored, 1 repeated edge merged)",
		"a a\na b\nb a\nb c\nc c\nb c\n":           "- (edgelist, 3 vertices, 2 edges; 2 self-loops ignored, 2 repeated edges merged)",
		"p edge 3 2\ne 1 2\ne 2 3\n":               "- (dimacs, 3 vertices, 2 edges)",
	} {
		g, err := NewGraph(GraphFlags{File: "-"}, Source{Stdin: strings.NewReader(in)})
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if got := g.Label(); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
