package construct

import (
	"cmp"
	"slices"
)

// A closed walk on a board with a single band of rows (a narrow board)
// cannot follow a cycle of blocks, so it goes out along the band and back:
// the first block is one path that leaves rightwards and returns from the
// right, every middle block is covered by two disjoint paths (the top one
// going right, the bottom one coming back), and the last block is one path
// entered from and left to the left. An open walk on a band too narrow to
// cut into rows (3 or 4 rows) does the same, except that the first block is
// two paths as well: the walk starts in it and ends in it.
//
// Two disjoint paths with given ends are one engine query: see solveBlock.

// nctx is what a narrow decision needs to know of one block.
type nctx struct {
	h, w int16
	pos  int8 // 0 first, 1 middle, 2 last
}

// narrowKey identifies a narrow decision: the blocks of the window and the
// state at the left side of the first, the entry e of its top path and the
// exit z of its bottom path.
type narrowKey struct {
	u     [maxWin]nctx
	n     int8
	e, z  int16
	open  bool
	skip  int8  // first block only: pass over this many workable port pairs
	first int16 // first block of an open walk only: 1 + its first cell, or 0 (free)
	order int8  // which port order every block uses (see topFirst)
}

// narrowStep is a decision: the cover of the block (for a middle block the
// top path then the bottom path) and the state it leaves for the next block.
type narrowStep struct {
	path   *blockPath
	e2, z2 int16
}

// narrow is a single band of rows cut into blocks by columns.
type narrow struct {
	lib   *library
	rows  int
	cols  *bands
	look  int
	open  bool  // an open walk: the first block is two paths too, with free outer ends
	skip  int8  // workable choices the first block passes over
	start int16 // first cell of an open walk, or free
	order int8  // port order (topFirst)
	dp    *bandDP
	ef    *effort
}

// narrowRetries is how many choices of the first block a narrow plan tries
// for each start.
const narrowRetries = 8

// plan finds a first-block choice from which every block has its cover:
// the first workable choices in turn, under both port orders, and for an
// open walk then every first cell in turn (on 4 rows the first cell decides
// which cells the way out may use; see nsearch). On a long band each choice
// is first tried on a probe band of the same first and last blocks, so
// that a failing choice costs O(1), not O(cols), and the whole band is
// planned at most a few times.
func (nw *narrow) plan() bool {
	if nw.rows <= 4 {
		// Few states per block: plan exactly at once (see bandDP).
		if nw.dp = newBandDP(nw); nw.dp != nil && nw.run(nil) {
			return true
		}
		nw.dp = nil
	}
	if nw.planAhead() {
		return true
	}
	if nw.rows > 4 && !nw.ef.spent() {
		if nw.dp = newBandDP(nw); nw.dp != nil && nw.run(nil) {
			return true
		}
		nw.dp = nil
	}
	return false
}

// planAhead is plan with the look-ahead decisions.
func (nw *narrow) planAhead() bool {
	starts := []int16{free}
	if nw.open {
		for c := range nw.rows * nw.cols.size(0) {
			starts = append(starts, int16(c))
		}
	}
	var probe *narrow
	if q := nw.cols.len(); q > 2*probeBlocks {
		var ws []int
		for j := range probeBlocks {
			ws = append(ws, nw.cols.size(j))
		}
		for j := q - probeBlocks; j < q; j++ {
			ws = append(ws, nw.cols.size(j))
		}
		probe = &narrow{lib: nw.lib, rows: nw.rows, cols: &bands{list: ws}, look: nw.look, open: nw.open, ef: nw.ef}
	}
	full := 0
	for _, start := range starts {
		for order := range int8(2) {
			for skip := range int8(narrowRetries) {
				try := nw
				if probe != nil {
					try = probe
				}
				try.start, try.order, try.skip = start, order, skip
				if try.run(nil) && try != nw {
					nw.start, nw.order, nw.skip = start, order, skip
					if nw.run(nil) {
						return true
					}
					if full++; full == maxFullPlans {
						return false
					}
					continue
				} else if try == nw && nw.run(nil) {
					return true
				}
				if _, ok := try.lib.nstep(try.key(0, free, free), try.ef); !ok {
					break // no more choices
				}
			}
			if nw.ef.spent() {
				return false
			}
		}
	}
	return false
}

