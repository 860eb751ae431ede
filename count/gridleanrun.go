package count

import (
	"context"
	"fmt"
	"time"
)

// A GridRefusal is the ErrMemory CountGrid returns, before it starts,
// when its two layers would pass Options.MaxBytes. Callers word it in
// their own terms (the CLI names --max-memory); Error names the limit
// as the Options field.
type GridRefusal struct {
	Width     int     // the frontier: the grid's narrow side
	States    uint64  // the words of a layer
	NeedBytes float64 // the memory of the layers
	Limit     float64 // Options.MaxBytes
}

// Error gives the frontier, the memory needed and the limit.
func (e *GridRefusal) Error() string {
	return fmt.Sprintf("%v: the grid sweep %d cells wide has %d frontier states and needs about %s for its two layers, over the limit of %s (Options.MaxBytes)",
		ErrMemory, e.Width, e.States, fmtBytes(e.NeedBytes), fmtBytes(e.Limit))
}

// Unwrap makes errors.Is(err, ErrMemory) true.
func (e *GridRefusal) Unwrap() error { return ErrMemory }

// leanGrid is one modular pass of CountGrid in progress.
type leanGrid struct {
	ls           *leanSpace
	s            *gridSweep
	opt          Options
	st           Stats
	t0, last     time.Time
	pass, passes int
}

// gridLayerBytes is the memory of one word in the two layers.
const gridLayerBytes = 2 * 8

// plan refuses when the two layers would pass the memory limit.
func (r *leanGrid) plan() error {
	if r.opt.MaxBytes == 0 {
		r.opt.MaxBytes = DefaultMaxBytes
	}
	if r.opt.Workers <= 0 {
		r.opt.Workers = defaultWorkers()
	}
	if r.opt.ProgressEvery == 0 {
		r.opt.ProgressEvery = time.Second
	}
	size := r.ls.total()
	need := float64(size) * gridLayerBytes
	r.st.Plan = Plan{Width: r.s.w, BitsPerCell: 2, KeyBits: 2 * (r.s.w + 1), StateBound: float64(size), BoundBytes: need}
	r.st.Steps = (r.s.last + 1) * r.passes
	r.st.States, r.st.PeakStates = int(size), int(size)
	if need > float64(r.opt.MaxBytes) {
		return &GridRefusal{Width: r.s.w, States: size, NeedBytes: need, Limit: float64(r.opt.MaxBytes)}
	}
	return nil
}

// run sweeps the cells modulo q and returns the number of undirected
// solutions modulo q.
func (r *leanGrid) run(ctx context.Context, q uint64) (uint64, error) {
	lr := &leanRun{ls: r.ls, s: r.s, q: q, workers: r.opt.Workers}
	lr.cur, lr.nxt = newModLayer(r.ls), newModLayer(r.ls)
	r.st.PeakBytes = int64(r.ls.total()) * gridLayerBytes
	lr.cur.v[0][0] = 1 // the empty word: nothing processed
	r.last = time.Now()
	base := (r.s.last + 1) * r.pass
	plugs := r.ls.plugs
	// The columns from half the frontier on are counted mirrored.
	half := max(1, (plugs-1)/2)
	for i, k := range r.s.kinds[:r.s.last] {
		if k.j == half && !lr.mirror {
			if err := r.ls.transpose(ctx, lr.cur, lr.nxt, plugs, r.opt.Workers); err != nil {
				return 0, err
			}
			lr.cur, lr.nxt = lr.nxt, lr.cur
			lr.mirror = true
		}
		lr.c = k
		lr.c.shift = false
		if err := lr.step(ctx); err != nil {
			return 0, err
		}
		switch {
		case k.shift && lr.mirror:
			if err := r.ls.transpose(ctx, lr.nxt, lr.cur, plugs-1, r.opt.Workers); err != nil {
				return 0, err
			}
			lr.mirror = false
		case k.shift:
			lr.shift(lr.nxt)
			lr.cur, lr.nxt = lr.nxt, lr.cur
		default:
			lr.cur, lr.nxt = lr.nxt, lr.cur
		}
		r.st.Step = base + i + 1
		r.st.StatesDone += r.ls.total()
		r.progress()
	}
	res := lr.complete(&r.s.kinds[r.s.last], lr.cur)
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
