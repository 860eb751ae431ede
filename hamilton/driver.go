package hamilton

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/boardgraph/boardgraph/internal/base/restart"
)

// The search driver: the one place that runs Find's restart portfolio,
// Enumerate, the counts and the split of the tree over workers, for both
// engines. An engine plugs in through two small interfaces: backend (what
// a strategy prepares once per call) and worker (one goroutine's engine).

// task is a unit of parallel work: a first vertex followed by the engine's
// own encoding of the first steps below it (the path prefix for the
// default engine, the walk choices for Okuno–Miyano's).
type task []int32

// worker is one goroutine's search engine as the driver sees it.
type worker interface {
	// search searches below t or, when t is nil, from each of roots in
	// turn. It returns the solutions counted (count mode) and whether it
	// ran to completion (false: stopped, out of budget, or a solution
	// callback said stop).
	search(t task, roots []int32) (count uint64, complete bool)
	// setOnSolution sets the callback of enumerate and find modes.
	setOnSolution(func(path []int32) bool)
	// reseed prepares attempt a of portfolio worker w: a new tie-break
	// order drawn from seed (worker 0's first attempt keeps its own).
	reseed(seed uint64, w int, a uint64)
	// setBudget stops the next search when the worker's node count reaches
	// b (0: no budget); ranOut reports whether the last search hit it.
	setBudget(b uint64)
	ranOut() bool
	nodeCount() uint64
	// overflowed reports a count that wrapped 2^64.
	overflowed() bool
	// unitDone records a work unit searched to the end (Stats.UnitsDone).
	unitDone()
}

// backend is what a strategy prepares once per call for the driver.
type backend interface {
	base() *run
	// newWorker makes the engine of worker w in mode m.
	newWorker(m mode, w int) worker
	// roots are the first vertices Find and Enumerate search, in order.
	roots() []int32
	// split cuts the tree below roots into tasks: prefixes of length
	// depth, or with depth 0 deep enough to give every worker many tasks.
	split(roots []int32, depth int) []task
	// absorb adds a finished worker's counters to the run's.
	absorb(worker)
	stats() Stats
}

// Call names a public search call, for Strategy.Supports.
type Call uint8

// The calls a strategy may or may not support.
const (
	CallFind Call = iota
	CallCount
	CallEnumerate
	CallCountPerStart
	CallCountShard
)

var callNames = [...]string{"Find", "Count", "Enumerate", "CountPerStart", "CountShard"}

func (c Call) String() string {
	if int(c) < len(callNames) {
		return callNames[c]
	}
	return fmt.Sprintf("Call(%d)", c)
}

// Supports reports, as an ErrInvalid error naming the combination, whether
// the strategy can run call; nil means it can. Every call checks it, so no
// setting is silently ignored.
//
// The Okuno–Miyano strategy runs Find, Count, Enumerate and CountPerStart;
// CountShard's work units are prefixes of the default engine's search
// tree, so sharded counts use the default strategy.
func (s Strategy) Supports(call Call) error {
	if s.Kind > KindOkunoMiyano {
		return fmt.Errorf("%w: unknown strategy kind %d", ErrInvalid, s.Kind)
	}
	if s.Kind == KindOkunoMiyano && call == CallCountShard {
		return fmt.Errorf("%w: %v does not support the %s strategy (its work units are prefixes of the default search); use the default strategy", ErrInvalid, call, s)
	}
	if s.SplitDepth < 0 {
		return fmt.Errorf("%w: strategy split depth %d is negative", ErrInvalid, s.SplitDepth)
	}
	return nil
}

// newBackend validates p for the options' strategy and call.
func newBackend(p *Problem, opt Options, call Call) (backend, error) {
	if err := opt.Strategy.Supports(call); err != nil {
		return nil, err
	}
	if opt.Strategy.Kind == KindOkunoMiyano {
		return newOMRun(p, opt)
	}
	r, err := newRun(p, opt)
	if err != nil {
		return nil, err
	}
	r.prepare()
	return r, nil
}

// parallel runs fn over the tasks on the run's workers, each with its own
// engine, until the tasks run out or the run is stopped.
func parallel(b backend, tasks []task, m mode, fn func(w worker, t task)) {
	r := b.base()
	runTasks(r.workers, &r.sh.stop, tasks, func(w int) worker { return b.newWorker(m, w) }, fn, b.absorb)
}

