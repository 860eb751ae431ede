package numberlink

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/internal/restart"
)

// ErrNoSolution reports that a grid provably has no solution under the rules
// in force.
var ErrNoSolution = errors.New("numberlink: no solution")

// SolveOptions configures Solve, Count and Rate. The zero value solves under
// the seed's rules with no progress reports.
type SolveOptions struct {
	// Rules selects the puzzle variant (no loops, connectivity optional).
	Rules Rules
	// Progress, when set, is called from the solving goroutine with a snapshot
	// of the statistics, at most once per ProgressEvery.
	Progress func(SolveStats)
	// ProgressEvery is the minimum interval between progress reports; zero
	// means one second.
	ProgressEvery time.Duration
	// MaxNodes, when positive, stops the search after that many search
	// nodes: the call returns what it found so far with ErrNodeLimit (a
	// generator's budget per candidate puzzle).
	MaxNodes uint64
}

// ErrNodeLimit reports a search stopped by SolveOptions.MaxNodes.
var ErrNodeLimit = errors.New("numberlink: search node limit reached")

// SolveStats are the statistics of one run, readable after it returns or in
// a progress callback.
type SolveStats struct {
	// Nodes is the number of search nodes (branching decisions tried).
	Nodes uint64
	// Backtracks is the number of search nodes whose propagation failed.
	Backtracks uint64
	// Deductions is the number of bound tightenings made by the rules (not by
	// branching).
	Deductions uint64
	// Solutions is the number of solutions found so far.
	Solutions uint64
	// MaxDepth is the deepest branching level reached.
	MaxDepth int
	// Elapsed is the wall time since the run started.
	Elapsed time.Duration
}

// Solve finds one solution of g under opt.Rules. It returns ErrNoSolution when
// the search space is exhausted, or ctx.Err() when stopped early. The
// solution it returns satisfies every rule; callers that print it still pass
// it through the independent verifier.
//
// Solve is a complete search (see Count) and may take exponential time on
// adversarial grids; on the Coelho et al. benchmark it takes milliseconds.
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

// Count counts the solutions of g under opt.Rules, stopping once it has found
// limit of them (limit 0 means no limit; limit 2 is a uniqueness check). It
// returns the count, the first solution found (nil if none) and the run's
// statistics. When ctx is cancelled it returns what it has so far together
// with ctx.Err().
//
// The search branches on one pair's connection count at a time (the pair
// with the fewest values left, weighted by the contradictions seen at its
// ends: dom/wdeg), so distinct leaves are distinct solutions and the count
// is exact. Every search node is first closed under the deduction stages of
// grade.go (bounds, crossing, isolation, bridges) and then probed near the
// last decision; the cost per node is O(pairs) per propagation round. The
// search restarts on Luby's schedule until it has found two solutions and
// then runs to completion (see run).
func Count(ctx context.Context, g *Grid, limit uint64, opt SolveOptions) (uint64, Solution, SolveStats, error) {
	return count(ctx, g, limit, opt, nil)
}

// count is Count with an optional visitor of every solution found.
func count(ctx context.Context, g *Grid, limit uint64, opt SolveOptions, visit func(Solution) bool) (uint64, Solution, SolveStats, error) {
	s, err := newSolver(g, opt.Rules, stageProbe)
	if err != nil {
		return 0, nil, SolveStats{}, err
	}
	s.onSolution = visit
	s.ctx = ctx
	s.limit = limit
	s.maxNodes = opt.MaxNodes
	s.progress = opt.Progress
	s.every = opt.ProgressEvery
	if s.every <= 0 {
		s.every = time.Second
	}
	s.start = time.Now()
	s.lastReport = s.start
	if err := ctx.Err(); err != nil {
		return 0, nil, s.snapshot(), err
	}
	s.run()
	return s.count, s.first, s.snapshot(), s.stopErr
}

// Enumerate calls visit with every solution of g under opt.Rules, in the
// order the complete search of Count meets them, until visit returns false;
// it returns the number of solutions visited and the run's statistics.
// When ctx is cancelled (or opt.MaxNodes reached) it returns what it has
// with the error.
func Enumerate(ctx context.Context, g *Grid, opt SolveOptions, visit func(Solution) bool) (uint64, SolveStats, error) {
	n, _, st, err := count(ctx, g, 0, opt, visit)
	return n, st, err
}

// lubyUnit is the number of backtracks in one unit of the restart schedule.
const lubyUnit = 32

// restartSolutions is the number of solutions after which the search stops
// restarting and runs one complete depth-first search.
const restartSolutions = 2

