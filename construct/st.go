package construct

import (
	"errors"
	"fmt"
	"sort"

	"github.com/boardgraph/boardgraph/hamilton"
)

// This file builds knight's paths with a prescribed start and end (s-t
// paths). The existence criterion is that of Conrad, Hindrichs, Morsy and
// Wegener (1994), "Solution of the knight's Hamiltonian path problem on
// chessboards": on an n x n board with n >= 6 a knight's path from s to t
// exists iff n is even and s, t have different colours, or n is odd and s, t
// both have the corners' colour. The construction below is our own; it does
// not follow theirs.
//
// Construction (time linear in the board, memory independent of it):
//
//  1. Rows and columns are cut into bands of 6..11 (all even, except that on
//     an odd side the first band is odd), so the board becomes an R x C grid
//     of blocks in which at most one block, block (0,0), has an odd number
//     of cells.
//  2. The blocks are ordered by a boustrophedon ("snake") Z[0..L-1] starting
//     at block (0,0). Let s lie in Z[i] and t in Z[j] with i <= j (one of the
//     four reflections of the board always gives this; the walk is mapped
//     back). The knight goes from s backwards along the snake to Z[0] and
//     back (every block of Z[0..i-1] is crossed twice, Z[0] turns round),
//     then forwards once through Z[i+1..j-1], then from Z[j] out to Z[L-1]
//     and back again, ending at t. Boundaries crossed twice carry two
//     connectors, the others one; a connector is a knight move between a
//     cell on (or one cell inside) each side of the boundary.
//  3. Each block then needs a cover by one, two or three disjoint paths
//     whose ends are its connector cells and s or t. The blocks before it
//     in the snake, and likewise those after it, either form a loop (they
//     hold neither s nor t and are entered and left by two connectors), or
//     hold one of s, t (one connector, whose cell is then a terminal), or
//     hold both (two connectors, two terminals). A loop is replaced by a
//     virtual vertex joined to its two connector cells, so every cover is a
//     Hamiltonian path between two terminals of the block plus at most two
//     virtual vertices, found by hamilton.Find and cached by the block's
//     shape and terminal cells. Whatever order the engine puts the pieces
//     in, the union with the loops is one path from s to t.
//  4. Connector colours follow the parity of the path: every block pass has
//     an even number of cells except the single pass through the odd block
//     (0,0), so the cell that leaves a block has colour 1-colour(s) before
//     that pass and colour(s) after it. Connectors avoid s, t and each other.
//
// The walk then follows segments and connectors from s without storing the
// path. If a block has no cover within the search budget (about 1 pair in
// 1,000 on the first layout, always s and t in one block), the next
// connector choice next to s and t, reflection or band layout is tried.

// EndsError reports a start/end pair that no knight's path can join. Rule
// names the argument.
type EndsError struct {
	Rows, Cols int
	Start, End [2]int // 0-based row, col
	Rule       string
}

// Error names the rule that forbids the pair.
func (e *EndsError) Error() string {
	return fmt.Sprintf("no knight's path from %d,%d to %d,%d on %dx%d: %s",
		e.Start[0]+1, e.Start[1]+1, e.End[0]+1, e.End[1]+1, e.Rows, e.Cols, e.Rule)
}

// ErrConstruction means KnightPathBetween found no block layout for an
// allowed pair. It is a limit of the construction, not a proof.
var ErrConstruction = errors.New("construct: no block layout found")

