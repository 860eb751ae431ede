package verify

import "fmt"

// Certificate is a witness that a graph has no Hamiltonian path (or
// cycle), as a prover hands it over: plain values only, so that NoPath
// shares no code with the prover. Kind says which argument it is and which
// fields it uses (the others are ignored):
//
//   - "flow": A and B, vertex sets. Every spanning subgraph of maximum
//     degree 2 (1 at a fixed end) with M edges gives, on the bipartite
//     double cover, a flow of 2M that crosses the cut (A, B): at most
//     c(A) + c(B) + the ordered edges (u, v) with u outside A and v outside
//     B. A path needs 2(N-1), a cycle 2N.
//   - "hall": Cells, a set X no two of which are adjacent, and A, a set Y:
//     a solution makes at least 2|X| - (ends that may lie in X) moves at
//     X, each into Y (at most c(Y) in all) or along an edge from X to a
//     vertex outside Y (once each).
//   - "separator": Cells, a set S whose removal leaves more components
//     than a path (|S| + 1, less the fixed ends in S) or a cycle (|S|) can
//     join; or exactly as many, with both ends fixed outside S in one
//     component.
//   - "dead-ends": Cells, vertices of degree 1, more than the path has free
//     ends (a cycle has none).
//   - "colour": Side, a proper 2-colouring (0 or 1 a vertex) under which no
//     alternating sequence of the vertices fits the class sizes and the
//     fixed positions.
//   - "givens": From < To, two fixed positions whose vertices are more than
//     To-From edges apart.
//   - "pockets": Pockets, vertex sets sharing no vertex, each with all
//     its outside neighbours in one vertex and vertices beyond it: a path
//     passes that vertex once, so every pocket holds an end of the path,
//     and a cycle can have no pocket at all.
//   - "too-small": a cycle asked of fewer than 3 vertices.
//
// c(v) is 2, or 1 for a fixed end of a path of 2 vertices or more.
type Certificate struct {
	Kind     string
	A, B     []int
	Cells    []int
	Side     []int
	From, To int
	Pockets  [][]int
}

