package count

import "math/bits"

// emit retires the vertices that leave the frontier after st, then packs
// the state (codes renumbered in order of first appearance) and adds the
// count being expanded to it in the next layer.
//
// x is the caller's scratch copy, which emit changes: passed by pointer,
// not by value, so that the codes just written are not copied again (a
// 64-byte copy that read them back, on the hottest path).
func (r *worker) emit(st *step, x *[maxWidth + 2]uint8, f uint8) {
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
	if r.swarEmit {
		r.emitNarrow(st, x, f)
		return
	}
	r.emitWide(st, x, f)
}

// emitNarrow packs a state whose codes fit 64 bits after emit's
// retirement and applies the pruning rules of emitWide with masks over
// the packed codes (one bit per field, the field's top bit; see step.sw).
func (r *worker) emitNarrow(st *step, x *[maxWidth + 2]uint8, f uint8) {
	r.emitPacked(st, renumberNibbles(st.kept, x, r.bitsPer&63), f)
}

// emitPacked applies emitNarrow's pruning rules to the packed codes lo of
// a next state (canonical: pair codes in order of first appearance) and
// adds the count being expanded to it.
func (r *worker) emitPacked(st *step, lo uint64, f uint8) {
	sw := &st.sw
	zero := func(y uint64) uint64 { return ^(((y & sw.low) + sw.low) | y) & sw.used }
	empty := zero(lo)
	full := zero(lo ^ sw.ones)
	tail := zero(lo ^ sw.ones<<1)
	end := sw.used &^ (empty | full) // degree 1: a tail or a pair end
	if empty&sw.rem0 != 0 {
		return // a vertex no path can visit any more
	}
	if r.closed && (end&sw.rem0 != 0 || empty&sw.rem1 != 0) {
		return
	}
	forced := uint8(bits.OnesCount64(end&sw.rem0&^sw.req) + bits.OnesCount64(empty&sw.rem1&^sw.req))
	if f+forced > r.freeEnds {
		return
	}
	nE := bits.OnesCount64(empty)
	frags := nE + bits.OnesCount64(tail) + bits.OnesCount64(end&^tail)/2
	if frags-1 > st.unproc && st.unproc > 0 {
		return
	}
	open := empty | end&^sw.req
	if !r.fed(st.starve, fieldMask, open, f+forced) {
		return
	}
	if st.capCheck {
		need := 2*nE - bits.OnesCount64(empty&sw.req) + bits.OnesCount64(end&^sw.req) - int(r.freeEnds-f)
		if need > 0 && !canSupply(st.watch, fieldMask, open, need) {
			return
		}
	}
	var hi uint64
	if r.fBits != 0 {
		// Codes of 63 or 64 bits pass their top bits to hi (a 65- or
		// 66-bit key, as emitWide packs it; 0 in fact, since the first
		// code is at most codePair once renumbered).
		hi = lo >> 62
		lo = lo<<2 | uint64(f)
	}
	r.add(key{lo: lo, hi: hi})
}

// renumberNibbles packs the codes of the kept positions of x, b bits
// each, first to last from the high end, with the pair codes renumbered
// in order of first appearance (the codes below codePair keep theirs),
// for codes below 16 (all of them when they fit 64 bits: plan.codeSWAR).
// The map from old to new codes is sixteen 4-bit fields of one word, and
// seen a bit per old code, so the loop, the hottest of the 8x8 counts,
// keeps no table in memory: a table costs a store and a load that depends
// on it for every code.
func renumberNibbles(kept []uint8, x *[maxWidth + 2]uint8, b uint) uint64 {
	m := uint64(codeTail<<8 | codeFull<<4 | codeEmpty) // codes 0 to 2 keep theirs
	seen := uint64(1<<codeEmpty | 1<<codeFull | 1<<codeTail)
	ns := uint64(codePair)
	var lo uint64
	for _, j := range kept {
		c := uint64(x[j&63] & 15)
		sh := c << 2
		unseen := seen>>c&1 ^ 1
		m |= (ns & -unseen) << sh
		seen |= 1 << c
		ns += unseen
		lo = lo<<(b&63) | m>>sh&15 // b&63: no test of the shift in the loop
	}
	return lo
}