// KnightPathBetween returns a knight's Hamiltonian path on a rows x cols
// board from start to end (0-based row, col), for rows, cols >= 6.
//
// A pair is refused with an *EndsError when the colour count forbids it:
// on a board with an even number of cells start and end must have different
// colours, on an odd one both must have the corners' colour (the knight
// changes colour at every move). On n x n boards with n >= 6 this is exactly
// the criterion of Conrad, Hindrichs, Morsy and Wegener (1994), so every
// other pair has a path; the construction (see the comment at the top of
// st.go) has given a verified one for every pair tried (all pairs up to
// 26x26, every start against sampled ends up to 49x49, 200,000 random pairs
// up to 131x131, random pairs on 1000x1000). It works on rectangles as
// well, where the colour rule is only necessary. Should it find no layout
// it returns an error wrapping ErrConstruction, never a wrong path. Boards
// with both sides at most 11 are one engine search.
//
// The time is O(rows*cols) with a small constant; the Walk holds a few
// cached block paths and no memory proportional to the board. A Walk may be
// iterated any number of times and yields the same cells each time.
func KnightPathBetween(rows, cols int, start, end [2]int) (Walk, error) {
	if rows < 6 || cols < 6 {
		return nil, fmt.Errorf("knight path between given cells: board %dx%d is too small; both sides must be at least 6", rows, cols)
	}
	if rows > 1<<20 || cols > 1<<20 {
		return nil, fmt.Errorf("knight path between given cells: board %dx%d is too large; sides are limited to %d", rows, cols, 1<<20)
	}
	for _, c := range [][2]int{start, end} {
		if c[0] < 0 || c[0] >= rows || c[1] < 0 || c[1] >= cols {
			return nil, fmt.Errorf("knight path between given cells: cell %d,%d is outside the %dx%d board (rows 1..%d, columns 1..%d)",
				c[0]+1, c[1]+1, rows, cols, rows, cols)
		}
	}
	if err := KnightEndsAllowed(rows, cols, start, end); err != nil {
		return nil, err
	}
	for variant := range stVariants {
		for alt := range stAlts {
			for sym := range 4 {
				p := stNewPlan(rows, cols, start, end, sym, variant)
				if p == nil {
					continue
				}
				p.alt = alt
				if p.prepare() {
					return p.walk, nil
				}
			}
		}
	}
	return nil, fmt.Errorf("%w for %d,%d -> %d,%d on %dx%d", ErrConstruction,
		start[0]+1, start[1]+1, end[0]+1, end[1]+1, rows, cols)
}

// KnightEndsAllowed returns nil if the colour criterion (hamilton.KnightEnds,
// the one place it is written) allows a knight's path from start to end on
// a rows x cols board, and an *EndsError naming the rule otherwise. For n x n with n >= 6 the criterion is exact (Conrad
// et al. 1994); on other boards it is only necessary. It does not check
// that the cells lie on the board.
func KnightEndsAllowed(rows, cols int, start, end [2]int) error {
	fail := func(rule string) error {
		return &EndsError{Rows: rows, Cols: cols, Start: start, End: end, Rule: rule}
	}
	if start == end {
		return fail("start and end are the same cell")
	}
	if ok, _, why := hamilton.KnightEnds(rows, cols, start[0], start[1], end[0], end[1]); !ok {
		return fail(why)
	}
	return nil
}

// stVariants is the number of layouts tried: three band layouts, each with
// two ways to place the parity change when s and t share the odd block, and
// last the whole board as one block (boards of at most 254 cells only).
const stVariants = 8

// stAlts is the number of connector choices tried next to s and t.
const stAlts = 4

// stPlan is one layout of the construction in a canonical frame: the board
// reflected by sym (bit 0 mirrors columns, bit 1 mirrors rows).
type stPlan struct {
	rows, cols int
	sym        int
	rb, cb     []int // band starts; len R+1 and C+1
	nr, nc     int   // R, C
	s, t       [2]int
	si, ti     int  // snake indices of the blocks of s and t
	c0         int  // colour of s
	odd        bool // block (0,0) has an odd number of cells
	flipLate   bool // s, t both in block 0 of an odd board: its odd pass is the second
	alt        int  // which usable connector the boundaries at s's and t's blocks take
	covers     map[stKey]*stCover
}

// stBandSizes cuts a side of length n into bands of 6..11: for odd n >= 13
// an odd first band (7, or 9 in variant 2) and even bands after it, for even
// n even bands of 6..10 (in reverse order in variant 1); variant 3 is one
// band.
func stBandSizes(n, variant int) []int {
	if n <= 11 || variant == 3 {
		return []int{n}
	}
	var out []int
	if n%2 == 1 {
		first := 7
		if variant == 2 && n-9 >= 6 {
			first = 9
		}
		out = append(out, first)
		n -= first
	}
	half := n / 2
	b := (half + 2) / 4
	base, rem := half/b, half%b
	even := make([]int, b)
	for i := range even {
		even[i] = 2 * base
		if i < rem {
			even[i] += 2
		}
	}
	if variant == 1 {
		for i, j := 0, len(even)-1; i < j; i, j = i+1, j-1 {
			even[i], even[j] = even[j], even[i]
		}
	}
	return append(out, even...)
}

func stStarts(sizes []int) []int {
	out := make([]int, len(sizes)+1)
	for i, s := range sizes {
		out[i+1] = out[i] + s
	}
	return out
}