// probeBlocks is how many first and last blocks a probe band keeps, and
// maxFullPlans how many probe successes are tried on the whole band.
const (
	probeBlocks  = 6
	maxFullPlans = 4
)

func (nw *narrow) ctx(j int) nctx {
	c := nctx{h: int16(nw.rows), w: int16(nw.cols.size(j)), pos: 1}
	switch j {
	case 0:
		c.pos = 0
	case nw.cols.len() - 1:
		c.pos = 2
	}
	return c
}

func (nw *narrow) key(j int, e, z int16) narrowKey {
	k := narrowKey{e: e, z: z, open: nw.open, order: nw.order}
	if j == 0 {
		k.skip, k.first = nw.skip, nw.start+1
	}
	n := min(nw.look+2, nw.cols.len()-j)
	for i := range n {
		k.u[i] = nw.ctx(j + i)
	}
	k.n = int8(n)
	return k
}

// nstep returns the decision for key, searching on first use.
func (l *library) nstep(key narrowKey, ef *effort) (narrowStep, bool) {
	s := remember(l.nsteps, key, ef, func() (narrowStep, bool) {
		e := key.e
		if key.first != 0 {
			e = key.first - 1 // the top path of an open walk's first block starts there
		}
		p, e2, z2, _ := l.nsearch(key.u[:key.n], e, key.z, key.open, int(key.skip), key.order, ef)
		return narrowStep{path: p, e2: e2, z2: z2}, p != nil
	})
	return s, s.path != nil
}

// narrowPorts bounds how many ports of each list a narrow decision tries;
// the lists are ordered so that the top path crosses high and the bottom
// path low, where the two are least in each other's way.
const narrowPorts = 16

// nsearch is search for narrow chains: it picks a top port (x -> e2) and a
// bottom port (z2 -> y) on the right side of win[0] such that the block has
// its cover and the window's next blocks can be continued.
//
// For an open walk the first block is covered by two paths as well: the
// walk starts anywhere in it, goes out along the tops and ends anywhere in
// it on the way back. That is the only way across a board of 4 rows: a
// knight on an outer row always moves to an inner one, so a path of a
// 4 x n board alternates outer and inner rows except at one place, and
// (colours alternating too) covers the outer cells of one colour before
// those of the other; no block can be entered and left only once.
//
// skip > 0 passes over that many workable choices: constraints that reach
// across the whole band (the 4-row case above fixes at the first block
// which cells the way out may use, and only the last block shows it) are
// met by planning again with the first block's next choice.
func (l *library) nsearch(win []nctx, e, z int16, open bool, skip int, order int8, ef *effort) (*blockPath, int16, int16, bool) {
	u := win[0]
	if u.pos == 2 {
		p := l.path(pathKey{h: u.h, w: u.w, a1: e, b1: z}, ef)
		return p, free, free, p != nil
	}
	if len(win) == 1 {
		return nil, free, free, true
	}
	nx := win[1]
	ps := l.portsFor(int(u.h), int(u.w), int(nx.h), int(nx.w), sideRight)
	tops := topFirst(ps, int(u.w), true, order)
	bots := topFirst(ps, int(u.w), false, order)
	for _, t := range tops {
		if (e != free && t.x == e) || t.x == z {
			continue
		}
		for _, b := range bots {
			if b.x == t.x || b.y == t.y || b.x == e || b.x == z {
				continue
			}
			var p *blockPath
			switch {
			case u.pos == 0 && open:
				p = l.path(pathKey{h: u.h, w: u.w, kind: kindTwo, a1: e, b1: t.x, a2: b.x, b2: free}, ef)
			case u.pos == 0:
				p = l.path(pathKey{h: u.h, w: u.w, a1: b.x, b1: t.x}, ef)
			default:
				p = l.path(pathKey{h: u.h, w: u.w, kind: kindTwo, a1: e, b1: t.x, a2: b.x, b2: z}, ef)
			}
			if p == nil {
				continue
			}
			sub := narrowKey{e: t.y, z: b.y, open: open, order: order, n: int8(len(win) - 1)}
			copy(sub.u[:], win[1:])
			if len(win) == 2 && win[1].pos != 2 {
				return p, t.y, b.y, true // the next block is beyond the horizon
			}
			if _, ok := l.nstep(sub, ef); ok {
				if skip == 0 {
					return p, t.y, b.y, true
				}
				skip--
			}
		}
	}
	return nil, free, free, false
}