// driveCount counts the solutions by first vertex: one first vertex per
// orbit of the symmetries that fix the constraints, each orbit's count
// standing for all its vertices. It returns the total (out[0]) or, with
// perStart, the count of every vertex; on overflow of 2^64 (in a worker,
// a root or the total) ErrOverflow and no counts.
func driveCount(ctx context.Context, b backend, perStart bool) ([]uint64, Stats, error) {
	r := b.base()
	p := r.p
	n := p.n()
	out := make([]uint64, 1)
	if perStart {
		out = make([]uint64, n)
	}
	if precheck(p, r.at) != nil {
		return out, b.stats(), nil
	}
	reps, orbit := r.startOrbits()
	// A fixed end is never a first vertex (except of the one-vertex path).
	var roots []int32
	for _, v := range reps {
		if p.Closed || v != r.at[n-1] || n == 1 {
			roots = append(roots, v)
		}
	}
	byRoot := make([]uint64, n)
	// weight[v]: how many first vertices the representative v stands for.
	weight := make([]uint64, n)
	for v := range n {
		weight[orbit[v]]++
	}
	var mu sync.Mutex
	var overflow atomic.Bool
	var soFar uint64 // the finished units' solutions, weighted (saturates)
	add := func(w worker, v int32, x uint64, complete bool) {
		mu.Lock()
		s := byRoot[v] + x
		if s < x || w.overflowed() {
			overflow.Store(true)
		}
		byRoot[v] = s
		if complete {
			hi, lo := bits.Mul64(x, weight[v])
			sum, carry := bits.Add64(soFar, lo, 0)
			if hi != 0 || carry != 0 {
				sum = math.MaxUint64
			}
			soFar = sum
			r.sh.solutions.Store(soFar)
			w.unitDone()
		}
		mu.Unlock()
	}
	if n <= serialBelow {
		r.workers = 1 // before the watcher starts: stats reads it
	}
	stopWatch := r.watch(ctx)
	if r.workers == 1 {
		r.sh.units.Store(uint64(len(roots)))
		w := b.newWorker(modeCount, 0)
		for _, v := range roots {
			c, complete := w.search(nil, []int32{v})
			add(w, v, c, complete)
			if r.sh.stop.Load() {
				break
			}
		}
		b.absorb(w)
	} else {
		tasks := b.split(roots, 0)
		r.sh.units.Store(uint64(len(tasks)))
		parallel(b, tasks, modeCount, func(w worker, t task) {
			c, complete := w.search(t, nil)
			add(w, t[0], c, complete)
		})
	}
	stopWatch()
	var total uint64
	for v := range n {
		c := byRoot[orbit[v]]
		if perStart {
			out[v] = c
		}
		s := total + c
		if s < c {
			overflow.Store(true)
		}
		total = s
	}
	if !perStart {
		out[0] = total
	}
	r.sh.solutions.Store(total)
	st := b.stats()
	if overflow.Load() {
		return nil, st, ErrOverflow
	}
	return out, st, ctx.Err()
}

// driveEnumerate runs Enumerate on b (see Enumerate).
func driveEnumerate(ctx context.Context, b backend, limit uint64, yield func(path []int32) bool) (uint64, Stats, error) {
	r := b.base()
	if precheck(r.p, r.at) != nil {
		return 0, b.stats(), nil
	}
	if r.p.n() <= serialBelow {
		r.workers = 1 // before the watcher starts: stats reads it
	}
	stopWatch := r.watch(ctx)
	buf := make([]int32, r.p.n())
	emit := r.sh.emitter(limit, yield, func(path []int32) []int32 { return r.unrotate(path, buf) })
	roots := b.roots()
	if r.workers == 1 {
		// One unit: the search runs the roots in its own (Warnsdorff)
		// order, which fixes the order of the solutions.
		r.sh.units.Store(1)
		w := b.newWorker(modeEnumerate, 0)
		w.setOnSolution(emit)
		if _, complete := w.search(nil, roots); complete {
			w.unitDone()
		}
		b.absorb(w)
	} else {
		tasks := b.split(roots, 0)
		r.sh.units.Store(uint64(len(tasks)))
		parallel(b, tasks, modeEnumerate, func(w worker, t task) {
			w.setOnSolution(emit)
			if _, complete := w.search(t, nil); complete {
				w.unitDone()
			}
		})
	}
	stopWatch()
	return r.sh.solutions.Load(), b.stats(), ctx.Err()
}

