package hamilton

import (
	"math/bits"
	"slices"
)

// omMaxDegree is the largest vertex degree the Okuno–Miyano engine serves:
// the edges left at a vertex are a bit mask over its neighbour list.
const omMaxDegree = 64

// omIslandBudget bounds the islands one move may look at (RuleIslands): a
// breadth-first search from the vertices the move changed gives up on an
// island once it holds this many vertices. Small islands are the ones that
// go wrong; the big one around the head is left alone. Skipping a check
// loses pruning, never a solution.
const omIslandBudget = 40

// omGraph is the graph the Okuno–Miyano search runs on. For an open path it
// is the problem's graph. A closed tour through the anchor a is a
// Hamiltonian path from a to a copy a' of a that has a's neighbours, so the
// copy is added as vertex n and the search looks for paths from a to a'.
type omGraph struct {
	off, tgt []int32
	rev      []int32 // rev[i] is the index of the reverse of edge i
	n        int32
	orig     int32 // vertices of the problem's graph
	closed   bool
	maxDeg   int32
}

func newOMGraph(p *Problem, anchor int32) *omGraph {
	off0, tgt0 := p.G.CSR()
	n := p.n()
	g := &omGraph{orig: n, n: n, closed: p.Closed}
	if !p.Closed {
		g.off, g.tgt = off0, tgt0
	} else {
		g.n = n + 1
		g.off = make([]int32, n+2)
		g.tgt = make([]int32, 0, len(tgt0)+2*(int(off0[anchor+1]-off0[anchor])))
		for v := range n {
			g.off[v] = int32(len(g.tgt))
			g.tgt = append(g.tgt, tgt0[off0[v]:off0[v+1]]...)
			if p.G.HasEdge(v, anchor) {
				g.tgt = append(g.tgt, n) // the copy has the largest index
			}
		}
		g.off[n] = int32(len(g.tgt))
		g.tgt = append(g.tgt, tgt0[off0[anchor]:off0[anchor+1]]...)
		g.off[n+1] = int32(len(g.tgt))
	}
	g.rev = make([]int32, len(g.tgt))
	for v := range g.n {
		lo, hi := g.off[v], g.off[v+1]
		g.maxDeg = max(g.maxDeg, hi-lo)
		for i := lo; i < hi; i++ {
			w := g.tgt[i]
			j, _ := slices.BinarySearch(g.tgt[g.off[w]:g.off[w+1]], v)
			g.rev[i] = g.off[w] + int32(j)
		}
	}
	return g
}

// The trail records what to undo when backtracking, as 32-bit words whose
// top two bits give the kind: a deleted edge (its index), a committed edge
// (the words x, y, then the edge: x and y are the fragment ends whose
// partner the commit changed), or the vertex that became a free end. That
// is 4 bytes per deletion and 12 per commit, about 24 bytes per vertex of a
// knight's path.
const (
	trailDelete  uint32 = 0 << 30
	trailCommit  uint32 = 1 << 30
	trailEnd     uint32 = 2 << 30
	trailPayload uint32 = 3 << 30
	trailMask    uint32 = 1<<30 - 1
)

// omFrame is what a search level restores besides the trail.
type omFrame struct {
	trail int32
	edges int32
}

// omEngine is one worker of the Okuno–Miyano search. The state is the
// remaining graph (alive[v]: the edges left at v, one bit per neighbour
// slot) and the edges the path is known to use (comm[v], a subset: the
// path walked so far and every forced edge). Committed edges form vertex
// disjoint simple paths ("fragments"); other[x] is the far end of the
// fragment that x ends. The walk is the fragment that starts at the path's
// start; its far end is the head, where the search branches.
type omEngine struct {
	g     *omGraph
	rules RuleSet
	order VisitOrder
	key   []uint8 // VisitFixed/VisitRandom: try rank of every edge slot
	rank  []int32
	rng   uint64

	alive, comm []uint64
	need        []int8 // edges the path uses at v: 2, or 1 at an end
	other       []int32
	start       int32
	end         int32 // -1 while a free end is undetermined
	fixedEnd    int32
	edges       int32 // committed edges

	trail  []uint32
	queue  []int32
	inQ    []bool
	frames []omFrame
	heads  []int32
	walk   []int32 // walk[L]: the vertex chosen at level L
	cand   []uint8
	ncand  []int32
	icand  []int32
	keys   []uint64

	mark  []uint32
	epoch uint32
	bfs   []int32

	pruned [NumRules]uint64
	tally
	budget     uint64
	outOfNodes bool
	sh         *shared
	unit       unitSlot // finished units (no position inside one)

	mode       mode
	onSolution func(path []int32) bool
	splitDepth int32
	onSplit    func(root int32, walk []int32)
	pathBuf    []int32
}

