package count

// cellKind is what the transition of one cell of the grid sweep depends
// on: cells of one kind share their transition table (gridtable.go).
type cellKind struct {
	j           int  // column in the sweep: the cell's left plug is at position j, its up plug at j+1
	right, down bool // the neighbour to the right (below) is an open cell
	blocked     bool
	mustEnd     bool // a fixed start or end: degree 1
	// endLimit: a free path end may be made here when the word has fewer
	// than endLimit lone letters (2 less the fixed ends still to come;
	// 0 for cycles).
	endLimit int
	shift    bool // the last column: the successor is moved to the next row
}

// succ puts in out the successors of word w at cell c and returns their
// number; completing reports how many transitions finish the path or the
// cycle (counted only at the last open cell, where they are the only
// ones that count).
//
// The cell takes its left plug a (position c.j) and up plug b (c.j+1),
// and gives its down plug (position c.j) and right plug (c.j+1): it has
// degree 2, or 1 when it is an end of the path; its edges are the plugs
// it takes and those it gives. Two plugs taken join two partial paths:
// "()" closes a cycle, ")(" joins two pairs into one, "((" and "))" also
// turn the matching bracket of the inner one around, and a lone letter
// passes its loneness to the other path's far end. A path that ends here
// turns its far end lone (Jacobsen 2007, section 2; Knuth's SIMPATH).
func (ws *wordSpace) succ(w uint64, c *cellKind, out *[3]uint64) (n, completing int) {
	j := c.j
	sh := 2 * uint(ws.plugs-2-j) // position j+1; j is 2 bits above
	a, b := w>>(sh+2)&3, w>>sh&3
	base := w &^ (15 << sh)
	emit := func(x, y uint64) {
		out[n] = base | x<<(sh+2) | y<<sh
		n++
	}
	if c.blocked {
		if a == gEmpty && b == gEmpty {
			emit(gEmpty, gEmpty)
		}
		return ws.shifted(c, out, n), 0
	}
	end := c.mustEnd || loneCount(w) < c.endLimit
	switch {
	case a == gEmpty && b == gEmpty:
		if !c.mustEnd && c.right && c.down {
			emit(gOpen, gClose)
		}
		if end && c.down {
			emit(gLone, gEmpty)
		}
		if end && c.right {
			emit(gEmpty, gLone)
		}
	case a == gEmpty || b == gEmpty:
		x, at := a|b, j
		if a == gEmpty {
			at = j + 1
		}
		if !c.mustEnd && c.down {
			emit(x, gEmpty)
		}
		if !c.mustEnd && c.right {
			emit(gEmpty, x)
		}
		switch {
		case !end:
		case x == gLone:
			completing += b2i(base == 0)
		default:
			out[n] = ws.set(base, ws.partner(w, at), gLone)
			n++
		}
	case c.mustEnd:
	case a == gLone && b == gLone:
		completing += b2i(base == 0)
	case a == gLone || b == gLone:
		at := j
		if a == gLone {
			at = j + 1
		}
		out[n] = ws.set(base, ws.partner(w, at), gLone)
		n++
	case a == gOpen && b == gClose:
		completing += b2i(base == 0 && c.endLimit == 0 && ws.lone == 0)
	case a == gClose && b == gOpen:
		out[n] = base
		n++
	case a == gOpen: // "((": the inner pair's ")" becomes "("
		out[n] = ws.set(base, ws.partner(w, j+1), gOpen)
		n++
	default: // "))": the outer pair's "(" becomes ")"
		out[n] = ws.set(base, ws.partner(w, j), gClose)
		n++
	}
	return ws.shifted(c, out, n), completing
}

// shifted moves the n successors in out to the start of the next row
// when c is in the last column: its right plug (the last position) is
// empty, and the next row's first left plug is.
func (ws *wordSpace) shifted(c *cellKind, out *[3]uint64, n int) int {
	if !c.shift {
		return n
	}
	k := 0
	for _, t := range out[:n] {
		if t&3 == 0 {
			out[k] = t >> 2
			k++
		}
	}
	return k
}

// simple reports whether successor t of w at a cell whose position j+1
// is at bit sh differs from w only at positions j and j+1 with the same
// depth and lone letters after them (so that wordSpace.pairRank ranks
// it); never in the last column, whose successors move to the next row.
func simple(w, t uint64, c *cellKind, sh uint) bool {
	return !c.shift && (w^t)&^(15<<sh) == 0 && simpleNibbles[(w>>sh&15)<<4|t>>sh&15]
}

// net is the change of depth a letter makes.
func net(c uint64) int {
	switch c {
	case gOpen:
		return 1
	case gClose:
		return -1
	}
	return 0
}
