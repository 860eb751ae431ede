package hexgrid

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrNoSolution reports that a grid provably has no solution.
var ErrNoSolution = errors.New("hexgrid: no solution")

// SolveOptions configures Solve and Count; the zero value solves under the
// seed's rules with no progress reports.
type SolveOptions struct {
	// Rules selects the puzzle variant.
	Rules Rules
	// Progress, when set, is called from the solving goroutine with a
	// snapshot of the statistics, at most once per ProgressEvery.
	Progress func(SolveStats)
	// ProgressEvery is the minimum interval between reports; zero means one
	// second.
	ProgressEvery time.Duration
}

// SolveStats are the statistics of one run.
type SolveStats struct {
	// Nodes is the number of search nodes.
	Nodes uint64
	// Backtracks is the number of search nodes whose propagation failed.
	Backtracks uint64
	// Solutions is the number of solutions found so far.
	Solutions uint64
	// Elapsed is the wall time since the run started.
	Elapsed time.Duration
}

// Solve finds one solution of g. It returns ErrNoSolution when there is
// none, or ctx.Err() when stopped early.
func Solve(ctx context.Context, g *Grid, opt SolveOptions) (Solution, SolveStats, error) {
	n, sol, st, err := Count(ctx, g, 1, opt)
	if err != nil {
		return sol, st, err
	}
	if n == 0 {
		return nil, st, ErrNoSolution
	}
	return sol, st, nil
}

// Count counts the solutions of g (each an assignment of 0..K connections
// to every pair; the count is of such assignments, with no symmetry
// reduction), stopping at limit solutions (0 means no limit; 2 is a
// uniqueness check). It returns the count, the first solution found and
// the statistics; on cancellation it returns what it has with ctx.Err().
//
// This is the square solver's method (package numberlink, Count)
// generalised from four to six directions, without its restarts: a
// depth-first search that branches on one pair's connection count at a
// time (the pair with the fewest values left, then the endpoint with the
// fewest open pairs), so distinct leaves are distinct solutions. Each
// search node is closed under sound rules: node bounds (a pair at node i
// with magnitude m carries at least m minus what i's other pairs can
// carry, at most m minus what they must carry), crossing (a pair with a
// connection forbids every pair crossing it), isolation (a component of
// drawn connections with no demand left that is not the whole grid is a
// contradiction, and a pair that would close one off is capped below that
// value), bridges (the potential graph of pairs that can still carry a
// connection must be connected, and its cut edges are bounded by the
// demand on either side; see bridges) and, with NoLoops, no pair inside
// one drawn component. Then failed-value probing (probe) runs over every
// open pair at the root and over the pairs near the last decision below
// it. A round of the rules costs O(pairs), a probe O(pairs) rounds per
// probed pair; the search is exponential in the worst case.
func Count(ctx context.Context, g *Grid, limit uint64, opt SolveOptions) (uint64, Solution, SolveStats, error) {
	s := newSolver(g, opt.Rules)
	s.ctx, s.limit, s.progress = ctx, limit, opt.Progress
	s.every = opt.ProgressEvery
	if s.every <= 0 {
		s.every = time.Second
	}
	s.start = time.Now()
	s.last = s.start
	if err := ctx.Err(); err != nil {
		return 0, nil, s.stats(), err
	}
	if s.oddSum() {
		return 0, nil, s.stats(), nil // no assignment has an odd degree sum
	}
	if s.propagate() && s.probe() {
		s.search()
	}
	return s.count, s.first, s.stats(), s.stopErr
}

type trailEntry struct {
	p      int32
	lo, hi int8
}

type solver struct {
	g          *Grid
	rules      Rules
	n          int
	mag        []int32
	lo, hi     []int8
	sumLo      []int32
	sumHi      []int32
	open       int
	trail      []trailEntry
	queue      []int32
	inQ        []bool
	fail       bool
	comp, pot  []int32
	size, rem  []int32
	stack      []int32
	disc, low  []int32
	subMag     []int32
	subLo      []int32
	subHi      []int32
	frames     []frame
	forced     []bound
	mark       []uint32 // per pair: stamp of the last candidate list it joined
	stamp      uint32
	cand       []int32
	ctx        context.Context
	limit      uint64
	count      uint64
	first      Solution
	stopErr    error
	nodes      uint64
	backtracks uint64
	progress   func(SolveStats)
	every      time.Duration
	start      time.Time
	last       time.Time
	onSolution func(Solution) bool
	onNode     func(nodes uint64) // optional: called every 256 search nodes
}