func newOMEngine(g *omGraph, s Strategy, rank []int32, fixedEnd int32, seed uint64, sh *shared) *omEngine {
	n := g.n
	e := &omEngine{g: g, rules: ^s.Disable, order: s.Order, fixedEnd: fixedEnd, sh: sh}
	if len(rank) == int(g.orig) {
		e.rank = rank
	}
	e.alive = make([]uint64, n)
	e.comm = make([]uint64, n)
	e.need = make([]int8, n)
	e.other = make([]int32, n)
	e.inQ = make([]bool, n)
	e.mark = make([]uint32, n)
	md := max(g.maxDeg, 1)
	e.cand = make([]uint8, int(n+1)*int(md))
	e.ncand = make([]int32, n+1)
	e.icand = make([]int32, n+1)
	e.frames = make([]omFrame, n+1)
	e.heads = make([]int32, n+1)
	e.walk = make([]int32, n+1)
	e.pathBuf = make([]int32, n)
	e.setSeed(seed)
	return e
}

// setSeed draws the visit order's random parts: one permutation of the
// neighbour slots for all vertices (the paper's order (1), §2.1 "Adjacent
// Vertex Visit Order Strategy") or one per vertex (order (2)); Warnsdorff
// uses the seed for its last tie-break.
func (e *omEngine) setSeed(seed uint64) {
	g := e.g
	e.rng = splitmix(seed ^ 0x6f6b756e6f)
	switch e.order {
	case VisitFixed:
		// One permutation of the slot positions, shared by all vertices.
		perm := make([]uint8, omMaxDegree)
		for i := range perm {
			perm[i] = uint8(i)
		}
		if seed != 0 {
			for i := len(perm) - 1; i > 0; i-- {
				j := int(e.next() % uint64(i+1))
				perm[i], perm[j] = perm[j], perm[i]
			}
		}
		if e.key == nil {
			e.key = make([]uint8, len(g.tgt))
		}
		for v := range g.n {
			for i := g.off[v]; i < g.off[v+1]; i++ {
				e.key[i] = perm[i-g.off[v]]
			}
		}
	case VisitRandom:
		if e.key == nil {
			e.key = make([]uint8, len(g.tgt))
		}
		for v := range g.n {
			k := e.key[g.off[v]:g.off[v+1]]
			for i := range k {
				k[i] = uint8(i)
			}
			for i := len(k) - 1; i > 0; i-- {
				j := int(e.next() % uint64(i+1))
				k[i], k[j] = k[j], k[i]
			}
		}
	}
}

func (e *omEngine) next() uint64 {
	e.rng ^= e.rng << 13
	e.rng ^= e.rng >> 7
	e.rng ^= e.rng << 17
	return e.rng
}

// reset puts the engine in the state before the first vertex: every edge
// left, none committed.
func (e *omEngine) reset() {
	g := e.g
	for v := range g.n {
		d := g.off[v+1] - g.off[v]
		if d == 64 {
			e.alive[v] = ^uint64(0)
		} else {
			e.alive[v] = 1<<uint(d) - 1
		}
		e.comm[v] = 0
		e.need[v] = 2
		e.other[v] = v
		e.inQ[v] = false
	}
	e.queue = e.queue[:0]
	e.trail = e.trail[:0]
	e.edges = 0
	e.end = e.fixedEnd
	if e.end >= 0 {
		e.need[e.end] = 1
	}
}

func (e *omEngine) deg(v int32) int32  { return int32(bits.OnesCount64(e.alive[v])) }
func (e *omEngine) full(v int32) int32 { return int32(bits.OnesCount64(e.comm[v])) }

func (e *omEngine) push(v int32) {
	if !e.inQ[v] {
		e.inQ[v] = true
		e.queue = append(e.queue, v)
	}
}

