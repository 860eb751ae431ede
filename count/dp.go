package count

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
)

// Errors. ErrInvalid and ErrOverflow are hamilton's, so callers test one
// value whichever method counted.
var (
	ErrInvalid  = hamilton.ErrInvalid
	ErrOverflow = hamilton.ErrOverflow
	// ErrTooWide means the frontier does not fit a state key.
	ErrTooWide = errors.New("frontier too wide for the dynamic program")
	// ErrMemory means the state tables would pass Options.MaxStates or
	// Options.MaxBytes.
	ErrMemory = errors.New("state tables over the memory limit")
)

// DefaultMaxBytes is the table memory a count may use when
// Options.MaxBytes is 0.
const DefaultMaxBytes = 4 << 30

// Options tune a count. The zero value processes vertices in vertex order
// (row-major on a board graph) with at most DefaultMaxBytes of tables.
type Options struct {
	// Order is the order in which vertices are processed, a permutation of
	// the vertices; nil means 0, 1, 2, ... BoardOrder gives a good one for
	// a board.
	Order []int32
	// MaxStates limits the number of states in one layer (0: no limit
	// beyond MaxBytes).
	MaxStates int
	// MaxBytes limits the memory of the state tables (0: DefaultMaxBytes).
	MaxBytes int64
	// Progress, if set, is called from the counting goroutine after a step
	// when ProgressEvery (default 1 s) has passed since the last call.
	Progress      func(Stats)
	ProgressEvery time.Duration
}

// Stats describe a count, readable after it returns.
type Stats struct {
	Plan
	Step, Steps int           // steps done (one per vertex) and in all
	States      int           // states in the current layer
	PeakStates  int           // the largest layer
	PeakBytes   int64         // the largest memory of the two tables together
	Transitions uint64        // state transitions tried
	Elapsed     time.Duration // wall time
}

// Estimate returns the frontier and memory bound of counting p with opt,
// without counting. It fails with ErrTooWide when the count cannot run.
func Estimate(p hamilton.Problem, opt Options) (Plan, error) {
	req, err := check(&p)
	if err != nil {
		return Plan{}, err
	}
	pl, err := newPlan(p.G, opt.Order, req)
	if err != nil {
		return Plan{}, err
	}
	return pl.public(), nil
}

// check validates p and returns the vertices that must be path ends.
func check(p *hamilton.Problem) ([]int32, error) {
	if p.G == nil || p.G.N() == 0 {
		return nil, fmt.Errorf("%w: the graph has no vertices", ErrInvalid)
	}
	n := int32(p.G.N())
	for _, x := range []struct {
		name string
		v    int32
	}{{"start", p.Start}, {"end", p.End}} {
		if x.v < -1 || x.v >= n {
			return nil, fmt.Errorf("%w: %s vertex %d out of range 0..%d", ErrInvalid, x.name, x.v, n-1)
		}
	}
	if p.Closed && p.End >= 0 {
		return nil, fmt.Errorf("%w: a closed tour has no end; give only a start", ErrInvalid)
	}
	if p.Givens != nil {
		return nil, fmt.Errorf("%w: the dynamic program does not take givens; count with the search instead", ErrInvalid)
	}
	if p.Closed {
		return nil, nil
	}
	var req []int32
	if p.Start >= 0 {
		req = append(req, p.Start)
	}
	if p.End >= 0 && p.End != p.Start {
		req = append(req, p.End)
	}
	return req, nil
}

