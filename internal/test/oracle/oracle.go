package oracle

import "sync"

// Graph is a board graph built by the oracle itself from the board's size,
// its blocked cells and leaper moves, sharing no code with the packages under
// test. Vertices are the open cells in row-major order (the numbering
// moves.Build uses), so vertex indices can be compared directly.
type Graph struct {
	Rows, Cols int
	// Adj lists the neighbours of each vertex.
	Adj [][]int
	// CellOf maps a vertex to its row-major cell index; VertexOf maps a
	// cell to its vertex or -1 when the cell is blocked.
	CellOf, VertexOf []int
}

// Build returns the graph on a rows x cols board without the blocked cells
// (row-major cell indices), in which two open cells are adjacent when one
// move of some leaper (a, b) — a rows and b columns, in every sign and
// order — leads from one to the other.
func Build(rows, cols int, blocked []int, leapers [][2]int) *Graph {
	g := &Graph{Rows: rows, Cols: cols, VertexOf: make([]int, rows*cols)}
	isBlocked := make([]bool, rows*cols)
	for _, c := range blocked {
		isBlocked[c] = true
	}
	for c := range rows * cols {
		g.VertexOf[c] = -1
		if !isBlocked[c] {
			g.VertexOf[c] = len(g.CellOf)
			g.CellOf = append(g.CellOf, c)
		}
	}
	g.Adj = make([][]int, len(g.CellOf))
	for v, c := range g.CellOf {
		r, k := c/cols, c%cols
		seen := map[int]bool{}
		for _, l := range leapers {
			for _, d := range [][2]int{
				{l[0], l[1]}, {l[0], -l[1]}, {-l[0], l[1]}, {-l[0], -l[1]},
				{l[1], l[0]}, {l[1], -l[0]}, {-l[1], l[0]}, {-l[1], -l[0]},
			} {
				r2, k2 := r+d[0], k+d[1]
				if d == [2]int{0, 0} || r2 < 0 || r2 >= rows || k2 < 0 || k2 >= cols {
					continue
				}
				w := g.VertexOf[r2*cols+k2]
				if w >= 0 && !seen[w] {
					seen[w] = true
					g.Adj[v] = append(g.Adj[v], w)
				}
			}
		}
	}
	return g
}

// N returns the number of vertices.
func (g *Graph) N() int { return len(g.Adj) }

// Adjacent reports whether u and v are neighbours.
func (g *Graph) Adjacent(u, v int) bool {
	for _, w := range g.Adj[u] {
		if w == v {
			return true
		}
	}
	return false
}

// Paths calls fn with every directed Hamiltonian path of g (a vertex
// sequence visiting every vertex once, consecutive vertices adjacent; a path
// and its reverse are two paths). The slice is reused between calls. It is
// a plain recursive depth-first search without pruning: the cost is the
// number of simple paths of g.
func (g *Graph) Paths(fn func(path []int)) {
	n := g.N()
	path := make([]int, 0, n)
	used := make([]bool, n)
	var dfs func(v int)
	dfs = func(v int) {
		used[v] = true
		path = append(path, v)
		if len(path) == n {
			fn(path)
		}
		for _, w := range g.Adj[v] {
			if !used[w] {
				dfs(w)
			}
		}
		path = path[:len(path)-1]
		used[v] = false
	}
	for s := range n {
		dfs(s)
	}
}

// Counts is the oracle's answer for one graph: Pair[s][e] is the number of
// directed Hamiltonian paths from vertex s to vertex e (Pair[s][s] is 1 on a
// one-vertex graph, else 0).
type Counts struct {
	Pair [][]uint64
}

// Count enumerates the paths of g once (Paths) and tallies them by their
// ends.
func (g *Graph) Count() *Counts {
	n := g.N()
	c := &Counts{Pair: make([][]uint64, n)}
	for i := range c.Pair {
		c.Pair[i] = make([]uint64, n)
	}
	g.Paths(func(p []int) { c.Pair[p[0]][p[len(p)-1]]++ })
	return c
}

// Open returns the number of directed Hamiltonian paths that start at vertex
// start and end at vertex end; -1 leaves an end free.
func (c *Counts) Open(start, end int) uint64 {
	var t uint64
	for s := range c.Pair {
		for e := range c.Pair {
			if (start < 0 || s == start) && (end < 0 || e == end) {
				t += c.Pair[s][e]
			}
		}
	}
	return t
}

// Closed returns the number of Hamiltonian cycles of g counted as directed
// cycles up to rotation, so each undirected cycle counts twice (the
// convention of hamilton.Problem): the directed paths from start (any vertex
// when start is -1: the number does not depend on it) that end next to
// start. A cycle needs at least three vertices.
func (c *Counts) Closed(g *Graph, start int) uint64 {
	if g.N() < 3 {
		return 0
	}
	if start < 0 {
		start = 0
	}
	var t uint64
	for _, e := range g.Adj[start] {
		t += c.Pair[start][e]
	}
	return t
}

// PerStart returns, for every vertex, the number of directed Hamiltonian
// paths that start there.
func (c *Counts) PerStart() []uint64 {
	out := make([]uint64, len(c.Pair))
	for s := range c.Pair {
		for _, x := range c.Pair[s] {
			out[s] += x
		}
	}
	return out
}

var (
	cacheMu sync.Mutex
	cache   = map[string]*countsOnce{}
)

type countsOnce struct {
	once sync.Once
	g    *Graph
	c    *Counts
}

// cached returns the graph and counts of a case's board and moves, computed
// once per process.
func cached(key string, build func() *Graph) (*Graph, *Counts) {
	cacheMu.Lock()
	e := cache[key]
	if e == nil {
		e = &countsOnce{}
		cache[key] = e
	}
	cacheMu.Unlock()
	e.once.Do(func() {
		e.g = build()
		e.c = e.g.Count()
	})
	return e.g, e.c
}
