package count

import (
	"fmt"
	"math/bits"
)

// Frontier words of the grid sweep (grid.go). A word has one letter per
// plug position of the cell-by-cell sweep, two bits each, position 0 in
// the most significant bits so that words compare as integers in the
// order of their letters:
//
//	gEmpty  no edge crosses the frontier here
//	gOpen   "(": the left end of a partial path whose other end is a
//	        gClose further right
//	gClose  ")": its right end
//	gLone   a partial path whose other end is an end of the Hamiltonian
//	        path (open paths only, at most two)
//
// Partial paths on one side of a line in the plane cannot cross, so the
// pairs nest like brackets: the words are Motzkin words (the encoding of
// the transfer matrix in Jacobsen, J. Phys. A 40 (2007) 14667, section
// 2), with up to two lone letters anywhere. Every such word has a rank,
// its index among all of them in this order (wordSpace.rank), so that a
// layer is a plain array indexed by rank.
//
// No counter of the path ends made so far is needed beside the word: a
// partial path with both ends at path ends is the whole path, made only
// at the last open cell, so until then every end made is the far end of
// exactly one lone letter, and the ends made are the lone letters.
const (
	gEmpty = 0
	gOpen  = 1
	gClose = 2
	gLone  = 3
)

// maxGridPlugs bounds the plug positions (frontier width + 1) so that a
// word fits 64 bits.
const maxGridPlugs = 32

// wordSpace is the set of words of length plugs with at most lone lone
// letters, ranked in increasing order.
type wordSpace struct {
	plugs, lone int
	// cum[idx(r, d, k)+c] is the number of completions, in r positions
	// after this one, of the words whose letter here is below c, at depth
	// d (open brackets not closed) with k lone letters still allowed.
	cum   []uint64
	size  uint64   // number of words
	words []uint64 // the words in rank order (filled by list)
	// fwd and pos are buildPull's scratch: three successors a word, and
	// one position a word.
	fwd, pos []uint32
}

// newWordSpace tabulates the ranks of the words of length plugs with at
// most lone lone letters, in time and memory O(plugs^2). It fails when
// the words would not fit 64 bits or their number 32 bits.
func newWordSpace(plugs, lone int) (*wordSpace, error) {
	if plugs < 2 || plugs > maxGridPlugs {
		return nil, fmt.Errorf("%w: a grid frontier of %d cells; the grid path takes 1 to %d", ErrTooWide, plugs-1, maxGridPlugs-1)
	}
	ws := &wordSpace{plugs: plugs, lone: lone}
	// n[r][d][k]: completions of r positions from depth d with at most k
	// lone letters, ending at depth 0.
	dn, kn := plugs+2, lone+1
	n := make([]uint64, (plugs+1)*dn*kn)
	at := func(r, d, k int) int { return (r*dn+d)*kn + k }
	for k := range kn {
		n[at(0, 0, k)] = 1
	}
	for r := 1; r <= plugs; r++ {
		for d := 0; d <= plugs; d++ {
			for k := range kn {
				v := n[at(r-1, d, k)] + n[at(r-1, d+1, k)]
				if d > 0 {
					v += n[at(r-1, d-1, k)]
				}
				if k > 0 {
					v += n[at(r-1, d, k-1)]
				}
				n[at(r, d, k)] = v
			}
		}
	}
	ws.size = n[at(plugs, 0, lone)]
	if ws.size >= 1<<32-1 {
		return nil, fmt.Errorf("%w: %d frontier states do not fit the grid path's 32-bit ranks", ErrTooWide, ws.size)
	}
	ws.cum = make([]uint64, len(n)*4)
	for r := 0; r < plugs; r++ {
		for d := 0; d <= plugs; d++ {
			for k := range kn {
				var c [4]uint64 // completions after each letter
				c[gEmpty] = n[at(r, d, k)]
				c[gOpen] = n[at(r, d+1, k)]
				if d > 0 {
					c[gClose] = n[at(r, d-1, k)]
				}
				if k > 0 {
					c[gLone] = n[at(r, d, k-1)]
				}
				i := ws.idx(r, d, k)
				ws.cum[i+1] = c[0]
				ws.cum[i+2] = c[0] + c[1]
				ws.cum[i+3] = c[0] + c[1] + c[2]
			}
		}
	}
	return ws, nil
}

// idx is the index in cum of r positions left, depth d, k lone letters
// allowed.
func (ws *wordSpace) idx(r, d, k int) int {
	return ((r*(ws.plugs+2)+d)*(ws.lone+1) + k) * 4
}

