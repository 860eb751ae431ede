package analysis

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/base/tick"
)

// ErrInvalid reports a problem Analyze cannot take (a fixed start or end, a
// closed tour, a symmetry list that is not a group of automorphisms).
var ErrInvalid = errors.New("analysis: invalid problem")

// MaxVertices is the largest graph Analyze accepts: its tables are dense,
// N^2 counts per worker (8 MiB each at the limit), and enumerating every
// path is hopeless long before it anyway.
const MaxVertices = 1024

// Options tune Analyze. The zero value uses every core, the problem's
// symmetries, and collects no canonical representatives.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// NoReduce enumerates from every start vertex instead of one per orbit
	// of the symmetry group (slower; the tests use it as a cross-check).
	NoReduce bool
	// Canonical collects the canonical representative of every orbit (the
	// lexicographically smallest path of the orbit), up to MaxCanonical
	// (default 100000) of them.
	Canonical    bool
	MaxCanonical int
	// Progress, if set, is called about every ProgressEvery (default 1 s)
	// from a separate goroutine; Solutions holds the paths enumerated so
	// far (before the symmetry expansion) and Nodes the search nodes of the
	// finished enumeration tasks.
	Progress      func(hamilton.Stats)
	ProgressEvery time.Duration
}

// Result holds the statistics of a whole solution space. Vertices are those
// of the problem's graph. Every count is of directed open Hamiltonian paths
// (a path and its reverse count as two), the convention of the Diplomatico
// paper's table, unless its comment says otherwise. Counts are uint64: an
// enumeration that could overflow them would not finish.
type Result struct {
	N        int    // vertices
	Total    uint64 // directed Hamiltonian paths
	Complete bool   // false when stopped early: every count is a lower bound
	// Pair[s*N+e] is the number of paths from s to e.
	Pair []uint64
	// PerStart[v] and PerEnd[v] count paths whose first (last) vertex is v.
	PerStart, PerEnd []uint64
	// StepCell[i*N+v] is the number of paths with v at position i
	// (0-based): the "key states" of the paper's abstract, step by step.
	StepCell []uint64
	// Edges lists the graph's edges {u, v} with u < v, in CSR order, and
	// EdgeUse[k] the number of paths that use edge k in either direction.
	Edges   [][2]int32
	EdgeUse []uint64
	// ClosedPaths counts paths whose last vertex is adjacent to the first
	// (with N >= 3). Each directed closed tour, taken up to rotation, gives
	// N of them, so DirectedTours = ClosedPaths/N; UndirectedTours, every
	// cycle once, is half that (the convention of OEIS A001230).
	ClosedPaths, DirectedTours, UndirectedTours uint64
	// Group is the number of distinct symmetries used (the automorphisms
	// in Problem.Symmetries, deduplicated, the identity included);
	// Reversal says whether reading a path backwards is also used (it is
	// unless the problem has givens). The full group acting on paths has
	// Order = Group * (2 if Reversal else 1) elements.
	Group    int
	Reversal bool
	Order    int
	// Orbits is the number of solutions up to the symmetries (and
	// reversal), by Burnside's lemma: the sum over paths of their
	// stabiliser size divided by Order. OrbitSizes[k] is the number of
	// orbits with k paths (k divides Order).
	Orbits     uint64
	OrbitSizes map[int]uint64
	// Canonical holds, when asked for, the lexicographically smallest path
	// of each orbit, sorted; CanonicalTruncated says MaxCanonical was hit.
	Canonical          [][]int32
	CanonicalTruncated bool
	// DecidedAt[k] is the number of paths decided at step k: their first k
	// vertices are shared with no other path, their first k-1 are (the
	// "key state" of each path; Completions finds it for one path).
	DecidedAt []uint64
	// Smallest is the lexicographically smallest path (by vertex numbers),
	// nil when there is none: a deterministic example solution.
	Smallest []int32
	// Stats are the search statistics summed over the enumeration tasks.
	Stats hamilton.Stats
}

