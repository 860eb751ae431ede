package hamilton

import (
	"fmt"
	"slices"
	"strings"
)

// Certificate is a witness that a problem has no solution, in terms an
// independent checker rechecks from the graph and the fixed positions
// alone, with counting and simple arithmetic (verify.NoPath, which shares
// no code with this package). Which fields are set depends on Kind:
//
//   - "hall": Cells, a set X of cells no two a move apart, and A, a set Y
//     of cells, that have fewer moves to give X than a solution makes into
//     X: Need, 2|X| less the ends that may lie in X, above Value, Y's
//     capacity plus the moves from X to cells outside Y.
//   - "flow": A and B, the two sides of a minimum cut of the 2-matching
//     flow (see flowRule); Value is the cut's capacity, below Need.
//   - "separator": Cells, removed cells that leave more pieces than a path
//     (or tour) passing each of them once can join (the empty set: the
//     graph is disconnected).
//   - "dead-ends": Cells, cells with one move, more than the path has ends.
//   - "colour": Side, a proper 2-colouring whose class sizes (or the fixed
//     positions' colours) no alternating path fits.
//   - "givens": From and To, two fixed positions whose cells lie more than
//     To-From moves apart.
//   - "pockets": Pockets, pieces sharing no cell, each cut off by one cell
//     (Cells), more than the ends that may lie in them.
//   - "too-small": a closed tour asked of fewer than 3 cells.
type Certificate struct {
	Kind       string
	A, B       []int32
	Cells      []int32
	Side       []int8
	From, To   int32
	Value      int64 // flow: the cut's capacity
	Need       int64 // flow: twice the moves a solution has
	Components int   // separator: the pieces left
	// Pockets: for kind "pockets", pieces of the graph that share no cell,
	// the i-th cut off by the single cell Cells[i].
	Pockets [][]int32
}

// Witness returns the cells a picture marks for the certificate: the
// cut's cells, the separator, the dead ends, the two givens; nil when the
// proof is about the whole board (colour classes, size).
func (c *Certificate) Witness() []int32 {
	if c == nil {
		return nil
	}
	switch c.Kind {
	case "hall":
		return slices.Clone(c.Cells)
	case "flow":
		w := slices.Concat(c.A, c.B)
		slices.Sort(w)
		return slices.Compact(w)
	case "separator", "dead-ends":
		return slices.Clone(c.Cells)
	case "pockets":
		w := slices.Concat(c.Pockets...)
		slices.Sort(w)
		return w
	}
	return nil
}

// ends returns the capacity of every vertex in a solution: how many of its
// moves a path or tour uses. A closed tour uses two at every cell; a path
// uses one at a fixed end (at[0], at[n-1]) and at most two elsewhere.
func ends(p *Problem, at []int32) []int64 {
	n := p.n()
	c := make([]int64, n)
	for i := range c {
		c[i] = 2
	}
	if !p.Closed && n > 1 {
		if at[0] >= 0 {
			c[at[0]] = 1
		}
		if at[n-1] >= 0 {
			c[at[n-1]] = 1
		}
	}
	return c
}

// flowMaxVertices bounds the flow rule so that it stays a quick check: a
// board of a million cells builds eight million arcs.
const flowMaxVertices = 250_000

// flowRule is the degree-constrained subgraph bound. A Hamiltonian path is
// a spanning subgraph with n-1 edges and degree at most 2 (1 at a fixed
// end); a tour has n edges and degree 2 everywhere. On the bipartite double
// cover (a left and a right copy of every vertex, an arc of capacity 1
// from u's left copy to v's right copy for every move u-v, capacity c(v)
// into v's left copy and out of its right copy) such a subgraph M is a
// flow of 2|M|, so a maximum flow below 2(n-1) (2n for a tour) proves that
// none exists. This is the fractional 2-matching bound that the
// Diplomatico paper's closing section asks for to predict solvability of
// boards with blocked cells (§V): it settles boards whose cells of one
// region can only be reached through too few cells of another, which the
// colour count misses when the move graph is not bipartite or the
// imbalance is local. Max-flow min-cut gives the certificate: the vertices
// A whose left copy and B whose right copy lie across the minimum cut,
// with capacity c(A) + c(B) + (the moves u->v with u outside A and v
// outside B); every such subgraph has 2|M| at most that. The cost is one
// Dinic maximum flow, O(E sqrt(V)) on these unit arcs.
func flowRule(p *Problem, at []int32) *Reason {
	c, capv := flowCut(p, at)
	if c == nil {
		return nil
	}
	if h := hallFromCut(p, at, capv, c); h != nil {
		return &Reason{Rule: "flow", Text: hallText(p, h), Cert: h}
	}
	return &Reason{Rule: "flow", Text: flowText(p, c), Cert: c}
}

