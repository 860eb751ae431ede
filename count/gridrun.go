package count

import (
	"context"
	"fmt"
	"github.com/boardgraph/boardgraph/internal/base/membudget"
	"math/big"
	"time"
)

// gridRun is one CountGrid in progress.
type gridRun struct {
	ws     *wordSpace
	s      *gridSweep
	opt    Options
	st     Stats
	t0     time.Time
	uses   map[cellKind]int // cells of each kind still to process
	tables map[cellKind]*pullTable
	bytes  int64 // memory of the tables, layers and words now
	last   time.Time
}

// gridTableFactor is the bytes of a pull table per word: 4 of offset
// and 4 per predecessor, at most 1.54 a word on average (measured: 1.33
// for cycles, 1.54 for open paths, fewer in the last column); and
// gridLimbGuess the words of count a layer is planned with.
const (
	gridTableFactor = 4 + 4*1.54
	gridLimbGuess   = 2
)

// plan counts the cells of each kind and refuses when the words, two
// layers and the tables of the kinds that occur more than once would
// pass the memory limit.
func (r *gridRun) plan() error {
	r.opt = r.opt.gridDefaults()
	r.uses = make(map[cellKind]int)
	for _, k := range r.s.kinds[:r.s.last] {
		r.uses[k]++
	}
	tables := 0
	for _, u := range r.uses {
		if u > 1 {
			tables++
		}
	}
	size := float64(r.ws.size)
	need := size * (8 + 2*8*gridLimbGuess + 4*4 + float64(tables)*gridTableFactor)
	r.st.Plan = Plan{Width: r.s.w, BitsPerCell: 2, KeyBits: 2 * (r.s.w + 1), StateBound: size, BoundBytes: need}
	r.st.Steps = r.s.last + 1
	r.st.States, r.st.PeakStates = int(r.ws.size), int(r.ws.size)
	if need > float64(r.opt.MaxBytes) {
		return fmt.Errorf("%w: the grid sweep %d cells wide has %d frontier states and needs about %s (%d transition tables), over the memory limit of %s",
			ErrMemory, r.s.w, r.ws.size, fmtBytes(need), tables, fmtBytes(float64(r.opt.MaxBytes)))
	}
	r.tables = make(map[cellKind]*pullTable)
	return nil
}

// run sweeps the cells and returns the number of undirected solutions
// (the paths or cycles completed at the last open cell).
func (r *gridRun) run(ctx context.Context) (*big.Int, error) {
	r.ws.list()
	size := len(r.ws.words)
	cur, next := newLayer(size, 1), newLayer(size, 1)
	cur.v[0] = 1 // the empty word (rank 0): nothing processed
	r.account(cur, next)
	r.last = time.Now()
	for i, k := range r.s.kinds[:r.s.last] {
		for {
			over, err := r.step(ctx, &k, cur, next)
			if err != nil {
				return nil, err
			}
			if !over {
				break
			}
			// A count passed its words: make the step again, one wider.
			cur = cur.widen()
			next = newLayer(size, cur.limbs)
			r.account(cur, next)
		}
		cur, next = next, cur
		r.st.Step = i + 1
		r.progress()
	}
	total := r.complete(&r.s.kinds[r.s.last], cur)
	r.st.Step = r.s.last + 1
	return total, nil
}

// step makes the layer after cell kind k from cur into next, with k's
// table when k occurs again (built now if need be, dropped after its
// last use), else by pushing cur's words one by one.
func (r *gridRun) step(ctx context.Context, k *cellKind, cur, next *gridLayer) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	t := r.tables[*k]
	if t == nil && r.uses[*k] > 1 {
		var err error
		if t, err = r.ws.buildPull(ctx, k, r.opt.Workers); err != nil {
			return false, err
		}
		r.tables[*k] = t
		r.account(cur, next)
	}
	var over bool
	if t != nil {
		o, err := gather(ctx, t, cur, next, r.opt.Workers)
		if err != nil {
			return false, err
		}
		over = o
		r.st.Transitions += uint64(len(t.src))
	} else {
		over = r.ws.push(k, cur, next)
	}
	if over {
		return true, nil
	}
	if r.uses[*k]--; r.uses[*k] == 0 && t != nil {
		delete(r.tables, *k)
		r.bytes -= t.bytes()
	}
	r.st.StatesDone += uint64(len(r.ws.words))
	return false, nil
}

// complete returns the sum of the counts of the words that finish the
// path or the cycle at the last open cell, kind k.
func (r *gridRun) complete(k *cellKind, cur *gridLayer) *big.Int {
	total := new(big.Int)
	var out [3]uint64
	x := new(big.Int)
	for i, w := range r.ws.words {
		c := cur.v[i*cur.limbs : (i+1)*cur.limbs]
		if isZero(c) {
			continue
		}
		_, comp := r.ws.succ(w, k, &out)
		for range comp {
			total.Add(total, limbsBig(x, c))
		}
	}
	return total
}

// limbsBig sets x to the little-endian words c and returns it.
func limbsBig(x *big.Int, c []uint64) *big.Int {
	x.SetUint64(0)
	for i := len(c) - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(c[i]))
	}
	return x
}

// account sets r.bytes to the memory of the words, the layers, the
// tables and the tables' scratch.
func (r *gridRun) account(cur, next *gridLayer) {
	r.bytes = 8*int64(len(r.ws.words)+len(cur.v)+len(next.v)) + 4*int64(len(r.ws.fwd)+len(r.ws.pos))
	for _, t := range r.tables {
		r.bytes += t.bytes()
	}
	r.st.PeakBytes = max(r.st.PeakBytes, r.bytes)
}

// progress calls Options.Progress when ProgressEvery has passed.
func (r *gridRun) progress() {
	if r.opt.Progress == nil || time.Since(r.last) < r.opt.ProgressEvery {
		return
	}
	r.last = time.Now()
	r.st.Elapsed = time.Since(r.t0)
	r.opt.Progress(r.st)
}

// gridDefaultMaxBytes is the layer memory a grid sweep may use when
// Options.MaxBytes is 0: the grid layers' share of the default memory
// limit, as the command line gives it (package membudget: 90% of three
// quarters of the memory available).
func gridDefaultMaxBytes() int64 { return membudget.GridLayers(membudget.Default()) }

// gridDefaults fills the zero fields a grid sweep reads: MaxBytes
// (gridDefaultMaxBytes), Workers (every core) and ProgressEvery (1 s).
func (o Options) gridDefaults() Options {
	if o.MaxBytes == 0 {
		o.MaxBytes = gridDefaultMaxBytes()
	}
	if o.Workers <= 0 {
		o.Workers = defaultWorkers()
	}
	if o.ProgressEvery == 0 {
		o.ProgressEvery = time.Second
	}
	return o
}