// setEnd makes v the end of a path whose end was free.
func (e *omEngine) setEnd(v int32) {
	e.trail = append(e.trail, trailEnd|uint32(v))
	e.end = v
	e.need[v] = 1
}

// ends returns the two vertices of edge idx and its slots at each.
func (e *omEngine) ends(idx int32) (v int32, i uint, w int32, j uint) {
	g := e.g
	r := g.rev[idx]
	v, w = g.tgt[r], g.tgt[idx]
	return v, uint(idx - g.off[v]), w, uint(r - g.off[w])
}

// undo restores the state recorded at trail length mark.
func (e *omEngine) undo(mark int32) {
	t := e.trail
	for i := int32(len(t)) - 1; i >= mark; i-- {
		x := t[i]
		switch x &^ trailMask {
		case trailDelete:
			v, a, w, b := e.ends(int32(x))
			e.alive[v] |= 1 << a
			e.alive[w] |= 1 << b
		case trailCommit:
			v, a, w, b := e.ends(int32(x & trailMask))
			e.comm[v] &^= 1 << a
			e.comm[w] &^= 1 << b
			e.other[t[i-2]&trailMask] = v
			e.other[t[i-1]&trailMask] = w
			i -= 2
		case trailEnd:
			v := int32(x & trailMask)
			e.end = -1
			e.need[v] = 2
		}
	}
	e.trail = t[:mark]
	for _, v := range e.queue {
		e.inQ[v] = false
	}
	e.queue = e.queue[:0]
}

// deleteEdge removes edge slot i of v from the remaining graph (§2.1, "Edge
// Deletion Strategy"; RuleEdgeDeletion).
func (e *omEngine) deleteEdge(v int32, i uint) {
	g := e.g
	idx := g.off[v] + int32(i)
	w := g.tgt[idx]
	j := uint(g.rev[idx] - g.off[w])
	e.trail = append(e.trail, trailDelete|uint32(idx))
	e.alive[v] &^= 1 << i
	e.alive[w] &^= 1 << j
	e.pruned[RuleEdgeDeletion]++
	e.push(v)
	e.push(w)
}

// forcedAt reports whether every edge left at u must be in the path: u has
// exactly as many as it needs, and it is not a vertex that could still turn
// out to be a free end.
func (e *omEngine) forcedAt(u int32) bool {
	return e.deg(u) == int32(e.need[u]) && (e.end >= 0 || e.need[u] == 1)
}

// commit result codes.
const (
	commitOK   = iota
	commitDone // the edge was committed already
	commitFull // an end already has all its edges (three hands)
	commitLoop // the edge closes a cycle or joins the two ends early
)

// commit adds edge slot i of v to the path. It refuses (without changing
// anything) an edge that would give a vertex more edges than it needs (the
// three hands of §2.1 when a forced edge asks for it) or close a loop (the
// Loop dead end of §2.1, Figure 2: a cycle of committed edges, or the start
// and the end joined before every vertex is on the path).
func (e *omEngine) commit(v int32, i uint) int {
	g := e.g
	idx := g.off[v] + int32(i)
	w := g.tgt[idx]
	j := uint(g.rev[idx] - g.off[w])
	if e.comm[v]>>i&1 != 0 {
		return commitDone
	}
	if e.full(v) >= int32(e.need[v]) || e.full(w) >= int32(e.need[w]) {
		return commitFull
	}
	if e.other[v] == w {
		return commitLoop
	}
	x, y := e.other[v], e.other[w]
	if e.need[x] == 1 && e.need[y] == 1 && e.edges+1 < g.n-1 {
		return commitLoop // start and end joined before the path is complete
	}
	e.trail = append(e.trail, trailPayload|uint32(x), trailPayload|uint32(y), trailCommit|uint32(idx))
	e.comm[v] |= 1 << i
	e.comm[w] |= 1 << j
	e.other[x] = y
	e.other[y] = x
	e.edges++
	e.push(v)
	e.push(w)
	return commitOK
}