// letter returns the letter of w at position i.
func (ws *wordSpace) letter(w uint64, i int) uint64 {
	return w >> (2 * uint(ws.plugs-1-i)) & 3
}

// rank returns the index of w among the words, in O(plugs).
func (ws *wordSpace) rank(w uint64) uint64 {
	var r uint64
	d, k := 0, ws.lone
	for i := range ws.plugs {
		c := ws.letter(w, i)
		r += ws.cum[ws.idx(ws.plugs-1-i, d, k)+int(c)]
		switch c {
		case gOpen:
			d++
		case gClose:
			d--
		case gLone:
			k--
		}
	}
	return r
}

// prefix returns the depth and the lone letters of w before position j,
// in O(1).
func (ws *wordSpace) prefix(w uint64, j int) (depth, lone int) {
	if j == 0 {
		return 0, 0
	}
	p := w >> (2 * uint(ws.plugs-j))
	lo, hi := p&0x5555555555555555, p>>1&0x5555555555555555
	open := bits.OnesCount64(lo &^ hi)
	cl := bits.OnesCount64(hi &^ lo)
	return open - cl, bits.OnesCount64(lo & hi)
}

// pairRank is the share of the rank of a word that its letters at
// positions j and j+1 (the nibble xy) make, given the depth d and the
// lone letters k allowed before j. Two words equal but at j and j+1,
// with the same depth and lone letters after j+1 (simpleNibbles), differ
// in rank by the difference of their pairRank: the O(1) rank of most
// successors.
func (ws *wordSpace) pairRank(j, d, k int, xy uint64) uint64 {
	r := ws.plugs - 1 - j
	x, y := xy>>2, xy&3
	dx, kx := letterStep(d, k, x)
	return ws.cum[ws.idx(r, d, k)+int(x)] + ws.cum[ws.idx(r-1, dx, kx)+int(y)]
}

// simpleNibbles[ab<<4|xy] reports whether the letter pairs ab and xy
// (two letters each) change the depth and the lone letters alike.
var simpleNibbles = func() (t [256]bool) {
	for ab := range uint64(16) {
		for xy := range uint64(16) {
			a, b, x, y := ab>>2, ab&3, xy>>2, xy&3
			t[ab<<4|xy] = net(a)+net(b) == net(x)+net(y) &&
				b2i(a == gLone)+b2i(b == gLone) == b2i(x == gLone)+b2i(y == gLone)
		}
	}
	return t
}()

// letterStep returns the depth and the lone letters left after letter c.
func letterStep(d, k int, c uint64) (int, int) {
	switch c {
	case gOpen:
		return d + 1, k
	case gClose:
		return d - 1, k
	case gLone:
		return d, k - 1
	}
	return d, k
}

// list fills ws.words with every word in rank order.
func (ws *wordSpace) list() {
	ws.words = make([]uint64, 0, ws.size)
	var rec func(i, d, k int, w uint64)
	rec = func(i, d, k int, w uint64) {
		if d > ws.plugs-i {
			return
		}
		if i == ws.plugs {
			if d == 0 {
				ws.words = append(ws.words, w)
			}
			return
		}
		rec(i+1, d, k, w<<2|gEmpty)
		rec(i+1, d+1, k, w<<2|gOpen)
		if d > 0 {
			rec(i+1, d-1, k, w<<2|gClose)
		}
		if k > 0 {
			rec(i+1, d, k-1, w<<2|gLone)
		}
	}
	rec(0, 0, ws.lone, 0)
}

// partner returns the position of the bracket matching the one at i.
func (ws *wordSpace) partner(w uint64, i int) int {
	if ws.letter(w, i) == gOpen {
		d := 0
		for p := i + 1; p < ws.plugs; p++ {
			switch ws.letter(w, p) {
			case gOpen:
				d++
			case gClose:
				if d == 0 {
					return p
				}
				d--
			}
		}
	} else {
		d := 0
		for p := i - 1; p >= 0; p-- {
			switch ws.letter(w, p) {
			case gClose:
				d++
			case gOpen:
				if d == 0 {
					return p
				}
				d--
			}
		}
	}
	panic("count: unbalanced frontier word")
}

// set returns w with the letter at position i replaced by c.
func (ws *wordSpace) set(w uint64, i int, c uint64) uint64 {
	s := 2 * uint(ws.plugs-1-i)
	return w&^(3<<s) | c<<s
}

// loneCount returns the number of lone letters in w.
func loneCount(w uint64) int {
	return bits.OnesCount64(w & (w >> 1) & 0x5555555555555555)
}