// flowCut runs the maximum flow of flowRule and returns the minimum cut's
// certificate when the flow falls short (nil otherwise), with the
// capacities.
func flowCut(p *Problem, at []int32) (*Certificate, []int64) {
	n := p.n()
	if n < 2 || n > flowMaxVertices {
		return nil, nil
	}
	capv := ends(p, at)
	need := 2 * int64(n-1)
	if p.Closed {
		need = 2 * int64(n)
	}
	f := newFlow(p, capv)
	value := f.maxFlow(need)
	if value >= need {
		return nil, nil
	}
	a, b := f.cut()
	return &Certificate{Kind: "flow", A: a, B: b, Value: value, Need: need}, capv
}

// hallFromCut looks in a minimum cut for the Hall-type witness a puzzle
// setter reads at once: a set X of cells, no two a move apart, whose moves
// lead into a set Y of cells but for a few other moves (leaks). A path
// enters and leaves every cell of X (one move at an end), each time
// through Y or along a leak, and each cell of Y has two moves to give (one
// at a fixed end), each leak one: 2|X| - (ends in X) moves cannot fit into
// c(Y) + leaks. Y is the cells on both sides of the cut (their two copies
// are cut), and X is chosen greedily, independent, among the cells on
// neither side, those with the most moves into Y first; cells with two
// leaks or more are dropped (they add as much to the bound as to the
// need). Nil when this does not make a witness: the flow certificate then
// stands alone.
func hallFromCut(p *Problem, at []int32, capv []int64, c *Certificate) *Certificate {
	n := p.n()
	inA := make([]bool, n)
	inY := make([]bool, n)
	for _, v := range c.A {
		inA[v] = true
	}
	var y []int32
	var cand []int32
	inB := make([]bool, n)
	for _, v := range c.B {
		inB[v] = true
		if inA[v] {
			inY[v] = true
			y = append(y, v)
		}
	}
	into := make([]int, n)
	for v := range n {
		if inA[v] || inB[v] {
			continue
		}
		for _, w := range p.G.Neighbors(v) {
			if inY[w] {
				into[v]++
			}
		}
		if p.G.Degree(v)-into[v] < 2 {
			cand = append(cand, v)
		}
	}
	slices.SortStableFunc(cand, func(a, b int32) int { return into[b] - into[a] })
	inX := make([]bool, n)
	var x []int32
	for _, v := range cand {
		free := true
		for _, w := range p.G.Neighbors(v) {
			if inX[w] {
				free = false
				break
			}
		}
		if free {
			inX[v] = true
			x = append(x, v)
		}
	}
	slices.Sort(x)
	return hallCertificate(p, at, capv, x, inX, y, inY)
}

// hallCertificate checks the Hall-type condition for an independent set x
// (inX marks it) against the set y (inY) and returns its certificate, or
// nil.
func hallCertificate(p *Problem, at []int32, capv []int64, x []int32, inX []bool, y []int32, inY []bool) *Certificate {
	if len(x) == 0 {
		return nil
	}
	var bound int64
	for _, w := range y {
		bound += capv[w]
	}
	for _, v := range x {
		for _, w := range p.G.Neighbors(v) {
			if inX[w] {
				return nil // not independent
			}
			if !inY[w] {
				bound++ // a leak
			}
		}
	}
	need := 2*int64(len(x)) - int64(endsIn(p, at, inX))
	if need <= bound {
		return nil
	}
	return &Certificate{Kind: "hall", Cells: x, A: slices.Clone(y), Value: bound, Need: need}
}

