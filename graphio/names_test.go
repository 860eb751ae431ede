package graphio_test

import (
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
