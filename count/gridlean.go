package count

import (
	"context"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
)

// The lean grid sweep: the words of gridword.go, counted modulo a prime
// in one machine word each, with no transition tables.
//
// A layer is split by the number i of lone letters of its words (0 for
// cycles; 0, 1 or 2 for paths) into sublayers, each an array over the
// words with exactly i lone letters in rank order (leanSpace.rank). In
// that order the words that share a prefix of m letters are consecutive,
// and their suffixes, the words of r = plugs-m letters from the prefix's
// depth d with k lone letters left, come in the same order whatever the
// prefix. A cell's transition changes its two positions j, j+1 and at
// most one partner bracket; once the prefix holds all three, every word
// with that prefix goes to the word with the successor's prefix and the
// same suffix (the depth and the lone letters left after the prefix do
// not change, so the suffixes are the same), and the step is a sum of
// blocks: next[rank(P')+s] += cur[rank(P)+s] for every suffix s. The
// prefixes are walked depth first, each stopping where it first holds
// what the transition reads (the partner of a "(" at j or j+1 may be far
// to the right): this is the grouping of states by their untouched part
// that Iwashita et al. (TCS-TR-A-13-64, 2013, section 4) use, made on
// the ranks of gridword.go instead of a perfect hash. The last column's
// step shifts every word by one position; the shift keeps the order of
// the words (u·"0" becomes "0"·u), so it is an in-place compaction.
//
// Workers split the words by the occupancy of six positions other than
// j and j+1: no transition changes it (it only moves brackets and turns
// them lone), so the workers write to disjoint words without locks.

// leanSpace ranks the words of plugs letters with exactly i lone
// letters, for i up to lone.
type leanSpace struct {
	plugs, lone int
	// cum[idx(r, d, k)+c]: the completions, in r positions after this
	// one, of the words whose letter here is below c, at depth d with
	// exactly k lone letters to come.
	cum []uint64
	// nx[(r*(plugs+2)+d)*(lone+1)+k]: the completions of r positions
	// from depth d with exactly k lone letters.
	nx   []uint64
	size []uint64 // words with exactly i lone letters, i = 0..lone
}

// newLeanSpace tabulates the ranks in O(plugs^2) time and memory; it
// fails as newWordSpace does.
func newLeanSpace(plugs, lone int) (*leanSpace, error) {
	if plugs < 2 || plugs > maxGridPlugs {
		return nil, fmt.Errorf("%w: a grid frontier of %d cells; the grid path takes 1 to %d", ErrTooWide, plugs-1, maxGridPlugs-1)
	}
	ls := &leanSpace{plugs: plugs, lone: lone}
	dn, kn := plugs+2, lone+1
	ls.nx = make([]uint64, (plugs+1)*dn*kn)
	n := ls.nx
	at := func(r, d, k int) int { return (r*dn+d)*kn + k }
	n[at(0, 0, 0)] = 1
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
	for i := range kn {
		ls.size = append(ls.size, n[at(plugs, 0, i)])
		if n[at(plugs, 0, i)] >= 1<<32-1 {
			return nil, fmt.Errorf("%w: %d frontier states do not fit the grid path's 32-bit ranks", ErrTooWide, n[at(plugs, 0, i)])
		}
	}
	ls.cum = make([]uint64, len(n)*4)
	for r := 0; r < plugs; r++ {
		for d := 0; d <= plugs; d++ {
			for k := range kn {
				var c [4]uint64
				c[gEmpty] = n[at(r, d, k)]
				c[gOpen] = n[at(r, d+1, k)]
				if d > 0 {
					c[gClose] = n[at(r, d-1, k)]
				}
				if k > 0 {
					c[gLone] = n[at(r, d, k-1)]
				}
				i := ls.idx(r, d, k)
				ls.cum[i+1] = c[0]
				ls.cum[i+2] = c[0] + c[1]
				ls.cum[i+3] = c[0] + c[1] + c[2]
			}
		}
	}
	return ls, nil
}

func (ls *leanSpace) idx(r, d, k int) int {
	return ((r*(ls.plugs+2)+d)*(ls.lone+1) + k) * 4
}

// count returns the completions of r positions from depth d with exactly
// k lone letters.
func (ls *leanSpace) count(r, d, k int) uint64 {
	if d < 0 || k < 0 || d > ls.plugs || k > ls.lone {
		return 0
	}
	return ls.nx[(r*(ls.plugs+2)+d)*(ls.lone+1)+k]
}

