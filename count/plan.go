package count

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/moves"
)

// Cell codes of a frontier vertex in a state (the "plug" of the transfer
// matrix method): how many solution edges it has so far and, for an end of
// a partial path, where that path's other end is.
const (
	codeEmpty = 0 // degree 0 so far
	codeFull  = 1 // degree 2: an inner vertex of some partial path
	codeTail  = 2 // degree 1; the other end of its partial path is a fixed end of the Hamiltonian path
	codePair  = 3 // codes >= codePair: degree 1; the two frontier vertices with one code are the ends of one partial path
)

// step is the precomputed, state-independent part of processing one vertex.
type step struct {
	v      int32
	in     int     // frontier width before the step; v takes position in
	nbrPos []uint8 // positions (in the widened frontier) of v's processed neighbours
	remove []uint8 // positions that leave the frontier after the step, ascending
	leave  uint64  // bit j: position j leaves after the step and is not v's (in)
	kept   []uint8 // the other positions, ascending
	req    uint64  // bit j: position j of the widened frontier is a required path end
	rem    []uint8 // rem[j]: neighbours of position j not yet processed after the step
	watch  []watch // unprocessed vertices next to the frontier or with fewer than two unprocessed neighbours
	sw     swar    // masks over the packed key of the next state (states of at most 64 bits)
	// word: how a closed count's state of one word is built from the
	// word of the state expanded (expandClosed); nil where it cannot be.
	word   *wordStep
	unproc int // vertices not yet processed after the step
	// starve lists the watch entries with fewer than two unprocessed
	// neighbours; capCheck says whether to apply the capacity rule (near
	// the end only: earlier it prunes next to nothing).
	starve   []watch
	capCheck bool
}

// swar holds masks over a packed state of at most 64 bits, one bit per
// field at the field's top bit, for classifying all fields at once (SWAR:
// "SIMD within a register").
type swar struct {
	ones       uint64 // 1 in every used field (lowest bit)
	low        uint64 // every bit of a used field but the top one
	used       uint64 // top bit of every used field
	rem0, rem1 uint64 // fields of vertices with 0 or 1 unprocessed neighbours
	req        uint64 // fields of required path ends
}

// fieldTop returns the top bit of the field of the m-th of k kept
// positions, packed first to last from the high end, b bits each.
func fieldTop(m, k int, b uint) uint64 { return 1 << (uint(k-1-m)*b + b - 1) }

// watch is an unprocessed vertex that may starve: its degree must come
// mostly from frontier vertices that can still take an edge.
type watch struct {
	// mask[wideMask] holds the positions of its processed neighbours in
	// the widened frontier (emitWide's open), mask[fieldMask] the same as
	// fields of the packed next state (emitNarrow's; see swar).
	mask [2]uint64
	unp  uint8 // its unprocessed neighbours after the step (0 or 1)
	req  bool  // it is a required path end
}

// The two masks of a watch entry.
const (
	wideMask  = 0
	fieldMask = 1
)

// plan is the state-independent schedule of a count.
type plan struct {
	n       int
	steps   []step
	width   int // the widest frontier kept between steps
	bitsPer uint
	fBits   uint // bits of the count of free ends fixed: 2, or 0 when there are none to fix
	// codeSWAR says the codes of a state (the key less fBits) fit 64 bits,
	// so the steps' swar masks are filled: the knight's and Diplomatico
	// 8x8 (16 codes of 4 bits) have them although their keys take 66 bits.
	codeSWAR bool
	// codeNew marks the two ends of a path made in the current step: the
	// pair code just above every code a stored state uses (codePair +
	// width/2 - 1 at most); emit renumbers it.
	codeNew uint8
}

