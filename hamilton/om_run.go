package hamilton

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/boardgraph/boardgraph/internal/restart"
)

// omRun is a run of the Okuno–Miyano strategy: the shared run state plus
// the graph the search works on and the rule counters of finished workers.
type omRun struct {
	*run
	g        *omGraph
	s        Strategy
	end      int32 // the fixed end in g, or -1
	mu       sync.Mutex
	pruned   [NumRules]uint64
	restarts atomic.Uint64
}

// newOMRun validates p for the Okuno–Miyano strategy. Givens are not
// supported (the walk has no notion of positions), nor graphs with a vertex
// of more than 64 neighbours.
func newOMRun(p *Problem, opt Options) (*omRun, error) {
	r, err := newRun(p, opt)
	if err != nil {
		return nil, err
	}
	for _, pos := range p.Givens {
		if pos >= 0 {
			return nil, fmt.Errorf("%w: the okuno-miyano strategy does not take givens; use the default strategy", ErrInvalid)
		}
	}
	r.rotate() // a closed tour's anchor
	n := p.n()
	for v := range n {
		if p.G.Degree(v) > omMaxDegree {
			return nil, fmt.Errorf("%w: the okuno-miyano strategy needs degrees of at most %d; %s has %d", ErrInvalid, omMaxDegree, p.name(v), p.G.Degree(v))
		}
	}
	if _, tgt := p.G.CSR(); len(tgt)+2*int(n) >= 1<<30 {
		return nil, fmt.Errorf("%w: the okuno-miyano strategy takes graphs of fewer than 2^29 edges", ErrInvalid)
	}
	o := &omRun{run: r, s: opt.Strategy, end: -1}
	if p.Closed {
		o.g = newOMGraph(p, r.at[0])
		o.end = n // the anchor's copy
	} else {
		o.g = newOMGraph(p, -1)
		o.end = r.at[n-1]
	}
	return o, nil
}

func (o *omRun) engine(m mode, seed uint64) *omEngine {
	e := newOMEngine(o.g, o.s, o.opt.Rank, o.end, seed, &o.sh)
	e.mode = m
	return e
}

// absorb adds a finished worker's counters to the run's.
func (o *omRun) absorb(e *omEngine) {
	o.sh.nodes.Add(e.nodes - e.flushNodes)
	e.flushNodes = e.nodes
	o.sh.backs.Add(e.backs)
	e.backs = 0
	var dead uint64
	o.mu.Lock()
	for i, c := range e.pruned {
		o.pruned[i] += c
		if Rule(i) >= RuleTerminal {
			dead += c
		}
	}
	o.mu.Unlock()
	o.sh.prunes.Add(dead)
	e.pruned = [NumRules]uint64{}
}

func (o *omRun) stats() Stats {
	st := o.run.stats()
	o.mu.Lock()
	st.Pruned = o.pruned
	o.mu.Unlock()
	st.Restarts = o.restarts.Load()
	return st
}

// roots are the first vertices to search from: the start, or every vertex,
// fewest neighbours first (ties by Options.Rank).
func (o *omRun) roots() []int32 {
	if o.at[0] >= 0 {
		return []int32{o.at[0]}
	}
	n := o.p.n()
	out := make([]int32, 0, n)
	for v := range n {
		if v != o.end || n == 1 {
			out = append(out, v)
		}
	}
	g := o.p.G
	rank := o.opt.Rank
	slices.SortStableFunc(out, func(a, b int32) int {
		if c := cmp.Compare(g.Degree(a), g.Degree(b)); c != 0 {
			return c
		}
		if len(rank) == int(n) {
			return cmp.Compare(rank[a], rank[b])
		}
		return 0
	})
	return out
}

// omTask is a root and the first walk choices below it.
type omTask struct {
	root int32
	walk []int32
}

