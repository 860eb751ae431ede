package count

import (
	"context"
	"fmt"
	"time"
)

// A GridRefusal is the ErrMemory CountGrid returns, before it starts,
// when its two layers would pass Options.MaxBytes with one count a
// word. Callers word it in their own terms (the CLI names --max-memory);
// Error names the limit as the Options field.
type GridRefusal struct {
	Width     int     // the frontier: the grid's narrow side
	States    uint64  // the words of the largest layer
	NeedBytes float64 // the memory of two such layers, one 64-bit count a word
	Limit     float64 // Options.MaxBytes
	// WordSteps is the words times the cells, for one prime: the count's
	// work is about WordSteps times the primes (up to 6 ns each on a
	// loaded 2-core machine, docs/results.md).
	WordSteps float64
	Primes    int // the primes the proven bound asks for
}

// Error gives the frontier, the memory needed and the limit.
func (e *GridRefusal) Error() string {
	return fmt.Sprintf("%v: the grid sweep %d cells wide has up to %d frontier states a layer and needs about %s for two layers (one 64-bit count a state, %d primes one after the other), over the memory limit of %s",
		ErrMemory, e.Width, e.States, fmtBytes(e.NeedBytes), e.Primes, fmtBytes(e.Limit))
}

// Unwrap makes errors.Is(err, ErrMemory) true.
func (e *GridRefusal) Unwrap() error { return ErrMemory }

// leanGrid is one modular pass of CountGrid in progress.
type leanGrid struct {
	s            *gridSweep
	lone         int
	pats         *gridPatterns
	opt          Options
	st           Stats
	t0, last     time.Time
	pass, passes int
	maxWords     uint64 // the most words of a layer
	// bufs are the two layers' arrays, shared by the passes of a count
	// (gridProblem.bufs).
	bufs *[2][]uint64
}

// gridLayerBytes is the memory of one word in the two layers.
const gridLayerBytes = 2 * 8

// layouts calls f with the layout of every layer of the sweep, in
// order, and the cell (index in s.kinds) after which it comes (-1 for
// the first layer); the layers the rankings move through at the middle
// and the end of each row come with their cell too. It stops when f
// returns false.
func (r *leanGrid) layouts(f func(cell int, l gridLayout, mirror bool) bool) {
	plugs, w := r.s.w+1, r.s.w
	half := (plugs - 1) / 2
	cls := [][2]int{{0, 0}}
	l := newLayout(r.pats.get(sweepSigns(plugs, 0, 0, false)), cls)
	if !f(-1, l, false) {
		return
	}
	mirror := false
	for i, k := range r.s.kinds[:r.s.last] {
		row, j := i/w, i%w
		if j == half && !mirror {
			mirror = true
			l = newLayout(r.pats.get(sweepSigns(plugs, row, j, true)), cls)
			if !f(i, l, true) {
				return
			}
		}
		cls = classesAfter(l, &k, row, j, r.lone)
		l = newLayout(r.pats.get(sweepSigns(plugs, row, j+1, mirror)), cls)
		if !f(i, l, mirror) {
			return
		}
		if k.shift {
			mirror = false
			l = newLayout(r.pats.get(sweepSigns(plugs, row+1, 0, false)), cls)
			if !f(i, l, false) {
				return
			}
		}
	}
}

// classesAfter returns the classes of the layer after cell k at (row,
// j) of the layer of layout l: a cell of colour s and degree g adds s g
// to the balance (gridpattern.go), and ends (degree 1) add a lone
// letter.
func classesAfter(l gridLayout, k *cellKind, row, j, lone int) [][2]int {
	s := 1
	if (row+j)%2 != 0 {
		s = -1
	}
	var out [][2]int
	add := func(i, t int) {
		for _, c := range out {
			if c == [2]int{i, t} {
				return
			}
		}
		out = append(out, [2]int{i, t})
	}
	for _, c := range l.classes {
		switch {
		case k.blocked:
			add(c.i, c.t)
		default:
			if !k.mustEnd {
				add(c.i, c.t+2*s)
			}
			if (k.mustEnd || c.i < k.endLimit) && c.i < lone {
				add(c.i+1, c.t+s)
			}
		}
	}
	return out
}