// Plan describes the memory a count needs, known before it runs.
type Plan struct {
	// Width is the largest number of vertices on the frontier between two
	// steps: processed vertices with a neighbour not yet processed.
	Width int
	// BitsPerCell is the size of one frontier vertex's code in a state key;
	// KeyBits is the whole key (at most 128).
	BitsPerCell, KeyBits int
	// StateBound is an upper bound on the number of states at the widest
	// frontier: every assignment of codes that the state space allows (each
	// vertex empty, full, a tail or paired with another, at most two tails,
	// three counts of fixed ends). Real counts are far smaller; see
	// Stats.PeakStates.
	StateBound float64
	// BoundBytes is the table memory StateBound states would take (two
	// layers of 16-byte records at half load). Predict gives a realistic
	// figure.
	BoundBytes float64
}

// maxWidth bounds the frontier so that positions fit a uint8 and required
// ends a uint64 mask.
const maxWidth = 62

// newPlan builds the schedule for g processed in order (nil: vertex
// order). required marks the vertices that must be ends of the path. It
// takes time about linear in the vertices and edges (plus the frontier's
// edges per step), and stops with ctx.Err() when ctx is done: a thin board
// of millions of cells is planned in about a second.
func newPlan(ctx context.Context, g *graph.Graph, order []int32, required []int32, freeEnds bool) (*plan, error) {
	n := g.N()
	if order == nil {
		order = identity(n)
	}
	rank, err := orderRank(n, order)
	if err != nil {
		return nil, err
	}
	b := &planBuilder{g: g, n: n, rank: rank}
	if err := b.countNeighbours(ctx); err != nil {
		return nil, err
	}
	b.isReq = make([]bool, n)
	for _, v := range required {
		b.isReq[v] = true
	}
	b.makeLowFar()
	b.touched = make([]bool, n)
	// The steps grow as they are made: a plan stopped early (a too wide
	// frontier, a cancelled context) has not allocated a huge board's.
	p := &plan{n: n, steps: make([]step, 0, min(n, 1<<12))}
	if freeEnds {
		p.fBits = 2
	}
	b.pos = make([]int32, n)
	for i, v := range order {
		if i&4095 == 4095 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if len(b.front)+1 > maxWidth {
			return nil, fmt.Errorf("%w: %d vertices on the frontier at step %d; at most %d are supported", ErrTooWide, len(b.front)+1, i+1, maxWidth)
		}
		p.steps = append(p.steps, b.makeStep(i, v))
		b.front, b.next = b.next, b.front
		p.width = max(p.width, len(b.front))
	}
	// Codes go up to codePair + width/2 - 1.
	p.bitsPer = bitsPerCell(p.width)
	p.codeNew = uint8(codePair + p.width/2)
	// Codes that fit 64 bits are at most 16 of 4 bits (codeNew at most
	// 11): emitNarrow's renumbering holds them in 4-bit fields.
	if p.codeSWAR = p.width*int(p.bitsPer) <= 64 && p.codeNew < 16; p.codeSWAR {
		for i := range p.steps {
			p.steps[i].fillSWAR(p.bitsPer)
		}
	}
	if kb := p.keyBits(); kb > 128 {
		return nil, fmt.Errorf("%w: a frontier of %d vertices needs %d-bit states; at most 128 are supported (try an order with a narrower frontier)", ErrTooWide, p.width, kb)
	}
	return p, nil
}

// planBuilder is newPlan's working state while it makes the steps, one
// vertex of the order at a time.
type planBuilder struct {
	g    *graph.Graph
	n    int
	rank []int32
	// last[v]: the step after which v has no unprocessed neighbour.
	last []int32
	// unp[v]: v's neighbours not yet processed (with multiplicity).
	unp   []int32
	isReq []bool
	// lowFar and lowAt: see makeLowFar.
	lowFar  [4][]int32
	lowAt   [4]int
	touched []bool
	near    []int32 // unprocessed vertices with a processed neighbour
	u8      []uint8 // the shared block take cuts from
	wbuf    []watch // the shared block of watch lists
	pos     []int32 // position of a frontier vertex
	front   []int32
	next    []int32
}