// topFirst returns up to narrowPorts ports, highest exits first (or lowest
// first when top is false), keeping the middle-first order among equals.
// Order 1 starts from the rows next to the middle instead (upper ones for
// the top path, lower ones for the bottom path): the port order steers which
// states the blocks pass on, and some bands need the other one (on 4 rows a
// knight's way out must leave every block from an inner row).
func topFirst(ps []port, w int, top bool, order int8) []port {
	out := make([]port, 0, narrowPorts)
	h := 0
	for _, p := range ps {
		h = max(h, int(p.x)/w+1)
	}
	rows := make([]int, h)
	for d := range h {
		rows[d] = d
	}
	if order == 1 {
		slices.SortStableFunc(rows, func(a, b int) int {
			return cmp.Compare(abs(2*a+1-h), abs(2*b+1-h))
		})
	}
	for _, row := range rows {
		if !top {
			row = h - 1 - row
		}
		for _, p := range ps {
			if int(p.x)/w == row && len(out) < narrowPorts {
				out = append(out, p)
			}
		}
	}
	return out
}

// narrowCheckpoint is how many blocks the backward half of a narrow walk
// recomputes at a time: the walk keeps the state of every narrowCheckpoint-th
// block, so its memory grows with cols/narrowCheckpoint, not with cols.
const narrowCheckpoint = 1024

// run performs the decisions (and with yield set, produces the cells): out
// along the tops, back along the bottoms.
func (nw *narrow) run(yield func(int, int) bool) bool {
	q := nw.cols.len()
	type state struct{ e, z int16 }
	var marks []state
	st := state{free, free}
	emit := func(p *blockPath, from, to, c0 int) bool {
		for i := from; i < to; i++ {
			if !yield(int(p.rows[i]), c0+int(p.cols[i])) {
				return false
			}
		}
		return true
	}
	for j := range q {
		if j%narrowCheckpoint == 0 {
			marks = append(marks, st)
		}
		s, ok := nw.next(j, st.e, st.z)
		if !ok {
			return false
		}
		if yield != nil {
			top := s.path.split
			if (j == 0 && !nw.open) || j == q-1 {
				top = len(s.path.rows)
			}
			if !emit(s.path, 0, top, nw.cols.off(j)) {
				return true
			}
		}
		st = state{s.e2, s.z2}
	}
	if yield == nil {
		return true
	}
	buf := make([]*blockPath, 0, narrowCheckpoint)
	for m := len(marks) - 1; m >= 0; m-- {
		lo := m * narrowCheckpoint
		hi := min(lo+narrowCheckpoint, q-1)
		buf = buf[:0]
		st := marks[m]
		for j := lo; j < hi; j++ {
			s, _ := nw.next(j, st.e, st.z)
			buf = append(buf, s.path)
			st = state{s.e2, s.z2}
		}
		for j := hi - 1; j >= lo; j-- {
			if j == 0 && !nw.open {
				continue
			}
			p := buf[j-lo]
			if !emit(p, p.split, len(p.rows), nw.cols.off(j)) {
				return true
			}
		}
	}
	return true
}

// next is the decision for block j entered in state (e, z): from the exact
// plan when there is one, otherwise the cached look-ahead decision.
func (nw *narrow) next(j int, e, z int16) (narrowStep, bool) {
	if nw.dp != nil {
		return nw.dp.step(j, e, z)
	}
	return nw.lib.nstep(nw.key(j, e, z), nw.ef)
}
