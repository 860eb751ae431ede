package count

// Closed counts build the next states from the word of the state expanded
// (expandClosed), not from its codes renumbered one position at a time
// (renumberNibbles, a fifth of the CPU of the knight's 8x8 tours).
//
// A state's pair codes are canonical: codePair, codePair+1, ... in order
// of the positions where each path first appears. Every choice of edges
// of a step ends at most two paths of the state expanded (R: extended,
// merged) and starts at most one (N: new, or made of what R's ends
// become), whose first position f is known; the other paths keep their
// fields. So the next state's code of a path L that stays is L less the
// paths of R coded below L, plus one when L first appears after f; N's
// code is codePair plus the paths that stay and first appear before f.
// The fields are written as the code codeTail (a closed count has no
// fixed ends, so no other field holds it) for N's ends, then every field
// is recoded at once in lanes (recode). Open counts do the same with
// tails and retired path ends (expandOpen, dpopen.go).

// expandClosed is expand for a closed count of one-word states
// (st.word), but for the last step (where a cycle closes).
func (r *worker) expandClosed(st *step, k key) {
	var cells [maxWidth + 2]uint8
	w := st.in
	r.unpack(k, w, &cells)
	cells[w] = codeEmpty
	ws := st.word
	must, ok := r.mustTake(st, &cells)
	if !ok {
		return
	}
	// The paths of k: last[c], the last position coded c; prev[j], the
	// position before j coded as j (gone for a path's first end); below[j],
	// the paths that first appear before position j.
	var last [16]uint8
	var prev, below [maxWidth + 2]uint8
	for i := range last {
		last[i] = gone
	}
	top := uint8(codePair - 1)
	for j := range w {
		c := cells[j] & 15
		below[j] = top - (codePair - 1)
		top = max(top, c)
		prev[j] = last[c]
		last[c] = uint8(j)
	}
	below[w] = top - (codePair - 1)
	mate := func(a uint8) uint8 {
		if p := prev[a]; p != gone {
			return p
		}
		return last[cells[a]&15]
	}
	// The next state's word before the choice: k's fields less those
	// that leave, and v's (empty) when it stays.
	b := ws.b
	c0 := k.lo
	for _, o := range ws.drop {
		c0 = c0>>(o+uint8(b))<<o | c0&(1<<o-1)
	}
	if ws.vStays {
		c0 <<= b
	}
	fm := uint64(1)<<b - 1
	set := func(c uint64, j uint8, v uint64) uint64 {
		o := ws.at[j] & 63
		return c&^(fm<<o) | v<<o
	}
	if must == 0 && ws.vStays {
		r.emitPacked(st, c0, 0) // no edge: k's codes stay canonical
	}
	nb := st.nbrPos
	for ai, a := range nb {
		ca := cells[a]
		rest := must &^ (1 << a)
		if ca == codeFull || rest&(rest-1) != 0 {
			continue
		}
		if rest == 0 {
			r.trans++
		}
		if rest == 0 && ws.vStays {
			// One edge v-a: v is an end of N.
			if ca == codeEmpty {
				if ws.at[a] != gone { // else a leaves with one edge
					c := set(set(c0, a, codeTail), uint8(w), codeTail)
					r.emitPacked(st, recode(ws, c, codePair+below[a], 0, 0), 0)
				}
			} else {
				// a's path now ends at v: R is its code, N runs from
				// its other end p to v.
				p := mate(a)
				c := set(set(c0, p, codeTail), uint8(w), codeTail)
				if ws.at[a] != gone {
					c = set(c, a, codeFull)
				}
				r.emitPacked(st, recode(ws, c, codePair+below[p], ca, 0), 0)
			}
		}
		for _, bb := range nb[ai+1:] {
			cb := cells[bb]
			if rest&^(1<<bb) != 0 || cb == codeFull {
				continue
			}
			// Two edges a-v-b: v is full.
			r.trans++
			c := c0
			if ws.vStays {
				c = set(c, uint8(w), codeFull)
			}
			var f, r1, r2 uint8
			switch {
			case ca == codeEmpty && cb == codeEmpty:
				if ws.at[a] == gone || ws.at[bb] == gone {
					continue
				}
				c = set(set(c, a, codeTail), bb, codeTail)
				f = min(a, bb)
			case ca == codeEmpty || cb == codeEmpty:
				e, x := a, bb // e empty, x an end
				if cb == codeEmpty {
					e, x = bb, a
				}
				if ws.at[e] == gone {
					continue
				}
				p := mate(x)
				c = set(set(c, e, codeTail), p, codeTail)
				if ws.at[x] != gone {
					c = set(c, x, codeFull)
				}
				f, r1 = min(e, p), cells[x]
			case ca == cb:
				continue // a cycle: only the last step closes one
			default:
				// Two paths merge: N runs between their far ends.
				pa, pb := mate(a), mate(bb)
				c = set(set(c, pa, codeTail), pb, codeTail)
				if ws.at[a] != gone {
					c = set(c, a, codeFull)
				}
				if ws.at[bb] != gone {
					c = set(c, bb, codeFull)
				}
				f, r1, r2 = min(pa, pb), ca, cb
			}
			r.emitPacked(st, recode(ws, c, codePair+below[f], r1, r2), 0)
		}
	}
}

// recode recodes the pair fields of the next state's word c (see above):
// N's ends, coded codeTail, get N's code; a path L of the state expanded
// gets L less the paths r1 and r2 (0: none) coded below it, plus one when
// L >= lf (it first appears after N). lf is the code the state expanded
// gave a path first appearing where N does.
func recode(ws *wordStep, c uint64, lf, r1, r2 uint8) uint64 {
	b := ws.b
	n := lf
	if r1 != 0 && r1 < lf {
		n--
	}
	if r2 != 0 && r2 < lf {
		n--
	}
	// gt(x, t) is 1 in every lane whose field is over t: a lane of 2b
	// bits holds a field below 2^b, so adding 2^(2b-1)-1-t reaches the
	// lane's top bit exactly when the field is over t, and carries into
	// no other lane.
	sh := 2*b - 1
	k := uint64(1)<<sh - 1
	one, topBit := ws.laneOne, ws.laneTop
	gt := func(x uint64, t uint8) uint64 { return (x + (k-uint64(t))*one) & topBit >> sh }
	if r1 == 0 {
		r1 = 1<<b - 1 // no field is over it
	}
	if r2 == 0 {
		r2 = 1<<b - 1
	}
	code := func(x uint64) uint64 {
		isN := gt(x, codeTail-1) - gt(x, codeTail)
		return x - gt(x, r1) - gt(x, r2) + gt(x, lf-1) + isN*uint64(n-codeTail)
	}
	e, o := c&ws.even, c>>b&ws.even
	return code(e) | code(o)<<b
}
