package verify

import "strconv"

// GraphRules describes a Hamiltonian path or cycle on an arbitrary
// undirected graph (one read from a file rather than built from a board):
// vertices 0..N-1, the edges as pairs. It holds plain values only, so the
// check shares no code with the graph packages.
type GraphRules struct {
	N     int
	Edges [][2]int
	// Start and End, when not -1, fix the first and last vertex.
	Start, End int
	// Closed asks for a Hamiltonian cycle: the last vertex must be adjacent
	// to the first.
	Closed bool
	// Name, if set, names vertices in messages (the file's names).
	Name func(v int) string
}

// GraphPath checks that path visits every vertex of r's graph exactly once,
// each step along an edge, honouring the start, end and closure. It returns
// nil or an *Error naming the first broken step.
//
// The cost is O(N + E + len(path)), with N words of memory beside the
// input.
func GraphPath(r GraphRules, path []int) error {
	name := r.Name
	if name == nil {
		name = func(v int) string { return "vertex " + strconv.Itoa(v) }
	}
	if r.N < 1 {
		return invalid(0, "the graph has no vertices")
	}
	for _, e := range r.Edges {
		if e[0] < 0 || e[1] < 0 || e[0] >= r.N || e[1] >= r.N {
			return invalid(0, "an edge %d-%d lies outside the %d vertices", e[0], e[1], r.N)
		}
	}
	if len(path) != r.N {
		return invalid(0, "the path has %d vertices; a Hamiltonian path visits all %d", len(path), r.N)
	}
	// first[v] is 1 + the position of v's first visit (0: none). Every
	// step up to the first repeated vertex joins two first visits, so an
	// edge between first visits at positions i-1 and i marks step i, and
	// one between the first and the last position closes a tour: one
	// pass over the edges with no set of them (a map of both directions
	// took about 80 bytes an edge; issue 33).
	first := make([]int, r.N)
	for i, v := range path {
		if v >= 0 && v < r.N && first[v] == 0 {
			first[v] = i + 1
		}
	}
	adj := make([]bool, len(path)) // adj[i]: step i (i >= 1); adj[0]: the closing step
	for _, e := range r.Edges {
		a, b := first[e[0]], first[e[1]]
		switch {
		case a == 0 || b == 0:
		case a-b == 1 || b-a == 1:
			adj[max(a, b)-1] = true
		case min(a, b) == 1 && max(a, b) == len(path):
			adj[0] = true
		}
	}
	for i, v := range path {
		if v < 0 || v >= r.N {
			return invalid(i+1, "step %d: vertex %d is not in the graph", i+1, v)
		}
		if first[v] != i+1 {
			return invalid(i+1, "step %d: %s was already visited at step %d", i+1, name(v), first[v])
		}
		if i > 0 && !adj[i] {
			return invalid(i+1, "step %d -> %d: %s and %s are not adjacent", i, i+1, name(path[i-1]), name(v))
		}
	}
	if r.Start >= 0 && path[0] != r.Start {
		return invalid(1, "the path starts at %s, not at %s", name(path[0]), name(r.Start))
	}
	if r.End >= 0 && path[len(path)-1] != r.End {
		return invalid(len(path), "the path ends at %s, not at %s", name(path[len(path)-1]), name(r.End))
	}
	if r.Closed && r.N > 2 && !adj[0] {
		return invalid(len(path), "the tour does not close: %s and %s are not adjacent", name(path[len(path)-1]), name(path[0]))
	}
	return nil
}