func newSolver(g *Grid, rules Rules) *solver {
	n, np := len(g.Nodes), len(g.Pairs)
	s := &solver{g: g, rules: rules, n: n,
		mag: make([]int32, n), lo: make([]int8, np), hi: make([]int8, np),
		sumLo: make([]int32, n), sumHi: make([]int32, n), inQ: make([]bool, n),
		comp: make([]int32, n), pot: make([]int32, n), size: make([]int32, n), rem: make([]int32, n),
		disc: make([]int32, n), low: make([]int32, n), subMag: make([]int32, n), subLo: make([]int32, n), subHi: make([]int32, n),
	}
	for i, nd := range g.Nodes {
		s.mag[i] = int32(nd.Mag)
	}
	for p, pr := range g.Pairs {
		h := int8(min(g.K, g.Nodes[pr.A].Mag, g.Nodes[pr.B].Mag))
		s.hi[p] = h
		s.sumHi[pr.A] += int32(h)
		s.sumHi[pr.B] += int32(h)
		if h > 0 {
			s.open++
		}
	}
	for i := range n {
		s.push(int32(i))
	}
	return s
}

// oddSum reports whether the magnitudes sum to an odd number (the seed's
// Proposition part 2: every connection adds 2 to the sum of the degrees).
func (s *solver) oddSum() bool {
	sum := int32(0)
	for _, m := range s.mag {
		sum += m
	}
	return sum%2 != 0
}

func (s *solver) push(i int32) {
	if !s.inQ[i] {
		s.inQ[i] = true
		s.queue = append(s.queue, i)
	}
}

func (s *solver) setLo(p int32, v int8) {
	if v <= s.lo[p] {
		return
	}
	if v > s.hi[p] {
		s.fail = true
		return
	}
	old := s.lo[p]
	s.trail = append(s.trail, trailEntry{p, old, s.hi[p]})
	s.lo[p] = v
	if v == s.hi[p] {
		s.open--
	}
	pr := s.g.Pairs[p]
	s.sumLo[pr.A] += int32(v - old)
	s.sumLo[pr.B] += int32(v - old)
	s.push(pr.A)
	s.push(pr.B)
	if old == 0 {
		for _, q := range s.g.Crossings[p] {
			if s.setHi(q, 0); s.fail {
				return
			}
		}
	}
}

func (s *solver) setHi(p int32, v int8) {
	if v >= s.hi[p] {
		return
	}
	if v < s.lo[p] {
		s.fail = true
		return
	}
	old := s.hi[p]
	s.trail = append(s.trail, trailEntry{p, s.lo[p], old})
	s.hi[p] = v
	if v == s.lo[p] {
		s.open--
	}
	pr := s.g.Pairs[p]
	s.sumHi[pr.A] -= int32(old - v)
	s.sumHi[pr.B] -= int32(old - v)
	s.push(pr.A)
	s.push(pr.B)
}

func (s *solver) undo(mark int) {
	for t := len(s.trail) - 1; t >= mark; t-- {
		e := s.trail[t]
		p := e.p
		if s.lo[p] == s.hi[p] && e.lo != e.hi {
			s.open++
		}
		pr := s.g.Pairs[p]
		dl, dh := int32(s.lo[p]-e.lo), int32(e.hi-s.hi[p])
		s.sumLo[pr.A] -= dl
		s.sumLo[pr.B] -= dl
		s.sumHi[pr.A] += dh
		s.sumHi[pr.B] += dh
		s.lo[p], s.hi[p] = e.lo, e.hi
	}
	s.trail = s.trail[:mark]
}

func (s *solver) clearQueue() {
	for _, i := range s.queue {
		s.inQ[i] = false
	}
	s.queue = s.queue[:0]
	s.fail = false
}

// nodeRule applies the bounds rule at node i.
func (s *solver) nodeRule(i int32) {
	m := s.mag[i]
	if s.sumLo[i] > m || s.sumHi[i] < m {
		s.fail = true
		return
	}
	for _, p := range s.g.PairAt[i] {
		if p < 0 || s.lo[p] == s.hi[p] {
			continue
		}
		if v := m - (s.sumHi[i] - int32(s.hi[p])); v > int32(s.lo[p]) {
			if s.setLo(p, int8(v)); s.fail {
				return
			}
		}
		if v := m - (s.sumLo[i] - int32(s.lo[p])); v < int32(s.hi[p]) {
			if s.setHi(p, int8(v)); s.fail {
				return
			}
		}
	}
}

