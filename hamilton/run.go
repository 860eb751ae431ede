package hamilton

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// ErrOverflow means a count exceeded 2^64-1. The count is not reported.
var ErrOverflow = errors.New("count exceeds 2^64-1")

// run holds what the public calls share: validation, the shared counters,
// cancellation, progress and statistics.
type run struct {
	p       *Problem
	at      []int32
	opt     Options
	sh      shared
	start   time.Time
	workers int
	rot     int32 // closed tours with givens: positions are shifted by rot
	// givenDist is shared by the run's engines (see engine.givenDist).
	givenDist map[int32][]int32
}

// givenDistances returns, for every position after the first that a given
// fixes, the distances from its vertex.
func givenDistances(p *Problem, at []int32) map[int32][]int32 {
	off, tgt := p.G.CSR()
	out := make(map[int32][]int32)
	for pos, v := range at {
		if v >= 0 && pos > 0 {
			out[int32(pos)] = bfsDist(off, tgt, v)
		}
	}
	return out
}

func newRun(p *Problem, opt Options) (*run, error) {
	at, err := p.validate()
	if err != nil {
		return nil, err
	}
	r := &run{p: p, at: at, opt: opt, start: time.Now()}
	r.workers = opt.Workers
	if r.workers <= 0 {
		r.workers = runtime.GOMAXPROCS(0)
	}
	r.sh.slots = make([]atomic.Uint64, r.workers)
	return r, nil
}

// prepare fixes the vertex a closed tour is written from and computes the
// distance tables of the givens, once for all the run's engines. With a
// start, or with no givens, the tour starts at the start or else at a vertex
// of least degree (fewest branches at the root). Givens on a tour without a start fix its rotation
// instead: the search then starts from the earliest given, with every
// position shifted by rot, and solutions are turned back (unrotate).
func (r *run) prepare() {
	r.rotate()
	r.givenDist = givenDistances(r.p, r.at)
}

// rotate fixes the closed tour's first vertex (see prepare).
func (r *run) rotate() {
	p := r.p
	if !p.Closed || r.at[0] >= 0 {
		return
	}
	n := p.n()
	for q := range n {
		if r.at[q] >= 0 {
			r.rot = q
			rotated := make([]int32, n)
			for pos := range n {
				rotated[pos] = r.at[(pos+q)%n]
			}
			r.at = rotated
			return
		}
	}
	best := int32(0)
	for v := range n {
		if p.G.Degree(v) < p.G.Degree(best) {
			best = v
		}
	}
	r.at[0] = best
}

// unrotate turns a solution found from the rotated start back into the
// numbering the caller asked for, in buf.
func (r *run) unrotate(path, buf []int32) []int32 {
	if r.rot == 0 {
		return path
	}
	n := int32(len(path))
	buf = buf[:n]
	for pos := range n {
		buf[pos] = path[(pos-r.rot+n)%n]
	}
	return buf
}

// watch stops the run when ctx is done and feeds the progress callback. The
// returned function ends the watcher and waits for it.
func (r *run) watch(ctx context.Context) func() {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var tick <-chan time.Time
		if r.opt.Progress != nil {
			every := r.opt.ProgressEvery
			if every <= 0 {
				every = time.Second
			}
			t := time.NewTicker(every)
			defer t.Stop()
			tick = t.C
		}
		for {
			select {
			case <-ctx.Done():
				r.sh.stop.Store(true)
				return
			case <-done:
				return
			case <-tick:
				r.opt.Progress(r.stats())
			}
		}
	})
	return func() { close(done); wg.Wait() }
}

func (r *run) stats() Stats {
	done, share := r.sh.progress()
	return Stats{
		UnitsDone:  done,
		Share:      share,
		Nodes:      r.sh.nodes.Load(),
		Backtracks: r.sh.backs.Load(),
		Prunes:     r.sh.prunes.Load(),
		MemoHits:   r.sh.memoHits.Load(),
		Solutions:  r.sh.solutions.Load(),
		Elapsed:    time.Since(r.start),
		Workers:    r.workers,
		Units:      r.sh.units.Load(),
	}
}

func (r *run) base() *run { return r }

func (r *run) newWorker(m mode, w int) worker {
	e := r.engine(m)
	e.unit = r.sh.slot(m, w)
	return e
}