// propagate applies the rules to the queued vertices until nothing changes.
// It returns false at a dead end.
func (e *omEngine) propagate() bool {
	for len(e.queue) > 0 {
		v := e.queue[len(e.queue)-1]
		e.queue = e.queue[:len(e.queue)-1]
		e.inQ[v] = false
		if !e.settle(v) {
			return false
		}
	}
	return true
}

// settle applies the rules of §2.1 at one vertex: edge deletion at a vertex
// that has its edges (u -> v -> w leaves v with uv and vw), after checking
// for three hands (a neighbour whose edges are all forced would be a third);
// the terminal dead end (fewer edges than needed; with a free end the first
// vertex of degree 1 becomes the end); and forcing (a vertex with exactly
// the edges it needs commits them, whose ends may then be full: the chain
// reaction of Figure 1).
func (e *omEngine) settle(v int32) bool {
	g := e.g
	nd := int32(e.need[v])
	fc := e.full(v)
	free := e.alive[v] &^ e.comm[v]
	if fc >= nd && free != 0 && e.rules.Has(RuleEdgeDeletion) {
		// v is full. A neighbour whose edges are all forced would have to
		// use its edge to v as well: three forced paths meet at v.
		if e.rules.Has(RuleThreeHands) {
			for f := free; f != 0; f &= f - 1 {
				u := g.tgt[g.off[v]+int32(bits.TrailingZeros64(f))]
				if e.forcedAt(u) {
					e.pruned[RuleThreeHands]++
					return false
				}
			}
		}
		for f := free; f != 0; f &= f - 1 {
			e.deleteEdge(v, uint(bits.TrailingZeros64(f)))
		}
		return true
	}
	dg := e.deg(v)
	if dg < nd && e.rules.Has(RuleTerminal) {
		if e.end < 0 && dg == 1 && v != e.start {
			// A free end: the first vertex left with one edge is the end.
			e.setEnd(v)
			if e.other[v] == e.start && e.edges < g.n-1 && e.rules.Has(RuleLoop) {
				e.pruned[RuleLoop]++ // the walk ends here, too early
				return false
			}
			e.push(v)
			if e.rules.Has(RuleForcing) {
				// Vertices of degree 2 are forced from now on.
				for u := range g.n {
					if e.need[u] == 2 && e.deg(u) == 2 && e.alive[u] != e.comm[u] {
						e.push(u)
					}
				}
			}
			return true
		}
		e.pruned[RuleTerminal]++
		return false
	}
	if free != 0 && dg == nd && e.rules.Has(RuleForcing) && (e.end >= 0 || nd == 1) {
		for f := free; f != 0; f &= f - 1 {
			switch e.commit(v, uint(bits.TrailingZeros64(f))) {
			case commitOK:
				e.pruned[RuleForcing]++
			case commitFull:
				if e.rules.Has(RuleThreeHands) {
					e.pruned[RuleThreeHands]++
					return false
				}
			case commitLoop:
				if e.rules.Has(RuleLoop) {
					e.pruned[RuleLoop]++
					return false
				}
			}
		}
	}
	return true
}

// islands applies RuleIslands to the islands that contain a vertex changed
// since trail position mark (all islands when mark < 0, with no budget).
// An island is a connected part of the graph of unforced edges; every
// unforced edge at its vertices stays inside it, so the edges the path
// still needs there, summed over the island, are an even number (the
// paper's conditions (I) and (II): bridge ends, Next and End). An island
// with no forced edge at all is cut off from the rest; unless it holds the
// head it can never be reached (condition (III)).
func (e *omEngine) islands(mark int32) bool {
	g := e.g
	e.epoch += 2
	if e.epoch < 2 {
		clear(e.mark)
		e.epoch = 2
	}
	ep := e.epoch // ep: island done; ep+1: too big, skipped
	head := e.other[e.start]
	budget := omIslandBudget
	check := func(s int32) bool {
		if e.mark[s] >= ep || e.alive[s] == e.comm[s] {
			return true
		}
		q := append(e.bfs[:0], s)
		e.mark[s] = ep
		var needSum, fullSum int32
		hasHead := false
		big := false
		for i := 0; i < len(q); i++ {
			x := q[i]
			needSum += int32(e.need[x]) - e.full(x)
			fullSum += e.full(x)
			if x == head {
				hasHead = true
			}
			if budget > 0 && len(q) > budget {
				big = true
				break
			}
			for f := e.alive[x] &^ e.comm[x]; f != 0; f &= f - 1 {
				y := g.tgt[g.off[x]+int32(bits.TrailingZeros64(f))]
				switch e.mark[y] {
				case ep:
					continue
				case ep + 1:
					big = true
				}
				if big {
					break
				}
				e.mark[y] = ep
				q = append(q, y)
			}
			if big {
				break
			}
		}
		e.bfs = q
		if big {
			for _, x := range q {
				e.mark[x] = ep + 1
			}
			return true
		}
		if fullSum == 0 && !hasHead {
			return false
		}
		if e.end >= 0 && needSum%2 != 0 {
			return false
		}
		return true
	}
	if mark < 0 {
		budget = 0
		for v := range g.n {
			if !check(v) {
				e.pruned[RuleIslands]++
				return false
			}
		}
		return true
	}
	for i := mark; i < int32(len(e.trail)); i++ {
		x := e.trail[i]
		if k := x &^ trailMask; k == trailDelete || k == trailCommit {
			v, _, w, _ := e.ends(int32(x & trailMask))
			if !check(v) || !check(w) {
				e.pruned[RuleIslands]++
				return false
			}
		}
	}
	return true
}

