package graphio_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// randomEdges returns a random simple graph on n vertices, each pair an edge
// with probability p.
func randomEdges(rng *rand.Rand, n int, p float64) [][2]int {
	var edges [][2]int
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			if rng.Float64() < p {
				edges = append(edges, [2]int{u, v})
			}
		}
	}
	return edges
}

// texts writes the graph (vertices named "1".."n", plus a twist per format:
// edges in random order and direction, an ADJ_LIST as well as an
// EDGE_LIST) in every input format, by hand, sharing no code with the
// writers.
func texts(rng *rand.Rand, n int, edges [][2]int) map[string]string {
	perm := rng.Perm(len(edges))
	flip := func(e [2]int) [2]int {
		if rng.IntN(2) == 0 {
			return [2]int{e[1], e[0]}
		}
		return e
	}
	var el, dim, hcp, adj, gml, js strings.Builder
	fmt.Fprintf(&dim, "c random\np edge %d %d\n", n, len(edges))
	fmt.Fprintf(&hcp, "NAME : r\nTYPE : HCP\nDIMENSION : %d\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n", n)
	fmt.Fprintf(&adj, "NAME : r\nTYPE : HCP\nDIMENSION : %d\nEDGE_DATA_FORMAT : ADJ_LIST\nEDGE_DATA_SECTION\n", n)
	gml.WriteString(`<?xml version="1.0"?><graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph edgedefault="undirected">`)
	js.WriteString(`{"directed": false, "nodes": [`)
	for v := 1; v <= n; v++ {
		fmt.Fprintf(&el, "%d\n", v) // every vertex, isolated ones included
		fmt.Fprintf(&gml, `<node id="%d"/>`, v)
		if v > 1 {
			js.WriteString(", ")
		}
		fmt.Fprintf(&js, `{"id": %d}`, v)
	}
	js.WriteString(`], "links": [`)
	for i, k := range perm {
		e := flip(edges[k])
		u, v := e[0]+1, e[1]+1
		fmt.Fprintf(&el, "%d %d\n", u, v)
		fmt.Fprintf(&dim, "e %d %d\n", u, v)
		fmt.Fprintf(&hcp, "%d %d\n", u, v)
		fmt.Fprintf(&adj, "%d %d -1\n", u, v)
		fmt.Fprintf(&gml, `<edge source="%d" target="%d"/>`, u, v)
		if i > 0 {
			js.WriteString(", ")
		}
		fmt.Fprintf(&js, `{"source": %d, "target": %d}`, u, v)
	}
	hcp.WriteString("-1\nEOF\n")
	adj.WriteString("-1\nEOF\n")
	gml.WriteString("</graph></graphml>")
	js.WriteString("]}")
	return map[string]string{"edgelist": el.String(), "dimacs": dim.String(), "hcp": hcp.String(), "hcp-adj": adj.String(), "graphml": gml.String(), "json": js.String()}
}

// TestOracleRandomGraphs reads random small graphs from every format and
// checks every counter against the oracle's brute force (a plain
// depth-first enumeration of the original edge list): the search
// (hamilton.Count, both strategies), the frontier dynamic program
// (count.Count), the analysis (analysis.Analyze) and, for cycles, the
// search with Closed. Counts are directed, as everywhere.
func TestOracleRandomGraphs(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2026))
	ctx := context.Background()
	cases := testfix.Scale(60, 15, 60)
	for c := 0; c < cases; c++ {
		n := 1 + rng.IntN(8)
		edges := randomEdges(rng, n, 0.3+0.5*rng.Float64())
		adj := make([][]int, n)
		for _, e := range edges {
			adj[e[0]] = append(adj[e[0]], e[1])
			adj[e[1]] = append(adj[e[1]], e[0])
		}
		og := &oracle.Graph{Adj: adj}
		oc := og.Count()
		s, e := rng.IntN(n), -1
		if n > 1 && rng.IntN(2) == 0 {
			e = (s + 1 + rng.IntN(n-1)) % n
		}
		for format, text := range texts(rng, n, edges) {
			name := fmt.Sprintf("case %d (n=%d, %d edges) %s", c, n, len(edges), format)
			g, err := graphio.Read(strings.NewReader(text), graphio.Limits{})
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, text)
			}
			// Vertex v of the oracle is the one named v+1 in the file.
			idx := make([]int32, n)
			for v := range n {
				idx[v] = g.Index(fmt.Sprint(v + 1))
				if idx[v] < 0 {
					t.Fatalf("%s: vertex %d lost", name, v+1)
				}
			}
			checkCounts(t, ctx, name, g.G, og, oc, idx, s, e)
		}
	}
}