// absorb adds a worker's final counters to the shared ones.
func (r *run) absorb(w worker) {
	e := w.(*engine)
	e.absorbInto(&r.sh)
	r.sh.prunes.Add(e.prunes)
	r.sh.memoHits.Add(e.memoHits)
	e.prunes, e.memoHits = 0, 0
}

func (r *run) engine(m mode) *engine {
	e := newEngine(r.p, r.at, r.givenDist, &r.sh)
	e.mode = m
	e.rank = r.opt.Rank
	if m == modeCount && e.n <= memoMaxVertices && r.opt.MemoBits >= 0 {
		bitsN := r.opt.MemoBits
		if bitsN == 0 {
			// 2^18 buckets of 4 (16 MiB) serve boards of 36 cells and
			// more; small graphs get a table their state space can fill.
			bitsN = int(min(18, max(6, e.n-18)))
		}
		e.memo = make([]memoBucket, 1<<bitsN)
		e.memoMask = 1<<bitsN - 1
		// Measured on the 6x6 knight and Diplomatico boards: memoising the
		// lower three fifths of the tree gives the fewest cache misses per
		// saved node.
		e.memoMax = e.n * 3 / 5
	}
	return e
}

// roots are the candidates for the first vertex: all vertices unless a start
// is fixed (then gen uses it directly).
func (r *run) roots() []int32 {
	out := make([]int32, r.p.n())
	for i := range out {
		out[i] = int32(i)
	}
	return out
}

// serialBelow is the graph size up to which one worker is used: splitting
// the tree costs more than it saves there (measured: all corner-to-corner
// Diplomatico paths on 5x5 take twice the nodes with two workers).
const serialBelow = 30

// split cuts the search tree into prefixes of equal length: depth, or with
// depth 0 deep enough to give every worker many tasks. Prefixes that
// already fail the pruning rules are dropped.
func (r *run) split(roots []int32, depth int) []task {
	n := r.p.n()
	target := 64 * r.workers
	fixed := depth > 0
	var tasks []task
	for depth := max(int32(depth), 1); ; depth++ {
		tasks = tasks[:0]
		e := r.engine(modeSplit)
		e.splitDepth = depth
		e.onSplit = func(prefix []int32) { tasks = append(tasks, append(task(nil), prefix...)) }
		e.search(nil, roots)
		r.absorb(e)
		if fixed || len(tasks) >= target || depth >= n || depth >= 12 || r.sh.stop.Load() {
			return tasks
		}
	}
}

// emitter returns the solution callback of an enumeration shared by all
// workers: one solution at a time, each passed through fix (nil: as is)
// and then to yield, until yield declines, limit (0: none) solutions have
// been yielded, or the run stops.
func (sh *shared) emitter(limit uint64, yield func(path []int32) bool, fix func([]int32) []int32) func([]int32) bool {
	var mu sync.Mutex
	var yielded uint64
	return func(path []int32) bool {
		mu.Lock()
		defer mu.Unlock()
		if fix != nil {
			path = fix(path)
		}
		if sh.stop.Load() {
			return false
		}
		yielded++
		sh.solutions.Store(yielded)
		if !yield(path) || (limit > 0 && yielded >= limit) {
			sh.stop.Store(true)
			return false
		}
		return true
	}
}

// runTasks hands tasks, in order, to workers goroutines, each with the
// engine newEngine(worker) makes, until the tasks run out or stop is set;
// done(engine) is called as each worker finishes. Both strategies' runs
// split their work this way.
func runTasks[E, T any](workers int, stop *atomic.Bool, tasks []T, newEngine func(worker int) E, fn func(E, T), done func(E)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			e := newEngine(w)
			for !stop.Load() {
				i := next.Add(1) - 1
				if i >= int64(len(tasks)) {
					break
				}
				fn(e, tasks[i])
			}
			done(e)
		})
	}
	wg.Wait()
}

// Count returns the number of solutions of p (counting convention: see
// Problem). On cancellation it returns the solutions counted so far, a lower
// bound, with ctx.Err(). A count above 2^64-1 returns ErrOverflow.
//
// The search is exponential in the worst case; on graphs of up to 64
// vertices it memoises subcounts keyed by (unvisited set, head), which
// collapses the deep levels of the tree.
func Count(ctx context.Context, p Problem, opt Options) (uint64, Stats, error) {
	b, err := newBackend(&p, opt, CallCount)
	if err != nil {
		return 0, Stats{}, err
	}
	out, st, err := driveCount(ctx, b, false)
	if out == nil {
		return 0, st, err
	}
	return out[0], st, err
}