// begin sets up the state for paths from root. It returns false when the
// rules already rule them out.
func (e *omEngine) begin(root int32) bool {
	e.reset()
	e.start = root
	e.need[root] = 1
	if e.g.n == 1 {
		return true
	}
	for v := range e.g.n {
		e.push(v)
	}
	if !e.propagate() {
		return false
	}
	return !e.rules.Has(RuleIslands) || e.islands(-1)
}

// step walks from the head to the neighbour in slot i and applies the
// rules. It returns false at a dead end (the caller undoes).
func (e *omEngine) step(h int32, i uint) bool {
	mark := int32(len(e.trail))
	if e.commit(h, i) != commitOK {
		return false
	}
	if !e.propagate() {
		return false
	}
	return !e.rules.Has(RuleIslands) || e.islands(mark)
}

// gen fills level L's candidates: the unforced edges left at the head, in
// visit order.
func (e *omEngine) gen(L int32) {
	g := e.g
	h := e.other[e.start]
	e.heads[L] = h
	md := max(g.maxDeg, 1)
	c := e.cand[int(L)*int(md):][:0]
	free := e.alive[h] &^ e.comm[h]
	if e.full(h) >= int32(e.need[h]) {
		free = 0
	}
	for f := free; f != 0; f &= f - 1 {
		c = append(c, uint8(bits.TrailingZeros64(f)))
	}
	if len(c) > 1 && e.mode != modeCount {
		e.sortCand(h, c)
	}
	e.ncand[L] = int32(len(c))
	e.icand[L] = 0
}

