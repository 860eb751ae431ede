package graph_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/graph"
)

func TestFromEdges(t *testing.T) {
	t.Parallel()
	g, err := graph.FromEdges(5, [][2]int32{{0, 1}, {1, 0}, {3, 1}, {1, 2}, {0, 1}, {4, 3}})
	if err != nil {
		t.Fatal(err)
	}
	if g.N() != 5 || g.M() != 4 {
		t.Errorf("N=%d M=%d, want 5, 4 (duplicates merged)", g.N(), g.M())
	}
	if got := fmt.Sprint(g.Neighbors(1)); got != "[0 2 3]" {
		t.Errorf("neighbours of 1: %s", got)
	}
	if !g.HasEdge(3, 4) || !g.HasEdge(4, 3) || g.HasEdge(0, 2) {
		t.Error("HasEdge")
	}
	if h := fmt.Sprint(g.DegreeHistogram()); h != "[0 3 1 1]" {
		t.Errorf("degree histogram %s", h)
	}
	off, tgt := g.CSR()
	if _, err := graph.FromCSR(slices.Clone(off), slices.Clone(tgt)); err != nil {
		t.Errorf("CSR of a valid graph rejected: %v", err)
	}
	for _, tc := range []struct {
		name  string
		n     int
		edges [][2]int32
	}{
		{"loop", 3, [][2]int32{{1, 1}}},
		{"end too large", 3, [][2]int32{{0, 3}}},
		{"negative end", 3, [][2]int32{{-1, 2}}},
		{"negative vertex count", -2, nil},
		{"negative vertex count with edges", -5, [][2]int32{{0, 1}}},
	} {
		if _, err := graph.FromEdges(tc.n, tc.edges); !errors.Is(err, graph.ErrInvalid) {
			t.Errorf("%s: err = %v, want ErrInvalid", tc.name, err)
		}
	}
	g, err = graph.FromEdges(0, nil)
	if err != nil || g.N() != 0 || g.M() != 0 {
		t.Errorf("empty graph: %v %v", g, err)
	}
}

func TestFromCSR(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		off     []int32
		tgt     []int32
		wantErr bool
	}{
		{"path 0-1-2", []int32{0, 1, 3, 4}, []int32{1, 0, 2, 1}, false},
		{"isolated vertices", []int32{0, 0, 0}, nil, false},
		{"no offsets", nil, nil, true},
		{"offsets do not start at 0", []int32{1, 2}, []int32{0, 0}, true},
		{"last offset short", []int32{0, 1, 1}, []int32{1, 0}, true},
		{"missing reverse", []int32{0, 1, 1}, []int32{1}, true},
		{"loop", []int32{0, 1}, []int32{0}, true},
		{"unsorted", []int32{0, 2, 3, 4}, []int32{2, 1, 0, 0}, true},
		{"duplicate", []int32{0, 2, 4}, []int32{1, 1, 0, 0}, true},
		{"target out of range", []int32{0, 1, 2}, []int32{5, 0}, true},
		{"negative target", []int32{0, 1, 2}, []int32{-1, 0}, true},
		{"decreasing offsets", []int32{0, 2, 1, 2}, []int32{1, 2}, true},
		{"offset beyond targets in the middle", []int32{0, 5, 2}, []int32{1, 0}, true},
		{"negative offset in the middle", []int32{0, -1, 2}, []int32{1, 0}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var g *graph.Graph
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						err = fmt.Errorf("panic: %v", r)
						g = nil
						t.Errorf("FromCSR panicked: %v", r)
					}
				}()
				g, err = graph.FromCSR(tc.off, tc.tgt)
			}()
			if tc.wantErr {
				if err == nil || g != nil {
					t.Errorf("accepted invalid CSR")
				} else if !errors.Is(err, graph.ErrInvalid) && !t.Failed() {
					t.Errorf("err = %v, want ErrInvalid", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("rejected valid CSR: %v", err)
			}
		})
	}
}

// randomGraph returns a random graph on up to maxN vertices and its edge
// set as an adjacency matrix.
func randomGraph(rng *rand.Rand, maxN int) (*graph.Graph, [][]bool) {
	n := rng.IntN(maxN + 1)
	p := rng.Float64() * 0.6
	adj := make([][]bool, n)
	for i := range adj {
		adj[i] = make([]bool, n)
	}
	var edges [][2]int32
	for i := range n {
		for j := i + 1; j < n; j++ {
			if rng.Float64() < p {
				adj[i][j], adj[j][i] = true, true
				edges = append(edges, [2]int32{int32(i), int32(j)})
				if rng.IntN(5) == 0 {
					edges = append(edges, [2]int32{int32(j), int32(i)}) // duplicate, reversed
				}
			}
		}
	}
	rng.Shuffle(len(edges), func(a, b int) { edges[a], edges[b] = edges[b], edges[a] })
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		panic(err)
	}
	return g, adj
}

// componentsNaive counts the connected components of the vertices not in
// removed, by repeated flood fill over the adjacency matrix.
func componentsNaive(adj [][]bool, removed int) (label []int, count int) {
	n := len(adj)
	label = make([]int, n)
	for i := range label {
		label[i] = -1
	}
	for s := range n {
		if s == removed || label[s] >= 0 {
			continue
		}
		stack := []int{s}
		label[s] = count
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for w := range n {
				if adj[v][w] && w != removed && label[w] < 0 {
					label[w] = count
					stack = append(stack, w)
				}
			}
		}
		count++
	}
	return label, count
}

