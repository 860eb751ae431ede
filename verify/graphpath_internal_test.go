package verify

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
)

// graphPathByMap is GraphPath as it was before issue 33, with a map of
// both directions of every edge: the reference TestGraphPathAgrees
// compares the lean check with.
func graphPathByMap(r GraphRules, path []int) error {
	name := r.Name
	if name == nil {
		name = func(v int) string { return "vertex " + strconv.Itoa(v) }
	}
	if r.N < 1 {
		return invalid(0, "the graph has no vertices")
	}
	adj := make(map[[2]int]bool, len(r.Edges))
	for _, e := range r.Edges {
		if e[0] < 0 || e[1] < 0 || e[0] >= r.N || e[1] >= r.N {
			return invalid(0, "an edge %d-%d lies outside the %d vertices", e[0], e[1], r.N)
		}
		adj[[2]int{e[0], e[1]}] = true
		adj[[2]int{e[1], e[0]}] = true
	}
	if len(path) != r.N {
		return invalid(0, "the path has %d vertices; a Hamiltonian path visits all %d", len(path), r.N)
	}
	seen := make([]int, r.N)
	for i, v := range path {
		if v < 0 || v >= r.N {
			return invalid(i+1, "step %d: vertex %d is not in the graph", i+1, v)
		}
		if seen[v] != 0 {
			return invalid(i+1, "step %d: %s was already visited at step %d", i+1, name(v), seen[v])
		}
		seen[v] = i + 1
		if i > 0 && !adj[[2]int{path[i-1], v}] {
			return invalid(i+1, "step %d -> %d: %s and %s are not adjacent", i, i+1, name(path[i-1]), name(v))
		}
	}
	if r.Start >= 0 && path[0] != r.Start {
		return invalid(1, "the path starts at %s, not at %s", name(path[0]), name(r.Start))
	}
	if r.End >= 0 && path[len(path)-1] != r.End {
		return invalid(len(path), "the path ends at %s, not at %s", name(path[len(path)-1]), name(r.End))
	}
	if r.Closed && r.N > 2 && !adj[[2]int{path[len(path)-1], path[0]}] {
		return invalid(len(path), "the tour does not close: %s and %s are not adjacent", name(path[len(path)-1]), name(path[0]))
	}
	return nil
}

// TestGraphPathAgrees: GraphPath, which keeps no set of edges, gives the
// same verdict and message as the map-based check on 200,000 random
// small graphs, paths (permutations, some with a repeated or
// out-of-range vertex, some short) and rules.
func TestGraphPathAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 1))
	valid := 0
	for range 200_000 {
		n := 1 + r.IntN(6)
		var rules GraphRules
		rules.N, rules.Start, rules.End, rules.Closed = n, -1, -1, r.IntN(2) == 0
		for u := range n {
			for v := u + 1; v < n; v++ {
				if r.IntN(3) > 0 {
					rules.Edges = append(rules.Edges, [2]int{u, v})
				}
			}
		}
		if r.IntN(4) == 0 {
			rules.Start = r.IntN(n)
		}
		if r.IntN(4) == 0 {
			rules.End = r.IntN(n)
		}
		path := r.Perm(n)
		switch r.IntN(8) {
		case 0:
			path[r.IntN(n)] = path[r.IntN(n)] // maybe a repeat
		case 1:
			path[r.IntN(n)] = n + r.IntN(2)*(-n-1) // n or -1
		case 2:
			path = path[:r.IntN(n)]
		}
		got, want := GraphPath(rules, path), graphPathByMap(rules, path)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%+v, path %v: %v, want %v", rules, path, got, want)
		}
		if got == nil {
			valid++
		}
	}
	if valid < 1000 {
		t.Errorf("only %d valid paths among the cases", valid)
	}
}
