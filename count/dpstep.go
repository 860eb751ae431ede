package count

import (
	"encoding/binary"
	"math/bits"
	"runtime"
)

// start prepares w to fill layer next: its tables, or, when out is not
// nil, out's bucket files (next then only partitions the keys).
func (w *worker) start(next *layer, out *spillSet) {
	w.next, w.out = next, out
	n := len(next.parts) * bufRecs * w.mem.stride
	if cap(w.buf) < n {
		w.buf = make([]uint64, n)
		w.fill = make([]int32, len(next.parts))
	}
	w.buf = w.buf[:n]
	w.fill = w.fill[:len(next.parts)]
	clear(w.fill)
}

// add adds the count being expanded (w.cnt) to state k of the next layer.
func (w *worker) add(k key) {
	if w.full {
		return
	}
	if w.filterStep {
		if w.sink != nil {
			w.sink(k) // Find's walk back (find.go)
			return
		}
		if w.shardOf(k) != w.shard {
			return // another shard's state (Options.Shard)
		}
	}
	var p int
	lo := k.lo
	switch {
	case w.out != nil && w.out.route():
		p = w.shardOf(k) // its owner's file (Options.Exchange)
	case w.out != nil:
		// Bucket files take the mixed key (spill.Buckets.Write), the
		// hash that picks the bucket: mixed once.
		lo = hashKey(k.lo, k.hi)
		p = w.next.partOf(lo)
	default:
		p = w.next.partOf(hashKey(k.lo, k.hi))
	}
	sd, kw := w.mem.stride, w.mem.kw
	base := p * bufRecs * sd
	f := int(w.fill[p])
	b := w.buf[base+f:]
	b[0] = lo
	if kw == 2 {
		b[1] = k.hi
	}
	b[kw] = w.cnt
	if cw := w.mem.cw; cw >= 2 {
		b[kw+1] = w.cntHi
		if cw > 2 {
			copy(b[kw+2:kw+cw], w.cntMore[:cw-2])
		}
	}
	f += sd
	if f == bufRecs*sd {
		w.flush(p, f)
		f = 0
	}
	w.fill[p] = int32(f)
}

func (w *worker) flush(p, f int) {
	base := p * bufRecs * w.mem.stride
	if w.out != nil {
		if err := w.out.write(p, w.buf[base:base+f], &w.sc); err != nil {
			w.ioErr = err
			w.full = true
		}
		return
	}
	ov, ok := w.mem.insert(&w.next.parts[p], w.buf[base:base+f])
	w.overflow = w.overflow || ov
	w.full = w.full || !ok
	if w.mem.gcDue.Load() && w.mem.gcDue.CompareAndSwap(true, false) {
		// Tables that grew left freeGC bytes more to the collector:
		// collect them now, so that the tables growing reuse that
		// memory (without it the runtime lets the heap reach twice the
		// live tables before it collects).
		runtime.GC()
	}
}

func (w *worker) flushAll() {
	for p, f := range w.fill {
		if f > 0 && !w.full {
			w.flush(p, int(f))
		}
		w.fill[p] = 0
	}
}