// driveFind runs Find on b. With Strategy.SplitDepth zero it is a
// randomised restart portfolio: every worker searches the whole tree with
// its own tie-break order and a node budget that follows the Luby sequence
// (Luby, Sinclair and Zuckerman 1993), in units of a few passes over the
// graph: a descent that works needs about n nodes, one that has gone wrong
// rarely recovers, and the growing tail of the sequence keeps the search
// complete (Strategy.NoRestarts: one order to the end). The first solution
// wins; an attempt that finishes within its budget without one proves there
// is none. With SplitDepth > 0 it searches the prefixes of that length in
// parallel (Okuno and Miyano §3 (1)), without restarts.
func driveFind(ctx context.Context, b backend) ([]int32, Stats, error) {
	r := b.base()
	p, opt := r.p, r.opt
	if reason := precheck(p, r.at); reason != nil {
		return nil, b.stats(), errors.Join(ErrNoSolution, reason)
	}
	if p.n() <= serialBelow {
		r.workers = 1
	}
	stopWatch := r.watch(ctx)
	var (
		mu       sync.Mutex
		found    []int32
		proved   bool
		restarts atomic.Uint64
		deepRan  [2]atomic.Bool
		deep     *Reason // a proof of the deep rules, under mu
	)
	// tryDeep runs stage st of the polynomial proofs (deepPrecheck) once:
	// a worker whose attempt fails after deepAfter(st) nodes calls it, so
	// boards the search answers at once never pay for them, and a board
	// with no solution stops the search.
	tryDeep := func(st int) {
		if deepRan[st].Swap(true) {
			return
		}
		if reason := deepPrecheck(p, r.at, st); reason != nil {
			mu.Lock()
			if found == nil && deep == nil {
				deep = reason
			}
			mu.Unlock()
			r.sh.stop.Store(true)
		}
	}
	onSolution := func(path []int32) bool {
		mu.Lock()
		if found == nil {
			found = slices.Clone(r.unrotate(path, make([]int32, len(path))))
		}
		mu.Unlock()
		r.sh.stop.Store(true)
		return false
	}
	cap := uint64(0) // each worker's share of MaxNodes
	if opt.MaxNodes > 0 {
		cap = max(opt.MaxNodes/uint64(r.workers), 1)
	}
	roots := b.roots()
	if opt.Strategy.SplitDepth > 0 || opt.Strategy.NoRestarts {
		tryDeep(0) // one complete search: prove first
		tryDeep(1)
	}
	if d := opt.Strategy.SplitDepth; d > 0 {
		tasks := b.split(roots, d)
		var left atomic.Int64
		left.Store(int64(len(tasks)))
		parallel(b, tasks, modeFind, func(w worker, t task) {
			w.setOnSolution(onSolution)
			w.setBudget(cap)
			if _, ok := w.search(t, nil); ok {
				left.Add(-1)
			}
		})
		proved = left.Load() == 0 && !r.sh.stop.Load()
	} else {
		var wg sync.WaitGroup
		unit := uint64(4*p.n() + 1024)
		var ring *rootRing
		if !opt.Strategy.NoRestarts && r.freeStartGivens() {
			ring = newRootRing(roots)
		}
		for wi := range r.workers {
			wg.Go(func() {
				w := b.newWorker(modeFind, wi)
				w.setOnSolution(onSolution)
				for a := uint64(0); !r.sh.stop.Load(); a++ {
					w.reseed(opt.Seed, wi, a)
					budget := cap
					from, root := roots, int32(-1)
					if ring != nil {
						var ra uint64
						var ok bool
						if root, ra, ok = ring.take(); !ok {
							break // every first vertex is refuted (below)
						}
						from = []int32{root}
						budget = w.nodeCount() + unit*restart.Luby(ra+1)
						if cap > 0 {
							budget = min(budget, cap)
						}
					} else if !opt.Strategy.NoRestarts {
						budget = w.nodeCount() + unit*restart.Luby(a+1)
						if cap > 0 {
							budget = min(budget, cap)
						}
					}
					w.setBudget(budget)
					if _, complete := w.search(nil, from); complete {
						if ring != nil && !ring.refute(root) {
							continue // other first vertices are still open
						}
						mu.Lock()
						proved = proved || found == nil
						mu.Unlock()
						r.sh.stop.Store(true)
						break
					}
					if !w.ranOut() || (cap > 0 && w.nodeCount() >= cap) {
						break
					}
					for st := range 2 {
						if w.nodeCount() >= deepAfter(st, p.n()) {
							tryDeep(st)
						}
					}
					restarts.Add(1)
				}
				b.absorb(w)
			})
		}
		wg.Wait()
	}
	stopWatch()
	st := b.stats()
	st.Restarts = restarts.Load()
	if found == nil && deep != nil {
		return nil, st, errors.Join(ErrNoSolution, deep)
	}
	return findResult(ctx, found, proved, st)
}

