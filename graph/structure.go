package graph

// Components labels each vertex with the index of its connected component
// (0..count-1, numbered in order of their smallest vertex).
//
// The cost is O(V + E).
func (g *Graph) Components() (label []int32, count int) {
	return g.ComponentsWithout(-1)
}

// ComponentsWithout is Components on the graph with vertex skip removed
// (skip = -1 removes nothing); skip's label is -1.
//
// The cost is O(V + E).
func (g *Graph) ComponentsWithout(skip int32) (label []int32, count int) {
	label = make([]int32, g.N())
	for i := range label {
		label[i] = -1
	}
	g.forest(skip, func(s int32) {
		label[s] = int32(count)
		count++
	}, func(v, w int32) { label[w] = label[v] })
	return label, count
}

// Bipartition 2-colours the graph. If it is bipartite, side[v] is 0 or 1 with
// adjacent vertices on different sides (the smallest vertex of every
// component on side 0) and ok is true; otherwise side is nil.
//
// The cost is O(V + E).
func (g *Graph) Bipartition() (side []int8, ok bool) {
	side = make([]int8, g.N())
	g.forest(-1, func(s int32) { side[s] = 0 }, func(v, w int32) { side[w] = 1 - side[v] })
	// The forest's colouring is the only one with those roots on side 0:
	// the graph is bipartite when no edge joins two vertices of one side.
	for v := range side {
		for _, w := range g.Neighbors(int32(v)) {
			if side[w] == side[v] {
				return nil, false
			}
		}
	}
	return side, true
}

// forest walks a spanning forest of the graph less vertex skip (-1:
// none), depth-first from each vertex not yet reached in increasing
// order: root(s) starts a tree at s, and reach(v, w) is called once for
// every other vertex w, v being the vertex it was reached from.
//
// The cost is O(V + E).
func (g *Graph) forest(skip int32, root func(s int32), reach func(v, w int32)) {
	n := g.N()
	seen := make([]bool, n)
	stack := make([]int32, 0, n)
	for s := int32(0); s < int32(n); s++ {
		if seen[s] || s == skip {
			continue
		}
		seen[s] = true
		root(s)
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range g.Neighbors(v) {
				if !seen[w] && w != skip {
					seen[w] = true
					reach(v, w)
					stack = append(stack, w)
				}
			}
		}
	}
}

// ArticulationPoints returns, in increasing order, the vertices whose removal
// increases the number of connected components (Hopcroft and Tarjan 1973),
// computed iteratively so that deep graphs do not overflow the stack.
//
// The cost is O(V + E).
func (g *Graph) ArticulationPoints() []int32 {
	n := g.N()
	disc := make([]int32, n)
	low := make([]int32, n)
	parent := make([]int32, n)
	next := make([]int32, n) // index into the adjacency list of the next neighbour to try
	isCut := make([]bool, n)
	for i := range disc {
		disc[i] = -1
	}
	timer := int32(0)
	stack := make([]int32, 0, 64)
	for root := int32(0); root < int32(n); root++ {
		if disc[root] >= 0 {
			continue
		}
		rootChildren := 0
		disc[root], low[root], parent[root] = timer, timer, -1
		timer++
		stack = append(stack[:0], root)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			nb := g.Neighbors(v)
			if int(next[v]) < len(nb) {
				w := nb[next[v]]
				next[v]++
				if disc[w] < 0 {
					disc[w], low[w], parent[w] = timer, timer, v
					timer++
					if v == root {
						rootChildren++
					}
					stack = append(stack, w)
				} else if w != parent[v] && disc[w] < low[v] {
					low[v] = disc[w]
				}
				continue
			}
			stack = stack[:len(stack)-1]
			if p := parent[v]; p >= 0 {
				if low[v] < low[p] {
					low[p] = low[v]
				}
				if p != root && low[v] >= disc[p] {
					isCut[p] = true
				}
			}
		}
		if rootChildren > 1 {
			isCut[root] = true
		}
	}
	var cuts []int32
	for v, c := range isCut {
		if c {
			cuts = append(cuts, int32(v))
		}
	}
	return cuts
}

// Walk returns the vertices of g in order along g itself when g is one
// path or one cycle (connected, every degree at most 2): from a vertex of
// degree at most 1, or for a cycle from vertex 0 towards its first
// neighbour; nil for any other graph. It is the only Hamiltonian path (up
// to direction) of a path graph and the only cycle of a cycle graph,
// found in linear time and O(1) memory beyond the result.
func (g *Graph) Walk() []int32 {
	n := int32(g.N())
	if n == 0 {
		return nil
	}
	first := int32(-1)
	for v := range n {
		switch g.Degree(v) {
		case 0:
			if n > 1 {
				return nil
			}
		case 1:
			if first < 0 {
				first = v
			}
		case 2:
		default:
			return nil
		}
	}
	if g.M() != int(n)-1 && g.M() != int(n) {
		return nil // a cycle and paths: not connected
	}
	first = max(first, 0)
	order := make([]int32, 0, n)
	prev, v := int32(-1), first
	for {
		order = append(order, v)
		next := int32(-1)
		for _, w := range g.Neighbors(v) {
			if w != prev && w != first {
				next = w
				break
			}
		}
		if next < 0 || int32(len(order)) == n {
			break
		}
		prev, v = v, next
	}
	if int32(len(order)) != n {
		return nil // not connected
	}
	return order
}