// NeverEnd returns the vertices that are the last vertex of no solution.
func (r *Result) NeverEnd() []int32 {
	var out []int32
	for v, c := range r.PerEnd {
		if c == 0 {
			out = append(out, int32(v))
		}
	}
	return out
}

// AlwaysUsed returns the indices (into Edges) of the edges every solution
// uses; none when there is no solution.
func (r *Result) AlwaysUsed() []int {
	var out []int
	for k, c := range r.EdgeUse {
		if r.Total > 0 && c == r.Total {
			out = append(out, k)
		}
	}
	return out
}

// NeverUsed returns the indices (into Edges) of the edges no solution uses.
func (r *Result) NeverUsed() []int {
	var out []int
	for k, c := range r.EdgeUse {
		if c == 0 {
			out = append(out, k)
		}
	}
	return out
}

// group is the deduplicated, validated symmetry group.
type group struct {
	perms [][]int32 // perms[0] is the identity
}

// newGroup deduplicates syms, adds the identity and checks that every
// element is an automorphism of g and that the set is closed under
// composition (Burnside's lemma needs a group). Elements that do not fix
// every given vertex's position are the caller's business: board symmetries
// keep givens by construction.
func newGroup(g *graph.Graph, syms [][]int32) (*group, error) {
	n := g.N()
	id := make([]int32, n)
	for i := range id {
		id[i] = int32(i)
	}
	gr := &group{perms: [][]int32{id}}
	for k, p := range syms {
		if len(p) != n {
			return nil, fmt.Errorf("%w: symmetry %d has %d entries for %d vertices", ErrInvalid, k+1, len(p), n)
		}
		seen := make([]bool, n)
		for v, w := range p {
			if w < 0 || int(w) >= n || seen[w] {
				return nil, fmt.Errorf("%w: symmetry %d is not a permutation", ErrInvalid, k+1)
			}
			seen[w] = true
			for _, x := range g.Neighbors(int32(v)) {
				if !g.HasEdge(w, p[x]) {
					return nil, fmt.Errorf("%w: symmetry %d is not an automorphism of the graph", ErrInvalid, k+1)
				}
			}
		}
		if !gr.has(p) {
			gr.perms = append(gr.perms, p)
		}
	}
	comp := make([]int32, n)
	for _, a := range gr.perms {
		for _, b := range gr.perms {
			for v := range comp {
				comp[v] = a[b[v]]
			}
			if !gr.has(comp) {
				return nil, fmt.Errorf("%w: the symmetries are not closed under composition (not a group)", ErrInvalid)
			}
		}
	}
	return gr, nil
}

func (gr *group) has(p []int32) bool {
	for _, q := range gr.perms {
		if slices.Equal(p, q) {
			return true
		}
	}
	return false
}

// acc accumulates the statistics of the paths one worker enumerates. Its
// arrays are dense and indexed by vertex, so the per-path work is a few
// increments per step with no maps (hot loop).
type acc struct {
	n        int
	total    uint64
	pair     []uint64
	step     []uint64
	edge     []uint64
	closed   uint64
	stab     []uint64 // stab[s] = paths whose stabiliser has s elements
	canon    [][]int32
	canonCut bool
	smallest []int32
	// decided[k] counts paths whose first k vertices no other path shares
	// (and whose first k-1 some other path does). Paths with a common
	// prefix come out of the depth-first enumeration one after another,
	// so comparing each path with its neighbours in that order is enough:
	// prev is the previous path of the task, prevL its common prefix
	// length with the one before it.
	decided []uint64
	prev    []int32
	prevL   int
	hasPrev bool
}

func newAcc(n, order int) *acc {
	return &acc{n: n, pair: make([]uint64, n*n), step: make([]uint64, n*n), stab: make([]uint64, order+1),
		decided: make([]uint64, n+1), prev: make([]int32, n)}
}

// lcp returns the length of the common prefix of a and b.
func lcp(a, b []int32) int {
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i
}

