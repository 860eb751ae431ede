package count

import "math/bits"

// Open counts build the next states from the word of the state expanded
// (expandOpen) as closed counts do (expandClosed, dpword.go), with what
// only open paths have: tails (codeTail, a path one end of which is a
// fixed end of the Hamiltonian path) and path ends leaving the frontier
// with one edge (emit's retirement: a free or required end of the
// Hamiltonian path, whose path becomes a tail).
//
// A choice of edges still ends at most two pair paths of the state
// expanded (R: the paths v extends or merges) and makes at most one path
// N through v. A path end that leaves with one edge retires: a pair path
// of the state expanded that loses an end that way (T) becomes a tail, its
// other end coded codeTail; N loses its pair code the same way, or is a
// tail from the start when it takes in one; a tail, or a path, that loses
// both ends is complete, which only the last step (expand) may make. So
// the pair paths that stay are those of the state expanded less R and T,
// each recoded as in expandClosed with R and T the codes removed, and N,
// when it stays a pair, gets the code of where it first appears. Each
// free end retired adds one to the count of free ends fixed (f), which
// may not pass r.freeEnds: emit's retirement, done on the word.

// openState is what expandOpen reads from the state it expands: its codes
// and, for each position, the paths before it.
type openState struct {
	cells [maxWidth + 2]uint8
	// below[j], the pair paths that first appear before position j.
	below [maxWidth + 2]uint8
	x     uint64    // the codes of the state expanded, its word
	ws    *wordStep // the step's
	// ends holds the positions that leave after the step (v's aside)
	// with one edge: each retires unless v gives it a second.
	ends uint64
	f    uint8 // free ends fixed
}

// read unpacks the w codes of word x into s.cells (the first at the high
// end, as unpack does) and fills s.below in the same pass; it returns the
// positions of leave that must take an edge from v (empty ones; ok is
// false when more than two are) and puts those with one edge in s.ends:
// mustTake for an open count.
func (s *openState) read(x uint64, w int, b uint, leave uint64) (must uint64, ok bool) {
	s.x = x
	mask := uint8(1)<<b - 1
	sh := uint(w) * b
	top := uint8(codePair - 1)
	for j := range w {
		sh -= b
		c := uint8(x>>(sh&63)) & mask
		s.cells[j] = c
		s.below[j] = top - (codePair - 1)
		top = max(top, c)
	}
	s.cells[w] = codeEmpty
	s.below[w] = top - (codePair - 1)
	s.ends = 0
	for l := leave; l != 0; l &= l - 1 {
		j := bits.TrailingZeros64(l)
		switch s.cells[j] {
		case codeEmpty:
			must |= 1 << j
		case codeFull:
		default:
			s.ends |= 1 << j
		}
	}
	return must, bits.OnesCount64(must) <= 2
}

// mate returns the position of the other end of the pair path ending at
// a: the two fields of the word coded as a is (a field is zero when none
// of its bits but the top one carries into the top one, and the top one
// is clear), less a.
func (s *openState) mate(a uint8) uint8 {
	ws := s.ws
	y := s.x ^ uint64(s.cells[a])*ws.inOnes
	z := ^(((y & ws.inLow) + ws.inLow) | y) & ws.inUsed
	return ws.posOf[bits.TrailingZeros64(z)&63] ^ ws.posOf[63-bits.LeadingZeros64(z)] ^ a
}

// openChoice is one choice of edges at v, as emitOpen takes it.
type openChoice struct {
	// c is the next state's word before the paths are recoded: the
	// fields of the kept positions of the state expanded, those v gives a
	// second edge coded codeFull, and v's (codeFull or codeEmpty) when v
	// stays.
	c uint64
	// touched holds the positions that get an edge from v.
	touched uint64
	// e1, e2 are N's ends (positions; e2 is gone when N is a tail, both
	// are when v has no edge); removed has bit L set for each pair code L
	// of a path of R.
	e1, e2  uint8
	removed uint32
}

// set returns word c with the field of position j (which stays) set to v.
func (ws *wordStep) set(c uint64, j uint8, v uint64) uint64 {
	o := ws.at[j] & 63
	return c&^((1<<ws.b-1)<<o) | v<<o
}

// expandOpen is expand for an open count of one-word states (st.word),
// but for the last step (where the path completes).
func (r *worker) expandOpen(st *step, k key) {
	s := &r.open
	w := st.in
	ws := st.word
	s.ws = ws
	x := k.lo
	s.f = 0
	if r.fBits != 0 {
		x, s.f = k.lo>>2|k.hi<<62, uint8(k.lo&3)
	}
	b := ws.b
	must, ok := s.read(x, w, b, st.leave)
	if !ok {
		return
	}
	// The next state's word before the choice: k's fields less those
	// that leave, and v's (empty) when it stays.
	c0 := x
	for _, o := range ws.drop {
		c0 = c0>>(o+uint8(b))<<o | c0&(1<<o-1)
	}
	if ws.vStays {
		c0 <<= b
	}
	if must == 0 && ws.vStays {
		r.emitOpen(st, s, openChoice{c: c0, e1: gone, e2: gone}) // no edge
	}
	// canTake reports whether position a may take one more edge: not
	// full, and not a required end that already has one.
	canTake := func(a uint8) bool {
		x := s.cells[a]
		return x != codeFull && (x == codeEmpty || st.req>>a&1 == 0)
	}
	vReq := st.req>>w&1 != 0
	nb := st.nbrPos
	for ai, a := range nb {
		rest := must &^ (1 << a)
		if !canTake(a) || rest&(rest-1) != 0 {
			continue
		}
		if rest == 0 {
			r.trans++
			r.emitOpen(st, s, s.oneEdge(ws, c0, a, uint8(w)))
		}
		if vReq {
			continue // a required end takes one edge
		}
		for _, bb := range nb[ai+1:] {
			if rest&^(1<<bb) != 0 || !canTake(bb) {
				continue
			}
			r.trans++
			if ch, ok := s.twoEdges(ws, c0, a, bb, uint8(w)); ok {
				r.emitOpen(st, s, ch)
			}
		}
	}
}