// Components, Bipartition and ArticulationPoints against brute force on
// random small graphs.
func TestStructureBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	for range 2000 {
		g, adj := randomGraph(rng, 12)
		n := len(adj)
		// Edges and degrees.
		m := 0
		for u := range n {
			d := 0
			for v := range n {
				if adj[u][v] {
					d++
					if !g.HasEdge(int32(u), int32(v)) {
						t.Fatalf("missing edge %d-%d", u, v)
					}
				}
			}
			if g.Degree(int32(u)) != d {
				t.Fatalf("degree of %d is %d, want %d", u, g.Degree(int32(u)), d)
			}
			if !slices.IsSorted(g.Neighbors(int32(u))) {
				t.Fatalf("neighbours of %d not sorted", u)
			}
			m += d
		}
		if g.M()*2 != m {
			t.Fatalf("M = %d, want %d", g.M(), m/2)
		}
		// Components: same partition, numbered by smallest vertex.
		label, count := g.Components()
		want, wantCount := componentsNaive(adj, -1)
		if count != wantCount {
			t.Fatalf("%d components, want %d", count, wantCount)
		}
		for v := range n {
			if int(label[v]) != want[v] {
				t.Fatalf("labels %v, want %v", label, want)
			}
		}
		// Bipartition: a proper 2-colouring exists iff ok.
		side, ok := g.Bipartition()
		if ok != bipartiteNaive(adj) {
			t.Fatalf("Bipartition ok=%v, brute force %v", ok, !ok)
		}
		if ok {
			first := map[int]bool{}
			for v := range n {
				if side[v] != 0 && side[v] != 1 {
					t.Fatalf("side %d", side[v])
				}
				for w := range n {
					if adj[v][w] && side[v] == side[w] {
						t.Fatalf("edge %d-%d inside one side", v, w)
					}
				}
				if !first[want[v]] {
					first[want[v]] = true
					if side[v] != 0 {
						t.Fatalf("smallest vertex %d of its component is on side 1", v)
					}
				}
			}
		} else if side != nil {
			t.Fatal("side not nil for a non-bipartite graph")
		}
		// Articulation points: removal increases the component count.
		var cuts []int32
		for v := range n {
			if _, k := componentsNaive(adj, v); k > wantCount {
				cuts = append(cuts, int32(v))
			}
		}
		if got := g.ArticulationPoints(); !slices.Equal(got, cuts) {
			t.Fatalf("articulation points %v, want %v (adjacency %v)", got, cuts, adj)
		}
	}
}

// bipartiteNaive tries every 2-colouring.
func bipartiteNaive(adj [][]bool) bool {
	n := len(adj)
outer:
	for mask := 0; mask < 1<<n; mask++ {
		for u := range n {
			for v := u + 1; v < n; v++ {
				if adj[u][v] && (mask>>u&1) == (mask>>v&1) {
					continue outer
				}
			}
		}
		return true
	}
	return false
}

// A long path: iterative algorithms do not run out of stack, and every
// inner vertex is an articulation point.
func TestLongPath(t *testing.T) {
	t.Parallel()
	const n = 1 << 20
	edges := make([][2]int32, n-1)
	for i := range edges {
		edges[i] = [2]int32{int32(i), int32(i + 1)}
	}
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		t.Fatal(err)
	}
	if _, k := g.Components(); k != 1 {
		t.Errorf("%d components", k)
	}
	if _, ok := g.Bipartition(); !ok {
		t.Error("a path is bipartite")
	}
	if cuts := g.ArticulationPoints(); len(cuts) != n-2 || cuts[0] != 1 || cuts[len(cuts)-1] != n-2 {
		t.Errorf("%d articulation points", len(cuts))
	}
}

func ExampleFromEdges() {
	// Two triangles sharing vertex 2, and an isolated vertex 5.
	g, err := graph.FromEdges(6, [][2]int32{{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 2}})
	if err != nil {
		fmt.Println(err)
		return
	}
	_, k := g.Components()
	_, bip := g.Bipartition()
	fmt.Println(g.N(), "vertices,", g.M(), "edges,", k, "components, bipartite:", bip)
	fmt.Println("articulation points:", g.ArticulationPoints())
	fmt.Println("degree histogram:", g.DegreeHistogram())
	// Output:
	// 6 vertices, 6 edges, 2 components, bipartite: false
	// articulation points: [2]
	// degree histogram: [1 0 4 0 1]
}

// Walk follows a path graph or a cycle graph and refuses anything else.
func TestWalk(t *testing.T) {
	mk := func(n int, edges ...[2]int32) *graph.Graph {
		g, err := graph.FromEdges(n, edges)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for name, c := range map[string]struct {
		g    *graph.Graph
		want []int32
	}{
		"one vertex":      {mk(1), []int32{0}},
		"path":            {mk(4, [2]int32{2, 0}, [2]int32{0, 3}, [2]int32{3, 1}), []int32{1, 3, 0, 2}},
		"cycle":           {mk(4, [2]int32{0, 2}, [2]int32{2, 1}, [2]int32{1, 3}, [2]int32{3, 0}), []int32{0, 2, 1, 3}},
		"triangle":        {mk(3, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 0}), []int32{0, 1, 2}},
		"edge":            {mk(2, [2]int32{0, 1}), []int32{0, 1}},
		"isolated vertex": {mk(3, [2]int32{0, 1}), nil},
		"two paths":       {mk(4, [2]int32{0, 1}, [2]int32{2, 3}), nil},
		"cycle and path":  {mk(5, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 0}, [2]int32{3, 4}), nil},
		"two cycles":      {mk(6, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 0}, [2]int32{3, 4}, [2]int32{4, 5}, [2]int32{5, 3}), nil},
		"star":            {mk(4, [2]int32{0, 1}, [2]int32{0, 2}, [2]int32{0, 3}), nil},
	} {
		if got := c.g.Walk(); !slices.Equal(got, c.want) {
			t.Errorf("%s: Walk() = %v, want %v", name, got, c.want)
		}
	}
}
