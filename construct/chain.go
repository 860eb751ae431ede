package construct

// This file orders the blocks of a board along a path or cycle of the block
// grid and chooses, block after block, the ports through which the walk
// passes from one block into the next.

// maxWin is the number of units a port decision looks at: the unit itself,
// the units whose paths the decision checks ahead, and one more whose shape
// the last check needs.
const maxWin = 5

// uctx is what a port decision needs to know of one unit of a chain.
type uctx struct {
	h, w int16
	out  side
}

// stepKey identifies a port decision: the units of the window, the entry of
// the first, and for a window that reaches the end of a closed chain the
// first cell of the walk relative to the last unit.
type stepKey struct {
	u      [maxWin]uctx
	n      int8
	entry  int16
	tr, tc int16
	want   int8 // colour the first unit's exit must have, or -1
}

// step is a decision: the block path of the unit and the entry it leaves
// for the next unit (free after the last).
type step struct {
	path *blockPath
	next int16
}

// chain is a board cut into bands and a Hamiltonian path or cycle through
// its block grid: row band by row band, alternating direction (a
// serpentine) for an open walk; for a closed walk (an even number of row
// bands) the same serpentine over columns 1..q-1 and back up column 0.
type chain struct {
	lib        *library
	rows, cols *bands
	closed     bool
	look       int // units checked ahead of each decision
	e0         int16
	tr, tc     int16 // first cell relative to the last unit (closed)
	want0      int8  // colour of unit 0's exit for an open walk, or -1
	ef         *effort
}

func (ch *chain) p() int     { return ch.rows.len() }
func (ch *chain) q() int     { return ch.cols.len() }
func (ch *chain) units() int { return ch.p() * ch.q() }

// block returns the block grid position of unit k.
func (ch *chain) block(k int) (int, int) {
	p, q := ch.p(), ch.q()
	if !ch.closed {
		bi, t := k/q, k%q
		if bi%2 == 1 {
			t = q - 1 - t
		}
		return bi, t
	}
	if k < q {
		return 0, k
	}
	k -= q
	if k < (p-1)*(q-1) {
		bi, t := 1+k/(q-1), k%(q-1)
		if bi%2 == 1 {
			return bi, q - 1 - t
		}
		return bi, 1 + t
	}
	k -= (p - 1) * (q - 1)
	return p - 1 - k, 0
}

// unit returns the origin and context of unit k.
func (ch *chain) unit(k int) (r0, c0 int, u uctx) {
	bi, bj := ch.block(k)
	u = uctx{h: int16(ch.rows.size(bi)), w: int16(ch.cols.size(bj))}
	switch {
	case k == ch.units()-1 && ch.closed:
		u.out = sideClose
	case k == ch.units()-1:
		u.out = sideEnd
	default:
		ni, nj := ch.block(k + 1)
		switch {
		case nj > bj:
			u.out = sideRight
		case nj < bj:
			u.out = sideLeft
		case ni > bi:
			u.out = sideDown
		default:
			u.out = sideUp
		}
	}
	return ch.rows.off(bi), ch.cols.off(bj), u
}

// key builds the decision key of unit k entered at entry.
func (ch *chain) key(k int, entry int16) stepKey {
	key := stepKey{entry: entry, want: -1}
	if k == 0 {
		key.want = ch.want0
	}
	n := min(ch.look+2, ch.units()-k)
	for i := range n {
		_, _, key.u[i] = ch.unit(k + i)
	}
	key.n = int8(n)
	if ch.closed && k+n == ch.units() {
		key.tr, key.tc = ch.tr, ch.tc
	}
	return key
}

// step returns the decision for key, searching on first use.
func (l *library) step(key stepKey, ef *effort) (step, bool) {
	s := remember(l.steps, key, ef, func() (step, bool) {
		p, next, _ := l.search(key.u[:key.n], key.entry, key.tr, key.tc, key.want, ef)
		return step{path: p, next: next}, p != nil
	})
	return s, s.path != nil
}