// settle records the decided step of the previous path, whose common prefix
// with the next path of the task is next (0 at the end of a task). Paths
// of other tasks from the same start share exactly the first vertex, so a
// common prefix of at least 1 is assumed (finish corrects the start
// vertices with a single path).
func (c *acc) settle(next int) {
	if !c.hasPrev {
		return
	}
	k := max(c.prevL, next, 1) + 1
	if c.n == 1 {
		k = 1
	}
	c.decided[min(k, c.n)]++
}

// analyzer holds what the workers share.
type analyzer struct {
	g        *graph.Graph
	n        int
	gr       *group
	reversal bool
	order    int
	eid      []int32 // eid[u*n+v] = edge index or -1
	edges    [][2]int32
	opt      Options
	maxCanon int
}

// add records one path.
func (a *analyzer) add(c *acc, p []int32) {
	n := a.n
	c.total++
	c.pair[int(p[0])*n+int(p[n-1])]++
	step := c.step
	for i, v := range p {
		step[i*n+int(v)]++
	}
	for i := 1; i < n; i++ {
		c.edge[a.eid[int(p[i-1])*n+int(p[i])]]++
	}
	if n >= 3 && a.eid[int(p[0])*n+int(p[n-1])] >= 0 {
		c.closed++
	}
	// Stabiliser in the group (with reversal): elements h with h(P) = P.
	// Almost every element fails on the first vertex.
	s := 1 // the identity
	canonical := true
	for k, perm := range a.gr.perms {
		if k > 0 {
			fixed, less := compare(p, perm, false)
			if fixed {
				s++
			} else if less {
				canonical = false
			}
		}
		if a.reversal {
			fixed, less := compare(p, perm, true)
			if fixed {
				s++
			} else if less {
				canonical = false
			}
		}
	}
	c.stab[s]++
	if c.hasPrev {
		l := lcp(c.prev, p)
		c.settle(l)
		c.prevL = l
	} else {
		c.prevL = 0
	}
	copy(c.prev, p)
	c.hasPrev = true
	if c.smallest == nil {
		c.smallest = slices.Clone(p)
	} else if slices.Compare(p, c.smallest) < 0 {
		copy(c.smallest, p)
	}
	if a.opt.Canonical && canonical {
		if len(c.canon) < a.maxCanon {
			c.canon = append(c.canon, slices.Clone(p))
		} else {
			c.canonCut = true
		}
	}
}

// compare reports whether the image of p under perm (read backwards when
// rev) equals p, and if not whether the image is lexicographically smaller.
func compare(p, perm []int32, rev bool) (equal, less bool) {
	n := len(p)
	for i, v := range p {
		w := p[i]
		if rev {
			w = p[n-1-i]
		}
		x := perm[w]
		if x != v {
			return false, x < v
		}
	}
	return true, false
}

// task is one enumeration job: the paths that start at root and continue
// with second (or every path from root when second is -1).
type task struct{ root, second int32 }

// Analyze enumerates every directed Hamiltonian path of p and returns the
// statistics of Result. p must be an open-path problem without a fixed start
// or end (Start and End -1, Closed false); givens are allowed, and then
// reversal is not used as a symmetry.
//
// Only paths starting at one vertex per orbit of the symmetry group (the
// smallest vertex of the orbit) are enumerated, split by their second vertex
// into tasks that run on separate goroutines (hamilton.Enumerate with one
// worker each, so that the per-path callbacks never wait for each other)
// with their own
// accumulators; after each task its statistics are carried to the whole
// orbit by the group (see fold), which is exact because the group maps
// solutions to solutions. With Options.NoReduce every start is enumerated
// instead. The orbit count is Burnside's lemma (the paper's "structural
// properties of the solution space", abstract): each path's stabiliser in
// the group, reversal included, is counted as it is enumerated.
//
// The cost is that of enumerating the paths (exponential) plus O(N) per
// path; memory is O(N^2 + |E|) per worker. On cancellation Analyze returns
// the statistics of the paths seen so far (lower bounds, Complete false)
// with ctx.Err().
func Analyze(ctx context.Context, p hamilton.Problem, opt Options) (*Result, error) {
	a, err := newAnalyzer(p, opt)
	if err != nil {
		return nil, err
	}
	tasks := a.tasks()
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(tasks)))
	start := time.Now()
	total, st, err := a.enumerate(ctx, p, tasks, workers, start)
	if err != nil {
		return nil, err
	}
	res := a.finish(total)
	st.Elapsed, st.Workers = time.Since(start), workers
	res.Stats = st
	res.Complete = ctx.Err() == nil
	if !res.Complete {
		return res, ctx.Err()
	}
	return res, nil
}