// CountPerStart returns, for every vertex v, the number of solutions whose
// first vertex is v. It is meant for open paths without a fixed start.
func CountPerStart(ctx context.Context, p Problem, opt Options) ([]uint64, Stats, error) {
	if p.Closed || p.FixStart {
		return nil, Stats{}, errors.Join(ErrInvalid, errors.New("per-start counts need an open path without a fixed start"))
	}
	b, err := newBackend(&p, opt, CallCountPerStart)
	if err != nil {
		return nil, Stats{}, err
	}
	return driveCount(ctx, b, true)
}

// startOrbits returns the first vertices a count searches and, for every
// vertex, the representative of its orbit: with a free start, only one first
// vertex per orbit of the symmetries that fix the constraints (the smallest,
// so the choice is the same on every run), and the count of a representative
// stands for every vertex of its orbit. With a fixed start, that vertex
// alone. (Shared by driveCount and CountShard in shard.go.)
func (r *run) startOrbits() (roots, orbit []int32) {
	n := r.p.n()
	roots = []int32{r.at[0]}
	orbit = make([]int32, n) // vertex -> representative of its orbit
	for v := range orbit {
		orbit[v] = int32(v)
	}
	if r.at[0] < 0 {
		roots = roots[:0]
		for _, perm := range r.symmetries() {
			for v, w := range perm {
				if orbit[w] > orbit[v] {
					orbit[w] = orbit[v]
				}
			}
		}
		for v := range n {
			if orbit[v] == v {
				roots = append(roots, v)
			}
		}
	}
	return roots, orbit
}

// symmetries returns the permutations in p.Symmetries that are automorphisms
// of the graph and fix every constrained position (start, end, givens), so
// that counting one first vertex per orbit is exact.
func (r *run) symmetries() [][]int32 {
	var ok [][]int32
	n := r.p.n()
outer:
	for _, perm := range r.p.Symmetries {
		if len(perm) != int(n) {
			continue
		}
		for _, v := range r.at {
			if v >= 0 && perm[v] != v {
				continue outer
			}
		}
		seen := make([]bool, n)
		for _, w := range perm {
			if w < 0 || w >= n || seen[w] {
				continue outer
			}
			seen[w] = true
		}
		for v := range n {
			w := perm[v]
			if w < 0 || w >= n || r.p.G.Degree(v) != r.p.G.Degree(w) {
				continue outer
			}
			for _, x := range r.p.G.Neighbors(v) {
				if !r.p.G.HasEdge(w, perm[x]) {
					continue outer
				}
			}
		}
		ok = append(ok, perm)
	}
	return ok
}

// Enumerate calls yield with every solution (a slice of vertices that is
// reused: copy it to keep it) until yield returns false, limit solutions
// have been yielded (0: no limit), or ctx is done. With more than one worker
// the order of solutions is not deterministic; yield is never called
// concurrently. It returns the number of solutions yielded.
func Enumerate(ctx context.Context, p Problem, opt Options, limit uint64, yield func(path []int32) bool) (uint64, Stats, error) {
	b, err := newBackend(&p, opt, CallEnumerate)
	if err != nil {
		return 0, Stats{}, err
	}
	return driveEnumerate(ctx, b, limit, yield)
}

// Find returns one solution, or ErrNoSolution when the search proves there
// is none. Each worker runs a depth-first search (Warnsdorff-ordered with
// the default strategy) with a node budget that follows the Luby sequence,
// reshuffling the tie-breaks between attempts (a randomised restart
// portfolio); an attempt that finishes within its budget without a solution
// is a proof that none exists. Strategy.NoRestarts and SplitDepth change
// the portfolio for either strategy (see Strategy). With opt.MaxNodes the
// whole run gives up with ErrLimit.
func Find(ctx context.Context, p Problem, opt Options) ([]int32, Stats, error) {
	b, err := newBackend(&p, opt, CallFind)
	if err != nil {
		return nil, Stats{}, err
	}
	return driveFind(ctx, b)
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	x ^= x >> 31
	if x == 0 {
		x = 1
	}
	return x
}
