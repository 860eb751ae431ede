package count

import (
	"cmp"
	"context"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
)

// The lean grid sweep: the words of gridword.go, counted modulo a prime
// in one machine word each, with no transition tables.
//
// A layer holds the words of its colour classes (gridpattern.go), each
// an array in rank order. In that order the words that share a prefix
// of m letters are consecutive, and their suffixes come in the same
// order whatever the prefix (they depend only on the depth, the lone
// letters and the balance left after it). A cell's transition changes
// its two positions j, j+1 and at most one partner bracket; once the
// prefix holds all three, every word with that prefix goes to the word
// with the successor's prefix and the same suffix, whose state after
// the prefix is the same, and the step is a sum of blocks:
// next[rank(P')+s] += cur[rank(P)+s] for every suffix s. The prefixes
// are walked depth first, each stopping where it first holds what the
// transition reads (the partner of a "(" at j or j+1 may be far to the
// right): this is the grouping of states by their untouched part that
// Iwashita et al. (TCS-TR-A-13-64, 2013, section 4) use, made on the
// ranks of gridword.go instead of a perfect hash.
//
// The blocks are long when the cell is near the left end of the
// frontier and one word long near its right end, so for the right half
// of each row the layer is ranked by the words' mirror images
// (mirrorWord), where the blocks are long again; the counts move
// between the two rankings twice a row (transpose).
//
// Workers split the words by the occupancy of four positions other than
// j and j+1: no transition changes it (it only moves brackets and turns
// them lone), so the workers write to disjoint words without locks.

// filler returns a completion, in r positions from depth d with k lone
// letters, placed in the low 2r bits: k lone letters, d closing
// brackets, then empty positions. Any completion with k lone letters
// serves as the representative of a prefix's block (see leanRun.visit):
// the transition reads the suffix only for the partner of a "(", which
// it finds among the closing brackets, and the lone letters of the
// whole word.
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

// addLanes adds src to dst (equal lengths) element by element, element
// i modulo qs[i mod len(qs)]: the counts of consecutive words, each one
// residue a prime. pat is lanePattern(qs), for the vector instructions
// (gridadd_amd64.s), which take the long blocks four elements at a time.
// With zero set it also zeroes src: the source layer is zero again, ready
// to be the next layer, when the last successor of each word has read it
// (the one pass over its memory that a clear would make on its own).
func addLanes(dst, src, qs, pat []uint64, zero bool) {
	if haveAVX2 && len(src) >= len(pat) {
		done := addModAVX2(dst, src, pat, zero)
		dst, src = dst[done:], src[done:]
	}
	addTail(dst, src, qs)
	if zero {
		clear(src)
	}
}

// addTail is addLanes one element at a time.
func addTail(dst, src, qs []uint64) {
	switch len(qs) {
	case 1:
		addBlock(dst, src, qs[0])
	case 2:
		q0, q1 := qs[0], qs[1]
		dst = dst[:len(src)]
		for i := 0; i+1 < len(src); i += 2 {
			a, b := dst[i]+src[i], dst[i+1]+src[i+1]
			if a >= q0 {
				a -= q0
			}
			if b >= q1 {
				b -= q1
			}
			dst[i], dst[i+1] = a, b
		}
	case 3:
		q0, q1, q2 := qs[0], qs[1], qs[2]
		dst = dst[:len(src)]
		for len(src) >= 3 {
			d, x := dst[:3:3], src[:3:3]
			a, b, c := d[0]+x[0], d[1]+x[1], d[2]+x[2]
			if a >= q0 {
				a -= q0
			}
			if b >= q1 {
				b -= q1
			}
			if c >= q2 {
				c -= q2
			}
			d[0], d[1], d[2] = a, b, c
			dst, src = dst[3:], src[3:]
		}
	default:
		k := len(qs)
		dst = dst[:len(src)]
		for i := 0; i < len(src); i += k {
			for l, q := range qs {
				a := dst[i+l] + src[i+l]
				if a >= q {
					a -= q
				}
				dst[i+l] = a
			}
		}
	}
}

