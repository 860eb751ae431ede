package hamilton

import (
	"math/bits"
	"slices"
	"sort"
)

// mode selects what the depth-first search does at a solution.
type mode int

const (
	modeCount     mode = iota // add up solutions (with the memo)
	modeEnumerate             // hand each solution to a callback
	modeFind                  // stop at the first solution
	modeSplit                 // record prefixes of a given length as tasks
)

// engine is one worker's search state. The search keeps, for every
// unvisited vertex u, link[u] = the number of neighbours of u that are
// unvisited or the path's head (or the closed tour's anchor). A vertex that
// is not the path's last needs two such links (one in, one out), the last
// needs one; this is the "Terminal" dead end of Okuno and Miyano (§2.1: a
// vertex left with degree 1) and the rule of every Warnsdorff-style search. Moving the head from h to v lowers the links
// of h's unvisited neighbours only: v's neighbours lose v as unvisited but
// gain it as the head.
type engine struct {
	off, tgt []int32
	n        int32
	small    bool     // n <= 64: vertex sets are uint64 masks
	nbr      []uint64 // small: neighbour masks
	closed   bool
	anchor   int32 // closed: the tour's first vertex, which stays linkable
	freeEnd  bool  // open path whose end is not fixed: one vertex may have link 1
	need     []int32
	at       []int32 // position -> required vertex, or -1
	posOf    []int32 // vertex -> required position, or -1
	nextReq  []int32 // position p -> smallest q >= p with at[q] >= 0, or -1
	// givenDist[q] is the graph distance from the vertex fixed at position
	// q to every vertex, for positions with a given (nil elsewhere); the
	// run computes it once and every worker shares it read-only.
	givenDist map[int32][]int32
	rank      []int32
	rng       uint64
	jitter    bool     // restarts: rank only biases the random tie-break
	keys      []uint64 // scratch for order

	// dynamic state
	link      []int32
	vis       []bool
	umask     uint64
	remaining int32
	deficit   int32 // unvisited vertices with link < need
	zero      int32 // unvisited vertices with link 0
	path      []int32
	cand      []int32 // candidates, maxDeg per depth
	ncand     []int32
	icand     []int32
	acc       []uint64
	rootCand  []int32
	maxDeg    int32

	// count memo (graphs of at most memoMaxVertices): a lossy hash table
	// of 4-way buckets keyed by (unvisited set, head)
	memo     []memoBucket
	memoMask uint64
	memoMax  int32 // memoise states with at most this many unvisited vertices

	// bounded BFS for the connectivity rule on large graphs
	mark  []uint32
	epoch uint32
	queue []int32
	// work counts the vertices those searches visited since the search
	// last looked at the stop flag: on a graph of millions of vertices
	// 1024 nodes can cost minutes of BFS, and a timeout must not wait.
	work uint64

	// results and statistics of this worker
	overflow bool
	tally
	prunes     uint64
	memoHits   uint64
	sh         *shared
	unit       unitSlot // where search publishes its position
	mode       mode
	onSolution func(path []int32) bool // enumerate/find: return false to stop
	splitDepth int32
	onSplit    func(prefix []int32)
	budget     uint64 // find: stop after this many nodes (0 none)
	outOfNodes bool
}

// memoMaxVertices is the largest graph the count memo serves: the key packs
// the unvisited set (one bit per vertex) and the head (6 bits) into 64 bits.
const memoMaxVertices = 58

// memoBucket is one cache line of the memo: four keys and their counts,
// most recently stored first. A zero key is an empty slot (a real key always
// has head+1 >= 1 in its top bits).
type memoBucket struct {
	key   [4]uint64
	count [4]uint64
}

func memoKey(set uint64, head int32) uint64 { return set | uint64(head+1)<<memoMaxVertices }