// newAnalyzer checks that p is a problem Analyze covers and sets up its
// analyzer: the symmetry group (only the symmetries that keep every given
// on its vertex, and no reversal, when p has givens) and the edge index.
func newAnalyzer(p hamilton.Problem, opt Options) (*analyzer, error) {
	if p.G == nil || p.G.N() == 0 {
		return nil, fmt.Errorf("%w: the graph has no vertices", ErrInvalid)
	}
	if p.G.N() > MaxVertices {
		return nil, fmt.Errorf("%w: %d vertices; analysis enumerates every path and takes at most %d", ErrInvalid, p.G.N(), MaxVertices)
	}
	if p.FixStart || p.FixEnd || p.Closed {
		return nil, fmt.Errorf("%w: analysis covers every open path; drop the fixed start, end or closed-tour constraint", ErrInvalid)
	}
	g := p.G
	n := g.N()
	hasGivens := false
	for _, x := range p.Givens {
		if x >= 0 {
			hasGivens = true
		}
	}
	var syms [][]int32
	if !opt.NoReduce {
		syms = p.Symmetries
	}
	gr, err := newGroup(g, syms)
	if err != nil {
		return nil, err
	}
	if hasGivens {
		// Only symmetries that keep every given on its vertex can be used.
		kept := gr.perms[:1]
		for _, perm := range gr.perms[1:] {
			ok := true
			for v, x := range p.Givens {
				if x >= 0 && p.Givens[perm[v]] != x {
					ok = false
					break
				}
			}
			if ok {
				kept = append(kept, perm)
			}
		}
		gr.perms = kept
	}
	a := &analyzer{g: g, n: n, gr: gr, reversal: !hasGivens, opt: opt, maxCanon: opt.MaxCanonical}
	if a.maxCanon <= 0 {
		a.maxCanon = 100000
	}
	a.order = len(gr.perms)
	if a.reversal {
		a.order *= 2
	}
	a.eid = make([]int32, n*n)
	for i := range a.eid {
		a.eid[i] = -1
	}
	for u := range int32(n) {
		for _, v := range g.Neighbors(u) {
			if u < v {
				k := int32(len(a.edges))
				a.edges = append(a.edges, [2]int32{u, v})
				a.eid[int(u)*n+int(v)], a.eid[int(v)*n+int(u)] = k, k
			}
		}
	}
	return a, nil
}

// tasks returns the enumeration jobs: from the smallest vertex of each
// orbit (the canonical form of a path starts at one, so every orbit's
// representative is enumerated), one job per second vertex.
func (a *analyzer) tasks() []task {
	g, n := a.g, a.n
	orbitMin := make([]int32, n)
	for v := range orbitMin {
		orbitMin[v] = int32(v)
		for _, perm := range a.gr.perms {
			orbitMin[v] = min(orbitMin[v], perm[v])
		}
	}
	var tasks []task
	for v := range int32(n) {
		if orbitMin[v] != v {
			continue
		}
		if n == 1 {
			tasks = append(tasks, task{v, -1})
			continue
		}
		for _, w := range g.Neighbors(v) {
			tasks = append(tasks, task{v, w})
		}
	}
	return tasks
}