// run is the search driver: depth-first search with restarts on Luby's
// schedule (Luby, Sinclair and Zuckerman 1993), each run with its own
// deterministic tie-breaking. A run stops after its budget of backtracks;
// the budgets grow without bound, so some run finishes its whole tree and
// the count is exact. Once restartSolutions solutions are known the next
// run has no budget. Solutions found in budgeted runs are remembered so that
// a later run does not count one twice (so memory stays bounded by
// restartSolutions solutions however many are counted).
func (s *solver) run() {
	// The seed's Proposition part 2 (§2.1): every connection adds 2 to the
	// sum of the degrees, so an odd sum of magnitudes has no solution. The
	// stages do not see parity, and without connectivity (AllowDisconnected)
	// the search would have to exhaust the tree to find that out.
	sum := int64(0)
	for _, m := range s.mag {
		sum += int64(m)
	}
	if sum%2 != 0 || !s.propagate() {
		return
	}
	root := len(s.trail)
	s.seen = map[string]struct{}{}
	for r := uint64(1); ; r++ {
		s.runIndex = r
		s.budget = restart.Luby(r) * lubyUnit
		if s.count >= restartSolutions {
			s.budget = 0 // unlimited: the final, complete run
		}
		s.rng = r * 0x9e3779b97f4a7c15
		s.aborted = false
		s.search(0, 0)
		s.undo(root)
		if !s.aborted {
			return // finished the tree, reached the limit or was cancelled
		}
	}
}

// stage numbers the deduction rules in the order the grader escalates them;
// see grade.go for what each one infers and why it is sound.
type stage int8

const (
	stageBounds    stage = iota // per-node lower and upper bounds
	stageCrossing               // a drawn connection forbids crossing pairs
	stageIsolation              // closed subgroups and, with NoLoops, cycles
	stageBridges                // bridges of the potential graph are forced
	stageProbe                  // failed-value lookahead on every open pair
	numStages
)

// trailEntry records a pair's bounds before a change, for undo.
type trailEntry struct {
	p      int32
	lo, hi int8
}

// solver holds the mutable state of one search: the bounds lo[p] <= x_p <=
// hi[p] on every pair's connection count, with a trail for undo.
type solver struct {
	g     *Grid
	rules Rules
	level stage // highest deduction stage enabled
	n     int
	// The lattice's tables, flattened once so that no hot loop calls the
	// Lattice: pairA[p], pairB[p] are pair p's ends; node i's neighbours
	// are adjNbr[k] over adjPair[k] for adjOff[i] <= k < adjOff[i+1], in
	// direction order.
	pairA, pairB []int32
	adjOff       []int32
	adjPair      []int32
	adjNbr       []int32
	mag          []int32
	lo           []int8
	hi           []int8
	sumLo        []int32 // per node: sum of lo over its pairs
	sumHi        []int32 // per node: sum of hi over its pairs
	// weight counts the contradictions found at each node, for dom/wdeg.
	weight []uint32
	// Incremental union-find over the drawn graph (pairs with lo > 0), by
	// size without path compression so that unions undo from the trail;
	// ufRem[root] is the component's remaining demand.
	ufParent []int32
	ufSize   []int32
	ufRem    []int32
	// trial is set during probe trials: the whole-grid pass is skipped and
	// only the incremental isolation checks and cutsConnected run.
	trial bool
	// cut lists the pairs whose upper bound fell to 0 during the current
	// trial: the potential graph lost them (see cutsConnected).
	cut []int32
	// scratch for cutsConnected: per node the stamp of the side that
	// reached it, and the two searches' queues.
	vis      []uint32
	visStamp uint32
	qa, qb   []int32
	open     int // number of pairs with lo < hi

	trail []trailEntry
	queue []int32
	inQ   []bool
	fail  bool

	// scratch for the global connectivity pass
	parent []int32
	size   []int32
	rem    []int32
	disc   []int32
	low    []int32
	stack  []dfsFrame
	forced []bridgeBound
	bfs    []int32
	// probing enables stage probe near each decision during search; the
	// trial propagations run up to stage isolation (measured fastest on
	// the Coelho benchmark).
	probing bool
	stamp   uint32
	mark    []uint32 // per pair: stamp of the last candidate list it joined
	cand    []int32
	subMag  []int32
	subLo   []int32
	subHi   []int32

	// search bookkeeping
	ctx        context.Context
	limit      uint64
	count      uint64
	first      Solution
	stopErr    error
	nodes      uint64
	backtracks uint64
	deductions uint64
	perStage   [numStages]uint64
	maxDepth   int
	progress   func(SolveStats)
	every      time.Duration
	start      time.Time
	lastReport time.Time
	onSolution func(Solution) bool // optional: return false to stop
	maxNodes   uint64              // 0: no limit (SolveOptions.MaxNodes)
	seen       map[string]struct{} // solutions found in earlier runs
	budget     uint64              // backtracks left in this run
	aborted    bool                // this run ran out of budget
	rng        uint64              // xorshift state for tie-breaking
	runIndex   uint64              // 1 for the first run
}