// total is the number of words of all sublayers.
func (ls *leanSpace) total() uint64 {
	var t uint64
	for _, s := range ls.size {
		t += s
	}
	return t
}

// prefixRank returns the rank, among the words with exactly i lone
// letters, of the first word whose first m letters are those of w, and
// the depth and lone letters left after them; ok is false when no word
// has that prefix.
func (ls *leanSpace) prefixRank(w uint64, m, i int) (rank uint64, d, k int, ok bool) {
	k = i
	for p := range m {
		c := w >> (2 * uint(ls.plugs-1-p)) & 3
		rank += ls.cum[ls.idx(ls.plugs-1-p, d, k)+int(c)]
		d, k = letterStep(d, k, c)
		if d < 0 || k < 0 {
			return 0, 0, 0, false
		}
	}
	return rank, d, k, ls.count(ls.plugs-m, d, k) > 0
}

// filler returns the first completion, in r positions from depth d with
// k lone letters, placed in the low 2r bits: k lone letters, d closing
// brackets, then empty positions. Any completion serves as the
// representative of a prefix's block (see leanRun.visit).
func filler(r, d, k int) uint64 {
	var s uint64
	for range k {
		s = s<<2 | gLone
	}
	for range d {
		s = s<<2 | gClose
	}
	return s << (2 * uint(r-k-d))
}

// modLayer is one layer: a residue modulo q per word, one array per
// sublayer.
type modLayer struct {
	v [][]uint64
}

func newModLayer(ls *leanSpace) *modLayer {
	l := &modLayer{}
	for _, s := range ls.size {
		l.v = append(l.v, make([]uint64, s))
	}
	return l
}

// leanRun is one pass of the lean sweep modulo q.
type leanRun struct {
	ls      *leanSpace
	s       *gridSweep
	q       uint64
	workers int
	// Per step: the cell, the class positions (bit masks) and the depth
	// that holds them.
	c cellKind
	// mirror: the layers are ranked by their mirror images (mirrorWord),
	// in which cell c's positions are jm and jm+1 (jm = plugs-2-c.j; c.j
	// otherwise).
	mirror   bool
	jm       int
	classSh  [6]uint
	nclass   int
	classLen int
	cur, nxt *modLayer
	blocks   atomic.Uint64
}

// addBlock adds src to dst modulo q, element by element (equal lengths).
func addBlock(dst, src []uint64, q uint64) {
	dst = dst[:len(src)]
	for i, x := range src {
		s := dst[i] + x
		if s >= q {
			s -= q
		}
		dst[i] = s
	}
}

// setClasses picks the positions whose occupancy splits the words of
// cell c's step between workers: the first six (fewer on narrow
// grids) other than c.j and c.j+1.
func (r *leanRun) setClasses() {
	r.nclass, r.classLen = 0, 0
	for p := 0; p < r.ls.plugs && r.nclass < len(r.classSh); p++ {
		if p == r.jm || p == r.jm+1 {
			continue
		}
		r.classSh[r.nclass] = 2 * uint(r.ls.plugs-1-p)
		r.nclass++
		r.classLen = p + 1
	}
}

// class returns the occupancy of the class positions of w.
func (r *leanRun) class(w uint64) int {
	c := 0
	for i := range r.nclass {
		if w>>r.classSh[i]&3 != 0 {
			c |= 1 << i
		}
	}
	return c
}

// node is a prefix of the depth-first walk: its letters (high bits of
// w), length m, rank of its first word, depth d and lone letters left k.
type node struct {
	w       uint64
	m, d, k int
	rank    uint64
}

