package hamilton

import (
	"cmp"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
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

func (o *omRun) base() *run { return o.run }

// newWorker makes worker w's engine, its visit order seeded with
// Options.Seed xor w.
func (o *omRun) newWorker(m mode, w int) worker {
	e := o.engine(m, o.opt.Seed^uint64(w))
	e.unit = o.sh.slot(m, w)
	return e
}

// absorb adds a finished worker's counters to the run's.
func (o *omRun) absorb(w worker) {
	e := w.(*omEngine)
	e.absorbInto(&o.sh)
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

// split is the paper's sequential phase (§3 (1)): it walks every root to
// the given depth (or, with depth 0, deeper until there are enough tasks
// for the workers) and returns the prefixes that pass the rules, in search
// order, each as the root followed by the walk choices.
func (o *omRun) split(roots []int32, depth int) []task {
	target := 64 * o.workers
	fixed := depth > 0
	if !fixed {
		depth = 1
	}
	var tasks []task
	for ; ; depth++ {
		tasks = tasks[:0]
		e := o.engine(modeSplit, o.opt.Seed)
		e.splitDepth = int32(depth)
		e.onSplit = func(root int32, walk []int32) {
			tasks = append(tasks, append(task{root}, walk...))
		}
		for _, v := range roots {
			e.searchFrom(v, nil)
		}
		o.absorb(e)
		if fixed || len(tasks) >= target || depth >= int(o.g.n) || depth >= 12 || o.sh.stop.Load() {
			return tasks
		}
	}
}