type dfsFrame struct {
	v    int32
	next int32 // the next adjacency slot of v to try
	from int32 // pair used to enter v, or -1
}

func newSolver(g *Grid, rules Rules, level stage) (*solver, error) {
	n, np := len(g.Nodes), len(g.Pairs)
	s := &solver{
		g: g, rules: rules, level: level, n: n,
		mag:      make([]int32, n),
		lo:       make([]int8, np),
		hi:       make([]int8, np),
		sumLo:    make([]int32, n),
		sumHi:    make([]int32, n),
		weight:   make([]uint32, n),
		ufParent: make([]int32, n),
		ufSize:   make([]int32, n),
		ufRem:    make([]int32, n),
		inQ:      make([]bool, n),
		queue:    make([]int32, 0, n),

		parent: make([]int32, n),
		size:   make([]int32, n),
		rem:    make([]int32, n),
		disc:   make([]int32, n),
		low:    make([]int32, n),
		mark:   make([]uint32, np),
		vis:    make([]uint32, n),
		subMag: make([]int32, n),
		subLo:  make([]int32, n),
		subHi:  make([]int32, n),
	}
	s.probing = level >= stageProbe
	s.pairA, s.pairB = make([]int32, np), make([]int32, np)
	for p, pr := range g.Pairs {
		s.pairA[p], s.pairB[p] = pr.A, pr.B
	}
	s.adjOff = make([]int32, n+1)
	s.adjPair = make([]int32, 0, 2*np)
	s.adjNbr = make([]int32, 0, 2*np)
	for i := range n {
		for d, p := range g.PairAt[i] {
			if p >= 0 {
				s.adjPair = append(s.adjPair, p)
				s.adjNbr = append(s.adjNbr, g.Nbr[i][d])
			}
		}
		s.adjOff[i+1] = int32(len(s.adjPair))
	}
	for i, nd := range g.Nodes {
		s.mag[i] = int32(nd.Mag)
		s.ufParent[i] = int32(i)
		s.ufSize[i] = 1
		s.ufRem[i] = int32(nd.Mag)
	}
	for p, pr := range g.Pairs {
		h := min(g.K, g.Nodes[pr.A].Mag, g.Nodes[pr.B].Mag)
		if h > 127 {
			return nil, fmt.Errorf("%w: k=%d: the solver handles at most 127 connections per pair", ErrBadK, g.K)
		}
		s.hi[p] = int8(h)
		s.sumHi[pr.A] += int32(h)
		s.sumHi[pr.B] += int32(h)
		if h > 0 {
			s.open++
		}
	}
	for i := range n {
		s.push(int32(i))
	}
	return s, nil
}

func (s *solver) push(i int32) {
	if !s.inQ[i] {
		s.inQ[i] = true
		s.queue = append(s.queue, i)
	}
}

// setLo raises lo[p] to v; it sets s.fail if that empties the domain.
func (s *solver) setLo(p int32, v int8, by stage) {
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
	pa, pb := s.pairA[p], s.pairB[p]
	dl := int32(v - old)
	s.sumLo[pa] += dl
	s.sumLo[pb] += dl
	s.push(pa)
	s.push(pb)
	if by < numStages {
		s.deductions++
		s.perStage[by]++
	}
	// Keep the drawn graph's components: demand first, then the union, so
	// that undo (in reverse) splits before restoring demand.
	ra, rb := s.root(pa), s.root(pb)
	s.ufRem[ra] -= dl
	s.ufRem[rb] -= dl
	if old == 0 {
		if ra == rb {
			if s.rules.NoLoops {
				s.fail = true // a cycle of drawn pairs
				return
			}
		} else {
			if s.ufSize[ra] < s.ufSize[rb] {
				ra, rb = rb, ra
			}
			s.ufParent[rb] = ra
			s.ufSize[ra] += s.ufSize[rb]
			s.ufRem[ra] += s.ufRem[rb]
			s.trail = append(s.trail, trailEntry{p: -1 - rb})
		}
	}
	// Stage isolation, closed subgroup (incremental form): a component with
	// no demand left that is not the whole grid can never join the rest.
	if s.level >= stageIsolation && !s.rules.AllowDisconnected && s.ufRem[ra] == 0 && int(s.ufSize[ra]) < s.n {
		s.fail = true
		return
	}
	// Stage crossing: a pair that carries a connection forbids every pair
	// whose segment crosses it.
	if old == 0 && s.level >= stageCrossing {
		for _, q := range s.g.Crossings[p] {
			s.setHi(q, 0, stageCrossing)
			if s.fail {
				return
			}
		}
	}
}

