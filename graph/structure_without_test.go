package graph_test

import (
	"testing"

	"github.com/boardgraph/boardgraph/graph"
)

func TestComponentsWithout(t *testing.T) {
	t.Parallel()
	// 0-1-2-3 plus 4-5: removing 1 leaves {0}, {2,3}, {4,5}.
	g, err := graph.FromEdges(6, [][2]int32{{0, 1}, {1, 2}, {2, 3}, {4, 5}})
	if err != nil {
		t.Fatal(err)
	}
	label, k := g.ComponentsWithout(1)
	if k != 3 || label[1] != -1 || label[2] != label[3] || label[0] == label[2] || label[4] != label[5] || label[4] == label[0] {
		t.Fatalf("ComponentsWithout(1) = %v, %d; want 3 parts {0} {2,3} {4,5}", label, k)
	}
	if _, k := g.ComponentsWithout(-1); k != 2 {
		t.Fatalf("ComponentsWithout(-1) has %d parts, want 2", k)
	}
}