// endsIn is how many ends of a solution can lie in the set inX marks: none
// for a tour, two for a path less its fixed ends outside the set.
func endsIn(p *Problem, at []int32, inX []bool) int {
	if p.Closed {
		return 0
	}
	e := 2
	n := p.n()
	for _, v := range []int32{at[0], at[n-1]} {
		if v >= 0 && !inX[v] {
			e--
		}
	}
	return e
}

// hallText words a Hall-type certificate for a puzzle setter.
func hallText(p *Problem, c *Certificate) string {
	ends := "less one at each end of the path"
	if p.Closed {
		ends = "a closed tour has no ends"
	}
	leaks := c.Value
	for _, w := range c.A {
		leaks -= 2
		if p.FixStart && w == p.Start || p.FixEnd && w == p.End {
			leaks++
		}
	}
	other, give := "", ""
	if leaks > 0 {
		other = fmt.Sprintf(" and by %s", plural(leaks, "other move"))
		give = fmt.Sprintf(" and the %s one each", plural(leaks, "other move"))
	}
	if len(c.A) == 0 {
		return fmt.Sprintf("the %d cells marked X (%s), no two a move apart, have only %s in all, but a path through all cells makes %d moves at them (two at each, %s)",
			len(c.Cells), cellList(p, c.Cells, 3), plural(leaks, "move"), c.Need, ends)
	}
	return fmt.Sprintf("the %d cells marked X (%s), no two a move apart, can be reached only from the %d cells marked O%s; a path through all cells makes %d moves into the X cells (two at each, %s), but the O cells give at most two each%s: at most %d",
		len(c.Cells), cellList(p, c.Cells, 3), len(c.A), other, c.Need, ends, give, c.Value)
}

func plural(k int64, what string) string {
	if k == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", k, what)
}

// flowText words a flow certificate for a puzzle setter.
func flowText(p *Problem, c *Certificate) string {
	n := p.n()
	moves, what := n-1, fmt.Sprintf("a path through all %d cells", n)
	if p.Closed {
		moves, what = n, fmt.Sprintf("a closed tour of all %d cells", n)
	}
	w := c.Witness()
	return fmt.Sprintf("%s uses %d moves with at most two at any cell, but the board has no such set of more than %d moves: the %d marked cells (%s) are a bottleneck through which the other cells must be reached (a maximum flow proves the bound)",
		what, moves, c.Value/2, len(w), cellList(p, w, 6))
}

// cellList names up to max cells, then "and N more".
func cellList(p *Problem, cells []int32, max int) string {
	var parts []string
	for i, v := range cells {
		if i == max {
			parts = append(parts, fmt.Sprintf("and %d more", len(cells)-max))
			break
		}
		parts = append(parts, p.name(v))
	}
	return strings.Join(parts, "; ")
}

// flow is a Dinic maximum flow on the bipartite double cover: node 0 is
// the source, 1..n the left copies, n+1..2n the right copies, 2n+1 the
// sink. Arcs come in pairs (e, e^1).
type flow struct {
	n, s, t  int32
	head     []int32 // first arc of each node
	next, to []int32
	cap      []int64
	level    []int32
	it       []int32
}

func newFlow(p *Problem, capv []int64) *flow {
	n := p.n()
	f := &flow{n: n, s: 0, t: 2*n + 1}
	nodes := 2*n + 2
	arcs := 2 * (2*int(n) + 2*p.G.M())
	f.head = make([]int32, nodes)
	for i := range f.head {
		f.head[i] = -1
	}
	f.next = make([]int32, 0, arcs)
	f.to = make([]int32, 0, arcs)
	f.cap = make([]int64, 0, arcs)
	for v := range n {
		f.arc(f.s, 1+v, capv[v])
		f.arc(1+n+v, f.t, capv[v])
	}
	for u := range n {
		for _, v := range p.G.Neighbors(u) {
			f.arc(1+u, 1+n+v, 1)
		}
	}
	f.level = make([]int32, nodes)
	f.it = make([]int32, nodes)
	return f
}

