package numberlink

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/internal/base/restart"
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

// dfsFrame is a vertex on the explicit stack of bridges' depth-first walk.
type dfsFrame struct {
	v    int32
	next int32 // the next adjacency slot of v to try
	from int32 // pair used to enter v, or -1
}

// newSolver sets up the search state of g: every pair's bounds from the
// magnitudes and k, the node queue full.
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

// nodeScore ranks node i for choose: open pairs first, then slack.
func (s *solver) nodeScore(i int32) int32 {
	openPairs := int32(0)
	for _, p := range s.adjPair[s.adjOff[i]:s.adjOff[i+1]] {
		if s.lo[p] < s.hi[p] {
			openPairs++
		}
	}
	return openPairs<<10 + (s.sumHi[i] - s.mag[i])
}

// snapshot returns the statistics so far.
func (s *solver) snapshot() SolveStats {
	return SolveStats{
		Nodes: s.nodes, Backtracks: s.backtracks, Deductions: s.deductions,
		Solutions: s.count, MaxDepth: s.maxDepth, Elapsed: time.Since(s.start),
	}
}

// next steps the xorshift generator that breaks ties in restarted runs.
func (s *solver) next() uint64 {
	x := s.rng
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	s.rng = x
	return x
}

// solutionBytes is the current (decided) assignment as bytes, a map key.
func (s *solver) solutionBytes() []byte {
	b := make([]byte, len(s.lo))
	for i, v := range s.lo {
		b[i] = byte(v)
	}
	return b
}

// solution copies the current (decided) assignment.
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
		if s.stopErr != nil {
			return true // stopped inside the node's work: no contradiction
		}
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