// propagate closes the state under the rules; false on a contradiction
// (with the queue left empty).
func (s *solver) propagate() bool {
	for {
		for len(s.queue) > 0 && !s.fail {
			i := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			s.inQ[i] = false
			s.nodeRule(i)
		}
		if s.fail || !s.global() {
			s.clearQueue()
			return false
		}
		if len(s.queue) == 0 {
			return true
		}
	}
}

// label writes into comp the component of each node in the graph of pairs
// with lo > 0 (drawn) or hi > 0 (potential); it returns the number of
// components and, for drawn ones, whether one holds a cycle.
func (s *solver) label(comp []int32, drawn bool) (int32, bool) {
	g := s.g
	for i := range comp {
		comp[i] = -1
	}
	nc, cycle := int32(0), false
	for i := range s.n {
		if comp[i] >= 0 {
			continue
		}
		c := nc
		nc++
		comp[i] = c
		size, rem, ends := int32(0), int32(0), int32(0)
		st := append(s.stack[:0], int32(i))
		for len(st) > 0 {
			v := st[len(st)-1]
			st = st[:len(st)-1]
			size++
			rem += s.mag[v] - s.sumLo[v]
			for d, p := range g.PairAt[v] {
				if p < 0 || drawn && s.lo[p] == 0 || !drawn && s.hi[p] == 0 {
					continue
				}
				ends++
				if w := g.Nbr[v][d]; comp[w] < 0 {
					comp[w] = c
					st = append(st, w)
				}
			}
		}
		s.stack = st
		if drawn {
			s.size[c], s.rem[c] = size, rem
			if ends/2 >= size {
				cycle = true
			}
		}
	}
	return nc, cycle
}

// global applies the connectivity rules; false on a contradiction.
func (s *solver) global() bool {
	needConn := !s.rules.AllowDisconnected
	if !needConn && !s.rules.NoLoops || s.n == 0 {
		return true
	}
	if needConn && !s.bridges() {
		return false
	}
	nc, cycle := s.label(s.comp, true)
	if s.rules.NoLoops && cycle {
		return false
	}
	if needConn {
		for c := range nc {
			if s.rem[c] == 0 && int(s.size[c]) < s.n {
				return false
			}
		}
	}
	if s.open == 0 {
		return true
	}
	for p, pr := range s.g.Pairs {
		if s.lo[p] != 0 || s.hi[p] == 0 {
			continue
		}
		a, b := s.comp[pr.A], s.comp[pr.B]
		if a == b {
			if s.rules.NoLoops {
				s.setHi(int32(p), 0)
			}
			continue
		}
		if needConn && int(s.size[a]+s.size[b]) < s.n && s.rem[a]+s.rem[b] == 2*int32(s.hi[p]) {
			s.setHi(int32(p), s.hi[p]-1)
		}
		if s.fail {
			return false
		}
	}
	return !s.fail
}

type frame struct {
	v    int32
	dir  int8
	from int32 // the pair used to enter v, or -1
}

type bound struct {
	p      int32
	lo, hi int8
}

