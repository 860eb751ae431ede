package graph

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Graph is an undirected simple graph on vertices 0..N()-1 in compressed
// sparse row form: the neighbours of v are Targets[Offsets[v]:Offsets[v+1]],
// sorted ascending. Every edge {u,v} is stored twice, once from each end.
// A Graph is immutable once built.
type Graph struct {
	offsets []int32
	targets []int32
}

// ErrInvalid reports adjacency data that is not a simple undirected graph.
var ErrInvalid = errors.New("graph: invalid adjacency")

// FromCSR builds a graph from CSR arrays, taking ownership of them. It
// verifies that offsets are monotone, targets are in range, sorted without
// duplicates or loops, and that every edge appears in both directions.
//
// The cost is O(V + E log E).
func FromCSR(offsets, targets []int32) (*Graph, error) {
	if len(offsets) == 0 || offsets[0] != 0 || int(offsets[len(offsets)-1]) != len(targets) {
		return nil, fmt.Errorf("%w: offsets do not frame the targets", ErrInvalid)
	}
	n := int32(len(offsets) - 1)
	g := &Graph{offsets: offsets, targets: targets}
	// Offsets first: the edge checks below slice other vertices' lists.
	for v := int32(0); v < n; v++ {
		if offsets[v] > offsets[v+1] {
			return nil, fmt.Errorf("%w: offsets decrease at vertex %d", ErrInvalid, v)
		}
	}
	for v := int32(0); v < n; v++ {
		nb := g.Neighbors(v)
		for i, w := range nb {
			if w < 0 || w >= n || w == v {
				return nil, fmt.Errorf("%w: vertex %d has neighbour %d", ErrInvalid, v, w)
			}
			if i > 0 && nb[i-1] >= w {
				return nil, fmt.Errorf("%w: neighbours of %d are not strictly increasing", ErrInvalid, v)
			}
			if _, ok := slices.BinarySearch(g.Neighbors(w), v); !ok {
				return nil, fmt.Errorf("%w: edge %d-%d has no reverse", ErrInvalid, v, w)
			}
		}
	}
	return g, nil
}

// FromEdges builds a graph with n vertices from an edge list. Duplicate edges
// are merged; loops, out-of-range ends and a negative n are errors.
//
// The cost is O(V + E log E).
func FromEdges(n int, edges [][2]int32) (*Graph, error) {
	if n < 0 || n > math.MaxInt32 {
		return nil, fmt.Errorf("%w: %d vertices", ErrInvalid, n)
	}
	// One array of n+1 offsets serves as degree counts, then as fill
	// cursors (each ends at the next vertex's start), then, shifted back,
	// as the offsets: 4 bytes a vertex in all (issue 33).
	offsets := make([]int32, n+1)
	for _, e := range edges {
		if e[0] < 0 || e[1] < 0 || int(e[0]) >= n || int(e[1]) >= n || e[0] == e[1] {
			return nil, fmt.Errorf("%w: edge %d-%d on %d vertices", ErrInvalid, e[0], e[1], n)
		}
		offsets[e[0]+1]++
		offsets[e[1]+1]++
	}
	for i := 1; i <= n; i++ {
		offsets[i] += offsets[i-1]
	}
	targets := make([]int32, offsets[n])
	for _, e := range edges {
		targets[offsets[e[0]]] = e[1]
		offsets[e[0]]++
		targets[offsets[e[1]]] = e[0]
		offsets[e[1]]++
	}
	for v := n; v > 0; v-- {
		offsets[v] = offsets[v-1]
	}
	offsets[0] = 0
	// Sort and deduplicate each adjacency list, compacting in place.
	w, start := int32(0), int32(0)
	for v := 0; v < n; v++ {
		end := offsets[v+1]
		nb := targets[start:end]
		if len(nb) > 1 {
			slices.Sort(nb)
			nb = slices.Compact(nb)
		}
		offsets[v] = w
		if w != start {
			copy(targets[w:], nb)
		}
		w += int32(len(nb))
		start = end
	}
	offsets[n] = w
	return &Graph{offsets: offsets, targets: targets[:w:w]}, nil
}

// N returns the number of vertices.
func (g *Graph) N() int { return len(g.offsets) - 1 }

// M returns the number of (undirected) edges.
func (g *Graph) M() int { return len(g.targets) / 2 }

// Neighbors returns the sorted neighbours of v. The slice aliases the graph's
// storage and must not be modified.
func (g *Graph) Neighbors(v int32) []int32 {
	return g.targets[g.offsets[v]:g.offsets[v+1]]
}

// Degree returns the number of neighbours of v.
func (g *Graph) Degree(v int32) int { return int(g.offsets[v+1] - g.offsets[v]) }

// HasEdge reports whether u and v are adjacent. The cost is O(log deg(u)).
func (g *Graph) HasEdge(u, v int32) bool {
	_, ok := slices.BinarySearch(g.Neighbors(u), v)
	return ok
}

// CSR returns the graph's offsets and targets. The slices alias the graph's
// storage and must not be modified.
func (g *Graph) CSR() (offsets, targets []int32) { return g.offsets, g.targets }

// DegreeHistogram returns h where h[d] is the number of vertices of degree d.
func (g *Graph) DegreeHistogram() []int {
	var h []int
	for v := int32(0); v < int32(g.N()); v++ {
		d := g.Degree(v)
		for len(h) <= d {
			h = append(h, 0)
		}
		h[d]++
	}
	return h
}
