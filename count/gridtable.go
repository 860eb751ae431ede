package count

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
)

// A pullTable is the transition of one cell kind turned around: for each
// word t, the words whose successors include t (src[off[t]:off[t+1]],
// in increasing order), so that the next layer is a gather,
// next[t] = sum of cur[s], written in order and split between workers
// without locks. Successors that differ from their word only at the
// cell's two positions are ranked in O(1) (wordSpace.rank2), the others
// in O(plugs).
type pullTable struct {
	off []uint32
	src []uint32
}

// bytes is the table's memory.
func (t *pullTable) bytes() int64 { return 4 * int64(len(t.off)+len(t.src)) }

// buildPull builds the pull table of cell kind c over all words, with
// the work split between workers goroutines: the successors of every
// word (in ws.fwd, reused from table to table), then a counting sort by
// successor in which each worker reads them all and writes the targets
// of its own range.
func (ws *wordSpace) buildPull(ctx context.Context, c *cellKind, workers int) (*pullTable, error) {
	s := len(ws.words)
	if len(ws.fwd) != 3*s {
		ws.fwd, ws.pos = make([]uint32, 3*s), make([]uint32, s)
	}
	fwd, pos := ws.fwd, ws.pos
	err := parallel(ctx, s, workers, func(_, lo, hi int) {
		var out [3]uint64
		sh := 2 * uint(ws.plugs-2-c.j)
		for i := lo; i < hi; i++ {
			w := ws.words[i]
			n, _ := ws.succ(w, c, &out)
			d, used := ws.prefix(w, c.j)
			own := uint64(i) - ws.pairRank(c.j, d, ws.lone-used, w>>sh&15)
			f := fwd[3*i : 3*i+3]
			for k := range 3 {
				switch {
				case k >= n:
					f[k] = ^uint32(0)
				case simple(w, out[k], c, sh):
					f[k] = uint32(own + ws.pairRank(c.j, d, ws.lone-used, out[k]>>sh&15))
				default:
					f[k] = uint32(ws.rank(out[k]))
				}
			}
		}
	})
	if err != nil {
		return nil, err
	}
	clear(pos)
	parallel(ctx, s, workers, func(_, lo, hi int) {
		for _, t := range fwd {
			if int(t) >= lo && int(t) < hi && t != ^uint32(0) {
				pos[t]++
			}
		}
	})
	off := make([]uint32, s+1)
	for i := range s {
		off[i+1] = off[i] + pos[i]
	}
	copy(pos, off[:s])
	src := make([]uint32, off[s])
	err = parallel(ctx, s, workers, func(_, lo, hi int) {
		for i, t := range fwd {
			if int(t) >= lo && int(t) < hi && t != ^uint32(0) {
				src[pos[t]] = uint32(i / 3)
				pos[t]++
			}
		}
	})
	return &pullTable{off: off, src: src}, err
}

// parallel calls f on workers consecutive parts of [0, n) at once (part
// p is [lo, hi)) and waits for them; it checks ctx before it starts.
func parallel(ctx context.Context, n, workers int, f func(p, lo, hi int)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if workers <= 1 || n < 1<<12 {
		f(0, 0, n)
		return nil
	}
	var wg sync.WaitGroup
	for p := range workers {
		lo, hi := n*p/workers, n*(p+1)/workers
		wg.Go(func() { f(p, lo, hi) })
	}
	wg.Wait()
	return nil
}

// parallelClear zeroes a with workers goroutines (parallel).
func parallelClear[T uint64 | float64](ctx context.Context, a []T, workers int) error {
	return parallel(ctx, len(a), workers, func(_, lo, hi int) { clear(a[lo:hi]) })
}

// gridLayer is the count of every word, limbs words each (little-endian
// multi-word integers: counts are exact at any size).
type gridLayer struct {
	limbs int
	v     []uint64
}

func newLayer(size, limbs int) *gridLayer {
	return &gridLayer{limbs: limbs, v: make([]uint64, size*limbs)}
}

// widen returns l with one more limb.
func (l *gridLayer) widen() *gridLayer {
	k := l.limbs
	m := newLayer(len(l.v)/k, k+1)
	for i := 0; i < len(l.v)/k; i++ {
		copy(m.v[i*(k+1):], l.v[i*k:i*k+k])
	}
	return m
}