// emitWide packs a state of up to 128 bits after emit's retirement and
// applies the pruning rules.
func (r *worker) emitWide(st *step, xp *[maxWidth + 2]uint8, f uint8) {
	x := xp
	// Pack the kept vertices, refusing states in which some vertex cannot
	// reach degree 2 from its unprocessed neighbours and too many must
	// therefore be path ends.
	forced := uint8(0)
	var open uint64 // positions that can take one more edge
	// need: edges the frontier must still get from unprocessed vertices
	// (before free ends are subtracted); frags: partial paths and empty
	// vertices the rest of the path must join.
	var need, frags, pairEnds int
	var lab [maxWidth + 4]uint8 // new code+1 of each old pair code, 0: not seen
	ns := uint8(codePair)
	// The kept codes are packed into lo, hi as they are read, first to
	// last from the high end (emit calls emitWide only for keys over 64
	// bits; the shifts give the same key for shorter ones).
	b := r.bitsPer
	var lo, hi uint64
	for _, j := range st.kept {
		code := x[j]
		isReq := st.req>>j&1 != 0
		var deg uint8
		switch {
		case code == codeEmpty:
			open |= 1 << j
			frags++
			need += 2
			if isReq {
				need--
			}
		case code == codeFull:
			deg = 2
		default:
			deg = 1
			if code >= codePair {
				pairEnds++
				if lab[code] == 0 {
					lab[code] = ns + 1
					ns++
				}
				code = lab[code] - 1
			} else {
				frags++ // a tail
			}
			if !isReq {
				open |= 1 << j
				need++
			}
		}
		hi = hi<<b | lo>>(64-b)
		lo = lo<<b | uint64(code)
		if rem := st.rem[j]; deg+rem < 2 {
			if r.closed || deg+rem == 0 {
				return
			}
			if !isReq {
				forced++
			}
		}
	}
	if f+forced > r.freeEnds {
		return
	}
	frags += pairEnds / 2
	// Fragments are joined only through unprocessed vertices: the path
	// alternates between them and pieces of at least one vertex each.
	if frags-1 > st.unproc && st.unproc > 0 {
		return
	}
	if !r.fed(st.starve, wideMask, open, f+forced) {
		return
	}
	if need -= int(r.freeEnds - f); st.capCheck && need > 0 && !canSupply(st.watch, wideMask, open, need) {
		return
	}
	if r.fBits != 0 {
		hi = hi<<2 | lo>>62
		lo = lo<<2 | uint64(f)
	}
	r.add(key{lo, hi})
}

// fed applies the starvation rule to the entries of starve, whose masks
// m (wideMask or fieldMask) are read against open, the frontier's
// positions or fields that can take one more edge: an unprocessed vertex
// whose neighbours cannot give it two edges must be a path end (one) or
// cannot be visited (none). ends counts the path ends already used or
// forced; fed reports false when the state must be refused (a vertex
// left unvisited, or more ends than r.freeEnds).
func (r *worker) fed(starve []watch, m int, open uint64, ends uint8) bool {
	for i := range starve {
		u := &starve[i]
		a := uint8(bits.OnesCount64(u.mask[m&1]&open)) + u.unp
		if a >= 2 {
			continue
		}
		if a == 0 || r.closed {
			return false
		}
		if !u.req {
			if ends++; ends > r.freeEnds {
				return false
			}
		}
	}
	return true
}

// canSupply reports whether the unprocessed vertices of watch can still
// take need edges from the frontier (masks m read against open, as in
// fed): each takes at most two of them. It stops as soon as they can:
// adding up the whole list for every state emitted was half of
// emitNarrow's own time on the knight's 8x8 tours, where the capacity
// rule runs from about step 28 on.
func canSupply(watch []watch, m int, open uint64, need int) bool {
	for i := range watch {
		if need -= min(bits.OnesCount64(watch[i].mask[m&1]&open), 2); need <= 0 {
			return true
		}
	}
	return false
}