// enumerate runs the tasks of p on workers goroutines and returns the
// whole sum, with the search nodes and the paths seen (Stats.Nodes,
// Solutions). Each worker fills its own accumulator during a task; after
// the task the accumulator is carried to the whole orbit (scaled by |G|,
// see fold) into the shared sum under a lock, and cleared.
func (a *analyzer) enumerate(ctx context.Context, p hamilton.Problem, tasks []task, workers int, start time.Time) (*sum, hamilton.Stats, error) {
	total := a.newSum()
	var mu sync.Mutex
	var seen atomic.Uint64
	var nodes atomic.Uint64
	var next atomic.Int64
	var firstErr error
	stopProgress := watch(a.opt, start, &seen, &nodes)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			c := newAcc(a.n, a.order)
			c.edge = make([]uint64, len(a.edges))
			for ctx.Err() == nil {
				i := next.Add(1) - 1
				if i >= int64(len(tasks)) {
					break
				}
				t := tasks[i]
				q, ok := taskProblem(p, t)
				if !ok {
					continue
				}
				var batch uint64
				_, st, err := hamilton.Enumerate(ctx, q, hamilton.Options{Workers: 1}, 0, func(path []int32) bool {
					a.add(c, path)
					if batch++; batch == 4096 {
						seen.Add(batch)
						batch = 0
					}
					return true
				})
				seen.Add(batch)
				nodes.Add(st.Nodes)
				c.settle(0)
				mu.Lock()
				if err != nil && firstErr == nil && ctx.Err() == nil {
					firstErr = err
				}
				a.fold(total, c, t.root)
				mu.Unlock()
				c.reset()
			}
		})
	}
	wg.Wait()
	stopProgress()
	return total, hamilton.Stats{Nodes: nodes.Load(), Solutions: seen.Load()}, firstErr
}

// taskProblem returns the problem restricted to paths that begin root,
// second; ok is false when the problem's givens rule that out.
func taskProblem(p hamilton.Problem, t task) (hamilton.Problem, bool) {
	n := p.G.N()
	giv := make([]int32, n)
	for i := range giv {
		giv[i] = -1
	}
	if p.Givens != nil {
		copy(giv, p.Givens)
	}
	place := func(v, pos int32) bool {
		if giv[v] >= 0 && giv[v] != pos {
			return false
		}
		for u, x := range giv {
			if x == pos && int32(u) != v {
				return false
			}
		}
		giv[v] = pos
		return true
	}
	if !place(t.root, 0) || (t.second >= 0 && !place(t.second, 1)) {
		return p, false
	}
	q := p
	q.Givens = giv
	q.Symmetries = nil
	return q, true
}

func (c *acc) reset() {
	c.total, c.closed = 0, 0
	clear(c.pair)
	clear(c.step)
	clear(c.edge)
	clear(c.stab)
	clear(c.decided)
	c.hasPrev = false
	c.canon = nil
	c.canonCut = false
	c.smallest = nil
}

// sum is the running total of the statistics carried to whole orbits,
// every array and count multiplied by the group order |G| (so that each
// task can be folded in exactly on its own; finish divides).
type sum struct {
	pair, step, edge, stab []uint64
	decided                []uint64
	total, closed          uint64
	canon                  [][]int32
	canonCut               bool
	smallest               []int32
}

func (a *analyzer) newSum() *sum {
	n := a.n
	return &sum{pair: make([]uint64, n*n), step: make([]uint64, n*n), edge: make([]uint64, len(a.edges)), stab: make([]uint64, a.order+1), decided: make([]uint64, n+1)}
}

