package count

import (
	"math/bits"
	"sync"
)

// Colour classes of the grid sweep's words.
//
// Colour the cells like a chessboard, black +1 and white -1. Every cell a
// Hamiltonian cycle passes has degree 2, so for the processed cells S
// the edges leaving S from black cells less those from white cells are
// 2(B_S - W_S), a number fixed by the step: the plugs of a word, each
// signed by the colour of the processed cell it leaves, sum to it (its
// balance). On paths a path end has degree 1, and the balance also
// depends on the colours of the ends made so far (at most two). So a
// layer holds only the words of a few classes (lone letters i, balance
// t): one for cycles, at most six for paths, each a third or less of
// the words (docs/counting.md gives the figures). Each class is ranked
// in the order of gridword.go by a pattern, the signs of the positions
// of one layer (gridPattern), and a cell's step maps the classes of
// one pattern to those of the next: the cell's plugs in and out all
// change sign (they leave the cell's neighbours before and the cell
// after), and the balance grows by the cell's colour times its degree.

// A gridPattern ranks the words of L letters by class (lone letters,
// balance) for one sign a position.
type gridPattern struct {
	L, lone, nb int
	dd          int // depths 0 to dd-1: a word of L letters is never deeper than L/2
	sig         []int8
	plus, minus uint64 // the bits of the positions of sign +1 and -1 (both bits of each)
	// nx[at(p, d, k, b)]: the completions of positions p..L-1 from depth
	// d with exactly k lone letters and balance b among them; cum[4*at+c]
	// the completions whose letter at p is below c; succ[4*at+c] the
	// state after letter c at p, -1 where no completion follows it.
	nx, cum []uint64
	succ    []int32
}

// newGridPattern tabulates the ranks for signs sig, lone letters at most
// lone, in O(L^3 lone) time and memory.
func newGridPattern(sig []int8, lone int) *gridPattern {
	L := len(sig)
	pt := &gridPattern{L: L, lone: lone, nb: 2*L + 1, dd: L/2 + 2, sig: sig}
	for p, s := range sig {
		m := uint64(3) << (2 * uint(L-1-p))
		if s > 0 {
			pt.plus |= m
		} else {
			pt.minus |= m
		}
	}
	size := (L + 1) * pt.dd * (lone + 1) * pt.nb
	pt.nx = make([]uint64, size)
	pt.cum = make([]uint64, 4*size)
	pt.succ = make([]int32, 4*size)
	for i := range pt.succ {
		pt.succ[i] = -1
	}
	pt.nx[pt.at(L, 0, 0, 0)] = 1
	for p := L - 1; p >= 0; p-- {
		for d := range pt.dd {
			for k := 0; k <= lone; k++ {
				for b := -L; b <= L; b++ {
					var sum uint64
					i := pt.at(p, d, k, b)
					for c := range uint64(4) {
						pt.cum[4*i+int(c)] = sum
						d2, k2, b2 := pt.step(p, d, k, b, c)
						n := pt.count(p+1, d2, k2, b2)
						if n > 0 {
							pt.succ[4*i+int(c)] = int32(pt.at(p+1, d2, k2, b2))
						}
						sum += n
					}
					pt.nx[i] = sum
				}
			}
		}
	}
	return pt
}

func (pt *gridPattern) at(p, d, k, b int) int {
	return ((p*pt.dd+d)*(pt.lone+1)+k)*pt.nb + b + pt.L
}

// step returns the state after letter c at position p: depth, lone
// letters and balance still to come.
func (pt *gridPattern) step(p, d, k, b int, c uint64) (int, int, int) {
	d, k = letterStep(d, k, c)
	if c != gEmpty {
		b -= int(pt.sig[p])
	}
	return d, k, b
}

// count returns the completions of positions p.. from state (d, k, b).
func (pt *gridPattern) count(p, d, k, b int) uint64 {
	if d < 0 || k < 0 || d >= pt.dd || k > pt.lone || b < -pt.L || b > pt.L {
		return 0
	}
	return pt.nx[pt.at(p, d, k, b)]
}

// size is the number of words of class (i, t).
func (pt *gridPattern) size(i, t int) uint64 { return pt.count(0, 0, i, t) }

// balance returns the balance of w (L letters) under the pattern.
func (pt *gridPattern) balance(w uint64) int {
	occ := (w | w>>1) & 0x5555555555555555
	return bits.OnesCount64(occ&pt.plus) - bits.OnesCount64(occ&pt.minus)
}

// span returns the share of the rank of w that its letters at positions
// from to to-1 make, entered in state (d, k, b), and the state after.
func (pt *gridPattern) span(w uint64, from, to, d, k, b int) (r uint64, d2, k2, b2 int) {
	for p := from; p < to; p++ {
		c := w >> (2 * uint(pt.L-1-p)) & 3
		if d < 0 || k < 0 || d >= pt.dd || b < -pt.L || b > pt.L {
			return 0, -1, -1, 0
		}
		r += pt.cum[4*pt.at(p, d, k, b)+int(c)]
		d, k, b = pt.step(p, d, k, b, c)
	}
	return r, d, k, b
}

// gridPatterns caches the patterns of one count by their signs.
type gridPatterns struct {
	mu   sync.Mutex
	lone int
	m    map[string]*gridPattern
	tp   map[tkey][]tblock // transpositions (gridtranspose.go)
}

// get returns the pattern of sig.
func (g *gridPatterns) get(sig []int8) *gridPattern {
	key := make([]byte, len(sig))
	for i, s := range sig {
		key[i] = byte(s + 1)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.m == nil {
		g.m = make(map[string]*gridPattern)
	}
	if pt := g.m[string(key)]; pt != nil {
		return pt
	}
	pt := newGridPattern(append([]int8(nil), sig...), g.lone)
	g.m[string(key)] = pt
	return pt
}

// sweepSigns returns the signs of the positions of the layer before cell
// (r, j) of a sweep of plugs positions (j = plugs-1: after the row's
// last cell), mirrored when mirror: position p < j is the lower plug of
// cell (r, p), position j the right plug of cell (r, j-1), and p > j
// the lower plug of cell (r-1, p-1); a cell (r, c) is black (+1) when
// r+c is even.
func sweepSigns(plugs, r, j int, mirror bool) []int8 {
	sig := make([]int8, plugs)
	for p := range sig {
		col := r + p
		if p == j {
			col = r + j + 1
		}
		s := int8(1)
		if col%2 != 0 {
			s = -1
		}
		q := p
		if mirror {
			q = plugs - 1 - p
		}
		sig[q] = s
	}
	return sig
}

// gridClass is one class of a layer and its place in the layer's array.
type gridClass struct {
	i, t      int
	off, size uint64
}

// gridLayout is the classes of one layer under its pattern.
type gridLayout struct {
	pt      *gridPattern
	classes []gridClass
	total   uint64
}

// newLayout places the classes cs (lone letters, balance) of pattern pt
// one after the other, leaving out the empty ones.
func newLayout(pt *gridPattern, cs [][2]int) gridLayout {
	l := gridLayout{pt: pt}
	for _, c := range cs {
		n := pt.size(c[0], c[1])
		if n == 0 {
			continue
		}
		l.classes = append(l.classes, gridClass{i: c[0], t: c[1], off: l.total, size: n})
		l.total += n
	}
	return l
}

// find returns the index of class (i, t), -1 if the layout has none.
func (l *gridLayout) find(i, t int) int {
	for x, c := range l.classes {
		if c.i == i && c.t == t {
			return x
		}
	}
	return -1
}