// split is the paper's sequential phase (§3 (1)): it walks every root to
// the given depth (or, with depth 0, deeper until there are enough tasks
// for the workers) and returns the prefixes that pass the rules, in search
// order.
func (o *omRun) split(roots []int32, depth int) []omTask {
	target := 64 * o.workers
	fixed := depth > 0
	if !fixed {
		depth = 1
	}
	var tasks []omTask
	for ; ; depth++ {
		tasks = tasks[:0]
		e := o.engine(modeSplit, o.opt.Seed)
		e.splitDepth = int32(depth)
		e.onSplit = func(root int32, walk []int32) {
			tasks = append(tasks, omTask{root, slices.Clone(walk)})
		}
		for _, v := range roots {
			e.search(v, nil)
		}
		o.absorb(e)
		if fixed || len(tasks) >= target || depth >= int(o.g.n) || depth >= 12 || o.sh.stop.Load() {
			return tasks
		}
	}
}

// parallel runs fn over the tasks on the run's workers, each with its own
// engine, until the tasks run out or the run stops.
func (o *omRun) parallel(tasks []omTask, m mode, fn func(e *omEngine, t omTask)) {
	runTasks(o.workers, &o.sh.stop, tasks, func(w int) *omEngine { return o.engine(m, o.opt.Seed^uint64(w)) }, fn, o.absorb)
}

// omCount is Count with the Okuno–Miyano strategy.
func omCount(ctx context.Context, p *Problem, opt Options) (uint64, Stats, error) {
	o, err := newOMRun(p, opt)
	if err != nil {
		return 0, Stats{}, err
	}
	if precheck(p, o.at) != nil {
		return 0, o.stats(), nil
	}
	// One root per orbit of the symmetries that fix the constraints,
	// weighted by the orbit's size (a fixed end is never a first vertex).
	n := p.n()
	reps, orbit := o.startOrbits()
	weight := make([]uint64, n)
	for v := range n {
		weight[orbit[v]]++
	}
	var roots []int32
	for _, v := range reps {
		if v != o.end || n == 1 {
			roots = append(roots, v)
		}
	}
	stopWatch := o.watch(ctx)
	var total atomic.Uint64
	var overflow atomic.Bool
	add := func(root int32, c uint64) {
		for {
			old := total.Load()
			hi, lo := mul64(c, weight[root])
			s := old + lo
			if hi != 0 || s < old {
				overflow.Store(true)
				return
			}
			if total.CompareAndSwap(old, s) {
				return
			}
		}
	}
	if o.workers == 1 || n <= serialBelow {
		o.workers = 1
		e := o.engine(modeCount, opt.Seed)
		for _, v := range roots {
			c, _ := e.search(v, nil)
			add(v, c)
			if o.sh.stop.Load() {
				break
			}
		}
		o.absorb(e)
	} else {
		tasks := o.split(roots, 0)
		o.parallel(tasks, modeCount, func(e *omEngine, t omTask) {
			c, _ := e.search(t.root, t.walk)
			add(t.root, c)
		})
	}
	stopWatch()
	o.sh.solutions.Store(total.Load())
	st := o.stats()
	if overflow.Load() {
		return 0, st, ErrOverflow
	}
	return total.Load(), st, ctx.Err()
}

func mul64(a, b uint64) (hi, lo uint64) {
	if a == 0 || b == 0 {
		return 0, 0
	}
	lo = a * b
	if lo/b != a {
		return 1, lo
	}
	return 0, lo
}