// gather fills next from cur through table t; it reports whether some
// count passed the limbs (then next is wrong and the step must be made
// again with one more limb).
func gather(ctx context.Context, t *pullTable, cur, next *gridLayer, workers int) (bool, error) {
	s := len(t.off) - 1
	var over [64]bool // one flag per worker, written once
	workers = min(workers, len(over))
	err := parallel(ctx, s, workers, func(me, lo, hi int) {
		switch cur.limbs {
		case 1:
			over[me] = gather1(t, cur.v, next.v, lo, hi)
		case 2:
			over[me] = gather2(t, cur.v, next.v, lo, hi)
		default:
			over[me] = gatherK(t, cur, next, lo, hi)
		}
	})
	o := false
	for _, x := range over {
		o = o || x
	}
	return o, err
}

// gather1 is gather for one word of count: most words have one or two
// predecessors, handled without the inner loop.
func gather1(t *pullTable, cur, next []uint64, lo, hi int) bool {
	var c uint64
	off, src := t.off, t.src
	next = next[:hi]
	a := off[lo]
	for i := lo; i < hi; i++ {
		b := off[i+1]
		switch b - a {
		case 0:
			next[i] = 0
		case 1:
			next[i] = cur[src[a]]
		case 2:
			s, cc := bits.Add64(cur[src[a]], cur[src[a+1]], 0)
			next[i], c = s, c|cc
		default:
			var s, cc uint64
			for _, x := range src[a:b] {
				s, cc = bits.Add64(s, cur[x], 0)
				c |= cc
			}
			next[i] = s
		}
		a = b
	}
	return c != 0
}

// gather2 is gather for two words of count, likewise.
func gather2(t *pullTable, cur, next []uint64, lo, hi int) bool {
	var c uint64
	off, src := t.off, t.src
	next = next[:2*hi]
	a := off[lo]
	for i := lo; i < hi; i++ {
		b := off[i+1]
		switch b - a {
		case 0:
			next[2*i], next[2*i+1] = 0, 0
		case 1:
			x := src[a]
			next[2*i], next[2*i+1] = cur[2*x], cur[2*x+1]
		default:
			var s0, s1, cc uint64
			for _, x := range src[a:b] {
				s0, cc = bits.Add64(s0, cur[2*x], 0)
				s1, cc = bits.Add64(s1, cur[2*x+1], cc)
				c |= cc
			}
			next[2*i], next[2*i+1] = s0, s1
		}
		a = b
	}
	return c != 0
}

func gatherK(t *pullTable, cur, next *gridLayer, lo, hi int) bool {
	k := cur.limbs
	var c uint64
	for i := lo; i < hi; i++ {
		s := next.v[i*k : i*k+k]
		clear(s)
		for _, x := range t.src[t.off[i]:t.off[i+1]] {
			cc := addLimbs(s, cur.v[int(x)*k:int(x)*k+k])
			c |= cc
		}
	}
	return c != 0
}

// addLimbs adds y to x (same length) and returns the carry out.
func addLimbs(x, y []uint64) uint64 {
	var c uint64
	for i := range x {
		x[i], c = bits.Add64(x[i], y[i], c)
	}
	return c
}

// push adds every nonzero count of cur to its successors at cell c in
// next (zeroed first), ranking each successor in O(plugs): for kinds that
// occur once, where building a table would cost more. It reports an
// overflow as gather does.
func (ws *wordSpace) push(c *cellKind, cur, next *gridLayer) bool {
	k := cur.limbs
	clear(next.v)
	var out [3]uint64
	var over uint64
	for i, w := range ws.words {
		x := cur.v[i*k : i*k+k]
		if isZero(x) {
			continue
		}
		n, _ := ws.succ(w, c, &out)
		for _, t := range out[:n] {
			r := int(ws.rank(t))
			over |= addLimbs(next.v[r*k:r*k+k], x)
		}
	}
	return over != 0
}

func isZero(x []uint64) bool {
	for _, v := range x {
		if v != 0 {
			return false
		}
	}
	return true
}

// defaultWorkers is the goroutines a grid count uses when Options.Workers
// is 0.
func defaultWorkers() int { return runtime.GOMAXPROCS(0) }