func (f *flow) arc(u, v int32, c int64) {
	f.to = append(f.to, v, u)
	f.cap = append(f.cap, c, 0)
	e := int32(len(f.to) - 2)
	f.next = append(f.next, f.head[u], f.head[v])
	f.head[u], f.head[v] = e, e+1
}

// bfs levels the residual graph from the source; it reports whether the
// sink is reached.
func (f *flow) bfs() bool {
	for i := range f.level {
		f.level[i] = -1
	}
	q := []int32{f.s}
	f.level[f.s] = 0
	for i := 0; i < len(q); i++ {
		u := q[i]
		for e := f.head[u]; e >= 0; e = f.next[e] {
			if v := f.to[e]; f.cap[e] > 0 && f.level[v] < 0 {
				f.level[v] = f.level[u] + 1
				q = append(q, v)
			}
		}
	}
	return f.level[f.t] >= 0
}

// dfs pushes up to limit units from u to the sink along the level graph
// (Dinic's blocking flow); its depth is at most the sink's level.
func (f *flow) dfs(u int32, limit int64) int64 {
	if u == f.t {
		return limit
	}
	for ; f.it[u] >= 0; f.it[u] = f.next[f.it[u]] {
		e := f.it[u]
		v := f.to[e]
		if f.cap[e] <= 0 || f.level[v] != f.level[u]+1 {
			continue
		}
		if got := f.dfs(v, min(limit, f.cap[e])); got > 0 {
			f.cap[e] -= got
			f.cap[e^1] += got
			return got
		}
	}
	return 0
}

// maxFlow returns the maximum flow, stopping early once it reaches enough.
func (f *flow) maxFlow(enough int64) int64 {
	var total int64
	for total < enough && f.bfs() {
		copy(f.it, f.head)
		for {
			got := f.dfs(f.s, enough-total)
			if got == 0 {
				break
			}
			total += got
			if total >= enough {
				break
			}
		}
	}
	return total
}

// reach marks the nodes the residual graph reaches from the source.
func (f *flow) reach() []bool {
	seen := make([]bool, len(f.head))
	seen[f.s] = true
	q := []int32{f.s}
	for i := 0; i < len(q); i++ {
		u := q[i]
		for e := f.head[u]; e >= 0; e = f.next[e] {
			if v := f.to[e]; f.cap[e] > 0 && !seen[v] {
				seen[v] = true
				q = append(q, v)
			}
		}
	}
	return seen
}

// segments is the most pieces a path (or tour) can be cut into by removing
// the cells of s (inS marks them): a path with r of its cells removed falls
// into at most r+1 runs, one fewer for each fixed end removed; a tour into
// at most r (Okuno and Miyano §2.2: a Hamiltonian cycle needs
// k(G-S) <= |S|, a path k(G-S) <= |S|+1).
func segments(p *Problem, at []int32, inS func(v int32) bool, r int) int {
	if p.Closed {
		return r
	}
	m := r + 1
	n := p.n()
	if at[0] >= 0 && inS(at[0]) {
		m--
	}
	if at[n-1] >= 0 && inS(at[n-1]) {
		m--
	}
	return m
}

// separatorWorkLimit bounds the pair separator search (vertices times
// vertices plus edges) so that it stays a quick check (milliseconds at a
// few hundred cells) and is skipped on huge boards.
const separatorWorkLimit = 10_000_000