// stNewPlan lays out the bands for one variant and reflection, or returns
// nil when s's block comes after t's in the snake.
func stNewPlan(rows, cols int, start, end [2]int, sym, variant int) *stPlan {
	if variant/2 == 3 && (rows*cols > 254 || sym != 0) {
		return nil
	}
	p := &stPlan{rows: rows, cols: cols, sym: sym}
	p.s, p.t = p.toCanon(start), p.toCanon(end)
	p.rb = stStarts(stBandSizes(rows, variant/2))
	p.cb = stStarts(stBandSizes(cols, variant/2))
	p.nr, p.nc = len(p.rb)-1, len(p.cb)-1
	p.si, p.ti = p.index(p.s), p.index(p.t)
	if p.si > p.ti {
		return nil
	}
	p.c0 = (p.s[0] + p.s[1]) % 2
	p.odd = rows%2 == 1 && cols%2 == 1
	p.flipLate = variant%2 == 1
	if p.flipLate && !(p.odd && p.si == 0 && p.ti == 0) {
		return nil // the same layout as variant-1
	}
	return p
}

// toCanon maps an original cell into the plan's frame; the map is its own
// inverse.
func (p *stPlan) toCanon(c [2]int) [2]int {
	if p.sym&1 != 0 {
		c[1] = p.cols - 1 - c[1]
	}
	if p.sym&2 != 0 {
		c[0] = p.rows - 1 - c[0]
	}
	return c
}

func stBand(starts []int, x int) int {
	return sort.SearchInts(starts, x+1) - 1
}

// index is the snake index of the block holding cell c.
func (p *stPlan) index(c [2]int) int {
	bi, bj := stBand(p.rb, c[0]), stBand(p.cb, c[1])
	if bi%2 == 1 {
		bj = p.nc - 1 - bj
	}
	return bi*p.nc + bj
}

// block is the block (band row, band column) at snake index k.
func (p *stPlan) block(k int) (bi, bj int) {
	bi, bj = k/p.nc, k%p.nc
	if bi%2 == 1 {
		bj = p.nc - 1 - bj
	}
	return bi, bj
}

// stCross is one connector across the boundary between Z[k] and Z[k+1]:
// cell a in Z[k], cell b in Z[k+1], a knight move apart.
type stCross struct{ a, b [2]int }

func stColour(c [2]int) int { return (c[0] + c[1]) % 2 }