// countNeighbours fills b.last and b.unp, stopping with ctx.Err() when ctx
// is done.
func (b *planBuilder) countNeighbours(ctx context.Context) error {
	g, n, rank := b.g, b.n, b.rank
	b.last = make([]int32, n)
	b.unp = make([]int32, n)
	for v := range int32(n) {
		if v&0xffff == 0xffff {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		b.last[v] = rank[v]
		for _, w := range g.Neighbors(v) {
			b.last[v] = max(b.last[v], rank[w])
		}
		b.unp[v] = int32(len(g.Neighbors(v)))
	}
	return nil
}

// maxFar is how many vertices of each kind far from the frontier a step's
// watch list takes (see makeLowFar).
const maxFar = 3

// makeLowFar makes b.lowFar. The watch list of a step holds the
// unprocessed vertices next to the frontier (touched) and those with
// fewer than two unprocessed neighbours. Of the latter, the ones not next
// to the frontier prune every state alike (see emitNarrow): none with no
// neighbour left lets a state live, and three needing a free end are as
// many as a thousand; so lowFar keeps, per kind (unprocessed neighbours 0
// or 1, required or not), the vertices in ascending order, and a step
// takes the first maxFar still far from the frontier. A vertex with fewer
// than two neighbours left has had one processed unless its degree was
// below two, so the lists are made once.
func (b *planBuilder) makeLowFar() {
	for u := range int32(b.n) {
		if b.unp[u] < 2 {
			k := int(b.unp[u])*2 + int(b2i(b.isReq[u]))
			b.lowFar[k] = append(b.lowFar[k], u)
		}
	}
}

// take returns m bytes from a shared block.
func (b *planBuilder) take(m int) []uint8 {
	if len(b.u8)+m > cap(b.u8) {
		b.u8 = make([]uint8, 0, max(1<<16, m))
	}
	b.u8 = b.u8[:len(b.u8)+m]
	return b.u8[len(b.u8)-m : len(b.u8) : len(b.u8)]
}

// makeStep makes the step that processes v, the i-th vertex of the order,
// with b.front the frontier before it; b.next becomes the frontier after.
func (b *planBuilder) makeStep(i int, v int32) step {
	g, rank, front := b.g, b.rank, b.front
	for j, u := range front {
		b.pos[u] = int32(j)
	}
	b.pos[v] = int32(len(front))
	st := step{v: v, in: len(front)}
	np := 0
	for _, w := range g.Neighbors(v) {
		if rank[w] < int32(i) {
			np++
		}
	}
	st.nbrPos = b.take(np)[:0]
	for _, w := range g.Neighbors(v) {
		if rank[w] < int32(i) {
			st.nbrPos = append(st.nbrPos, uint8(b.pos[w]))
		}
	}
	// v is processed: its neighbours lose an unprocessed neighbour
	// and are next to the frontier.
	for _, w := range g.Neighbors(v) {
		b.unp[w]--
		if rank[w] > int32(i) && !b.touched[w] {
			b.touched[w] = true
			b.near = append(b.near, w)
		}
	}
	b.splitFrontier(&st, i, append(front, v))
	b.watchList(&st, i)
	st.unproc = b.n - 1 - i
	b.starveList(&st)
	st.capCheck = st.unproc > 0 && st.unproc <= 2*(len(st.kept)+1)
	return st
}

// splitFrontier fills st's rem, req, kept and remove for the frontier
// wide (the old one and the processed vertex), and b.next with the
// vertices kept.
func (b *planBuilder) splitFrontier(st *step, i int, wide []int32) {
	b.next = b.next[:0]
	st.rem = b.take(len(wide))
	nk := 0
	for _, u := range wide {
		if b.last[u] > int32(i) {
			nk++
		}
	}
	st.kept, st.remove = b.take(nk)[:0], b.take(len(wide) - nk)[:0]
	for j, u := range wide {
		st.rem[j] = uint8(min(b.unp[u], 2))
		if b.isReq[u] {
			st.req |= 1 << j
		}
		if b.last[u] <= int32(i) {
			st.remove = append(st.remove, uint8(j))
			if j != len(wide)-1 {
				st.leave |= 1 << j
			}
		} else {
			b.next = append(b.next, u)
			st.kept = append(st.kept, uint8(j))
		}
	}
}

// watchList fills st.watch after step i, in ascending vertex order: the
// unprocessed vertices next to the frontier, and the first maxFar of each
// kind of b.lowFar still far from it.
func (b *planBuilder) watchList(st *step, i int) {
	rank := b.rank
	keep := b.near[:0]
	for _, u := range b.near {
		if rank[u] > int32(i) {
			keep = append(keep, u)
		}
	}
	b.near = keep
	var far []int32
	for k := range b.lowFar {
		l := b.lowFar[k]
		for b.lowAt[k] < len(l) && rank[l[b.lowAt[k]]] <= int32(i) {
			b.lowAt[k]++ // processed: gone for good
		}
		got := 0
		for _, u := range l[b.lowAt[k]:] {
			if got == maxFar {
				break
			}
			if rank[u] > int32(i) && !b.touched[u] {
				far = append(far, u)
				got++
			}
		}
	}
	cand := append(append([]int32(nil), b.near...), far...)
	slices.Sort(cand)
	if len(b.wbuf)+len(cand) > cap(b.wbuf) {
		b.wbuf = make([]watch, 0, max(1<<12, len(cand)))
	}
	for _, u := range cand {
		wu := watch{req: b.isReq[u], unp: uint8(min(b.unp[u], 2))}
		if b.touched[u] {
			for _, x := range b.g.Neighbors(u) {
				if rank[x] <= int32(i) {
					wu.mask[wideMask] |= 1 << b.pos[x]
				}
			}
		}
		b.wbuf = append(b.wbuf, wu)
	}
	st.watch = b.wbuf[len(b.wbuf)-len(cand) : len(b.wbuf) : len(b.wbuf)]
}

// starveList fills st.starve with the vertices of st.watch that have
// fewer than two unprocessed neighbours.
func (b *planBuilder) starveList(st *step) {
	ns := 0
	for _, wu := range st.watch {
		if wu.unp < 2 {
			ns++
		}
	}
	if len(b.wbuf)+ns > cap(b.wbuf) {
		b.wbuf = make([]watch, 0, max(1<<12, ns))
	}
	for _, wu := range st.watch {
		if wu.unp < 2 {
			b.wbuf = append(b.wbuf, wu)
		}
	}
	st.starve = b.wbuf[len(b.wbuf)-ns : len(b.wbuf) : len(b.wbuf)]
}

// bitsPerCell returns the bits of one frontier vertex's code for a
// frontier of width w: codes go up to codePair + w/2 - 1.
func bitsPerCell(w int) uint { return uint(bits.Len(uint(codePair + max(w/2, 1) - 1))) }

// orderRank returns the step of every vertex in order, or ErrInvalid when
// order is not a permutation of the n vertices.
func orderRank(n int, order []int32) ([]int32, error) {
	if len(order) != n {
		return nil, fmt.Errorf("%w: the order has %d vertices, the graph %d", ErrInvalid, len(order), n)
	}
	rank := make([]int32, n)
	for i := range rank {
		rank[i] = -1
	}
	for i, v := range order {
		if v < 0 || int(v) >= n || rank[v] >= 0 {
			return nil, fmt.Errorf("%w: the order is not a permutation of the %d vertices (entry %d is %d)", ErrInvalid, n, i, v)
		}
		rank[v] = int32(i)
	}
	return rank, nil
}

func (p *plan) keyBits() int { return int(p.fBits) + p.width*int(p.bitsPer) }

// public returns the Plan a caller sees.
func (p *plan) public() Plan {
	w := p.width
	// Assignments with k pairs (C(w,2k) * (2k-1)!! matchings) and a <= 2
	// tails among the rest, every other vertex empty or full; times 3 for
	// the number of fixed ends.
	var bound float64
	for k := 0; 2*k <= w; k++ {
		m := binom(w, 2*k) * doubleFact(2*k-1)
		for a := 0; a <= 2 && a <= w-2*k; a++ {
			bound += m * binom(w-2*k, a) * math.Pow(2, float64(w-2*k-a))
		}
	}
	bound *= 3
	return Plan{Width: w, BitsPerCell: int(p.bitsPer), KeyBits: p.keyBits(),
		StateBound: bound, BoundBytes: bound * 2 * 2 * 16}
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

func doubleFact(n int) float64 {
	r := 1.0
	for ; n > 1; n -= 2 {
		r *= float64(n)
	}
	return r
}

// BoardOrder returns the order in which a board graph's vertices are best
// processed: row-major, or column-major when that keeps the frontier
// narrower (a wide board is swept along its long side), then improved by
// OptimizeOrder (seed 1). The frontier of a sweep by a leaper with reach r
// spans about r lines of the short side; the optimised order is typically
// one to three vertices narrower (knight 6x6: 11 instead of 13; 7x7: 14
// instead of 15), which divides the states by 3 to 30.
func BoardOrder(bg *moves.BoardGraph) []int32 {
	order, _ := BoardOrderContext(context.Background(), bg)
	return order
}

// BoardOrderContext is BoardOrder that gives up with ctx's error when ctx
// ends: on a board of millions of cells the sweeps take seconds, and the
// annealing of a board of up to maxOptimize cells up to a few seconds.
// Stopped while annealing, it returns the best order so far with the
// error (a valid order, only wider); stopped before, a nil order.
func BoardOrderContext(ctx context.Context, bg *moves.BoardGraph) ([]int32, error) {
	return BoardOrderSeed(ctx, bg, DefaultOrderSeed)
}

// DefaultOrderSeed is the annealing seed of BoardOrder.
const DefaultOrderSeed = 1

// BoardOrderSeed is BoardOrderContext with the seed of the annealing
// given. Counts of one problem in the orders of two seeds agree while
// their layers (mostly) differ: hopido 8x8 closed peaks at 99.7 million
// states with seed 1 and at 127.0 million with seed 5 (docs/results.md),
// so a second seed is an independent cross-check of a count. Graphs of
// more than maxOptimize vertices are swept, whatever the seed.
func BoardOrderSeed(ctx context.Context, bg *moves.BoardGraph, seed uint64) ([]int32, error) {
	b := bg.Board
	rowMajor := identity(len(bg.CellOf))
	colMajor := make([]int32, 0, len(bg.CellOf))
	for c := range b.Cols {
		if c%256 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for r := range b.Rows {
			if v := bg.VertexOf[b.Cell(r, c)]; v >= 0 {
				colMajor = append(colMajor, v)
			}
		}
	}
	wc, err := frontierWidth(ctx, bg.Graph, colMajor)
	if err != nil {
		return nil, err
	}
	wr, err := frontierWidth(ctx, bg.Graph, rowMajor)
	if err != nil {
		return nil, err
	}
	sweep := rowMajor
	if wc < wr {
		sweep = colMajor
	}
	if len(sweep) > maxOptimize {
		return sweep, nil
	}
	return optimizeOrder(ctx, bg.Graph, sweep, seed, 0, orderCostBase)
}

// maxOptimize is the largest graph BoardOrder optimises: beyond it the
// sweep alone is returned (a count of such a board is only possible on a
// thin board, whose sweep is already narrow).
const maxOptimize = 2000

func identity(n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(i)
	}
	return out
}

// frontierWidth returns the widest frontier of g processed in order, or
// ctx's error when ctx ends (widthDeltas looks every 65536 vertices, so
// that a board of millions of cells obeys a timeout).
func frontierWidth(ctx context.Context, g *graph.Graph, order []int32) (int, error) {
	n := len(order)
	delta := make([]int, n+1)
	if err := widthDeltas(ctx, g, order, make([]int32, g.N()), delta); err != nil {
		return 0, err
	}
	best, w := 0, 0
	for _, d := range delta[:n] {
		w += d
		best = max(best, w)
	}
	return best, nil
}

// fillSWAR computes st.sw and the watch fields for b-bit codes.
func (st *step) fillSWAR(b uint) {
	k := len(st.kept)
	st.fillWord(b)
	var fieldOf [maxWidth + 1]uint64 // widened position -> field top bit
	for m, j := range st.kept {
		t := fieldTop(m, k, b)
		fieldOf[j] = t
		st.sw.used |= t
		st.sw.ones |= t >> (b - 1)
		st.sw.low |= t - t>>(b-1)
		switch st.rem[j] {
		case 0:
			st.sw.rem0 |= t
		case 1:
			st.sw.rem1 |= t
		}
		if st.req>>j&1 != 0 {
			st.sw.req |= t
		}
	}
	for _, ws := range [][]watch{st.watch, st.starve} {
		for i := range ws {
			for j := range st.in + 1 {
				if ws[i].mask[wideMask]>>j&1 != 0 {
					ws[i].mask[fieldMask] |= fieldOf[j]
				}
			}
		}
	}
}

// wordStep tells expandClosed where the codes of a step's states lie: in
// the word of the state expanded, the fields of positions 0..in-1, b bits
// each, position 0 at the high end; in the word of the next state, the
// fields of the kept positions (v's, at in, last of them when it stays).
type wordStep struct {
	// drop holds the offsets, in the expanded state's word, of the fields
	// of the positions that leave (v's aside), in ascending position, so
	// that cutting them out one after the other leaves the offsets of
	// those still to cut as they were.
	drop []uint8
	// at[j] is the offset of position j's field in the next state's word,
	// or gone when j leaves.
	at [maxWidth + 2]uint8
	// vStays says v's position stays on the frontier.
	vStays bool
	// Lanes: the next state's fields split into two words, the even
	// fields and the odd ones, each field in a lane of 2b bits (recode).
	even, laneOne, laneTop uint64
	b                      uint
	// The expanded state's word (expandOpen): inOnes, the lowest bit of
	// every field; inLow, every bit of a field but its top one; inUsed,
	// every field's top bit; posOf[t], the position whose field's top bit
	// is bit t.
	inOnes, inLow, inUsed uint64
	posOf                 [64]uint8
}

// gone marks a position that leaves the frontier in wordStep.at.
const gone = 0xff

// fillWord fills st.word for fields of b bits: only where every lane of
// 2b bits fits the word (recode's comparisons use the lane's top bit).
func (st *step) fillWord(b uint) {
	k := len(st.kept)
	if b == 0 || k > 2*int(64/(2*b)) || st.in*int(b) > 64 {
		return
	}
	ws := &wordStep{b: b}
	for j := range ws.at {
		ws.at[j] = gone
	}
	for m, j := range st.kept {
		ws.at[j] = uint8(uint(k-1-m) * b)
	}
	for _, j := range st.remove {
		if int(j) < st.in {
			ws.drop = append(ws.drop, uint8(uint(st.in-1-int(j))*b))
		}
	}
	ws.vStays = ws.at[st.in] != gone
	for j := range st.in {
		o := uint(st.in-1-j) * b
		ws.inOnes |= 1 << o
		ws.inLow |= (1<<(b-1) - 1) << o
		ws.inUsed |= 1 << (o + b - 1)
		ws.posOf[o+b-1] = uint8(j)
	}
	for o := uint(0); o+2*b <= 64; o += 2 * b {
		ws.even |= (1<<b - 1) << o
		ws.laneOne |= 1 << o
		ws.laneTop |= 1 << (o + 2*b - 1)
	}
	st.word = ws
}