func newEngine(p *Problem, at []int32, givenDist map[int32][]int32, sh *shared) *engine {
	off, tgt := p.G.CSR()
	n := p.n()
	e := &engine{off: off, tgt: tgt, n: n, small: n <= 64, closed: p.Closed, anchor: -1, at: at, sh: sh}
	for v := range n {
		e.maxDeg = max(e.maxDeg, off[v+1]-off[v])
	}
	if e.small {
		e.nbr = make([]uint64, n)
		for v := range n {
			for _, w := range tgt[off[v]:off[v+1]] {
				e.nbr[v] |= 1 << uint(w)
			}
		}
	}
	e.posOf = make([]int32, n)
	for i := range e.posOf {
		e.posOf[i] = -1
	}
	for pos, v := range at {
		if v >= 0 {
			e.posOf[v] = int32(pos)
		}
	}
	e.nextReq = make([]int32, n+1)
	e.nextReq[n] = -1
	for q := n - 1; q >= 0; q-- {
		e.nextReq[q] = e.nextReq[q+1]
		if at[q] >= 0 {
			e.nextReq[q] = q
		}
	}
	e.givenDist = givenDist
	e.need = make([]int32, n)
	for v := range e.need {
		e.need[v] = 2
	}
	e.freeEnd = !p.Closed && at[n-1] < 0
	if !p.Closed && at[n-1] >= 0 {
		e.need[at[n-1]] = 1
	}
	if p.Closed {
		e.anchor = at[0]
	}
	e.link = make([]int32, n)
	e.vis = make([]bool, n)
	e.path = make([]int32, n)
	e.cand = make([]int32, int(n+1)*int(max(e.maxDeg, 1)))
	e.ncand = make([]int32, n+1)
	e.icand = make([]int32, n+1)
	e.acc = make([]uint64, n+1)
	e.mark = make([]uint32, n)
	e.reset()
	return e
}

// reset puts the engine in the empty-path state.
func (e *engine) reset() {
	e.remaining = e.n
	e.deficit, e.zero = 0, 0
	e.umask = 0
	if e.small {
		if e.n == 64 {
			e.umask = ^uint64(0)
		} else {
			e.umask = 1<<uint(e.n) - 1
		}
	}
	for v := range e.n {
		e.vis[v] = false
		e.link[v] = e.off[v+1] - e.off[v]
		if e.link[v] < e.need[v] {
			e.deficit++
		}
		if e.link[v] == 0 {
			e.zero++
		}
	}
}

// bfsDist returns the graph distance from src to every vertex (-1 if
// unreachable).
func bfsDist(off, tgt []int32, src int32) []int32 {
	n := len(off) - 1
	d := make([]int32, n)
	for i := range d {
		d[i] = -1
	}
	d[src] = 0
	q := []int32{src}
	for len(q) > 0 {
		v := q[0]
		q = q[1:]
		for _, w := range tgt[off[v]:off[v+1]] {
			if d[w] < 0 {
				d[w] = d[v] + 1
				q = append(q, w)
			}
		}
	}
	return d
}

// place makes v the new head after h (h = -1 for the first vertex).
func (e *engine) place(h, v int32) {
	e.vis[v] = true
	e.remaining--
	if e.small {
		e.umask &^= 1 << uint(v)
	}
	if e.link[v] < e.need[v] {
		e.deficit--
	}
	if e.link[v] == 0 {
		e.zero--
	}
	if h < 0 || h == e.anchor {
		return
	}
	for _, u := range e.tgt[e.off[h]:e.off[h+1]] {
		if !e.vis[u] {
			e.link[u]--
			if e.link[u] == e.need[u]-1 {
				e.deficit++
			}
			if e.link[u] == 0 {
				e.zero++
			}
		}
	}
}

// unplace undoes place(h, v).
func (e *engine) unplace(h, v int32) {
	if h >= 0 && h != e.anchor {
		for _, u := range e.tgt[e.off[h]:e.off[h+1]] {
			if !e.vis[u] {
				if e.link[u] == 0 {
					e.zero--
				}
				if e.link[u] == e.need[u]-1 {
					e.deficit--
				}
				e.link[u]++
			}
		}
	}
	e.vis[v] = false
	e.remaining++
	if e.small {
		e.umask |= 1 << uint(v)
	}
	if e.link[v] < e.need[v] {
		e.deficit++
	}
	if e.link[v] == 0 {
		e.zero++
	}
}