// Count returns the number of Hamiltonian paths or cycles p asks for, in
// hamilton's convention: directed open paths (a path and its reverse are
// two; on one vertex there is one path), closed tours as directed cycles up
// to rotation (each undirected cycle twice), paths with a given start or
// end counted once per path that has it. Givens and Symmetries are not
// used (Givens are refused).
//
// It is the frontier ("transfer-matrix", "plug") dynamic program: vertices
// are processed in opt.Order; a state records, for each processed vertex
// that still has an unprocessed neighbour, its degree in the partial
// solution and which pairs of such vertices are the two ends of one partial
// path, plus how many free path ends have been fixed. Processing a vertex
// chooses which of its edges to processed vertices are in the solution
// (none, one or two); a vertex leaves the frontier with degree 2, or 1 when
// it is a path end (the given start and end must be; at most two in all);
// an edge joining the ends of one partial path is refused unless it closes
// the whole tour at the last vertex. A state is dropped as soon as some
// frontier vertex cannot reach degree 2 from its unprocessed neighbours and
// more vertices would then have to be path ends than remain allowed. Counts
// add along transitions in uint64; a sum above 2^64-1 returns ErrOverflow.
// This is the transfer-matrix method used for Hamiltonian walks and chains
// on grids (J. L. Jacobsen, J. Phys. A 40, 2007) and the frontier-based
// search of Knuth's SIMPATH, generalised to any graph and vertex order: the
// "plug" of a vertex is its code (empty, full, tail or pair label, see
// codeEmpty), and tails stand for partial paths already anchored at one of
// the two ends of an open path.
//
// Time is O(n * S * d^2) and memory O(S) for S states in the largest
// layer and d the largest degree; S grows exponentially with the frontier
// width (Estimate), not with n. When a layer would pass opt.MaxStates or
// opt.MaxBytes the count stops with ErrMemory naming the step and sizes.
// On cancellation it returns 0 and ctx.Err(): no partial count exists.
func Count(ctx context.Context, p hamilton.Problem, opt Options) (uint64, Stats, error) {
	return countWith(ctx, p, opt, false)
}

// countWith is Count; forceWide keeps 128-bit states even when they would
// fit 64 bits (tests run both table kinds on the oracle table).
func countWith(ctx context.Context, p hamilton.Problem, opt Options, forceWide bool) (uint64, Stats, error) {
	t0 := time.Now()
	req, err := check(&p)
	if err != nil {
		return 0, Stats{}, err
	}
	n := p.G.N()
	if p.Start >= 0 && p.Start == p.End && n > 1 {
		return 0, Stats{Steps: n}, nil // one vertex cannot be both ends of a longer path
	}
	if n == 1 {
		if p.Closed {
			return 0, Stats{Steps: 1}, nil
		}
		return 1, Stats{Steps: 1, Step: 1}, nil
	}
	if p.Closed && n < 3 {
		return 0, Stats{Steps: n}, nil
	}
	pl, err := newPlan(p.G, opt.Order, req)
	if err != nil {
		return 0, Stats{}, err
	}
	r := &dp{plan: pl, closed: p.Closed, freeEnds: uint8(2 - len(req)), opt: opt, narrow: pl.keyBits() <= 64 && !forceWide}
	r.st.Plan = pl.public()
	r.st.Steps = n
	if r.opt.MaxBytes == 0 {
		r.opt.MaxBytes = DefaultMaxBytes
	}
	if r.opt.ProgressEvery == 0 {
		r.opt.ProgressEvery = time.Second
	}
	total, err := r.run(ctx)
	r.st.Elapsed = time.Since(t0)
	if err != nil {
		return 0, r.st, err
	}
	if p.Closed || len(req) == 0 {
		// Each undirected solution is two directed ones.
		if total > (1<<64-1)/2 {
			return 0, r.st, fmt.Errorf("%w: %d undirected solutions", ErrOverflow, total)
		}
		total *= 2
	}
	return total, r.st, nil
}

type dp struct {
	*plan
	closed   bool
	freeEnds uint8 // path ends that are not required
	opt      Options
	st       Stats
	// The current layer, dense, and the next one being filled; with
	// narrow (states of at most 64 bits) cur64 and nxt64 are used instead.
	cur        []entry
	nxt        *table
	cur64      []entry64
	nxt64      *table64
	narrow     bool
	entryBytes int64
	overflow   bool
	errMem     error
	cnt        uint64 // the count of the state being expanded
	i          int    // the step being processed
}