// conn returns the connectors of boundary k (between Z[k] and Z[k+1]):
// one where the walk crosses once, two where it goes out and comes back.
func (p *stPlan) conn(k int) (n int, cr [2]stCross, ok bool) {
	ai, aj := p.block(k)
	bi, bj := p.block(k + 1)
	n = 1
	if k < p.si || k >= p.ti {
		n = 2
	}
	// forward[c]: crossing c goes from Z[k] to Z[k+1] in walk order.
	// late[c]: crossing c comes after the odd pass through block 0.
	var forward, late [2]bool
	switch {
	case k < p.si:
		forward = [2]bool{false, true}
	default:
		forward = [2]bool{true, false}
	}
	if p.odd {
		switch {
		case p.si > 0:
			late = [2]bool{k >= p.si, true}
		case p.ti > 0:
			late = [2]bool{true, true}
		default:
			late = [2]bool{!p.flipLate, !p.flipLate}
		}
	}
	// Geometry: the cell of Z[k] at x along the shared side and depth d
	// from it is a0 + x*along + d*inA, that of Z[k+1] b0 + y*along + d*inB.
	var side int
	var a0, b0, along, inA, inB [2]int
	if ai == bi {
		r0 := p.rb[ai]
		side = p.rb[ai+1] - r0
		along = [2]int{1, 0}
		if aj < bj {
			a0, inA = [2]int{r0, p.cb[aj+1] - 1}, [2]int{0, -1}
			b0, inB = [2]int{r0, p.cb[bj]}, [2]int{0, 1}
		} else {
			a0, inA = [2]int{r0, p.cb[aj]}, [2]int{0, 1}
			b0, inB = [2]int{r0, p.cb[bj+1] - 1}, [2]int{0, -1}
		}
	} else {
		c0 := p.cb[aj]
		side = p.cb[aj+1] - c0
		along = [2]int{0, 1}
		a0, inA = [2]int{p.rb[ai+1] - 1, c0}, [2]int{-1, 0}
		b0, inB = [2]int{p.rb[bi], c0}, [2]int{1, 0}
	}
	at := func(base, in [2]int, x, d int) [2]int {
		return [2]int{base[0] + x*along[0] + d*in[0], base[1] + x*along[1] + d*in[1]}
	}
	// Boundaries next to the blocks of s and t use the alt-th usable
	// connector instead of the first when the plan asks for it.
	alt := 0
	if k+1 >= p.si && k <= p.si || k+1 >= p.ti && k <= p.ti {
		alt = p.alt
	}
	none := [2]int{-1, -1}
	for c := range n {
		exit := 1 - p.c0
		if late[c] {
			exit = p.c0
		}
		need := exit // colour of the Z[k] cell
		if !forward[c] {
			need = 1 - exit
		}
		usedA, usedB := none, none
		if c == 1 {
			usedA, usedB = cr[0].a, cr[0].b
		}
		// Candidates: first both cells on the boundary (two apart along
		// it), then one of them a cell deeper (one apart). Deeper cells
		// keep two away from the corners so that they cannot meet the
		// connector cells of another side of the block.
		var got [stAlts]stCross
		cnt := 0 // stops once got[alt] is filled
		for _, shape := range [3][3]int{{0, 0, 2}, {1, 0, 1}, {0, 1, 1}} {
			da, db, dy := shape[0], shape[1], shape[2]
			for i := 1; i <= side-2 && cnt <= alt; i++ {
				x := i
				if c == 1 {
					x = side - 1 - i
				}
				if x < 1+da || x > side-2-da {
					continue
				}
				for _, y := range [2]int{x + dy, x - dy} {
					if c == 1 {
						y = 2*x - y
					}
					if y < 1+db || y > side-2-db || cnt > alt {
						continue
					}
					a, b := at(a0, inA, x, da), at(b0, inB, y, db)
					if stColour(a) != need || a == p.s || a == p.t || b == p.s || b == p.t || a == usedA || b == usedB {
						continue
					}
					got[cnt] = stCross{a, b}
					cnt++
				}
			}
		}
		if cnt == 0 {
			return 0, cr, false
		}
		cr[c] = got[alt%cnt]
	}
	return n, cr, true
}

// stConnMemo remembers the last two boundaries worked out, so that a walk
// or a pass over the blocks, which meets every boundary from both sides in
// a row, computes each once.
type stConnMemo struct {
	k    [2]int
	n    [2]int
	cr   [2][2]stCross
	ok   [2]bool
	next int
}

func newStConnMemo() *stConnMemo { return &stConnMemo{k: [2]int{-1, -1}} }

// connVia is conn through the memo m.
func (p *stPlan) connVia(m *stConnMemo, k int) (int, [2]stCross, bool) {
	for i := range m.k {
		if m.k[i] == k {
			return m.n[i], m.cr[i], m.ok[i]
		}
	}
	i := m.next
	m.next ^= 1
	m.k[i] = k
	m.n[i], m.cr[i], m.ok[i] = p.conn(k)
	return m.n[i], m.cr[i], m.ok[i]
}

// stLink is a connector seen from one block: the local cell, the snake
// index of the block across, and the cell there.
type stLink struct {
	local int
	k     int
	cell  [2]int
}

// stCfg is what a block needs: its place, its cover key and its links.
type stCfg struct {
	r0, c0, h, w int
	key          stKey
	links        [4]stLink
	nlinks       int
}