// setHi lowers hi[p] to v; it sets s.fail if that empties the domain.
func (s *solver) setHi(p int32, v int8, by stage) {
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
	if v == 0 && s.trial {
		s.cut = append(s.cut, p)
	}
	pa, pb := s.pairA[p], s.pairB[p]
	s.sumHi[pa] -= int32(old - v)
	s.sumHi[pb] -= int32(old - v)
	s.push(pa)
	s.push(pb)
	if by < numStages {
		s.deductions++
		s.perStage[by]++
	}
}

// undo restores every bound changed since the trail had length mark.
func (s *solver) undo(mark int) {
	for t := len(s.trail) - 1; t >= mark; t-- {
		e := s.trail[t]
		p := e.p
		if p < 0 {
			// A union: split the child root b off its parent again.
			b := -1 - p
			a := s.ufParent[b]
			s.ufParent[b] = b
			s.ufSize[a] -= s.ufSize[b]
			s.ufRem[a] -= s.ufRem[b]
			continue
		}
		pa, pb := s.pairA[p], s.pairB[p]
		if s.lo[p] == s.hi[p] && e.lo != e.hi {
			s.open++
		}
		dl := int32(s.lo[p] - e.lo)
		dh := int32(e.hi - s.hi[p])
		if dl != 0 {
			s.ufRem[s.root(pa)] += dl
			s.ufRem[s.root(pb)] += dl
		}
		s.sumLo[pa] -= dl
		s.sumLo[pb] -= dl
		s.sumHi[pa] += dh
		s.sumHi[pb] += dh
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

// nodeRule is stage bounds at node i: with m = magn(i), each pair p at i
// satisfies m - (sumHi - hi[p]) <= x_p <= m - (sumLo - lo[p]).
func (s *solver) nodeRule(i int32) {
	m := s.mag[i]
	if s.sumLo[i] > m || s.sumHi[i] < m {
		s.fail = true
		s.weight[i]++
		return
	}
	iso := s.level >= stageIsolation && (s.rules.NoLoops || !s.rules.AllowDisconnected)
	for k := s.adjOff[i]; k < s.adjOff[i+1]; k++ {
		p := s.adjPair[k]
		if s.lo[p] == s.hi[p] {
			continue
		}
		if iso && s.lo[p] == 0 {
			// Stage isolation at this node's open pairs (the whole-grid
			// pass in global does the same for every pair).
			ri, rj := s.root(i), s.root(s.adjNbr[k])
			if ri == rj {
				if s.rules.NoLoops {
					s.setHi(p, 0, stageIsolation)
					if s.fail {
						return
					}
					continue
				}
			} else if !s.rules.AllowDisconnected && int(s.ufSize[ri]+s.ufSize[rj]) < s.n && s.ufRem[ri]+s.ufRem[rj] == 2*int32(s.hi[p]) {
				s.setHi(p, s.hi[p]-1, stageIsolation)
				if s.fail {
					return
				}
				if s.lo[p] == s.hi[p] {
					continue
				}
			}
		}
		if v := m - (s.sumHi[i] - int32(s.hi[p])); v > int32(s.lo[p]) {
			s.setLo(p, int8(v), stageBounds)
			if s.fail {
				s.weight[i]++
				return
			}
		}
		if v := m - (s.sumLo[i] - int32(s.lo[p])); v < int32(s.hi[p]) {
			s.setHi(p, int8(v), stageBounds)
			if s.fail {
				s.weight[i]++
				return
			}
		}
	}
}

// propagate closes the state under every enabled stage (except probing). It
// returns false on a contradiction, leaving the queue empty.
func (s *solver) propagate() bool {
	for {
		for len(s.queue) > 0 && !s.fail {
			i := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			s.inQ[i] = false
			s.nodeRule(i)
		}
		if s.fail {
			s.clearQueue()
			return false
		}
		if s.open == 0 && s.level < stageCrossing && s.crossingViolated() {
			s.clearQueue()
			return false
		}
		if s.trial && s.open > 0 {
			if !s.cutsConnected() {
				s.clearQueue()
				return false
			}
			return true
		}
		if !s.global() {
			s.clearQueue()
			return false
		}
		if len(s.queue) == 0 {
			return true
		}
	}
}

// root finds the drawn-graph component of node i.
func (s *solver) root(i int32) int32 {
	for s.ufParent[i] != i {
		i = s.ufParent[i]
	}
	return i
}

// crossingViolated reports whether two drawn pairs cross; it checks decided
// states when stage crossing is off, so that every accepted leaf obeys the
// no-crossing rule whatever the stage level.
func (s *solver) crossingViolated() bool {
	for p, cr := range s.g.Crossings {
		if s.lo[p] == 0 {
			continue
		}
		for _, q := range cr {
			if s.lo[q] > 0 {
				return true
			}
		}
	}
	return false
}

// global runs the connectivity stages, which look at the whole grid. It is
// always run on a fully decided state (so that every leaf is checked against
// connectivity and NoLoops whatever the stage level) and otherwise only when
// the isolation stage is enabled. It returns false on a contradiction.
func (s *solver) global() bool {
	needConn := !s.rules.AllowDisconnected
	if !needConn && !s.rules.NoLoops {
		return true
	}
	if s.open > 0 && s.level < stageIsolation {
		return true
	}
	n32 := int32(s.n)
	// Label the components of the drawn graph (pairs with lo > 0) by
	// depth-first search, with each component's size and remaining demand
	// (magnitudes minus connections already drawn at its nodes).
	comp := s.parent
	for i := range s.n {
		comp[i] = -1
	}
	nc := int32(0)
	for i := range s.n {
		if comp[i] >= 0 {
			continue
		}
		c := nc
		nc++
		comp[i] = c
		size, rem, ends := int32(0), int32(0), int32(0)
		st := append(s.bfs[:0], int32(i))
		for len(st) > 0 {
			v := st[len(st)-1]
			st = st[:len(st)-1]
			size++
			rem += s.mag[v] - s.sumLo[v]
			for k := s.adjOff[v]; k < s.adjOff[v+1]; k++ {
				if s.lo[s.adjPair[k]] == 0 {
					continue
				}
				ends++
				if w := s.adjNbr[k]; comp[w] < 0 {
					comp[w] = c
					st = append(st, w)
				}
			}
		}
		s.bfs = st
		// With NoLoops a component must be a tree: ends/2 drawn pairs on
		// size nodes means a cycle when ends/2 >= size.
		if s.rules.NoLoops && ends/2 >= size {
			return false
		}
		s.size[c], s.rem[c] = size, rem
		// Stage isolation, closed subgroup: a component of the drawn graph
		// with no connection left to make can never join the rest.
		if needConn && rem == 0 && size < n32 {
			return false
		}
	}
	if s.open == 0 {
		return true // decided: connectivity follows from the check above
	}
	for p := range s.lo {
		if s.lo[p] != 0 || s.hi[p] == 0 {
			continue
		}
		a, b := comp[s.pairA[p]], comp[s.pairB[p]]
		if a == b {
			// Stage isolation, NoLoops: a connection inside one component
			// of the drawn graph would close a cycle.
			if s.rules.NoLoops {
				s.setHi(int32(p), 0, stageIsolation)
			}
			continue
		}
		// Stage isolation, closed subgroup lookahead: x_p = t merges the two
		// components into one with s.rem[a]+s.rem[b]-2t connections left; if
		// that is 0 for t = hi[p] and the merged part is not the whole grid,
		// it would be closed off, so x_p < hi[p].
		if needConn && s.size[a]+s.size[b] < n32 && s.rem[a]+s.rem[b] == 2*int32(s.hi[p]) {
			s.setHi(int32(p), s.hi[p]-1, stageIsolation)
		}
	}
	if s.fail {
		return false
	}
	if needConn && s.level >= stageBridges {
		return s.bridges()
	}
	return true
}

// bridges is stage bridges, on the potential graph (pairs with hi > 0),
// which must be connected. Let p be a bridge of it and S the nodes on one
// side. Every connection at a node of S goes to S or along p, so
//
//	x_p = M(S) - 2*I(S)
//
// where M(S) is the sum of the magnitudes in S and I(S) the number of
// connections inside S. Hence x_p >= 1 (else S is cut off: the bridge is
// forced), x_p has the parity of M(S), and bounds on I(S) from the lo and hi
// of the pairs inside S bound x_p. The walk is Tarjan's lowlink DFS,
// iterative, with subtree sums; O(nodes + pairs).
func (s *solver) bridges() bool {
	if s.n == 0 {
		return true
	}
	for i := range s.n {
		s.disc[i] = -1
		s.subMag[i] = s.mag[i]
		s.subLo[i] = s.sumLo[i]
		s.subHi[i] = s.sumHi[i]
	}
	t := int32(0)
	s.forced = s.forced[:0]
	s.stack = append(s.stack[:0], dfsFrame{v: 0, next: s.adjOff[0], from: -1})
	s.disc[0], s.low[0] = t, t
	t++
	for len(s.stack) > 0 {
		f := &s.stack[len(s.stack)-1]
		v := f.v
		if f.next < s.adjOff[v+1] {
			k := f.next
			f.next++
			p := s.adjPair[k]
			if p == f.from || s.hi[p] == 0 {
				continue
			}
			w := s.adjNbr[k]
			if s.disc[w] < 0 {
				s.disc[w], s.low[w] = t, t
				t++
				s.stack = append(s.stack, dfsFrame{v: w, next: s.adjOff[w], from: p})
			} else if s.disc[w] < s.low[v] {
				s.low[v] = s.disc[w]
			}
			continue
		}
		from := f.from
		s.stack = s.stack[:len(s.stack)-1]
		if len(s.stack) == 0 {
			break
		}
		u := s.stack[len(s.stack)-1].v
		if s.low[v] < s.low[u] {
			s.low[u] = s.low[v]
		}
		s.subMag[u] += s.subMag[v]
		s.subLo[u] += s.subLo[v]
		s.subHi[u] += s.subHi[v]
		if s.low[v] > s.disc[u] {
			// from is a bridge; S is the subtree of v. The pairs inside S
			// count twice in subLo/subHi, p once.
			m := s.subMag[v]
			lo, hi := int32(s.lo[from]), int32(s.hi[from])
			inLo := (s.subLo[v] - lo) / 2
			inHi := (s.subHi[v] - hi) / 2
			nlo := max(lo, 1, m-2*inHi)
			nhi := min(hi, m-2*inLo)
			if (nlo-m)&1 != 0 {
				nlo++
			}
			if (nhi-m)&1 != 0 {
				nhi--
			}
			if nlo > nhi {
				return false
			}
			if nlo > lo || nhi < hi {
				s.forced = append(s.forced, bridgeBound{from, int8(nlo), int8(nhi)})
			}
		}
	}
	if t < int32(s.n) {
		return false // the potential graph is disconnected
	}
	// Apply after the walk, so that the walk sees one fixed graph.
	for _, f := range s.forced {
		s.setLo(f.p, f.lo, stageBridges)
		if !s.fail {
			s.setHi(f.p, f.hi, stageBridges)
		}
		if s.fail {
			return false
		}
	}
	return true
}

type pairEnds struct{ A, B int32 }

type bridgeBound struct {
	p      int32
	lo, hi int8
}

// probe is stage probe over every open pair: assume x_p = lo[p] and then
// x_p = hi[p], close the state under the other stages, and when an
// assumption leads to a contradiction, tighten the bound that excludes it.
// Sound because a value that contradicts sound deductions is in no solution.
// It repeats until nothing changes and returns false on a contradiction.
func (s *solver) probe() bool {
	for {
		start := len(s.trail)
		s.stamp++
		cand := s.cand[:0]
		for p := range s.lo {
			if s.lo[p] < s.hi[p] {
				cand = append(cand, int32(p))
			}
		}
		s.cand = cand
		if !s.probeList(cand, s.level) {
			return false
		}
		if len(s.trail) == start {
			return true
		}
	}
}

// probeNear is stage probe restricted to the open pairs near the bounds
// changed since trail position from: the pairs at their endpoints and at
// those endpoints' neighbours. Which pairs are probed affects only the
// strength of the pruning, never its soundness. Returns false on a
// contradiction.
//
// The trials run up to stage isolation plus cutsConnected, except when
// decision is set (trail[from] is the branching decision): the open pairs
// at the decided pair's two ends are then probed with every stage, bridges
// included. On the Coelho benchmark this is what refutes a wrong decision
// at once instead of after a subtree of backtracks (400 islands: 77 -> 67
// search nodes per instance on average, the largest 418 -> 321, and over
// four seeds of the restart schedule the largest 1135 -> 342), for about
// the cost of the nodes it saves.
func (s *solver) probeNear(from int, decision bool) bool {
	first := decision
	for from < len(s.trail) {
		s.stamp++
		cand := s.cand[:0]
		add := func(i int32) {
			for _, p := range s.adjPair[s.adjOff[i]:s.adjOff[i+1]] {
				if s.lo[p] < s.hi[p] && s.mark[p] != s.stamp {
					s.mark[p] = s.stamp
					cand = append(cand, p)
				}
			}
		}
		end := len(s.trail)
		nStrong := 0
		if first && s.trail[from].p >= 0 {
			add(s.pairA[s.trail[from].p])
			add(s.pairB[s.trail[from].p])
			nStrong = len(cand)
		}
		first = false
		for _, e := range s.trail[from:end] {
			if e.p < 0 {
				continue // a union record
			}
			for _, a := range [2]int32{s.pairA[e.p], s.pairB[e.p]} {
				add(a)
				for _, b := range s.adjNbr[s.adjOff[a]:s.adjOff[a+1]] {
					add(b)
				}
			}
		}
		s.cand = cand
		from = end
		if nStrong > 0 && !s.probeList(cand[:nStrong], s.level) {
			return false
		}
		if !s.probeList(cand[nStrong:], min(s.level, stageIsolation)) {
			return false
		}
	}
	return true
}

// probeList probes the pairs in cand, with trial propagations run up to
// stage trial.
func (s *solver) probeList(cand []int32, trial stage) bool {
	for _, p := range cand {
		for side := 0; side < 2 && s.lo[p] < s.hi[p]; side++ {
			mark := len(s.trail)
			savedD, savedStages := s.deductions, s.perStage
			full := s.level
			s.level = trial
			s.trial = trial < stageBridges
			s.cut = s.cut[:0]
			if side == 0 {
				s.setHi(p, s.lo[p], numStages)
			} else {
				s.setLo(p, s.hi[p], numStages)
			}
			ok := !s.fail && s.propagate()
			s.level = full
			s.trial = false
			s.clearQueue()
			s.undo(mark)
			s.deductions, s.perStage = savedD, savedStages
			if ok {
				continue
			}
			if side == 0 {
				s.setLo(p, s.lo[p]+1, stageProbe)
			} else {
				s.setHi(p, s.hi[p]-1, stageProbe)
			}
			if s.fail || !s.propagate() {
				s.clearQueue() // leave no failure flag behind
				return false
			}
		}
	}
	return true
}

// choose picks the open pair to branch on: the pair with the fewest values
// left, ties broken by the endpoint with the fewest open pairs and then the
// least slack (sumHi - magn), the "most constrained" rule.
func (s *solver) choose() int32 {
	best, bestScore := int32(-1), int64(1<<62)
	noise := s.runIndex > 1
	for p := range s.lo {
		w := int64(s.hi[p] - s.lo[p])
		if w == 0 {
			continue
		}
		pa, pb := s.pairA[p], s.pairB[p]
		ca := s.nodeScore(pa)
		cb := s.nodeScore(pb)
		// dom/wdeg (Boussemart et al. 2004): fewest values per unit of
		// failure weight at the pair's ends first.
		wd := int64(1 + s.weight[pa] + s.weight[pb])
		score := ((w<<24)/wd<<20 + int64(min(ca, cb))) << 8
		if noise {
			score += int64(s.next() & 255)
		}
		if score < bestScore {
			best, bestScore = int32(p), score
		}
	}
	return best
}

func (s *solver) nodeScore(i int32) int32 {
	openPairs := int32(0)
	for _, p := range s.adjPair[s.adjOff[i]:s.adjOff[i+1]] {
		if s.lo[p] < s.hi[p] {
			openPairs++
		}
	}
	return openPairs<<10 + (s.sumHi[i] - s.mag[i])
}

func (s *solver) snapshot() SolveStats {
	return SolveStats{
		Nodes: s.nodes, Backtracks: s.backtracks, Deductions: s.deductions,
		Solutions: s.count, MaxDepth: s.maxDepth, Elapsed: time.Since(s.start),
	}
}

func (s *solver) next() uint64 {
	x := s.rng
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	s.rng = x
	return x
}

func (s *solver) solutionBytes() []byte {
	b := make([]byte, len(s.lo))
	for i, v := range s.lo {
		b[i] = byte(v)
	}
	return b
}

func (s *solver) solution() Solution {
	sol := make(Solution, len(s.lo))
	copy(sol, s.lo)
	return sol
}

// search propagates the current state and branches; it returns true when the
// run must stop (limit reached or cancelled).
func (s *solver) search(depth int, from int) bool {
	s.nodes++
	if s.nodes&255 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.stopErr = err
			return true
		}
		if s.progress != nil {
			if now := time.Now(); now.Sub(s.lastReport) >= s.every {
				s.lastReport = now
				s.progress(s.snapshot())
			}
		}
	}
	if depth > s.maxDepth {
		s.maxDepth = depth
	}
	if s.maxNodes > 0 && s.nodes > s.maxNodes {
		s.stopErr = ErrNodeLimit
		return true
	}
	if !s.propagate() || (s.probing && !s.probeNear(from, depth > 0)) {
		s.clearQueue()
		s.backtracks++
		if s.budget > 0 {
			s.budget--
			if s.budget == 0 {
				s.aborted = true
				return true
			}
		}
		return false
	}
	if s.open == 0 {
		key := string(s.solutionBytes())
		if _, dup := s.seen[key]; dup {
			return false
		}
		if s.budget > 0 {
			s.seen[key] = struct{}{} // a later run may meet it again
		}
		s.count++
		if s.first == nil {
			s.first = s.solution()
		}
		if s.onSolution != nil && !s.onSolution(s.solution()) {
			return true
		}
		return s.limit > 0 && s.count >= s.limit
	}
	p := s.choose()
	lo, hi := s.lo[p], s.hi[p]
	// Values from the largest down in the first run (more connections join
	// components sooner); later runs start at a random value and wrap.
	span := hi - lo + 1
	off := int8(0)
	if s.runIndex > 1 {
		off = int8(s.next() % uint64(span))
	}
	for i := int8(0); i < span; i++ {
		v := hi - (i+off)%span
		mark := len(s.trail)
		s.setLo(p, v, numStages)
		if !s.fail {
			s.setHi(p, v, numStages)
		}
		if s.fail {
			s.clearQueue()
			s.undo(mark)
			continue
		}
		stop := s.search(depth+1, mark)
		s.undo(mark)
		if stop || s.aborted {
			return true
		}
	}
	return false
}