func (r *dp) run(ctx context.Context) (uint64, error) {
	r.entryBytes = entryBytes
	if r.narrow {
		r.entryBytes = entry64Bytes
	}
	// One layer holds the empty frontier with no ends fixed.
	if r.narrow {
		r.cur64 = []entry64{{c: 1}}
	} else {
		r.cur = []entry{{c: 1}}
	}
	r.nxt, r.nxt64 = newTable(16), newTable64(16)
	lastReport := time.Now()
	for i := range r.steps {
		r.i = i
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		st := &r.steps[i]
		var states int
		if r.narrow {
			r.nxt64.reset()
			for j := range r.cur64 {
				x := &r.cur64[j]
				r.cnt = x.c
				r.expand(st, key{lo: x.k})
				if err := r.stepErr(ctx, j); err != nil {
					return 0, err
				}
			}
			// The next layer becomes the current one, packed densely: it is
			// read in sequence, and only the table being filled pays for
			// empty slots.
			if cap(r.cur64) < r.nxt64.n {
				r.cur64 = nil // let the collector take it before the next allocation
				r.cur64 = make([]entry64, 0, r.nxt64.n+r.nxt64.n/4)
			}
			r.cur64 = r.cur64[:0]
			for _, x := range r.nxt64.e {
				if x.c != 0 {
					r.cur64 = append(r.cur64, x)
				}
			}
			states = len(r.cur64)
		} else {
			r.nxt.reset()
			for j := range r.cur {
				x := &r.cur[j]
				r.cnt = x.c
				r.expand(st, x.k)
				if err := r.stepErr(ctx, j); err != nil {
					return 0, err
				}
			}
			if cap(r.cur) < r.nxt.n {
				r.cur = nil
				r.cur = make([]entry, 0, r.nxt.n+r.nxt.n/4)
			}
			r.cur = r.cur[:0]
			for _, x := range r.nxt.e {
				if x.c != 0 {
					r.cur = append(r.cur, x)
				}
			}
			states = len(r.cur)
		}
		r.st.Step, r.st.States = i+1, states
		r.st.PeakStates = max(r.st.PeakStates, states)
		if r.opt.Progress != nil && time.Since(lastReport) >= r.opt.ProgressEvery {
			lastReport = time.Now()
			r.opt.Progress(r.st)
		}
	}
	var total, carry uint64
	for _, x := range r.cur {
		total, carry = bits.Add64(total, x.c, carry)
	}
	for _, x := range r.cur64 {
		total, carry = bits.Add64(total, x.c, carry)
	}
	if carry != 0 {
		return 0, fmt.Errorf("%w: in the final sum", ErrOverflow)
	}
	return total, nil
}

// stepErr returns the error that stops the layer after the j-th state, if
// any: the memory limit, an overflow, or (checked every 65536 states) a
// cancelled context.
func (r *dp) stepErr(ctx context.Context, j int) error {
	switch {
	case r.errMem != nil:
		return r.errMem
	case r.overflow:
		return fmt.Errorf("%w: at step %d of %d", ErrOverflow, r.i+1, len(r.steps))
	case j&0xffff == 0xffff:
		return ctx.Err()
	}
	return nil
}