// sortCand orders the candidate slots c of head h by the visit order.
func (e *omEngine) sortCand(h int32, c []uint8) {
	g := e.g
	keys := e.keys[:0]
	for _, s := range c {
		idx := g.off[h] + int32(s)
		var k uint64
		switch e.order {
		case VisitWarnsdorff:
			w := g.tgt[idx]
			k = uint64(bits.OnesCount64(e.alive[w]&^e.comm[w])) << 56
			if e.rank != nil && w < g.orig {
				k |= uint64(uint32(e.rank[w])&0xffffff) << 32
			}
			k |= e.next() & 0xffffffff
		default:
			k = uint64(e.key[idx])
		}
		keys = append(keys, k)
	}
	e.keys = keys
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

// path writes the committed path from the start into the engine's buffer,
// in the problem's vertex numbers (a closed tour drops the anchor's copy).
func (e *omEngine) path() []int32 {
	g := e.g
	out := e.pathBuf[:0]
	prev, v := int32(-1), e.start
	for range g.n {
		if v < g.orig {
			out = append(out, v)
		}
		next := int32(-1)
		for f := e.comm[v]; f != 0; f &= f - 1 {
			w := g.tgt[g.off[v]+int32(bits.TrailingZeros64(f))]
			if w != prev {
				next = w
				break
			}
		}
		prev, v = v, next
		if v < 0 {
			break
		}
	}
	return out
}

func (e *omEngine) flush() bool {
	e.flushTo(e.sh)
	return e.sh.stop.Load()
}

// slotOf returns the slot of w in v's neighbour list, or -1.
func (e *omEngine) slotOf(v, w int32) int {
	g := e.g
	j, ok := slices.BinarySearch(g.tgt[g.off[v]:g.off[v+1]], w)
	if !ok {
		return -1
	}
	return j
}

// search runs searchFrom below task t (its root and walk choices), or from
// each of roots in turn until one is stopped (worker, for the driver).
func (e *omEngine) search(t task, roots []int32) (count uint64, complete bool) {
	if t != nil {
		return e.searchFrom(t[0], t[1:])
	}
	for _, v := range roots {
		c, ok := e.searchFrom(v, nil)
		count += c
		if !ok {
			return count, false
		}
	}
	return count, true
}

func (e *omEngine) setOnSolution(f func([]int32) bool) { e.onSolution = f }

// unitDone records a finished work unit (see unitSlot).
func (e *omEngine) unitDone() { e.unit.finish() }

// reseed draws a new visit order for attempt a of portfolio worker w;
// worker 0's first attempt keeps the order of Options.Seed.
func (e *omEngine) reseed(seed uint64, w int, a uint64) {
	if w > 0 || a > 0 {
		e.setSeed(splitmix(seed ^ uint64(w)<<32 ^ a))
	}
}

func (e *omEngine) setBudget(b uint64) { e.budget, e.outOfNodes = b, false }
func (e *omEngine) ranOut() bool       { return e.outOfNodes }
func (e *omEngine) nodeCount() uint64  { return e.nodes }

// overflowed is false: the walk counts one solution per leaf, and 2^64
// leaves are out of reach.
func (e *omEngine) overflowed() bool { return false }

// searchFrom runs the Okuno–Miyano depth-first search for paths from root
// whose first walk choices are prefix. It returns the number of solutions
// found and whether the search ran to completion.
func (e *omEngine) searchFrom(root int32, prefix []int32) (count uint64, complete bool) {
	if !e.begin(root) {
		return 0, true
	}
	g := e.g
	for L, w := range prefix {
		h := e.other[e.start]
		s := e.slotOf(h, w)
		e.frames[L] = omFrame{int32(len(e.trail)), e.edges}
		if s < 0 || !e.step(h, uint(s)) {
			return 0, true // cannot happen for prefixes made by split
		}
		e.walk[L] = w
	}
	base := int32(len(prefix))
	leaf := func(L int32) bool { // reports whether to go on
		switch e.mode {
		case modeCount:
			count++
		case modeSplit:
			e.onSplit(root, e.walk[:L])
		default:
			count++
			return e.onSolution(e.path())
		}
		return true
	}
	if e.edges == g.n-1 {
		ok := leaf(base)
		return count, ok
	}
	L := base
	e.gen(L)
	for {
		if ci := e.icand[L]; ci < e.ncand[L] {
			e.icand[L]++
			md := max(g.maxDeg, 1)
			slot := uint(e.cand[int(L)*int(md)+int(ci)])
			h := e.heads[L]
			e.frames[L] = omFrame{int32(len(e.trail)), e.edges}
			e.walk[L] = g.tgt[g.off[h]+int32(slot)]
			e.nodes++
			if e.nodes&1023 == 0 && (e.flush() || (e.budget != 0 && e.nodes >= e.budget)) {
				e.outOfNodes = e.budget != 0 && e.nodes >= e.budget
				return count, false
			}
			if !e.step(h, slot) {
				e.undo(e.frames[L].trail)
				e.edges = e.frames[L].edges
				continue
			}
			if e.edges == g.n-1 {
				if !leaf(L + 1) {
					return count, false
				}
				e.undo(e.frames[L].trail)
				e.edges = e.frames[L].edges
				continue
			}
			if e.mode == modeSplit && L+1 == e.splitDepth {
				e.onSplit(root, e.walk[:L+1])
				e.undo(e.frames[L].trail)
				e.edges = e.frames[L].edges
				continue
			}
			L++
			e.gen(L)
			continue
		}
		if L == base {
			return count, true
		}
		L--
		e.undo(e.frames[L].trail)
		e.edges = e.frames[L].edges
		e.backs++
	}
}