// oneEdge returns the choice of the one edge v-a (v at position w): a
// new path a-v, or a's path extended to v.
func (s *openState) oneEdge(ws *wordStep, c0 uint64, a, w uint8) openChoice {
	ch := openChoice{c: c0, touched: 1 << a, e1: a, e2: w}
	switch ca := s.cells[a]; ca {
	case codeEmpty:
		return ch
	case codeTail:
		ch.e1, ch.e2 = w, gone
	default:
		ch.e1, ch.removed = s.mate(a), 1<<ca
	}
	if ws.at[a] != gone {
		ch.c = ws.set(ch.c, a, codeFull)
	}
	return ch
}

// twoEdges returns the choice of the edges a-v-b (v at position w, full);
// ok is false when they join the ends of one path or two tails (a cycle,
// or a complete path before the last step).
func (s *openState) twoEdges(ws *wordStep, c0 uint64, a, b, w uint8) (ch openChoice, ok bool) {
	ch = openChoice{c: c0, touched: 1<<a | 1<<b, e2: gone}
	if ws.vStays {
		ch.c = ws.set(ch.c, w, codeFull)
	}
	full := func(x uint8) {
		if ws.at[x] != gone {
			ch.c = ws.set(ch.c, x, codeFull)
		}
	}
	ca, cb := s.cells[a], s.cells[b]
	if cb == codeEmpty {
		a, b, ca, cb = b, a, cb, ca // an empty end first
	}
	switch {
	case ca == codeEmpty && cb == codeEmpty:
		ch.e1, ch.e2 = a, b
	case ca == codeEmpty:
		full(b)
		ch.e1 = a
		if cb != codeTail {
			ch.e2, ch.removed = s.mate(b), 1<<cb
		}
	case ca == cb:
		return ch, false // both tails, or both ends of one path
	default:
		full(a)
		full(b)
		if ca == codeTail {
			a, b, ca, cb = b, a, cb, ca // a pair end first
		}
		ch.e1, ch.removed = s.mate(a), 1<<ca
		if cb != codeTail {
			ch.e2, ch.removed = s.mate(b), ch.removed|1<<cb
		}
	}
	return ch, true
}

// emitOpen retires the path ends of choice ch that leave the frontier,
// recodes the next state's paths (see above) and emits it.
func (r *worker) emitOpen(st *step, s *openState, ch openChoice) {
	ws := st.word
	c, f := ch.c, s.f
	removed := ch.removed // R, and T below
	e1, e2 := ch.e1, ch.e2
	for l := s.ends &^ ch.touched; l != 0; l &= l - 1 {
		j := uint8(bits.TrailingZeros64(l))
		if j == e1 || j == e2 {
			continue // one of N's ends: below
		}
		cj := s.cells[j]
		if cj == codeTail {
			return // a path between two fixed ends
		}
		m := s.mate(j)
		if ws.at[m] == gone {
			return // both ends of a path leave
		}
		removed |= 1 << cj
		c = ws.set(c, m, codeTail)
		f += uint8(st.req>>j&1 ^ 1)
	}
	if e1 != gone {
		l1, l2 := ws.at[e1] == gone, e2 != gone && ws.at[e2] == gone
		switch {
		case l1 && (l2 || e2 == gone):
			return // N between two fixed ends
		case l1 || l2:
			if l1 {
				e1, e2 = e2, e1
			}
			f += uint8(st.req>>e2&1 ^ 1) // e2 retires
			e2 = gone
		}
		if e2 == gone {
			c = ws.set(c, e1, codeTail)
		}
	}
	if f > r.freeEnds {
		return
	}
	if e2 == gone {
		// N is no pair: the pair paths keep their order.
		if removed != 0 {
			c = recodeOpen(ws, c, 1<<ws.b, removed)
		}
		r.emitPacked(st, c, f)
		return
	}
	lf := codePair + s.below[min(e1, e2)]
	c = ws.set(ws.set(c, e1, codeEmpty), e2, codeEmpty)
	n := uint64(lf)
	if removed != 0 || lf < codePair+s.below[st.in] {
		// Some path is removed, or first appears after N.
		c = recodeOpen(ws, c, lf, removed)
		n -= uint64(bits.OnesCount32(removed & (1<<lf - 1)))
	}
	r.emitPacked(st, c|n<<(ws.at[e1]&63)|n<<(ws.at[e2]&63), f)
}

// recodeOpen recodes the pair fields of the next state's word c: a path
// L of the state expanded gets L less the codes of removed below it, plus
// one when L >= lf (it first appears after N). Fields below codePair
// keep theirs. Lanes as in recode.
func recodeOpen(ws *wordStep, c uint64, lf uint8, removed uint32) uint64 {
	b := ws.b
	sh := 2*b - 1
	k := uint64(1)<<sh - 1
	one, topBit := ws.laneOne, ws.laneTop
	e, o := c&ws.even, c>>b&ws.even
	t := (k - uint64(lf-1)) * one
	de, do := (e+t)&topBit>>sh, (o+t)&topBit>>sh
	for m := removed; m != 0; m &= m - 1 {
		t := (k - uint64(bits.TrailingZeros32(m))) * one
		de -= (e + t) & topBit >> sh
		do -= (o + t) & topBit >> sh
	}
	return (e + de) | (o+do)<<b
}