// bridges checks that the potential graph (pairs with hi > 0) is
// connected and tightens its bridges (cut edges), as the square solver's
// stage bridges does. If p is a bridge and S the nodes on one side, every
// connection at a node of S stays in S or crosses p, so x_p = M(S) -
// 2·I(S) with M(S) the sum of the magnitudes in S and I(S) the connections
// inside S: x_p >= 1 (S would be cut off), x_p has the parity of M(S), and
// the lo and hi of the pairs inside S bound I(S). Tarjan's lowlink walk,
// iterative, with subtree sums; O(nodes + pairs). Returns false on a
// contradiction.
func (s *solver) bridges() bool {
	g := s.g
	for i := range s.n {
		s.disc[i] = -1
		s.subMag[i], s.subLo[i], s.subHi[i] = s.mag[i], s.sumLo[i], s.sumHi[i]
	}
	t := int32(0)
	s.forced = s.forced[:0]
	st := append(s.frames[:0], frame{v: 0, from: -1})
	s.disc[0], s.low[0] = 0, 0
	t++
	for len(st) > 0 {
		f := &st[len(st)-1]
		v := f.v
		if f.dir < NumDirections {
			d := f.dir
			f.dir++
			p := g.PairAt[v][d]
			if p < 0 || p == f.from || s.hi[p] == 0 {
				continue
			}
			w := g.Nbr[v][d]
			if s.disc[w] < 0 {
				s.disc[w], s.low[w] = t, t
				t++
				st = append(st, frame{v: w, from: p})
			} else if s.disc[w] < s.low[v] {
				s.low[v] = s.disc[w]
			}
			continue
		}
		from := f.from
		st = st[:len(st)-1]
		if len(st) == 0 {
			break
		}
		u := st[len(st)-1].v
		s.low[u] = min(s.low[u], s.low[v])
		s.subMag[u] += s.subMag[v]
		s.subLo[u] += s.subLo[v]
		s.subHi[u] += s.subHi[v]
		if s.low[v] > s.disc[u] {
			m := s.subMag[v]
			lo, hi := int32(s.lo[from]), int32(s.hi[from])
			inLo, inHi := (s.subLo[v]-lo)/2, (s.subHi[v]-hi)/2
			nlo, nhi := max(lo, 1, m-2*inHi), min(hi, m-2*inLo)
			if (nlo-m)&1 != 0 {
				nlo++
			}
			if (nhi-m)&1 != 0 {
				nhi--
			}
			if nlo > nhi {
				s.frames = st
				return false
			}
			if nlo > lo || nhi < hi {
				s.forced = append(s.forced, bound{from, int8(nlo), int8(nhi)})
			}
		}
	}
	s.frames = st
	if t < int32(s.n) {
		return false // the potential graph is disconnected
	}
	for _, b := range s.forced {
		if s.setLo(b.p, b.lo); !s.fail {
			s.setHi(b.p, b.hi)
		}
		if s.fail {
			return false
		}
	}
	return true
}

func (s *solver) stats() SolveStats {
	return SolveStats{Nodes: s.nodes, Backtracks: s.backtracks, Solutions: s.count, Elapsed: time.Since(s.start)}
}

// choose returns the open pair to branch on.
func (s *solver) choose() int32 {
	best, bestScore := int32(-1), int64(1<<62)
	for p := range s.lo {
		w := int64(s.hi[p] - s.lo[p])
		if w == 0 {
			continue
		}
		pr := s.g.Pairs[p]
		score := w<<32 + int64(min(s.openAt(pr.A), s.openAt(pr.B)))
		if score < bestScore {
			best, bestScore = int32(p), score
		}
	}
	return best
}

func (s *solver) openAt(i int32) int32 {
	n := int32(0)
	for _, p := range s.g.PairAt[i] {
		if p >= 0 && s.lo[p] < s.hi[p] {
			n++
		}
	}
	return n<<8 + s.sumHi[i] - s.mag[i]
}

// search branches on the current (propagated) state; it returns true when
// the run must stop.
func (s *solver) search() bool {
	s.nodes++
	if s.nodes&255 == 0 {
		if s.onNode != nil {
			s.onNode(s.nodes)
		}
		if err := s.ctx.Err(); err != nil {
			s.stopErr = err
			return true
		}
		if s.progress != nil {
			if now := time.Now(); now.Sub(s.last) >= s.every {
				s.last = now
				s.progress(s.stats())
			}
		}
	}
	if s.open == 0 {
		s.count++
		if s.first == nil {
			s.first = append(Solution(nil), s.lo...)
		}
		if s.onSolution != nil && !s.onSolution(append(Solution(nil), s.lo...)) {
			return true
		}
		return s.limit > 0 && s.count >= s.limit
	}
	p := s.choose()
	lo, hi := s.lo[p], s.hi[p]
	for v := hi; v >= lo; v-- {
		mark := len(s.trail)
		s.setLo(p, v)
		if !s.fail {
			s.setHi(p, v)
		}
		if s.fail || !s.propagate() || !s.probeNear(mark) {
			s.clearQueue()
			s.undo(mark)
			s.backtracks++
			continue
		}
		stop := s.search()
		s.undo(mark)
		if stop {
			return true
		}
	}
	return false
}

// probe is failed-value lookahead over every open pair: assume x_p = lo[p]
// (then x_p = hi[p]), propagate, and when that fails, exclude the value.
// Sound because a value whose consequences under sound rules contradict
// is in no solution. It repeats until nothing changes; false on a
// contradiction. Each pass costs O(pairs) propagations.
func (s *solver) probe() bool {
	all := make([]int32, len(s.lo))
	for p := range all {
		all[p] = int32(p)
	}
	return s.probeList(all)
}