// cutsConnected is the trial form of the potential graph's connectivity
// check (stage bridges finds the same contradiction on the whole grid). At
// the start of a trial the potential graph (pairs with hi > 0) is
// connected, so it is disconnected now exactly when the two ends of some
// pair it lost (s.cut) are no longer joined. Each lost pair is checked by
// two breadth-first searches, one from each end, advanced in turn: they
// stop when they meet, or when one side runs out, which proves that side a
// part of the grid cut off from the rest. The cost is about twice the
// smaller of the detour and the cut-off part, not the whole grid.
func (s *solver) cutsConnected() bool {
	// A trial starts from a state closed under stage bridges, where every
	// bridge of the potential graph has lo >= 1 and so is never lost: one
	// lost pair cannot disconnect it. (Returning true is always sound; it
	// only forgoes a contradiction.)
	if s.rules.AllowDisconnected || len(s.cut) < 2 {
		return true
	}
	for _, p := range s.cut {
		pr := pairEnds{s.pairA[p], s.pairB[p]}
		if s.root(pr.A) == s.root(pr.B) {
			continue // joined by drawn pairs, which stay in the potential graph
		}
		if s.visStamp >= ^uint32(0)-2 {
			clear(s.vis)
			s.visStamp = 0
		}
		sa, sb := s.visStamp+1, s.visStamp+2
		s.visStamp += 2
		s.vis[pr.A], s.vis[pr.B] = sa, sb
		qa := append(s.qa[:0], pr.A)
		qb := append(s.qb[:0], pr.B)
		ia, ib := 0, 0
		met := false
		for !met {
			if ia == len(qa) || ib == len(qb) {
				s.qa, s.qb = qa, qb
				return false // one side is closed off
			}
			// Advance the side with the smaller frontier by one node.
			if len(qa)-ia <= len(qb)-ib {
				qa, met = s.expand(qa, qa[ia], sa, sb)
				ia++
			} else {
				qb, met = s.expand(qb, qb[ib], sb, sa)
				ib++
			}
		}
		s.qa, s.qb = qa, qb
	}
	return true
}

// expand takes node v off the queue q of the search whose visited nodes
// carry stamp mine: it appends v's unvisited neighbours over pairs that may
// still carry a bridge (hi > 0), stamped, and reports whether a neighbour
// carries the other search's stamp (the two searches met).
func (s *solver) expand(q []int32, v int32, mine, other uint32) ([]int32, bool) {
	for k := s.adjOff[v]; k < s.adjOff[v+1]; k++ {
		if s.hi[s.adjPair[k]] == 0 {
			continue
		}
		w := s.adjNbr[k]
		if s.vis[w] == other {
			return q, true
		}
		if s.vis[w] != mine {
			s.vis[w] = mine
			q = append(q, w)
		}
	}
	return q, false
}