// config works out the cover problem of block Z[k] (step 3 above).
func (p *stPlan) config(m *stConnMemo, k int) (cfg stCfg, ok bool) {
	bi, bj := p.block(k)
	cfg.r0, cfg.c0 = p.rb[bi], p.cb[bj]
	cfg.h, cfg.w = p.rb[bi+1]-cfg.r0, p.cb[bj+1]-cfg.c0
	local := func(c [2]int) int { return (c[0]-cfg.r0)*cfg.w + c[1] - cfg.c0 }
	var terms, virt [4]int
	nt, nv := 0, 0
	term := func(c [2]int) {
		if nt < len(terms) {
			terms[nt] = local(c)
		}
		nt++
	}
	if k == p.si {
		term(p.s)
	}
	if k == p.ti {
		term(p.t)
	}
	// side adds the connectors of boundary j, between Z[k] and Z[o]: the
	// links, and the cells in Z[k] as terminals, or as the two ends of a
	// virtual edge where the snake beyond the boundary closes a loop.
	// Boundary j's crossings go from Z[j] (a) to Z[j+1] (b): before
	// flips them for boundary k-1, so that a is the cell in Z[k].
	side := func(j, o int, before, loop bool) bool {
		n, cr, good := p.connVia(m, j)
		if !good {
			return false
		}
		if before {
			for c := range n {
				cr[c].a, cr[c].b = cr[c].b, cr[c].a
			}
		}
		for c := range n {
			cfg.links[cfg.nlinks] = stLink{local(cr[c].a), o, cr[c].b}
			cfg.nlinks++
		}
		switch {
		case n == 2 && loop:
			virt[nv], virt[nv+1] = local(cr[0].a), local(cr[1].a)
			nv += 2
		case n == 2:
			term(cr[0].a)
			term(cr[1].a)
		default:
			term(cr[0].a)
		}
		return true
	}
	// Z[0..k-1] is a loop when k-1 < si, Z[k+1..L-1] one when k >= ti.
	if k > 0 && !side(k-1, k-1, true, k-1 < p.si) {
		return cfg, false
	}
	if k < p.nr*p.nc-1 && !side(k, k+1, false, k >= p.ti) {
		return cfg, false
	}
	if nt != 2 {
		return cfg, false
	}
	cfg.key = stKey{uint8(cfg.h), uint8(cfg.w), uint8(terms[0]), uint8(terms[1]), 255, 255, 255, 255}
	for i := range nv {
		cfg.key[4+i] = uint8(virt[i])
	}
	return cfg, true
}

// prepare checks every block's configuration and finds its cover, so that
// the walk cannot fail half way. It reports whether all blocks have one.
func (p *stPlan) prepare() bool {
	p.covers = make(map[stKey]*stCover)
	var last stKey
	m := newStConnMemo()
	need := func(k int) bool {
		cfg, ok := p.config(m, k)
		if !ok {
			return false
		}
		if cfg.key == last {
			return true
		}
		last = cfg.key
		if _, seen := p.covers[cfg.key]; seen {
			return true
		}
		cov := stCoverFor(cfg.key)
		p.covers[cfg.key] = cov
		return cov != nil
	}
	// The blocks at s and t and their neighbours first: a layout that
	// fails, fails there, and is dropped before the linear pass.
	blocks := p.nr * p.nc
	for _, k := range [6]int{p.si, p.ti, p.si - 1, p.si + 1, p.ti - 1, p.ti + 1} {
		if k >= 0 && k < blocks && !need(k) {
			return false
		}
	}
	for k := range blocks {
		if !need(k) {
			return false
		}
	}
	return true
}

// walk yields the path from s to t in original coordinates.
func (p *stPlan) walk(yield func(int, int) bool) {
	k, e := p.si, p.s
	m := newStConnMemo()
	for budget := p.rows * p.cols; budget > 0; {
		cfg, _ := p.config(m, k)
		cov := p.covers[cfg.key]
		le := (e[0]-cfg.r0)*cfg.w + e[1] - cfg.c0
		code := cov.endAt[le]
		if code < 0 {
			panic("construct: knight s-t walk lost its way (bug)")
		}
		seg := int(code >> 1)
		lo, hi := int(cov.segs[seg]), int(cov.segs[seg+1])
		var f int
		emit := func(i int) bool {
			r, c := cfg.r0+int(cov.rr[i]), cfg.c0+int(cov.cc[i])
			if p.sym&1 != 0 {
				c = p.cols - 1 - c
			}
			if p.sym&2 != 0 {
				r = p.rows - 1 - r
			}
			return yield(r, c)
		}
		if code&1 == 0 {
			for i := lo; i < hi; i++ {
				if !emit(i) {
					return
				}
			}
			f = hi - 1
		} else {
			for i := hi - 1; i >= lo; i-- {
				if !emit(i) {
					return
				}
			}
			f = lo
		}
		budget -= hi - lo
		lf := int(cov.rr[f])*cfg.w + int(cov.cc[f])
		if k == p.ti && lf == (p.t[0]-cfg.r0)*cfg.w+p.t[1]-cfg.c0 {
			return
		}
		moved := false
		for i := range cfg.nlinks {
			if l := cfg.links[i]; l.local == lf {
				k, e = l.k, l.cell
				moved = true
				break
			}
		}
		if !moved {
			panic("construct: knight s-t walk reached a dead end (bug)")
		}
	}
}