// omEnumerate is Enumerate with the Okuno–Miyano strategy.
func omEnumerate(ctx context.Context, p *Problem, opt Options, limit uint64, yield func(path []int32) bool) (uint64, Stats, error) {
	o, err := newOMRun(p, opt)
	if err != nil {
		return 0, Stats{}, err
	}
	if precheck(p, o.at) != nil {
		return 0, o.stats(), nil
	}
	stopWatch := o.watch(ctx)
	emit := o.sh.emitter(limit, yield, nil)
	roots := o.roots()
	if o.workers == 1 || p.n() <= serialBelow {
		o.workers = 1
		e := o.engine(modeEnumerate, opt.Seed)
		e.onSolution = emit
		for _, v := range roots {
			if _, ok := e.search(v, nil); !ok {
				break
			}
		}
		o.absorb(e)
	} else {
		tasks := o.split(roots, 0)
		o.parallel(tasks, modeEnumerate, func(e *omEngine, t omTask) {
			e.onSolution = emit
			e.search(t.root, t.walk)
		})
	}
	stopWatch()
	st := o.stats()
	return o.sh.solutions.Load(), st, ctx.Err()
}

// omFind is Find with the Okuno–Miyano strategy. With Strategy.SplitDepth
// zero it runs the paper's portfolio (§3 (2)): every worker searches the
// whole tree with its own visit order (worker 0 with Options.Seed, the
// others with seeds drawn from it), the first to finish wins and stops the
// rest; a worker that exhausts its tree proves there is no solution. Unless
// Strategy.NoRestarts is set, a worker restarts with a new order after a
// Luby node budget. With SplitDepth > 0 it runs the sequential-then-parallel
// split (§3 (1)), without restarts.
func omFind(ctx context.Context, p *Problem, opt Options) ([]int32, Stats, error) {
	o, err := newOMRun(p, opt)
	if err != nil {
		return nil, Stats{}, err
	}
	if reason := precheck(p, o.at); reason != nil {
		return nil, o.stats(), errors.Join(ErrNoSolution, reason)
	}
	stopWatch := o.watch(ctx)
	var (
		mu     sync.Mutex
		found  []int32
		proved bool
	)
	onSolution := func(path []int32) bool {
		mu.Lock()
		if found == nil {
			found = slices.Clone(path)
		}
		mu.Unlock()
		o.sh.stop.Store(true)
		return false
	}
	roots := o.roots()
	budget := uint64(0)
	if opt.MaxNodes > 0 {
		budget = max(opt.MaxNodes/uint64(o.workers), 1)
	}
	if o.s.SplitDepth > 0 {
		tasks := o.split(roots, o.s.SplitDepth)
		var left atomic.Int64
		left.Store(int64(len(tasks)))
		o.parallel(tasks, modeFind, func(e *omEngine, t omTask) {
			e.onSolution = onSolution
			e.budget = budget
			if _, ok := e.search(t.root, t.walk); ok {
				left.Add(-1)
			}
		})
		if left.Load() == 0 && !o.sh.stop.Load() {
			proved = true
		}
	} else {
		var wg sync.WaitGroup
		for w := range o.workers {
			wg.Go(func() {
				e := o.engine(modeFind, opt.Seed)
				e.onSolution = onSolution
				// Luby restarts in units of a few passes over the graph, as
				// in the default strategy's Find.
				unit := uint64(4*p.n() + 1024)
				for attempt := uint64(0); !o.sh.stop.Load(); attempt++ {
					if w > 0 || attempt > 0 {
						e.setSeed(splitmix(opt.Seed ^ uint64(w)<<32 ^ attempt))
					}
					e.budget = budget
					if !o.s.NoRestarts {
						e.budget = e.nodes + unit*restart.Luby(attempt+1)
						if budget > 0 {
							e.budget = min(e.budget, budget)
						}
					}
					e.outOfNodes = false
					complete := true
					for _, v := range roots {
						if _, ok := e.search(v, nil); !ok {
							complete = false
							break
						}
					}
					if complete {
						mu.Lock()
						if found == nil {
							proved = true
						}
						mu.Unlock()
						o.sh.stop.Store(true)
						break
					}
					if !e.outOfNodes || (budget > 0 && e.nodes >= budget) {
						break
					}
					o.restarts.Add(1)
				}
				o.absorb(e)
			})
		}
		wg.Wait()
	}
	stopWatch()
	st := o.stats()
	return findResult(ctx, found, proved, st)
}