// separatorRule is the component condition for |S| = 2 (Okuno and Miyano
// §2.2; the cut-cell rule is |S| = 1): removing two cells u and v that
// leaves more pieces than a path passing each of them once can join
// proves there is none. With as many pieces as it can join and both ends
// fixed, the ends must lie in different pieces (the first and the last
// run of the path). For every u it finds, in one depth-first search of
// G-u (Hopcroft and Tarjan), how many pieces each v splits off, so the
// cost is O(V (V + E)).
func separatorRule(p *Problem, at []int32) *Reason {
	g := p.G
	n := p.n()
	if n < 5 || n > separatorMaxVertices || int64(n)*int64(int(n)+2*g.M()) > separatorWorkLimit {
		return nil
	}
	t := newTarjan(n)
	start, end := at[0], at[n-1]
	for u := range n {
		base := t.run(p, u)
		for v := range n {
			if v == u || t.pieces[v] == 0 {
				continue
			}
			k := base - 1 + t.pieces[v]
			pair := [2]int32{min(u, v), max(u, v)}
			inS := func(w int32) bool { return w == pair[0] || w == pair[1] }
			maxSeg := segments(p, at, inS, 2)
			same := false
			if k == maxSeg && !p.Closed && start >= 0 && end >= 0 && !inS(start) && !inS(end) && maxSeg >= 2 {
				lab := componentsWithout(p, pair[:])
				same = lab[start] == lab[end]
			}
			if k > maxSeg || same {
				c := &Certificate{Kind: "separator", Cells: pair[:], Components: k}
				return &Reason{Rule: "separator", Text: separatorText(p, c, maxSeg, same), Cert: c}
			}
		}
	}
	return nil
}

// separatorMaxVertices is the largest graph the separator rules search:
// issue 39's boards go up to 24 x 24; on larger boards a search that runs
// long pays for them without their finding anything.
const separatorMaxVertices = 1000

// separator3WorkLimit bounds the triple separator search (pairs tried
// times vertices plus edges).
const separator3WorkLimit = 1_000_000

// separator3Rule is the component condition for |S| = 3, searched where it
// pays (Okuno and Miyano §2.2): separators of a board are local, so for
// every cell u and every cell v within two moves of u it finds, in one
// depth-first search of G-u-v, how many pieces each third cell w splits
// off. The cost is O(V d2 (V + E)), d2 the cells within two moves.
func separator3Rule(p *Problem, at []int32) *Reason {
	g := p.G
	n := p.n()
	if n < 7 || n > separatorMaxVertices {
		return nil
	}
	t := newTarjan(n)
	start, end := at[0], at[n-1]
	mark := make([]int32, n)
	for i := range mark {
		mark[i] = -1
	}
	var near []int32
	work := int64(0)
	for u := range n {
		near = near[:0]
		for _, a := range g.Neighbors(u) {
			for _, b := range append([]int32{a}, g.Neighbors(a)...) {
				if b > u && mark[b] != u {
					mark[b] = u
					near = append(near, b)
				}
			}
		}
		for _, v := range near {
			if work += int64(n) + 2*int64(g.M()); work > separator3WorkLimit {
				return nil
			}
			base := t.run2(p, u, v)
			for w := range n {
				if w == u || w == v || t.pieces[w] == 0 {
					continue
				}
				k := base - 1 + t.pieces[w]
				s3 := []int32{u, v, w}
				slices.Sort(s3)
				inS := func(x int32) bool { return x == s3[0] || x == s3[1] || x == s3[2] }
				maxSeg := segments(p, at, inS, 3)
				same := false
				if k == maxSeg && !p.Closed && start >= 0 && end >= 0 && !inS(start) && !inS(end) && maxSeg >= 2 {
					lab := componentsWithout(p, s3)
					same = lab[start] == lab[end]
				}
				if k > maxSeg || same {
					c := &Certificate{Kind: "separator", Cells: s3, Components: k}
					return &Reason{Rule: "separator", Text: separatorText(p, c, maxSeg, same), Cert: c}
				}
			}
		}
	}
	return nil
}

// separatorText words a separator certificate for a puzzle setter.
func separatorText(p *Problem, c *Certificate, maxSeg int, same bool) string {
	cells := cellList(p, c.Cells, 6)
	if same {
		return fmt.Sprintf("removing the %d cells %s splits the move graph into %d parts; a path that passes each of them once joins them only by starting and ending in different parts, and both ends are fixed in the same one", len(c.Cells), cells, c.Components)
	}
	what := "a path"
	if p.Closed {
		what = "a closed tour"
	}
	return fmt.Sprintf("removing the %d cells %s splits the move graph into %d parts, and %s that passes each of them once can join at most %d", len(c.Cells), cells, c.Components, what, maxSeg)
}