// expand applies every choice of edges from st.v to its processed
// neighbours to one state and adds the count to the next layer.
func (r *worker) expand(st *step, k key) {
	if st.word != nil && r.i != r.n-1 {
		switch {
		case r.wordClosed:
			r.expandClosed(st, k)
			return
		case r.wordOpen:
			r.expandOpen(st, k)
			return
		}
	}
	var cells [maxWidth + 2]uint8
	w := st.in
	f := r.unpack(k, w, &cells)
	cells[w] = codeEmpty
	vReq := st.req>>w&1 != 0
	nb := st.nbrPos
	// canTake reports whether the vertex at position a may take one more
	// edge: not full, and not a required end that already has one.
	canTake := func(a uint8) bool {
		x := cells[a]
		return x != codeFull && (x == codeEmpty || st.req>>a&1 == 0)
	}
	must, ok := r.mustTake(st, &cells)
	if !ok {
		return
	}
	if must == 0 {
		x0 := cells
		r.emit(st, &x0, f) // no edge
	}
	for ai, a := range nb {
		rest := must &^ (1 << a) // what a second edge must serve
		if !canTake(a) || rest&(rest-1) != 0 {
			continue
		}
		if rest == 0 {
			// One edge v-a.
			x := cells
			r.trans++
			if x[a] == codeEmpty {
				x[a], x[w] = r.codeNew, r.codeNew // a new path a-v; codes are renumbered on emit
			} else {
				x[w], x[a] = x[a], codeFull
			}
			r.emit(st, &x, f)
		}
		if vReq {
			continue // a required end takes one edge
		}
		for _, b := range nb[ai+1:] {
			if rest&^(1<<b) != 0 || !canTake(b) {
				continue
			}
			// Two edges a-v-b: v is full.
			x := cells
			r.trans++
			ca, cb := x[a], x[b]
			x[w] = codeFull
			switch {
			case ca == codeEmpty && cb == codeEmpty:
				x[a], x[b] = r.codeNew, r.codeNew
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
				relabel(&x, w, other, codeTail)
			default:
				// Two partial paths merge: the far end of b's takes a's code.
				x[a], x[b] = codeFull, codeFull
				relabel(&x, w, cb, ca)
			}
			r.emit(st, &x, f)
		}
	}
}

// mustTake returns the positions that leave the frontier after step st
// (v's aside) and still need an edge, which only v can give them now: an
// empty one, and in a closed count one of degree 1. Every choice of edges
// that misses one of them emit would refuse, so expand skips those
// choices (half of those tried on the knight's closed tours); ok is false
// when more than two need one.
func (r *worker) mustTake(st *step, cells *[maxWidth + 2]uint8) (must uint64, ok bool) {
	for l := st.leave; l != 0; l &= l - 1 {
		j := bits.TrailingZeros64(l)
		if c := cells[j]; c == codeEmpty || r.closed && c != codeFull {
			must |= 1 << j
		}
	}
	return must, bits.OnesCount64(must) <= 2
}

// unpack writes the codes of the first w frontier vertices of k into
// cells (the inverse of emit's packing) and returns k's count of free
// ends fixed.
func (r *worker) unpack(k key, w int, cells *[maxWidth + 2]uint8) (f uint8) {
	lo, hi := k.lo, k.hi
	if r.fBits != 0 {
		f = uint8(lo & 3)
		lo, hi = lo>>2|hi<<62, hi>>2
	}
	bp := r.bitsPer
	mask := uint64(1)<<bp - 1
	if hi == 0 {
		// A key of at most 64 bits, or a wider one whose high word is 0:
		// one word to shift.
		for j := w - 1; j >= 0; j-- {
			cells[j] = uint8(lo & mask)
			lo >>= bp
		}
		return f
	}
	for j := w - 1; j >= 0; j-- {
		cells[j] = uint8(lo & mask)
		lo = lo>>bp | hi<<(64-bp)
		hi >>= bp
	}
	return f
}

// relabel replaces code from by code to in positions 0..w of x, eight
// positions a word (SWAR: a byte is from when it XORs to zero, and the
// test carries into no other byte); a loop that tested every position was
// a third of expand's own time on the knight's 8x8 tours.
func relabel(x *[maxWidth + 2]uint8, w int, from, to uint8) {
	const ones, lows, highs = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	f, d := uint64(from)*ones, uint64(from^to)*ones
	for i := 0; i <= w; i += 8 {
		v := binary.LittleEndian.Uint64(x[i : i+8])
		t := v ^ f
		eq := ^((t&lows + lows) | t) & highs // the high bit of every byte equal to from
		if n := w + 1 - i; n < 8 {
			eq &= 1<<(8*n) - 1 // positions past w keep theirs
		}
		binary.LittleEndian.PutUint64(x[i:i+8], v^d&(eq>>7*0xff))
	}
}