// deepAfter is how many nodes a Find worker searches before it tries
// stage st of the polynomial proofs (deepPrecheck): 64 nodes a vertex (at
// least 4,096) before the flow bound, whose maximum flow costs about as
// much as a few nodes a vertex, and 200,000 nodes (a tenth of a second)
// before the separators, whose work is capped at tens of milliseconds. The
// boards the search solves at once (BenchmarkSolveSweep's full boards)
// never pay for them, and issue 39's 12x12 knight board is refuted after
// 7,616 nodes.
func deepAfter(st int, n int32) uint64 {
	if st == 0 {
		return max(4096, 64*uint64(n))
	}
	return 200_000
}

// findResult is the outcome of a Find run: the path found, or the proof
// that there is none, or why the run stopped.
func findResult(ctx context.Context, found []int32, proved bool, st Stats) ([]int32, Stats, error) {
	switch {
	case found != nil:
		st.Solutions = 1
		return found, st, nil
	case proved:
		return nil, st, ErrNoSolution
	case ctx.Err() != nil:
		return nil, st, ctx.Err()
	}
	return nil, st, ErrLimit
}

// freeStartGivens reports an open path whose first vertex is free while
// givens fix later positions: a Hidato-style puzzle solved without knowing
// where 1 lies.
func (r *run) freeStartGivens() bool {
	if r.p.Closed || r.at[0] >= 0 {
		return false
	}
	for _, v := range r.at[1:] {
		if v >= 0 {
			return true
		}
	}
	return false
}

// rootRing is Find's restart portfolio over first vertices, for open paths
// with givens and a free start. A search from a wrong first vertex has no
// solution, and with the givens far ahead the depth-first search refutes it
// only after exploring a huge subtree; Warnsdorff's order puts the same
// (wrong) first vertex first on every restart, so a plain restart spends
// every budget below it (one 10x10 Diplomatico puzzle with 31 givens: over
// two minutes, against 0.1 s from the right first vertex). The ring gives
// each attempt one first vertex in turn, each with its own Luby budget
// sequence, and drops a vertex once an attempt below it finishes without a
// solution: the search stays complete (every vertex's budgets grow without
// bound) and the right first vertex is reached after one short attempt per
// vertex.
type rootRing struct {
	mu    sync.Mutex
	live  []int32  // first vertices not yet refuted
	tries []uint64 // attempts so far, per entry of live
	next  int
}

func newRootRing(roots []int32) *rootRing {
	return &rootRing{live: slices.Clone(roots), tries: make([]uint64, len(roots))}
}

// take returns the next first vertex to try and how many attempts it has
// had; ok is false when every vertex is refuted.
func (g *rootRing) take() (v int32, tries uint64, ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.live) == 0 {
		return -1, 0, false
	}
	i := g.next % len(g.live)
	g.next = i + 1
	v, tries = g.live[i], g.tries[i]
	g.tries[i]++
	return v, tries, true
}

// refute drops v, searched to the end without a solution, and reports
// whether every first vertex is now refuted.
func (g *rootRing) refute(v int32) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if i := slices.Index(g.live, v); i >= 0 {
		g.live = slices.Delete(g.live, i, i+1)
		g.tries = slices.Delete(g.tries, i, i+1)
		if g.next > i {
			g.next--
		}
	}
	return len(g.live) == 0
}
