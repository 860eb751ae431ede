package graphio_test

import (
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/graphio"
)

func TestParseWriteFormat(t *testing.T) {
	for in, want := range map[string]graphio.Format{"DOT": graphio.DOT, "cypher": graphio.Cypher, "csv": graphio.CSV, "GraphML": graphio.GraphML, "hcp": graphio.TSPLIB, "edges": graphio.EdgeList} {
		if f, err := graphio.ParseWriteFormat(in); err != nil || f != want {
			t.Errorf("%q: %q, %v; want %q", in, f, err, want)
		}
	}
	if _, err := graphio.ParseWriteFormat("png"); err == nil {
		t.Error("png parsed as a graph format")
	}
}

// Edge lists numbered 1, 2, ... in order store no names until a name
// breaks the pattern; either way every vertex keeps the name the file
// gave it and is found by it.
func TestNamesNumberedThenNot(t *testing.T) {
	for in, names := range map[string][]string{
		"1 2\n2 3\n3 4\n":       {"1", "2", "3", "4"},
		"1 2\n2 3\n3 x\nx 4\n":  {"1", "2", "3", "x", "4"},
		"1 3\n3 2\n":            {"1", "3", "2"},
		"01 1\n1 2\n":           {"01", "1", "2"},
		"a b\nb 1\n":            {"a", "b", "1"},
		"1 2\n2 3\n3 1\n1 10\n": {"1", "2", "3", "10"},
	} {
		g, err := graphio.Read(strings.NewReader(in), graphio.Limits{})
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if g.G.N() != len(names) {
			t.Errorf("%q: %d vertices, want %d", in, g.G.N(), len(names))
		}
		for v, name := range names {
			if got := g.VertexName(int32(v)); got != name {
				t.Errorf("%q: vertex %d is %q, want %q", in, v, got, name)
			}
			if got := g.Index(name); got != int32(v) {
				t.Errorf("%q: Index(%q) = %d, want %d", in, name, got, v)
			}
		}
		if g.Index("5") >= 0 || g.Index("02") >= 0 {
			t.Errorf("%q: a name not in the file found", in)
		}
	}
}