// alive applies the pruning rules to the state just reached with head v:
//   - no unvisited vertex has lost all its links;
//   - at most one unvisited vertex (the path's end) has fewer than two links
//     when the end is free, none otherwise (a fixed end needs only one);
//   - the unvisited vertices and the head are connected;
//   - a closed tour can still return to its anchor.
//
// Colour-class balance in bipartite graphs is an invariant of the search
// (each step alternates colours), so it is checked once, in rootReason.
func (e *engine) alive(h, v int32) bool {
	if e.zero > 0 {
		return false
	}
	allow := int32(0)
	if e.freeEnd {
		allow = 1
	}
	if e.deficit > allow {
		return false
	}
	if e.remaining == 0 {
		return true
	}
	if e.small {
		if e.closed && e.nbr[e.anchor]&e.umask == 0 {
			return false
		}
		// The move can only disconnect the rest if the old head had
		// unvisited neighbours besides v.
		if h >= 0 && e.nbr[h]&e.umask == 0 {
			return true
		}
		reach := uint64(1) << uint(v)
		front := reach
		for front != 0 {
			var next uint64
			for f := front; f != 0; f &= f - 1 {
				next |= e.nbr[bits.TrailingZeros64(f)]
			}
			next &= e.umask &^ reach
			reach |= next
			front = next
		}
		return e.umask&^reach == 0
	}
	return h < 0 || e.localConnected(h, v)
}

// localConnectBudget bounds the local breadth-first search of
// localConnected before it falls back to a full one.
const localConnectBudget = 512

// localConnected is the connectivity rule for large graphs, exact but local
// in the common case. Before the move the unvisited vertices and the old
// head h were connected; every component left after h is removed holds one
// of h's unvisited neighbours or the new head v. So a breadth-first search
// from v that reaches all of h's unvisited neighbours proves the rest is
// still connected, usually after a few dozen vertices. A search that runs
// dry first has found a part of the board that can never be visited. One
// that exceeds the budget is finished without a budget.
func (e *engine) localConnected(h, v int32) bool {
	targets := int32(0)
	e.epoch++
	if e.epoch == 0 {
		clear(e.mark)
		e.epoch = 1
	}
	ep := e.epoch
	for _, u := range e.tgt[e.off[h]:e.off[h+1]] {
		if !e.vis[u] {
			targets++
		}
	}
	if targets == 0 {
		return true
	}
	e.mark[v] = ep
	q := append(e.queue[:0], v)
	for i := 0; i < len(q); i++ {
		x := q[i]
		for _, w := range e.tgt[e.off[x]:e.off[x+1]] {
			if e.vis[w] || e.mark[w] == ep {
				continue
			}
			e.mark[w] = ep
			q = append(q, w)
			if e.isNeighbourOf(w, h) {
				targets--
				if targets == 0 {
					e.queue = q
					e.work += uint64(len(q))
					return true
				}
			}
		}
		// Past the budget, keep going: the search is then a plain full
		// traversal, still exact.
	}
	e.queue = q
	e.work += uint64(len(q))
	return false
}

// isNeighbourOf reports whether w is adjacent to h.
func (e *engine) isNeighbourOf(w, h int32) bool {
	for _, x := range e.tgt[e.off[h]:e.off[h+1]] {
		if x == w {
			return true
		}
	}
	return false
}

// adjacent reports whether u and v are neighbours.
func (e *engine) adjacent(u, v int32) bool {
	if e.small {
		return e.nbr[u]>>uint(v)&1 != 0
	}
	_, ok := slices.BinarySearch(e.tgt[e.off[u]:e.off[u+1]], v)
	return ok
}