// componentsWithout labels the components of G less the cells of s (-1 for
// those).
func componentsWithout(p *Problem, s []int32) []int32 {
	n := p.n()
	lab := make([]int32, n)
	for i := range lab {
		lab[i] = -2
	}
	for _, v := range s {
		lab[v] = -1
	}
	var stack []int32
	k := int32(0)
	for r := range n {
		if lab[r] != -2 {
			continue
		}
		lab[r] = k
		stack = append(stack[:0], r)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range p.G.Neighbors(v) {
				if lab[w] == -2 {
					lab[w] = k
					stack = append(stack, w)
				}
			}
		}
		k++
	}
	return lab
}

// tarjan finds, for a graph less one vertex, how many pieces each other
// vertex's removal leaves of its own component (Hopcroft and Tarjan 1973),
// iteratively. Its buffers are reused from run to run.
type tarjan struct {
	disc, low, parent, next []int32
	pieces                  []int // see run
	stack                   []int32
}

func newTarjan(n int32) *tarjan {
	return &tarjan{disc: make([]int32, n), low: make([]int32, n), parent: make([]int32, n), next: make([]int32, n), pieces: make([]int, n)}
}

// run searches G less skip and returns its number of components; pieces[v]
// is then the number of pieces v's component falls into without v (1 for
// a vertex that is not a cut vertex; 0 for an isolated vertex and for
// skip).
func (t *tarjan) run(p *Problem, skip int32) int { return t.run2(p, skip, skip) }

// run2 is run with two vertices skipped.
func (t *tarjan) run2(p *Problem, skip, skip2 int32) int {
	g := p.G
	n := p.n()
	for i := range n {
		t.disc[i], t.next[i], t.pieces[i] = -1, 0, 0
	}
	comps := 0
	timer := int32(0)
	for root := range n {
		if root == skip || root == skip2 || t.disc[root] >= 0 {
			continue
		}
		comps++
		t.disc[root], t.low[root], t.parent[root] = timer, timer, -1
		timer++
		rootChildren := 0
		t.stack = append(t.stack[:0], root)
		for len(t.stack) > 0 {
			v := t.stack[len(t.stack)-1]
			nb := g.Neighbors(v)
			if int(t.next[v]) < len(nb) {
				w := nb[t.next[v]]
				t.next[v]++
				if w == skip || w == skip2 {
					continue
				}
				if t.disc[w] < 0 {
					t.disc[w], t.low[w], t.parent[w] = timer, timer, v
					timer++
					t.stack = append(t.stack, w)
				} else if w != t.parent[v] {
					t.low[v] = min(t.low[v], t.disc[w])
				}
				continue
			}
			t.stack = t.stack[:len(t.stack)-1]
			if par := t.parent[v]; par >= 0 {
				t.low[par] = min(t.low[par], t.low[v])
				if par == root {
					rootChildren++
				} else if t.low[v] >= t.disc[par] {
					t.pieces[par]++ // v's subtree falls off par
				}
			}
		}
		t.pieces[root] = rootChildren
	}
	// Every vertex but a root keeps the piece that holds its parent.
	for v := range n {
		if v != skip && v != skip2 && t.disc[v] >= 0 && t.parent[v] >= 0 {
			t.pieces[v]++
		}
	}
	return comps
}

// FlowCertificate returns the raw certificate of the 2-matching flow bound
// (Kind "flow", the minimum cut's sets; see flowRule) when the bound proves
// that p has no solution, and nil otherwise. Prove reads the same cut as a
// Hall-type witness where it can; this is the cut itself, for checkers and
// their tests.
func FlowCertificate(p *Problem) (*Certificate, error) {
	at, err := p.validate()
	if err != nil {
		return nil, err
	}
	c, _ := flowCut(p, at)
	return c, nil
}

// cut returns the minimum cut of a maximum flow: the vertices whose left
// copy the residual graph does not reach from the source (A) and those
// whose right copy it does (B).
func (f *flow) cut() (a, b []int32) {
	reach := f.reach()
	for v := range f.n {
		if !reach[1+v] {
			a = append(a, v)
		}
		if reach[1+f.n+v] {
			b = append(b, v)
		}
	}
	return a, b
}