func checkCounts(t *testing.T, ctx context.Context, name string, g *graph.Graph, og *oracle.Graph, oc *oracle.Counts, idx []int32, s, e int) {
	t.Helper()
	want := oc.Open(-1, -1)
	for _, strat := range []hamilton.Strategy{hamilton.StrategyDefault, hamilton.StrategyOkunoMiyano} {
		got, _, err := hamilton.Count(ctx, hamilton.Problem{G: g}, hamilton.Options{Workers: 1, Strategy: strat})
		if err != nil || got != want {
			t.Errorf("%s: hamilton.Count (%v) = %d, %v; oracle %d", name, strat, got, err, want)
		}
	}
	if got, _, err := count.Count(ctx, hamilton.Problem{G: g}, count.Options{}); err != nil || got != want {
		t.Errorf("%s: count.Count = %d, %v; oracle %d", name, got, err, want)
	}
	if res, err := analysis.Analyze(ctx, hamilton.Problem{G: g}, analysis.Options{Workers: 1}); err != nil || res.Total != want {
		t.Errorf("%s: analysis.Analyze total %v, %v; oracle %d", name, res, err, want)
	}
	se := int32(-1)
	if e >= 0 {
		se = idx[e]
	}
	p := hamilton.Problem{G: g}.WithEnds(idx[s], se)
	wantSE := oc.Open(s, e)
	if got, _, err := hamilton.Count(ctx, p, hamilton.Options{Workers: 1}); err != nil || got != wantSE {
		t.Errorf("%s: hamilton.Count from %d to %d = %d, %v; oracle %d", name, s+1, e+1, got, err, wantSE)
	}
	if got, _, err := count.Count(ctx, p, count.Options{}); err != nil || got != wantSE {
		t.Errorf("%s: count.Count from %d to %d = %d, %v; oracle %d", name, s+1, e+1, got, err, wantSE)
	}
	wantC := oc.Closed(og, -1)
	if got, _, err := hamilton.Count(ctx, hamilton.Problem{G: g, Closed: true}, hamilton.Options{Workers: 1}); err != nil || got != wantC {
		t.Errorf("%s: closed hamilton.Count = %d, %v; oracle %d", name, got, err, wantC)
	}
	if got, _, err := count.Count(ctx, hamilton.Problem{G: g, Closed: true}, count.Options{}); err != nil || got != wantC {
		t.Errorf("%s: closed count.Count = %d, %v; oracle %d", name, got, err, wantC)
	}
}

// TestOracleWriters: what the writers write reads back to a graph with the
// same counts (the writers' output is itself an input format).
func TestOracleWriters(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	ctx := context.Background()
	for c := 0; c < 10; c++ {
		n := 2 + rng.IntN(7)
		edges := randomEdges(rng, n, 0.6)
		var e32 [][2]int32
		adj := make([][]int, n)
		for _, e := range edges {
			e32 = append(e32, [2]int32{int32(e[0]), int32(e[1])})
			adj[e[0]] = append(adj[e[0]], e[1])
			adj[e[1]] = append(adj[e[1]], e[0])
		}
		g, _ := graph.FromEdges(n, e32)
		og := &oracle.Graph{Adj: adj}
		oc := og.Count()
		for _, f := range []graphio.Format{graphio.EdgeList, graphio.DIMACS, graphio.TSPLIB, graphio.GraphML, graphio.NodeLink} {
			var buf bytes.Buffer
			if err := graphio.Write(ctx, &buf, f, &graphio.Source{G: g}, graphio.WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			back, err := graphio.Read(&buf, graphio.Limits{})
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			idx := make([]int32, n)
			for v := range n {
				idx[v] = back.Index(fmt.Sprintf("v%d", v+1))
				if f == graphio.DIMACS || f == graphio.TSPLIB {
					idx[v] = int32(v)
				}
			}
			checkCounts(t, ctx, fmt.Sprintf("writer case %d %s", c, f), back.G, og, oc, idx, 0, n-1)
		}
	}
}