// fold carries the statistics of paths starting at root to the root's whole
// orbit. The paths from the orbit's vertices are the images of the paths
// from root, each hit by exactly |Stab(root)| group elements, so the true
// expansion is (1/|Stab(root)|) times the sum of the images over the group;
// fold adds |G|/|Stab(root)| (an integer, by Lagrange) times that sum, that
// is |G| times the expansion, which is exact for any subset of the paths
// (one task) and needs no division until finish. The cost is
// O(|G| (N^2 + |E|)) per call.
func (a *analyzer) fold(s *sum, c *acc, root int32) {
	n := a.n
	g := uint64(len(a.gr.perms))
	fix := uint64(0)
	for _, perm := range a.gr.perms {
		if perm[root] == root {
			fix++
		}
	}
	mult := g / fix
	for _, perm := range a.gr.perms {
		for u := range n {
			row := c.pair[u*n : (u+1)*n]
			base := int(perm[u]) * n
			for e, x := range row {
				if x != 0 {
					s.pair[base+int(perm[e])] += x * mult
				}
			}
		}
		for i := range n {
			row := c.step[i*n : (i+1)*n]
			dst := s.step[i*n : (i+1)*n]
			for v, x := range row {
				if x != 0 {
					dst[perm[v]] += x * mult
				}
			}
		}
		for k, ed := range a.edges {
			if x := c.edge[k]; x != 0 {
				s.edge[a.eid[int(perm[ed[0]])*n+int(perm[ed[1]])]] += x * mult
			}
		}
	}
	// Scalars: every path from root has |G|/fix distinct images among the
	// paths from its orbit; times |G| for the common scale.
	s.total += c.total * mult * g
	s.closed += c.closed * mult * g
	for k, x := range c.stab {
		s.stab[k] += x * mult * g
	}
	for k, x := range c.decided {
		s.decided[k] += x * mult * g
	}
	s.canon = append(s.canon, c.canon...)
	s.canonCut = s.canonCut || c.canonCut
	if c.smallest != nil && (s.smallest == nil || slices.Compare(c.smallest, s.smallest) < 0) {
		s.smallest = slices.Clone(c.smallest)
	}
}

// finish divides the sum by |G| and derives the remaining statistics.
func (a *analyzer) finish(s *sum) *Result {
	n := a.n
	g := uint64(len(a.gr.perms))
	div := func(xs []uint64) []uint64 {
		for i := range xs {
			xs[i] /= g // exact on a complete run (the tests check)
		}
		return xs
	}
	res := &Result{N: n, Edges: a.edges, Group: len(a.gr.perms), Reversal: a.reversal, Order: a.order,
		Pair: div(s.pair), StepCell: div(s.step), EdgeUse: div(s.edge), Total: s.total / g, ClosedPaths: s.closed / g,
		OrbitSizes: map[int]uint64{}, Canonical: s.canon, CanonicalTruncated: s.canonCut, Smallest: s.smallest}
	stab := div(s.stab)
	res.DecidedAt = div(s.decided)
	res.PerStart = make([]uint64, n)
	res.PerEnd = make([]uint64, n)
	for s := range n {
		for e := range n {
			res.PerStart[s] += res.Pair[s*n+e]
			res.PerEnd[e] += res.Pair[s*n+e]
		}
	}
	// A start vertex with a single path decides it at step 1, not 2 as
	// settle assumed.
	if n >= 2 {
		for _, c := range res.PerStart {
			if c == 1 && res.DecidedAt[2] > 0 {
				res.DecidedAt[2]--
				res.DecidedAt[1]++
			}
		}
	}
	if n >= 3 {
		res.DirectedTours = res.ClosedPaths / uint64(n)
		res.UndirectedTours = res.DirectedTours / 2
	}
	// Burnside: orbits = (1/|G|) sum_P |Stab(P)|; an orbit whose paths
	// have stabiliser size s has Order/s paths.
	var sum uint64
	for s, x := range stab {
		if x == 0 {
			continue
		}
		sum += uint64(s) * x
		size := a.order / s
		res.OrbitSizes[size] += x / uint64(size)
	}
	res.Orbits = sum / uint64(a.order)
	slices.SortFunc(res.Canonical, slices.Compare[[]int32])
	if len(res.Canonical) > a.maxCanon {
		res.Canonical = res.Canonical[:a.maxCanon]
		res.CanonicalTruncated = true
	}
	return res
}

// watch calls opt.Progress every opt.ProgressEvery until the returned stop
// function is called.
func watch(opt Options, start time.Time, seen, nodes *atomic.Uint64) func() {
	if opt.Progress == nil {
		return func() {}
	}
	every := opt.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	return tick.Every(every, func() {
		opt.Progress(hamilton.Stats{Nodes: nodes.Load(), Solutions: seen.Load(), Elapsed: time.Since(start)})
	})
}
