package hamilton_test

import (
	"context"
	"testing"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// BenchmarkCountCliqueChain counts the paths of a tail and two 11-cliques
// (cliqueChain) under two numberings of the same graph. The count memo
// should make both equally cheap; a gap between them shows that the memo's
// hash ignores part of its key (the head, or high vertex numbers), so that
// states collide in one bucket.
func BenchmarkCountCliqueChain(b *testing.B) {
	g, start, want := cliqueChain(b, 28, []int{11, 11})
	n := int32(g.N())
	var edges [][2]int32
	for v := range n {
		for _, w := range g.Neighbors(v) {
			if w > v {
				edges = append(edges, [2]int32{n - 1 - v, n - 1 - w})
			}
		}
	}
	flipped := testfix.FromEdges(b, int(n), edges)
	for _, tc := range []struct {
		name  string
		g     *graph.Graph
		start int32
	}{
		{"cliques-low", g, start},
		{"cliques-high", flipped, n - 1 - start},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				got, st, err := hamilton.Count(context.Background(), hamilton.Problem{G: tc.g}.WithEnds(tc.start, -1), hamilton.Options{Workers: 1})
				if err != nil || got != want.Uint64() {
					b.Fatalf("Count = %d, %v; want %v", got, err, want)
				}
				nodes += st.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