// NoPath checks that c proves r's graph has no Hamiltonian path (a cycle
// with r.Closed) with r's fixed ends and, when at is not nil, with vertex
// at[i] at position i wherever at[i] >= 0 (len(at) == r.N). It returns nil
// when the certificate holds and an error saying what fails otherwise. It
// recomputes everything from r's edges: degrees, neighbourhoods,
// components and distances, with counting and sums only.
//
// The cost is O(N + E) for every kind.
func NoPath(r GraphRules, at []int, c Certificate) error {
	n := r.N
	if n < 1 {
		return fmt.Errorf("certificate: the graph has no vertices")
	}
	adj := make([][]int, n)
	for _, e := range r.Edges {
		if e[0] < 0 || e[1] < 0 || e[0] >= n || e[1] >= n || e[0] == e[1] {
			return fmt.Errorf("certificate: edge %d-%d is not an edge between two of the %d vertices", e[0], e[1], n)
		}
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	// The fixed positions, ends included.
	fixed := make([]int, n)
	for i := range fixed {
		fixed[i] = -1
	}
	if at != nil {
		if len(at) != n {
			return fmt.Errorf("certificate: %d fixed positions for %d vertices", len(at), n)
		}
		copy(fixed, at)
	}
	if r.Start >= 0 {
		fixed[0] = r.Start
	}
	if r.End >= 0 && !r.Closed {
		fixed[n-1] = r.End
	}
	for i, v := range fixed {
		if v < -1 || v >= n {
			return fmt.Errorf("certificate: position %d holds vertex %d, outside the graph", i, v)
		}
	}
	capOf := make([]int, n)
	for v := range capOf {
		capOf[v] = 2
	}
	var ends []int // fixed ends of a path
	if !r.Closed && n > 1 {
		for _, v := range []int{fixed[0], fixed[n-1]} {
			if v >= 0 {
				capOf[v] = 1
				ends = append(ends, v)
			}
		}
	}
	set := func(name string, vs []int) ([]bool, error) {
		in := make([]bool, n)
		for _, v := range vs {
			if v < 0 || v >= n {
				return nil, fmt.Errorf("certificate: %s names vertex %d, outside the graph", name, v)
			}
			if in[v] {
				return nil, fmt.Errorf("certificate: %s names vertex %d twice", name, v)
			}
			in[v] = true
		}
		return in, nil
	}
	need := 2 * (n - 1)
	if r.Closed {
		need = 2 * n
	}
	switch c.Kind {
	case "too-small":
		if r.Closed && n < 3 {
			return nil
		}
		return fmt.Errorf("certificate: too-small holds only for a cycle on fewer than 3 vertices (%d here)", n)
	case "flow":
		inA, err := set("A", c.A)
		if err != nil {
			return err
		}
		inB, err := set("B", c.B)
		if err != nil {
			return err
		}
		bound := 0
		for v := range n {
			if inA[v] {
				bound += capOf[v]
			}
			if inB[v] {
				bound += capOf[v]
			}
		}
		for u := range n {
			if inA[u] {
				continue
			}
			for _, v := range adj[u] {
				if !inB[v] {
					bound++
				}
			}
		}
		if bound >= need {
			return fmt.Errorf("certificate: the cut bounds the flow by %d, not below the %d a solution needs", bound, need)
		}
		return nil
	case "hall":
		inX, err := set("X", c.Cells)
		if err != nil {
			return err
		}
		inY, err := set("Y", c.A)
		if err != nil {
			return err
		}
		if len(c.Cells) == 0 {
			return fmt.Errorf("certificate: the set X is empty")
		}
		bound := 0
		for v := range n {
			if inY[v] {
				bound += capOf[v]
			}
		}
		for _, v := range c.Cells {
			for _, w := range adj[v] {
				if inX[w] {
					return fmt.Errorf("certificate: X holds adjacent vertices %d and %d", v, w)
				}
				if !inY[w] {
					bound++
				}
			}
		}
		endsIn := 0
		if !r.Closed && n > 1 {
			endsIn = 2
			for _, v := range ends {
				if !inX[v] {
					endsIn--
				}
			}
		}
		if n == 1 {
			return fmt.Errorf("certificate: a single vertex is a path")
		}
		if needX := 2*len(c.Cells) - endsIn; needX <= bound {
			return fmt.Errorf("certificate: X needs %d moves and Y with the other edges gives %d", needX, bound)
		}
		return nil
	case "separator":
		inS, err := set("S", c.Cells)
		if err != nil {
			return err
		}
		label, k := components(adj, inS)
		if len(c.Cells) == 0 && k > 1 {
			return nil
		}
		maxSeg := len(c.Cells) + 1
		if r.Closed {
			maxSeg = len(c.Cells)
		} else {
			for _, v := range ends {
				if inS[v] {
					maxSeg--
				}
			}
		}
		if k > maxSeg {
			return nil
		}
		if k == maxSeg && maxSeg >= 2 && !r.Closed && len(ends) == 2 && !inS[ends[0]] && !inS[ends[1]] && label[ends[0]] == label[ends[1]] {
			return nil
		}
		return fmt.Errorf("certificate: removing the %d vertices leaves %d components, and a solution can join %d", len(c.Cells), k, maxSeg)
	case "pockets":
		if len(c.Pockets) == 0 {
			return fmt.Errorf("certificate: no pocket named")
		}
		owner := make([]int, n)
		for i := range owner {
			owner[i] = -1
		}
		for i, pc := range c.Pockets {
			if len(pc) == 0 {
				return fmt.Errorf("certificate: pocket %d is empty", i+1)
			}
			for _, v := range pc {
				if v < 0 || v >= n {
					return fmt.Errorf("certificate: pocket %d names vertex %d, outside the graph", i+1, v)
				}
				if owner[v] >= 0 {
					return fmt.Errorf("certificate: vertex %d lies in pockets %d and %d", v, owner[v]+1, i+1)
				}
				owner[v] = i
			}
		}
		need := 0
		for i, pc := range c.Pockets {
			door := -1
			for _, v := range pc {
				for _, w := range adj[v] {
					if owner[w] == i {
						continue
					}
					if door >= 0 && w != door {
						return fmt.Errorf("certificate: pocket %d has moves out to %d and %d", i+1, door, w)
					}
					door = w
				}
			}
			if door < 0 || len(pc)+1 >= n {
				return fmt.Errorf("certificate: pocket %d is not cut off from other vertices by one vertex", i+1)
			}
			served := false
			for _, v := range pc {
				for _, e := range ends {
					served = served || v == e
				}
			}
			if !served {
				need++
			}
		}
		if r.Closed {
			return nil
		}
		if len(c.Pockets) > 2 || need > 2-len(ends) {
			return nil
		}
		return fmt.Errorf("certificate: %d pockets (%d without a fixed end) fit a path's ends", len(c.Pockets), need)
	case "dead-ends":
		if _, err := set("dead ends", c.Cells); err != nil {
			return err
		}
		for _, v := range c.Cells {
			if len(adj[v]) != 1 {
				return fmt.Errorf("certificate: vertex %d has degree %d, not 1", v, len(adj[v]))
			}
		}
		if n == 1 {
			return fmt.Errorf("certificate: a single vertex is a path")
		}
		if r.Closed {
			if len(c.Cells) > 0 {
				return nil
			}
			return fmt.Errorf("certificate: no dead end named")
		}
		free := 0
		for _, v := range c.Cells {
			if v != fixed[0] && v != fixed[n-1] {
				free++
			}
		}
		if len(c.Cells) > 2 || free > 2-len(ends) {
			return nil
		}
		return fmt.Errorf("certificate: %d dead ends (%d not fixed ends) fit a path's ends", len(c.Cells), free)
	case "colour":
		if len(c.Side) != n {
			return fmt.Errorf("certificate: %d colours for %d vertices", len(c.Side), n)
		}
		var cnt [2]int
		for v, s := range c.Side {
			if s != 0 && s != 1 {
				return fmt.Errorf("certificate: vertex %d has colour %d, not 0 or 1", v, s)
			}
			cnt[s]++
			for _, w := range adj[v] {
				if c.Side[w] == s {
					return fmt.Errorf("certificate: adjacent vertices %d and %d share colour %d", v, w, s)
				}
			}
		}
		// An alternating sequence puts colour x at even positions, 1-x
		// at odd ones: ceil(n/2) and floor(n/2) vertices (a cycle: n even,
		// n/2 each).
		fits := func(x int) bool {
			even, odd := (n+1)/2, n/2
			if r.Closed && n%2 != 0 {
				return false
			}
			if cnt[x] != even || cnt[1-x] != odd {
				return false
			}
			for pos, v := range fixed {
				if v >= 0 && c.Side[v] != x^(pos%2) {
					return false
				}
			}
			return true
		}
		if fits(0) || fits(1) {
			return fmt.Errorf("certificate: the colour classes (%d and %d) fit an alternating path", cnt[0], cnt[1])
		}
		return nil
	case "givens":
		if c.From < 0 || c.To <= c.From || c.To >= n || fixed[c.From] < 0 || fixed[c.To] < 0 {
			return fmt.Errorf("certificate: positions %d and %d are not two fixed positions in order", c.From, c.To)
		}
		d := distance(adj, fixed[c.From], fixed[c.To])
		if d >= 0 && d <= c.To-c.From {
			return fmt.Errorf("certificate: the vertices at positions %d and %d are %d edges apart, within %d", c.From, c.To, d, c.To-c.From)
		}
		return nil
	}
	return fmt.Errorf("certificate: unknown kind %q", c.Kind)
}

// components labels the components of the graph less the vertices skip
// marks (-1 for those) and counts them.
func components(adj [][]int, skip []bool) ([]int, int) {
	label := make([]int, len(adj))
	for i := range label {
		label[i] = -1
	}
	k := 0
	var stack []int
	for s := range adj {
		if skip[s] || label[s] >= 0 {
			continue
		}
		label[s] = k
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range adj[v] {
				if !skip[w] && label[w] < 0 {
					label[w] = k
					stack = append(stack, w)
				}
			}
		}
		k++
	}
	return label, k
}

// distance is the number of edges on a shortest path from s to t, or -1.
func distance(adj [][]int, s, t int) int {
	d := make([]int, len(adj))
	for i := range d {
		d[i] = -1
	}
	d[s] = 0
	q := []int{s}
	for i := 0; i < len(q); i++ {
		v := q[i]
		for _, w := range adj[v] {
			if d[w] < 0 {
				d[w] = d[v] + 1
				q = append(q, w)
			}
		}
	}
	return d[t]
}