// search finds a block path for win[0] from entry to an exit from which
// the following units of the window can be continued: a depth-first search
// over ports, with the block paths found (or not) by the engine. The last
// unit of the window only lends its shape. (tr, tc) is the cell a closing
// unit must end one move from, relative to that unit.
//
// With want >= 0 only exits whose colour ((row+col) mod 2) is want are
// tried (see chain.entryColour).
func (l *library) search(win []uctx, entry int16, tr, tc int16, want int8, ef *effort) (*blockPath, int16, bool) {
	u := win[0]
	h, w := int(u.h), int(u.w)
	switch u.out {
	case sideEnd:
		p := l.path(pathKey{h: u.h, w: u.w, a1: entry, b1: free}, ef)
		return p, free, p != nil
	case sideClose:
		for _, v := range l.set.Vectors() {
			r, c := int(tr)-v.DR, int(tc)-v.DC
			if r < 0 || r >= h || c < 0 || c >= w {
				continue
			}
			x := int16(r*w + c)
			if x == entry {
				continue
			}
			if p := l.path(pathKey{h: u.h, w: u.w, a1: entry, b1: x}, ef); p != nil {
				return p, free, true
			}
		}
		return nil, free, false
	}
	if len(win) == 1 {
		return nil, free, true // beyond the horizon
	}
	nx := win[1]
	for _, pt := range l.portsFor(h, w, int(nx.h), int(nx.w), u.out) {
		if pt.x == entry || (want >= 0 && int8((int(pt.x)/w+int(pt.x)%w)%2) != want) {
			continue
		}
		p := l.path(pathKey{h: u.h, w: u.w, a1: entry, b1: pt.x}, ef)
		if p == nil {
			continue
		}
		// The rest of the window is a decision of its own (memoised, so
		// that a failing subtree is explored once).
		sub := stepKey{entry: pt.y, tr: tr, tc: tc, want: -1, n: int8(len(win) - 1)}
		copy(sub.u[:], win[1:])
		if len(win) == 2 && win[1].out != sideEnd && win[1].out != sideClose {
			return p, pt.y, true // the next unit is beyond the horizon
		}
		if _, ok := l.step(sub, ef); ok {
			return p, pt.y, true
		}
	}
	return nil, free, false
}

// plan runs the decisions of the whole chain once without producing cells,
// so that a walk is only handed out when every block has its path. For a
// closed chain it tries the entries of the first unit in turn.
func (ch *chain) plan() bool {
	req := ch.entryColour()
	if !ch.closed {
		ch.want0 = -1
		if _, _, u := ch.unit(0); req >= 0 && int(u.h)*int(u.w)%2 == 0 {
			ch.want0 = 1 - req
		}
		return ch.run(nil)
	}
	// The first cell is an entry of unit 0 from the last unit.
	n := ch.units()
	lr, lc, lu := ch.unit(n - 1)
	_, _, fu := ch.unit(0)
	// The last unit of the cycle is block (1,0), directly below block (0,0).
	ch.want0 = -1
	tried := map[int16]bool{}
	for _, pt := range ch.lib.portsFor(int(lu.h), int(lu.w), int(fu.h), int(fu.w), sideUp) {
		er, ec := int(pt.y)/int(fu.w), int(pt.y)%int(fu.w)
		if tried[pt.y] || (req >= 0 && int8((er+ec)%2) != req) {
			continue
		}
		tried[pt.y] = true
		ch.e0 = pt.y
		ch.tr, ch.tc = int16(er-lr), int16(ec-lc)
		if ch.run(nil) {
			return true
		}
		if len(tried) == 8 {
			break
		}
	}
	return false
}

// run performs the decisions unit after unit; with yield set it also
// produces the cells, stopping early when yield returns false.
func (ch *chain) run(yield func(int, int) bool) bool {
	entry := int16(free)
	if ch.closed {
		entry = ch.e0
	}
	for k := range ch.units() {
		if yield == nil && k%4096 == 0 && ch.ef.cancelled() {
			return false // planning a huge board: stop within a moment
		}
		s, ok := ch.lib.step(ch.key(k, entry), ch.ef)
		if !ok {
			return false
		}
		if yield != nil {
			r0, c0, _ := ch.unit(k)
			p := s.path
			for i := range p.rows {
				if !yield(r0+int(p.rows[i]), c0+int(p.cols[i])) {
					return true
				}
			}
		}
		entry = s.next
	}
	return true
}

// entryColour returns the colour ((row+col) mod 2 on the board) the walk
// must have when it enters its first unit, or -1 when it is free. It
// matters when every move changes the colour (every leaper has a+b odd, as
// the knight): a path through a block with an even number of cells ends on
// the other colour, so the next block is entered on the colour the block
// was entered on; a path through a block with an odd number of cells starts
// and ends on the block's majority colour, the colour of its corners. So
// the first odd block fixes the colour of every entry before it.
func (ch *chain) entryColour() int8 {
	if !colourChanging(ch.lib.set) {
		return -1
	}
	for k := range ch.units() {
		r0, c0, u := ch.unit(k)
		if int(u.h)*int(u.w)%2 == 1 {
			return int8((r0 + c0) % 2)
		}
	}
	return -1
}