// head returns the head of the path when level vertices are placed.
func (e *engine) head(level int32) int32 {
	if level == 0 {
		return -1
	}
	return e.path[level-1]
}

// candidates returns the candidate list of a level.
func (e *engine) candidates(level int32) []int32 {
	if level == 0 {
		return e.rootCand
	}
	return e.cand[int(level)*int(e.maxDeg):][:e.ncand[level]]
}

// gen fills the candidates for position level: the unvisited neighbours of
// the head (or the roots, for the first vertex), less those reserved for
// another position by a given, less those too far from the next given.
func (e *engine) gen(level int32, roots []int32) {
	pos := level
	h := e.head(level)
	var c []int32
	if level == 0 {
		c = e.rootCand[:0]
	} else {
		c = e.cand[int(level)*int(e.maxDeg):][:0]
	}
	// Look ahead at the old head's other neighbours: one whose only link is
	// the head must come next (forced move), and each one that has exactly
	// the links it needs would fall short if passed over, which the end
	// allowance may not absorb. Candidates that fail this are the ones
	// alive would reject after placing them.
	forced := int32(-1)
	critical := int32(0)
	if h >= 0 && h != e.anchor {
		for _, u := range e.tgt[e.off[h]:e.off[h+1]] {
			if e.vis[u] {
				continue
			}
			switch e.link[u] {
			case 1:
				if forced >= 0 {
					e.ncand[level], e.icand[level] = 0, 0
					e.prunes++
					return
				}
				forced = u
			case e.need[u]:
				critical++
			}
		}
	}
	allow := int32(0)
	if e.freeEnd {
		allow = 1
	}
	// The next position a given fixes must stay within reach.
	var dq []int32
	var dmax int32
	if pos+1 < e.n {
		if q := e.nextReq[pos+1]; q >= 0 {
			dq, dmax = e.givenDist[q], q-pos
		}
	}
	add := func(w int32) {
		if e.vis[w] {
			return
		}
		if h >= 0 {
			if forced >= 0 && w != forced {
				return
			}
			d := e.deficit + critical
			if e.link[w] < e.need[w] {
				d--
			}
			if e.link[w] == e.need[w] && h != e.anchor {
				d--
			}
			if d > allow {
				e.prunes++
				return
			}
		}
		if q := e.posOf[w]; q >= 0 && q != pos {
			return
		}
		if dq != nil {
			if d := dq[w]; d < 0 || d > dmax {
				return
			}
		}
		c = append(c, w)
	}
	switch w := e.at[pos]; {
	case w >= 0:
		if h < 0 || e.adjacent(h, w) {
			add(w)
		}
	case h < 0:
		for _, w := range roots {
			add(w)
		}
	default:
		for _, w := range e.tgt[e.off[h]:e.off[h+1]] {
			add(w)
		}
	}
	if e.mode == modeFind && len(c) > 1 {
		e.order(c)
	}
	if level == 0 {
		e.rootCand = c
	}
	e.ncand[level] = int32(len(c))
	e.icand[level] = 0
}