// probeNear probes the open pairs at the ends of the pairs changed since
// trail position from and at those ends' neighbours, repeating while the
// probes change bounds. Which pairs are probed affects only the pruning's
// strength, never its soundness.
func (s *solver) probeNear(from int) bool {
	g := s.g
	if s.mark == nil {
		s.mark = make([]uint32, len(s.lo))
	}
	for from < len(s.trail) {
		s.stamp++
		cand := s.cand[:0]
		add := func(i int32) {
			for _, p := range g.PairAt[i] {
				if p >= 0 && s.lo[p] < s.hi[p] && s.mark[p] != s.stamp {
					s.mark[p] = s.stamp
					cand = append(cand, p)
				}
			}
		}
		end := len(s.trail)
		for _, e := range s.trail[from:end] {
			pr := g.Pairs[e.p]
			for _, a := range [2]int32{pr.A, pr.B} {
				add(a)
				for _, b := range g.Nbr[a] {
					if b >= 0 {
						add(b)
					}
				}
			}
		}
		s.cand = cand
		from = end
		if !s.probeOnce(cand) {
			return false
		}
	}
	return true
}

// probeList probes the pairs in cand until nothing changes.
func (s *solver) probeList(cand []int32) bool {
	for {
		before := len(s.trail)
		if !s.probeOnce(cand) {
			return false
		}
		if len(s.trail) == before {
			return true
		}
	}
}

// probeOnce probes each pair of cand once.
func (s *solver) probeOnce(cand []int32) bool {
	for _, p := range cand {
		for side := 0; side < 2 && s.lo[p] < s.hi[p]; side++ {
			mark := len(s.trail)
			if side == 0 {
				s.setHi(p, s.lo[p])
			} else {
				s.setLo(p, s.hi[p])
			}
			ok := !s.fail && s.propagate()
			s.clearQueue()
			s.undo(mark)
			if ok {
				continue
			}
			if side == 0 {
				s.setLo(p, s.lo[p]+1)
			} else {
				s.setHi(p, s.hi[p]-1)
			}
			if s.fail || !s.propagate() {
				s.clearQueue()
				return false
			}
		}
	}
	return true
}

// Enumerate calls visit with every solution of g in search order until
// visit returns false; it returns the number visited.
func Enumerate(ctx context.Context, g *Grid, rules Rules, visit func(Solution) bool) (uint64, error) {
	s := newSolver(g, rules)
	s.ctx, s.onSolution = ctx, visit
	s.start = time.Now()
	s.last = s.start
	if !s.oddSum() && s.propagate() && s.probe() {
		s.search()
	}
	return s.count, s.stopErr
}

// Bridge is one bridge of a solution as package verify reads it: 0-based
// offset coordinates of both ends and the connection count.
type Bridge struct {
	R1, C1, R2, C2, N int
}

// Bridges lists the pairs of sol that carry connections.
func Bridges(g *Grid, sol Solution) []Bridge {
	var out []Bridge
	for p, n := range sol {
		if n == 0 || p >= len(g.Pairs) {
			continue
		}
		a, b := g.Nodes[g.Pairs[p].A], g.Nodes[g.Pairs[p].B]
		out = append(out, Bridge{a.Row, a.Col, b.Row, b.Col, int(n)})
	}
	return out
}

// SolutionFromBridges maps bridges onto g's pairs; it fails on a bridge that
// is not a pair of g or carries a count outside 1..K.
func SolutionFromBridges(g *Grid, bridges []Bridge) (Solution, error) {
	sol := make(Solution, len(g.Pairs))
	for _, b := range bridges {
		a := g.NodeAt(b.R1, b.C1)
		if a < 0 {
			return nil, fmt.Errorf("%w: (%d,%d) is not a node", ErrBadBridge, b.R1+1, b.C1+1)
		}
		found := false
		for d, j := range g.Nbr[a] {
			if j >= 0 && g.Nodes[j].Row == b.R2 && g.Nodes[j].Col == b.C2 {
				p := g.PairAt[a][d]
				if b.N < 0 || int(sol[p])+b.N > g.K {
					return nil, fmt.Errorf("%w: (%d,%d)-(%d,%d) carries more than k=%d", ErrBadBridge, b.R1+1, b.C1+1, b.R2+1, b.C2+1, g.K)
				}
				sol[p] += int8(b.N)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("%w: (%d,%d)-(%d,%d) are not neighbours", ErrBadBridge, b.R1+1, b.C1+1, b.R2+1, b.C2+1)
		}
	}
	return sol, nil
}

// ErrBadBridge reports a bridge that does not fit the grid.
var ErrBadBridge = errors.New("bad hex bridge")