// expand applies every choice of edges from st.v to its processed
// neighbours to one state and adds the count to the next layer.
func (r *dp) expand(st *step, k key) {
	var cells [maxWidth + 2]uint8
	w := st.in
	f := uint8(k.lo & 3)
	lo, hi := k.lo>>2|k.hi<<62, k.hi>>2
	mask := uint64(1)<<r.bitsPer - 1
	for j := w - 1; j >= 0; j-- {
		cells[j] = uint8(lo & mask)
		lo = lo>>r.bitsPer | hi<<(64-r.bitsPer)
		hi >>= r.bitsPer
	}
	cells[w] = codeEmpty
	vReq := st.req>>w&1 != 0
	nb := st.nbrPos
	// canTake reports whether the vertex at position a may take one more
	// edge: not full, and not a required end that already has one.
	canTake := func(a uint8) bool {
		x := cells[a]
		return x != codeFull && (x == codeEmpty || st.req>>a&1 == 0)
	}
	r.emit(st, cells, f) // no edge
	for ai, a := range nb {
		if !canTake(a) {
			continue
		}
		// One edge v-a.
		x := cells
		r.st.Transitions++
		if x[a] == codeEmpty {
			x[a], x[w] = 255, 255 // a new path a-v; codes are renumbered on emit
		} else {
			x[w], x[a] = x[a], codeFull
		}
		r.emit(st, x, f)
		if vReq {
			continue // a required end takes one edge
		}
		for _, b := range nb[ai+1:] {
			if !canTake(b) {
				continue
			}
			// Two edges a-v-b: v is full.
			x := cells
			r.st.Transitions++
			ca, cb := x[a], x[b]
			x[w] = codeFull
			switch {
			case ca == codeEmpty && cb == codeEmpty:
				x[a], x[b] = 255, 255
			case ca == codeEmpty:
				x[a], x[b] = cb, codeFull
			case cb == codeEmpty:
				x[b], x[a] = ca, codeFull
			case ca == codeTail && cb == codeTail:
				// Both fixed ends are now joined: the path is complete,
				// which only the last vertex may do.
				if r.closed || r.i != r.n-1 {
					continue
				}
				x[a], x[b] = codeFull, codeFull
			case ca == cb:
				// The two ends of one partial path: this closes a cycle,
				// allowed only as the whole tour at the last vertex.
				if !r.closed || r.i != r.n-1 {
					continue
				}
				x[a], x[b] = codeFull, codeFull
			case ca == codeTail || cb == codeTail:
				other := ca
				if ca == codeTail {
					other = cb
				}
				x[a], x[b] = codeFull, codeFull
				for j := 0; j <= w; j++ {
					if x[j] == other {
						x[j] = codeTail
					}
				}
			default:
				// Two partial paths merge: the far end of b's takes a's code.
				x[a], x[b] = codeFull, codeFull
				for j := 0; j <= w; j++ {
					if x[j] == cb {
						x[j] = ca
					}
				}
			}
			r.emit(st, x, f)
		}
	}
}

// emit retires the vertices that leave the frontier after st, then packs
// the state (codes renumbered in order of first appearance) and adds the
// count being expanded to it in the next layer.
func (r *dp) emit(st *step, x [maxWidth + 2]uint8, f uint8) {
	for _, j := range st.remove {
		switch code := x[j]; code {
		case codeEmpty:
			return // a vertex no path visits
		case codeFull:
		default:
			// A path end leaves: it must be a fixed end of the path.
			if r.closed {
				return
			}
			if st.req>>j&1 == 0 {
				if f >= r.freeEnds {
					return
				}
				f++
			}
			if code == codeTail {
				// Both ends fixed: complete, only at the last vertex.
				if r.i != r.n-1 {
					return
				}
			} else {
				for k := 0; k <= st.in; k++ {
					if k != int(j) && x[k] == code {
						x[k] = codeTail
					}
				}
			}
			x[j] = codeFull
		}
	}
	// Pack the kept vertices, refusing states in which some vertex cannot
	// reach degree 2 from its unprocessed neighbours and too many must
	// therefore be path ends.
	forced := uint8(0)
	var seen [maxWidth + 2]uint8 // old code of each new pair code
	ns := uint8(0)
	var lo, hi uint64
	b := r.bitsPer
	ri := 0
	for j := 0; j <= st.in; j++ {
		if ri < len(st.remove) && int(st.remove[ri]) == j {
			ri++
			continue
		}
		code := x[j]
		deg := uint8(1)
		switch code {
		case codeEmpty:
			deg = 0
		case codeFull:
			deg = 2
		}
		if deg+st.rem[j] < 2 {
			if r.closed || deg+st.rem[j] == 0 {
				return
			}
			if st.req>>j&1 == 0 {
				forced++
			}
		}
		if code >= codePair {
			m := uint8(0)
			for m < ns && seen[m] != code {
				m++
			}
			if m == ns {
				seen[ns] = code
				ns++
			}
			code = codePair + m
		}
		hi = hi<<b | lo>>(64-b)
		lo = lo<<b | uint64(code)
	}
	if f+forced > r.freeEnds {
		return
	}
	hi = hi<<2 | lo>>62
	lo = lo<<2 | uint64(f)
	r.add(key{lo, hi})
}