// order sorts candidates by Warnsdorff's rule: fewest onward links first.
// Ties go by the static rank (if any) and then by a pseudo-random key drawn
// from the seed; with jitter set (restarts), the rank only biases the random
// key, so that each restart explores a genuinely different tree.
func (e *engine) order(c []int32) {
	keys := e.keys[:0]
	for _, w := range c {
		k := uint64(e.link[w]) << 48
		var r uint64
		if e.rng != 0 {
			e.rng ^= e.rng << 13
			e.rng ^= e.rng >> 7
			e.rng ^= e.rng << 17
			r = e.rng
		}
		switch {
		case e.rank == nil:
			k |= r & 0xffffffffffff
		case e.jitter:
			k |= (uint64(uint32(e.rank[w])&0xffffff) + r&0x3ffffff) & 0xffffffffffff
		default:
			k |= uint64(uint32(e.rank[w])&0xffffff)<<24 | r&0xffffff
		}
		keys = append(keys, k)
	}
	e.keys = keys
	if len(c) > 16 {
		sort.Sort(byKey{keys, c})
		return
	}
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

// byKey sorts vertices by parallel keys.
type byKey struct {
	k []uint64
	v []int32
}

func (b byKey) Len() int           { return len(b.k) }
func (b byKey) Less(i, j int) bool { return b.k[i] < b.k[j] }
func (b byKey) Swap(i, j int) {
	b.k[i], b.k[j] = b.k[j], b.k[i]
	b.v[i], b.v[j] = b.v[j], b.v[i]
}

// leafOK checks the conditions that only a complete path can meet.
func (e *engine) leafOK(v int32) bool {
	return !e.closed || e.adjacent(v, e.anchor)
}

func (e *engine) memoBucket(key uint64) *memoBucket {
	// The splitmix64 finaliser: every key bit, the head's included, reaches
	// the low bits that pick the bucket.
	h := key ^ key>>30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return &e.memo[h&e.memoMask]
}

// memoGet looks a state up in the count memo.
func (e *engine) memoGet(key uint64) (uint64, bool) {
	b := e.memoBucket(key)
	for i, k := range b.key {
		if k == key {
			return b.count[i], true
		}
	}
	return 0, false
}

// memoPut stores a state's count at the front of its bucket, dropping the
// oldest entry.
func (e *engine) memoPut(key, count uint64) {
	b := e.memoBucket(key)
	copy(b.key[1:], b.key[:3])
	copy(b.count[1:], b.count[:3])
	b.key[0], b.count[0] = key, count
}

func (e *engine) setOnSolution(f func([]int32) bool) { e.onSolution = f }

// reseed sets the tie-breaks of attempt a of portfolio worker w: worker
// 0's first attempt with seed 0 is the deterministic Warnsdorff order,
// every other attempt draws a random one, with jitter on odd attempts.
func (e *engine) reseed(seed uint64, w int, a uint64) {
	e.rng, e.jitter = 0, false
	if w > 0 || a > 0 || seed != 0 {
		e.rng = splitmix(seed ^ uint64(w)<<32 ^ a)
		e.jitter = a%2 == 1
	}
}

func (e *engine) setBudget(b uint64) { e.budget, e.outOfNodes = b, false }
func (e *engine) ranOut() bool       { return e.outOfNodes }
func (e *engine) nodeCount() uint64  { return e.nodes }
func (e *engine) overflowed() bool   { return e.overflow }

// workPoll is how many vertices the connectivity rule's searches may visit
// between two looks at the stop flag (a few milliseconds of work).
const workPoll = 1 << 20

// flush moves the worker's counters into the shared atomics and reports
// whether the run must stop.
func (e *engine) flush() bool {
	e.flushTo(e.sh)
	return e.sh.stop.Load()
}

// search runs the depth-first search below a prefix (a path already known
// to pass the pruning rules). roots are the candidates for the first vertex
// when the prefix is empty. It returns the number of solutions below the
// prefix (meaningful in count mode) and whether it ran to completion.
//
// The search keeps an explicit stack (levels of candidate lists) so that the
// depth is limited only by memory.
func (e *engine) search(prefix task, roots []int32) (count uint64, complete bool) {
	base := int32(len(prefix))
	for i, v := range prefix {
		e.place(e.head(int32(i)), v)
		e.path[i] = v
	}
	defer func() {
		for i := base - 1; i >= 0; i-- {
			e.unplace(e.head(i), e.path[i])
		}
	}()
	if e.remaining == 0 {
		if base > 0 && e.leafOK(e.path[base-1]) {
			if e.mode == modeSplit {
				e.onSplit(e.path[:base])
				return 0, true
			}
			if e.mode != modeCount && !e.onSolution(e.path[:base]) {
				return 1, false
			}
			return 1, true
		}
		return 0, true
	}
	useMemo := e.mode == modeCount && e.memo != nil
	L := base
	e.acc[L] = 0
	e.gen(L, roots)
	for {
		if ci := e.icand[L]; ci < e.ncand[L] {
			e.icand[L]++
			v := e.candidates(L)[ci]
			h := e.head(L)
			e.place(h, v)
			e.nodes++
			poll := e.nodes&1023 == 0
			if !poll && e.work >= workPoll {
				// Much BFS work since the last look: look at the stop flag
				// (only; budgets and progress keep their node rhythm).
				e.work = 0
				poll = e.sh.stop.Load()
			}
			if poll {
				e.work = 0
				if e.unit.p != nil {
					e.unit.at(e.position(base, L))
				}
				if e.flush() || (e.budget != 0 && e.nodes >= e.budget) {
					e.outOfNodes = e.budget != 0 && e.nodes >= e.budget
					e.unplace(h, v)
					for L > base {
						L--
						e.unplace(e.head(L), e.path[L])
						// Stopped: the solutions counted below level L
						// so far are real, so a stopped count returns
						// every solution found (a lower bound), not only
						// those of the subtrees finished at base.
						if e.mode == modeCount {
							e.add(&e.acc[L], e.acc[L+1])
						}
					}
					return e.acc[base], false
				}
			}
			if !e.alive(h, v) {
				e.unplace(h, v)
				e.prunes++
				continue
			}
			e.path[L] = v
			if e.remaining == 0 {
				if e.leafOK(v) {
					switch e.mode {
					case modeCount:
						e.add(&e.acc[L], 1)
					case modeSplit:
						e.onSplit(e.path[:L+1])
					default:
						e.acc[L]++
						if !e.onSolution(e.path[:L+1]) {
							e.unplace(h, v)
							for L > base {
								L--
								e.unplace(e.head(L), e.path[L])
							}
							return e.acc[base], false
						}
					}
				}
				e.unplace(h, v)
				e.backs++
				continue
			}
			if e.mode == modeSplit && L+1 == e.splitDepth {
				e.onSplit(e.path[:L+1])
				e.unplace(h, v)
				continue
			}
			if useMemo && e.remaining <= e.memoMax {
				if c, ok := e.memoGet(memoKey(e.umask, v)); ok {
					e.add(&e.acc[L], c)
					e.memoHits++
					e.unplace(h, v)
					continue
				}
			}
			L++
			e.acc[L] = 0
			e.gen(L, nil)
			continue
		}
		if L == base {
			return e.acc[base], true
		}
		L--
		v := e.path[L]
		if useMemo && e.remaining <= e.memoMax {
			e.memoPut(memoKey(e.umask, v), e.acc[L+1])
		}
		e.add(&e.acc[L], e.acc[L+1])
		e.unplace(e.head(L), v)
		e.backs++
	}
}

// position estimates how far the search below base has come, from 0 to
// 1, when its deepest level is L: the current choice at each level read as
// a mixed-radix fraction, sum over k of (choice index at k) / (product of
// the candidate counts at levels base..k), as if every subtree at a level
// were the same size. The estimate grows monotonically in depth-first
// order: moving to the next candidate at a level adds more than all the
// deeper terms it drops. The cost is O(L - base).
func (e *engine) position(base, L int32) float64 {
	f, scale := 0.0, 1.0
	for k := base; k <= L; k++ {
		n := e.ncand[k]
		if n <= 0 {
			break
		}
		scale /= float64(n)
		f += float64(e.icand[k]-1) * scale
	}
	return f
}

// unitDone records a finished work unit (see unitSlot).
func (e *engine) unitDone() { e.unit.finish() }

// add adds x to *a, recording overflow instead of wrapping.
func (e *engine) add(a *uint64, x uint64) {
	s, carry := bits.Add64(*a, x, 0)
	if carry != 0 {
		e.overflow = true
		s = ^uint64(0)
	}
	*a = s
}