// step makes r.nxt from r.cur for cell r.c (its shift, if any, done by
// the caller).
func (r *leanRun) step(ctx context.Context) error {
	for _, v := range r.nxt.v {
		clear(v)
	}
	r.jm = r.c.j
	if r.mirror {
		r.jm = r.ls.plugs - 2 - r.c.j
	}
	r.setClasses()
	// The prefixes of classLen letters, by class and sublayer.
	tops := make([][]node, 1<<r.nclass)
	for i := range r.ls.size {
		r.walkTo(node{k: i}, i, r.classLen, func(n node) {
			c := r.class(n.w)
			tops[c] = append(tops[c], n)
		})
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var firstErr error
	var once sync.Once
	for range max(1, r.workers) {
		wg.Go(func() {
			var out [3]uint64
			for {
				c := int(next.Add(1) - 1)
				if c >= len(tops) {
					return
				}
				if err := ctx.Err(); err != nil {
					once.Do(func() { firstErr = err })
					return
				}
				for _, n := range tops[c] {
					r.visit(n, &out)
				}
			}
		})
	}
	wg.Wait()
	return firstErr
}

// walkTo calls f with every prefix of m letters below n (words with
// exactly i lone letters) that some word has.
func (r *leanRun) walkTo(n node, i, m int, f func(node)) {
	if r.ls.count(r.ls.plugs-n.m, n.d, n.k) == 0 {
		return
	}
	if n.m == m {
		f(n)
		return
	}
	sh := 2 * uint(r.ls.plugs-1-n.m)
	ri := r.ls.idx(r.ls.plugs-1-n.m, n.d, n.k)
	for c := range uint64(4) {
		d, k := letterStep(n.d, n.k, c)
		if d < 0 || k < 0 {
			continue
		}
		r.walkTo(node{w: n.w | c<<sh, m: n.m + 1, d: d, k: k, rank: n.rank + r.ls.cum[ri+int(c)]}, i, m, f)
	}
}

// visit processes the words below prefix n: as one block when the
// prefix holds all the transition reads and changes, else letter by
// letter deeper.
func (r *leanRun) visit(n node, out *[3]uint64) {
	ls := r.ls
	rem := ls.plugs - n.m
	size := ls.count(rem, n.d, n.k)
	if size == 0 {
		return
	}
	if n.m >= r.jm+2 {
		rep := n.w | filler(rem, n.d, n.k)
		cnt := r.succ(rep, out)
		low := uint64(1)<<(2*uint(rem)) - 1
		whole := true
		for _, t := range out[:cnt] {
			if t&low != rep&low {
				whole = false
				break
			}
		}
		if whole {
			i := n.k + loneCount(n.w)
			src := r.cur.v[i][n.rank : n.rank+size]
			for _, t := range out[:cnt] {
				ti := loneCount(t)
				if ti > ls.lone {
					// A fixed end after two ends made: no word of
					// the source has a count (gridword.go: the lone
					// letters are the ends made).
					continue
				}
				tr := r.targetRank(n, t, rep, i, ti)
				addBlock(r.nxt.v[ti][tr:tr+size], src, r.q)
			}
			return
		}
	}
	sh := 2 * uint(rem-1)
	ri := ls.idx(rem-1, n.d, n.k)
	for c := range uint64(4) {
		d, k := letterStep(n.d, n.k, c)
		if d < 0 || k < 0 {
			continue
		}
		r.visit(node{w: n.w | c<<sh, m: n.m + 1, d: d, k: k, rank: n.rank + ls.cum[ri+int(c)]}, out)
	}
}

// targetRank is the rank, in sublayer ti, of the first word with the
// first n.m letters of successor t of rep (prefix n, sublayer i): in
// O(1) when t differs from rep only at positions j and j+1 with the same
// depth and lone letters after them, else in O(n.m).
func (r *leanRun) targetRank(n node, t, rep uint64, i, ti int) uint64 {
	ls := r.ls
	j := r.jm
	sh := 2 * uint(ls.plugs-2-j)
	if ti == i && (rep^t)&^(15<<sh) == 0 && simpleNibbles[(rep>>sh&15)<<4|t>>sh&15] {
		d, lone := ls.prefixDL(rep, j)
		k := i - lone
		return n.rank - ls.pairRank(j, d, k, rep>>sh&15) + ls.pairRank(j, d, k, t>>sh&15)
	}
	rank, _, _, ok := ls.prefixRank(t, n.m, ti)
	if !ok {
		panic("count: a grid transition left the words")
	}
	return rank
}

// prefixDL returns the depth and the lone letters of w before position
// j.
func (ls *leanSpace) prefixDL(w uint64, j int) (depth, lone int) {
	if j == 0 {
		return 0, 0
	}
	p := w >> (2 * uint(ls.plugs-j))
	lo, hi := p&0x5555555555555555, p>>1&0x5555555555555555
	return bits.OnesCount64(lo&^hi) - bits.OnesCount64(hi&^lo), bits.OnesCount64(lo & hi)
}

// pairRank is the share of the rank that the letters xy at positions j
// and j+1 make, from depth d with exactly k lone letters to come.
func (ls *leanSpace) pairRank(j, d, k int, xy uint64) uint64 {
	rr := ls.plugs - 1 - j
	x, y := xy>>2, xy&3
	dx, kx := letterStep(d, k, x)
	if dx < 0 || kx < 0 {
		return 0 // no word: only reached for letters the caller ranks away
	}
	return ls.cum[ls.idx(rr, d, k)+int(x)] + ls.cum[ls.idx(rr-1, dx, kx)+int(y)]
}

// succ puts in out the successors of w (a mirror image when r.mirror)
// at cell r.c, as mirror images when r.mirror, and returns their number.
func (r *leanRun) succ(w uint64, out *[3]uint64) int {
	if !r.mirror {
		n, _ := r.ls.succ(w, &r.c, out)
		return n
	}
	n, _ := r.ls.succ(mirrorWord(w, r.ls.plugs), &r.c, out)
	for i := range n {
		out[i] = mirrorWord(out[i], r.ls.plugs)
	}
	return n
}

// mirrorWord returns the word of n letters read from right to left with
// "(" and ")" swapped: a Motzkin word again, with the same lone letters.
// Reversing the bits does both (the two bits of "(" and ")" swap).
func mirrorWord(w uint64, n int) uint64 {
	return bits.Reverse64(w) >> (64 - 2*uint(n))
}

// succ is wordSpace.succ on the lean space's words.
func (ls *leanSpace) succ(w uint64, c *cellKind, out *[3]uint64) (n, completing int) {
	ws := wordSpace{plugs: ls.plugs, lone: ls.lone}
	return ws.succ(w, c, out)
}

// shift turns the layer after the last column into the first column's:
// the word u·"0" (every word ends so, the last column having no right
// neighbour) becomes "0"·u, in the same order, so the counts move down
// in place; the other words are zeroed.
func (r *leanRun) shift(l *modLayer) {
	ls := r.ls
	for i, v := range l.v {
		dst := 0
		// The words u of plugs-1 letters with exactly i lone letters, in
		// order, and the rank of u·"0" among the words of plugs letters.
		var walk func(m, d, k int, rank uint64)
		walk = func(m, d, k int, rank uint64) {
			if ls.count(ls.plugs-m, d, k) == 0 {
				return
			}
			if m == ls.plugs-1 {
				if d == 0 && k == 0 {
					v[dst] = v[rank] // "0" adds nothing to the rank
					dst++
				}
				return
			}
			ri := ls.idx(ls.plugs-1-m, d, k)
			for c := range uint64(4) {
				d2, k2 := letterStep(d, k, c)
				if d2 < 0 || k2 < 0 {
					continue
				}
				walk(m+1, d2, k2, rank+ls.cum[ri+int(c)])
			}
		}
		walk(0, 0, i, 0)
		clear(v[dst:])
	}
}

// complete returns the sum modulo q of the counts of the words that
// finish the path or cycle at the last open cell c.
func (r *leanRun) complete(c *cellKind, l *modLayer) uint64 {
	ls := r.ls
	var sum uint64
	var out [3]uint64
	for i, v := range l.v {
		var walk func(w uint64, m, d, k int, rank uint64)
		walk = func(w uint64, m, d, k int, rank uint64) {
			if ls.count(ls.plugs-m, d, k) == 0 {
				return
			}
			if m == ls.plugs {
				if x := v[rank]; x != 0 {
					if r.mirror {
						w = mirrorWord(w, ls.plugs)
					}
					_, comp := ls.succ(w, c, &out)
					for range comp {
						sum += x
						if sum >= r.q {
							sum -= r.q
						}
					}
				}
				return
			}
			sh := 2 * uint(ls.plugs-1-m)
			ri := ls.idx(ls.plugs-1-m, d, k)
			for ch := range uint64(4) {
				d2, k2 := letterStep(d, k, ch)
				if d2 < 0 || k2 < 0 {
					continue
				}
				walk(w|ch<<sh, m+1, d2, k2, rank+ls.cum[ri+int(ch)])
			}
		}
		walk(0, 0, 0, i, 0)
	}
	return sum
}