// lanePattern returns qs repeated to a length that is a multiple of 4
// (the elements of a vector) and of len(qs).
func lanePattern(qs []uint64) []uint64 {
	var pat []uint64
	for len(pat) == 0 || len(pat)%4 != 0 {
		pat = append(pat, qs...)
	}
	return pat
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

// mirrorWord returns the word of n letters read from right to left with
// "(" and ")" swapped: a Motzkin word again, with the same lone letters.
// Reversing the bits does both (the two bits of "(" and ")" swap).
func mirrorWord(w uint64, n int) uint64 {
	return bits.Reverse64(w) >> (64 - 2*uint(n))
}

// leanRun is one pass of the lean sweep modulo the primes qs: each word
// has one count a prime, len(qs) consecutive words of the layer arrays.
type leanRun struct {
	plugs, lone int
	qs, pat     []uint64 // the primes, and lanePattern(qs)
	workers     int
	// The cell of the step; mirror: the layers are ranked by their
	// mirror images, in which the cell's positions are jm and jm+1 (jm =
	// plugs-2-c.j; c.j otherwise).
	c      cellKind
	mirror bool
	jm     int
	// The class positions (their shifts) that split the words between
	// workers, and the prefix length that holds them.
	classSh  [4]uint
	nclass   int
	classLen int
	// The layouts and counts of the current and the next layer.
	src, dst gridLayout
	cur, nxt []uint64
	// delta[e]: the change of balance of a transition that makes e path
	// ends (the cell's sign times its degree, 2-e; 0 for a blocked
	// cell).
	delta [2]int
	tops  [][]node // the walk's prefixes by occupancy, reused
}

// setClasses picks the positions whose occupancy splits the words of
// the step between workers: the first four (fewer on narrow grids) other
// than jm and jm+1.
func (r *leanRun) setClasses() {
	r.nclass, r.classLen = 0, 0
	for p := 0; p < r.plugs && r.nclass < len(r.classSh); p++ {
		if p == r.jm || p == r.jm+1 {
			continue
		}
		r.classSh[r.nclass] = 2 * uint(r.plugs-1-p)
		r.nclass++
		r.classLen = p + 1
	}
}

// occupancy returns the occupancy of the class positions of w.
func (r *leanRun) occupancy(w uint64) int {
	c := 0
	for i := range r.nclass {
		if w>>r.classSh[i]&3 != 0 {
			c |= 1 << i
		}
	}
	return c
}

// node is a prefix of the depth-first walk: its letters (high bits of
// w), length m, the rank of its first word in its class cls, and the
// state after it (depth d, lone letters k and balance b to come). Once
// m passes jm it also keeps what the prefix of jm letters makes:
// pre, its share of the rank, and dj, lj, sj its depth, lone letters
// and balance; preT[e] its share of the rank in the class of the next
// layer with e more lone letters (and the balance of r.delta[e]).
type node struct {
	w          uint64
	rank, pre  uint64
	preT       [2]uint64
	m, d, k, b int
	cls        int
	dj, lj, sj int
}

// child returns n followed by letter c, or false when no word has that
// prefix.
func (r *leanRun) child(n *node, c uint64) (node, bool) {
	pt := r.src.pt
	d, k, b := pt.step(n.m, n.d, n.k, n.b, c)
	if d < 0 || k < 0 {
		return node{}, false
	}
	ch := *n
	ch.w |= c << (2 * uint(r.plugs-1-n.m))
	ch.rank += pt.cum[4*pt.at(n.m, n.d, n.k, n.b)+int(c)]
	ch.m, ch.d, ch.k, ch.b = n.m+1, d, k, b
	if pt.count(ch.m, d, k, b) == 0 {
		return node{}, false
	}
	if ch.m == r.jm {
		r.enter(&ch)
	}
	return ch, true
}

// enter records in n, whose length is jm, its share of the rank in its
// class and in every class of the next layer.
func (r *leanRun) enter(n *node) {
	sc := r.src.classes[n.cls]
	n.pre, n.dj, n.lj, n.sj = n.rank, n.d, sc.i-n.k, sc.t-n.b
	for e := range n.preT {
		n.preT[e], _, _, _ = r.dst.pt.span(n.w, 0, r.jm, 0, sc.i+e, sc.t+r.delta[e])
	}
}

// step adds to r.nxt (layout r.dst, all zero) the successors of the
// words of r.cur (layout r.src) at cell r.c, and leaves r.cur zero.
func (r *leanRun) step(ctx context.Context) error {
	// r.nxt is zero: the step before zeroed its source as it read it
	// (visit), as this one does r.cur.
	r.jm = r.c.j
	if r.mirror {
		r.jm = r.plugs - 2 - r.c.j
	}
	r.setClasses()
	if r.tops == nil {
		r.tops = make([][]node, 1<<len(r.classSh))
	}
	for i := range r.tops {
		r.tops[i] = r.tops[i][:0]
	}
	tops := r.tops[:1<<r.nclass]
	for x, c := range r.src.classes {
		root := node{k: c.i, b: c.t, cls: x}
		if r.jm == 0 {
			r.enter(&root)
		}
		r.walkTo(root, func(n node) {
			o := r.occupancy(n.w)
			tops[o] = append(tops[o], n)
		})
	}
	// The largest shares first, so that the workers end together.
	var weight [1 << len(r.classSh)]uint64
	order := make([]int, len(tops))
	for o, ns := range tops {
		order[o] = o
		for i := range ns {
			n := &ns[i]
			weight[o] += r.src.pt.count(n.m, n.d, n.k, n.b)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(weight[b], weight[a]) })
	var next atomic.Int64
	var wg sync.WaitGroup
	var firstErr error
	var once sync.Once
	for range max(1, r.workers) {
		wg.Go(func() {
			var out [3]uint64
			for {
				x := int(next.Add(1) - 1)
				if x >= len(order) {
					return
				}
				o := order[x]
				if err := ctx.Err(); err != nil {
					once.Do(func() { firstErr = err })
					return
				}
				for i := range tops[o] {
					r.visit(tops[o][i], 7, &out)
				}
			}
		})
	}
	wg.Wait()
	return firstErr
}

// walkTo calls f with every prefix of classLen letters below n that some
// word has.
func (r *leanRun) walkTo(n node, f func(node)) {
	if n.m == r.classLen {
		f(n)
		return
	}
	for c := range uint64(4) {
		if ch, ok := r.child(&n, c); ok {
			r.walkTo(ch, f)
		}
	}
}

// visit processes the successors in mask (bits of their index in
// succ's output, the same for every word with prefix n once it holds the
// cell's positions) of the words below prefix n: each as one block when
// the prefix holds all it reads and changes, deeper by seek when it
// changes the partner of a bracket past the prefix, and letter by letter
// deeper until the prefix holds the cell's positions.
func (r *leanRun) visit(n node, mask uint8, out *[3]uint64) {
	if n.m < r.jm+2 {
		for c := range uint64(4) {
			if ch, ok := r.child(&n, c); ok {
				r.visit(ch, mask, out)
			}
		}
		return
	}
	rem := r.plugs - n.m
	rep := n.w | filler(rem, n.d, n.k)
	cnt := r.succ(rep, out)
	low := uint64(1)<<(2*uint(rem)) - 1
	sc := &r.src.classes[n.cls]
	size := r.src.pt.count(n.m, n.d, n.k, n.b)
	k := uint64(len(r.qs))
	src := r.cur[(sc.off+n.rank)*k : (sc.off+n.rank+size)*k]
	// The successors that some word has, and their classes: the last
	// one zeroes the words as it reads them.
	var ts [3]uint64
	var cs [3]int
	nt := 0
	for x, t := range out[:cnt] {
		if mask&(1<<x) == 0 {
			continue
		}
		ti := loneCount(t)
		if ti > r.lone {
			// A fixed end after two ends made: no word of the
			// source has a count (gridword.go: the lone letters
			// are the ends made).
			continue
		}
		tt := sc.t + r.dst.pt.balance(t&^low) - r.src.pt.balance(rep&^low)
		c := r.dst.find(ti, tt)
		if c < 0 {
			panic("count: a grid transition left the layer's classes")
		}
		ts[nt], cs[nt] = t, c
		nt++
	}
	if nt == 0 {
		clear(src)
		return
	}
	for x, t := range ts[:nt] {
		last := x == nt-1
		if t&low != rep&low {
			r.seekPartner(&n, rep, t, cs[x], last)
			continue
		}
		tr := r.dst.classes[cs[x]].off + r.targetRank(&n, t, rep, cs[x])
		addLanes(r.nxt[tr*k:(tr+size)*k], src, r.qs, r.pat, last)
	}
}

// A seeker moves the words below a prefix whose successor changes the
// partner of a bracket at jm or jm+1 past the prefix: the partner is
// the first ")" that brings the depth down to level, where the
// successor has letter y. Before it the successor has the word's
// letters, from a state that differs from the word's by fixed offsets
// (the signs of the two patterns agree past jm+1), so its rank grows
// letter by letter with the word's; after it the two have the same
// state, and the words with the prefix up to the partner are one block.
type seeker struct {
	r          *leanRun
	spt, dpt   *gridPattern
	level      int
	y          uint64
	zero       bool   // zero the words read (the last successor)
	dat        int    // the dst pattern's index of a state less the src's
	soff, doff uint64 // the classes' offsets in the layers
}

// seekPartner moves the words below n (at least jm+2 letters) to
// successor t of their representative rep, in class x of the next
// layer, when t changes a letter past n.m: the partner of the bracket
// the cell takes, found by seek in each word (every word of n once), and
// zeroes them as it reads them when zero.
func (r *leanRun) seekPartner(n *node, rep, t uint64, x int, zero bool) {
	diff := (rep ^ t) & (uint64(1)<<(2*uint(r.plugs-n.m)) - 1)
	bit := 63 - bits.LeadingZeros64(diff)
	p := r.plugs - 1 - bit/2
	if rep>>(2*uint(r.plugs-1-p))&3 != gClose {
		panic("count: a grid transition changed a letter that is no partner")
	}
	dc := &r.dst.classes[x]
	drank, dd, dk, db := r.dst.pt.span(t, 0, n.m, 0, dc.i, dc.t)
	if dd < 0 {
		panic("count: a grid transition left the words")
	}
	spt, dpt := r.src.pt, r.dst.pt
	if spt.L != dpt.L || spt.lone != dpt.lone {
		panic("count: the layers' patterns differ in shape")
	}
	s := seeker{
		r: r, spt: spt, dpt: dpt,
		level: n.d - (p - n.m - n.k) - 1,
		y:     t >> (2 * uint(r.plugs-1-p)) & 3,
		dat:   dpt.at(n.m, dd, dk, db) - spt.at(n.m, n.d, n.k, n.b),
		soff:  r.src.classes[n.cls].off,
		doff:  dc.off,
		zero:  zero,
	}
	s.seek(spt.at(n.m, n.d, n.k, n.b), n.d, n.rank, drank)
}

// seek walks the words from state i (depth d) of the source pattern,
// the rank of their prefix rank in the source and drank in the next
// layer, to their partner.
func (s *seeker) seek(i, d int, rank, drank uint64) {
	spt := s.spt
	di := 4 * (i + s.dat)
	for c := range 4 {
		j := spt.succ[4*i+c]
		if j < 0 {
			continue
		}
		rk := rank + spt.cum[4*i+c]
		d2 := d + net(uint64(c))
		if c == gClose && d2 == s.level {
			tr := s.doff + drank + s.dpt.cum[di+int(s.y)]
			s.r.add(tr, s.soff+rk, spt.nx[j], s.zero)
			continue
		}
		s.seek(int(j), d2, rk, drank+s.dpt.cum[di+c])
	}
}

// add adds the counts of the n words from rank from of the current
// layer to those from rank to of the next, and zeroes them in the
// current layer when zero.
func (r *leanRun) add(to, from, n uint64, zero bool) {
	k := uint64(len(r.qs))
	if n == 1 && k == 1 {
		q := r.qs[0]
		a := r.nxt[to] + r.cur[from]
		if a >= q {
			a -= q
		}
		r.nxt[to] = a
		if zero {
			r.cur[from] = 0
		}
		return
	}
	addLanes(r.nxt[to*k:(to+n)*k], r.cur[from*k:(from+n)*k], r.qs, r.pat, zero)
}

// targetRank is the rank, in class x of the next layer, of the first
// word with the first n.m letters of successor t of rep (prefix n): in
// O(1) when t differs from rep only at positions jm and jm+1 with the
// same depth after them, else in O(n.m).
func (r *leanRun) targetRank(n *node, t, rep uint64, x int) uint64 {
	dc := &r.dst.classes[x]
	sh := 2 * uint(r.plugs-2-r.jm)
	sc := &r.src.classes[n.cls]
	if e := dc.i - sc.i; e >= 0 && e < 2 && dc.t-sc.t == r.delta[e] && (rep^t)&^(15<<sh) == 0 && pairNet(rep>>sh&15) == pairNet(t>>sh&15) {
		ps := pairShare(r.src.pt, r.jm, n.dj, sc.i-n.lj, sc.t-n.sj, rep>>sh&15)
		pd := pairShare(r.dst.pt, r.jm, n.dj, dc.i-n.lj, dc.t-n.sj, t>>sh&15)
		return n.preT[e] + pd + (n.rank - n.pre - ps)
	}
	rank, d, _, _ := r.dst.pt.span(t, 0, n.m, 0, dc.i, dc.t)
	if d < 0 {
		panic("count: a grid transition left the words")
	}
	return rank
}

// pairNet is the change of depth of the letter pair xy.
func pairNet(xy uint64) int { return net(xy>>2) + net(xy&3) }

// pairShare is the share of the rank that letters xy make at positions
// j and j+1 of pattern pt, entered in state (d, k, b).
func pairShare(pt *gridPattern, j, d, k, b int, xy uint64) uint64 {
	x, y := xy>>2, xy&3
	i := pt.at(j, d, k, b)
	d2, k2, b2 := pt.step(j, d, k, b, x)
	if d2 < 0 || k2 < 0 || d2 >= pt.dd || b2 < -pt.L || b2 > pt.L {
		return pt.cum[4*i+int(x)]
	}
	return pt.cum[4*i+int(x)] + pt.cum[4*pt.at(j+1, d2, k2, b2)+int(y)]
}

// succ puts in out the successors of w (a mirror image when r.mirror)
// at cell r.c, as mirror images when r.mirror, and returns their number.
func (r *leanRun) succ(w uint64, out *[3]uint64) int {
	ws := wordSpace{plugs: r.plugs, lone: r.lone}
	if !r.mirror {
		n, _ := ws.succ(w, &r.c, out)
		return n
	}
	n, _ := ws.succ(mirrorWord(w, r.plugs), &r.c, out)
	for i := range n {
		out[i] = mirrorWord(out[i], r.plugs)
	}
	return n
}

// complete returns the sums modulo qs of the counts of the words that
// finish the path or cycle at the last open cell c: only words empty but
// at the cell's two positions can (succ's completing needs the rest
// empty), so it ranks those sixteen in each class.
func (r *leanRun) complete(c *cellKind) []uint64 {
	nl := uint64(len(r.qs))
	sum := make([]uint64, nl)
	var out [3]uint64
	ws := wordSpace{plugs: r.plugs, lone: r.lone}
	pt := r.src.pt
	jm := c.j
	if r.mirror {
		jm = r.plugs - 2 - c.j
	}
	sh := 2 * uint(r.plugs-2-jm)
	for _, cl := range r.src.classes {
		for xy := range uint64(16) {
			w := xy << sh
			rank, d, k, b := pt.span(w, 0, r.plugs, 0, cl.i, cl.t)
			if d != 0 || k != 0 || b != 0 {
				continue
			}
			if r.mirror {
				w = mirrorWord(w, r.plugs)
			}
			_, comp := ws.succ(w, c, &out)
			for l, q := range r.qs {
				x := r.cur[(cl.off+rank)*nl+uint64(l)]
				for range comp {
					sum[l] += x
					if sum[l] >= q {
						sum[l] -= q
					}
				}
			}
		}
	}
	return sum
}