// add adds the count being expanded (r.cnt) to state k of the next layer.
// Tables grow by half at three quarters full.
func (r *dp) add(k key) {
	if r.narrow {
		r.add64(k.lo)
		return
	}
	t := r.nxt
	i := t.slot(k)
	if t.e[i].c == 0 {
		grow, ok := r.admit(t.n, len(t.e), cap(r.cur))
		if !ok {
			return
		}
		if grow {
			t.grow()
			r.afterGrow(len(t.e))
			i = t.slot(k)
		}
		t.e[i].k = k
		t.n++
	}
	r.addCount(&t.e[i].c)
}

// admit applies the limits before a new state enters a table that holds n
// states in slots slots while the current layer has curCap: it reports
// whether the table must grow first, or sets r.errMem and returns ok false.
func (r *dp) admit(n, slots, curCap int) (grow, ok bool) {
	if r.opt.MaxStates > 0 && n+1 > r.opt.MaxStates {
		r.errMem = r.memoryError(int64(curCap+slots) * r.entryBytes)
		return false, false
	}
	if 4*(n+1) <= 3*slots {
		return false, true
	}
	if err := r.checkMemory(grownSize(slots)); err != nil {
		r.errMem = err
		return false, false
	}
	return true, true
}

// afterGrow returns a large table's old array (tens of MiB) now rather than
// when the heap next doubles: the limit is on what the tables hold.
func (r *dp) afterGrow(slots int) {
	if slots >= 1<<22 {
		runtime.GC()
	}
}

// addCount adds the transition's count to a state's, recording overflow.
func (r *dp) addCount(c *uint64) {
	var carry uint64
	*c, carry = bits.Add64(*c, r.cnt, 0)
	if carry != 0 {
		r.overflow = true
	}
}

// add64 is add for states of at most 64 bits.
func (r *dp) add64(k uint64) {
	t := r.nxt64
	i := t.slot(k)
	if t.e[i].c == 0 {
		grow, ok := r.admit(t.n, len(t.e), cap(r.cur64))
		if !ok {
			return
		}
		if grow {
			t.grow()
			r.afterGrow(len(t.e))
			i = t.slot(k)
		}
		t.e[i].k = k
		t.n++
	}
	r.addCount(&t.e[i].c)
}

// checkMemory returns ErrMemory when growing the next layer's table to size
// slots would pass Options.MaxBytes.
//
// The bytes counted are those live while the table grows: the current
// layer, the old table being rehashed and the new one. The process's
// resident memory can be up to about twice that, while the Go collector has
// not yet returned arrays already dropped (hopido 6x6: 3.6 GiB counted,
// 7.7 GB resident).
func (r *dp) checkMemory(size int) error {
	old := len(r.nxt.e)
	if r.narrow {
		old = len(r.nxt64.e)
	}
	bytes := int64(cap(r.cur)+cap(r.cur64)+old+size) * r.entryBytes
	if bytes > r.opt.MaxBytes {
		return r.memoryError(bytes)
	}
	r.st.PeakBytes = max(r.st.PeakBytes, bytes)
	return nil
}

// memoryError says where the count stopped, what it would have needed and
// the bound Estimate gives.
func (r *dp) memoryError(bytes int64) error {
	what := fmt.Sprintf("needed %d KiB of tables (limit %d KiB)", bytes>>10, r.opt.MaxBytes>>10)
	if n := r.nxt.n + r.nxt64.n; r.opt.MaxStates > 0 && n+1 > r.opt.MaxStates {
		what = fmt.Sprintf("reached %d states (limit %d)", n, r.opt.MaxStates)
	}
	return fmt.Errorf("%w: at step %d of %d a layer %s; the frontier is %d vertices wide (Estimate bounds a layer by %.3g states, %.3g MiB); raise Options.MaxBytes or MaxStates, or count a narrower board",
		ErrMemory, r.i+1, r.n, what, r.st.Width, r.st.StateBound, r.st.BoundBytes/(1<<20))
}