// plan refuses when the two layers would pass the memory limit.
func (r *leanGrid) plan() error {
	r.opt = r.opt.gridDefaults()
	steps := 0.0
	r.layouts(func(_ int, l gridLayout, _ bool) bool {
		r.maxWords = max(r.maxWords, l.total)
		steps += float64(l.total)
		return true
	})
	need := float64(r.maxWords) * gridLayerBytes
	r.st.Plan = Plan{Width: r.s.w, BitsPerCell: 2, KeyBits: 2 * (r.s.w + 1), StateBound: float64(r.maxWords), BoundBytes: need}
	r.st.Steps = (r.s.last + 1) * r.passes
	r.st.States, r.st.PeakStates = int(r.maxWords), int(r.maxWords)
	if need > float64(r.opt.MaxBytes) {
		return &GridRefusal{Width: r.s.w, States: r.maxWords, NeedBytes: need, Limit: float64(r.opt.MaxBytes), WordSteps: steps}
	}
	return nil
}

// run sweeps the cells modulo the primes qs at once and returns the
// number of undirected solutions modulo each.
func (r *leanGrid) run(ctx context.Context, qs []uint64) ([]uint64, error) {
	lr := &leanRun{plugs: r.s.w + 1, lone: r.lone, qs: qs, pat: lanePattern(qs), workers: r.opt.Workers}
	nl := uint64(len(qs))
	// The layers of the passes before, when they are as large: the
	// garbage collector would hold two passes' layers for a while.
	need := r.maxWords * nl
	if b := r.bufs; b == nil || uint64(len(b[0])) < need {
		r.bufs = &[2][]uint64{make([]uint64, need), make([]uint64, need)}
	} else {
		// The steps keep the layer they do not read zero (leanRun.step);
		// the pass before left its last layer.
		for _, b := range r.bufs {
			if err := parallelClear(ctx, b, r.opt.Workers); err != nil {
				return nil, err
			}
		}
	}
	bufA, bufB := r.bufs[0][:need], r.bufs[1][:need]
	r.st.PeakBytes = int64(r.maxWords*nl) * gridLayerBytes
	r.last = time.Now()
	base := (r.s.last + 1) * r.pass
	var err error
	r.layouts(func(cell int, l gridLayout, mirror bool) bool {
		if cell < 0 {
			lr.src, lr.cur = l, bufA[:l.total*nl]
			for i := range nl {
				lr.cur[i] = 1 // the empty word: nothing processed
			}
			return true
		}
		k := r.s.kinds[cell]
		lr.dst, lr.nxt = l, bufB[:l.total*nl]
		switch {
		case mirror && !lr.mirror: // the middle of the row
			err = transpose(ctx, r.pats, &lr.src, &lr.dst, lr.cur, lr.nxt, lr.plugs, int(nl), r.opt.Workers)
			lr.mirror = true
		case !mirror && lr.mirror: // the end of the row, after its step
			err = transpose(ctx, r.pats, &lr.src, &lr.dst, lr.cur, lr.nxt, lr.plugs-1, int(nl), r.opt.Workers)
			lr.mirror = false
		default:
			lr.c = k
			lr.c.shift = false
			row, j := cell/r.s.w, cell%r.s.w
			sign := 1
			if (row+j)%2 != 0 {
				sign = -1
			}
			lr.delta = [2]int{2 * sign, sign}
			if k.blocked {
				lr.delta[0] = 0
			}
			err = lr.step(ctx)
			r.st.Step = base + cell + 1
			r.st.StatesDone += l.total
		}
		if err != nil {
			return false
		}
		lr.src, lr.dst = lr.dst, lr.src
		lr.cur, lr.nxt = lr.nxt, lr.cur
		bufA, bufB = bufB, bufA
		r.progress()
		return true
	})
	if err != nil {
		return nil, err
	}
	lr.c = r.s.kinds[r.s.last]
	res := lr.complete(&r.s.kinds[r.s.last])
	r.st.Step = base + r.s.last + 1
	return res, nil
}

// progress calls Options.Progress when ProgressEvery has passed.
func (r *leanGrid) progress() {
	if r.opt.Progress == nil || time.Since(r.last) < r.opt.ProgressEvery {
		return
	}
	r.last = time.Now()
	r.st.Elapsed = time.Since(r.t0)
	r.opt.Progress(r.st)
}
