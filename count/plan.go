package count

import (
	"fmt"
	"math"
	"math/bits"

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
	// codeNew marks the two ends of a path made in the current step, a pair
	// code above every code a stored state uses; emit renumbers it.
	codeNew = codePair + maxWidth/2 + 1
)

// step is the precomputed, state-independent part of processing one vertex.
type step struct {
	v      int32
	in     int     // frontier width before the step; v takes position in
	nbrPos []uint8 // positions (in the widened frontier) of v's processed neighbours
	remove []uint8 // positions that leave the frontier after the step, ascending
	kept   []uint8 // the other positions, ascending
	req    uint64  // bit j: position j of the widened frontier is a required path end
	rem    []uint8 // rem[j]: neighbours of position j not yet processed after the step
	watch  []watch // unprocessed vertices next to the frontier or with fewer than two unprocessed neighbours
	sw     swar    // masks over the packed key of the next state (states of at most 64 bits)
	unproc int     // vertices not yet processed after the step
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
	mask  uint64 // positions of its processed neighbours in the widened frontier
	fmask uint64 // the same as fields of the packed next state (see swar)
	unp   uint8  // its unprocessed neighbours after the step (0 or 1)
	req   bool   // it is a required path end
}

// plan is the state-independent schedule of a count.
type plan struct {
	n       int
	steps   []step
	width   int // the widest frontier kept between steps
	bitsPer uint
	fBits   uint // bits of the count of free ends fixed: 2, or 0 when there are none to fix
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
// order). required marks the vertices that must be ends of the path.
func newPlan(g *graph.Graph, order []int32, required []int32, freeEnds bool) (*plan, error) {
	n := g.N()
	if order == nil {
		order = make([]int32, n)
		for i := range order {
			order[i] = int32(i)
		}
	}
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
	// last[v]: the step after which v has no unprocessed neighbour.
	last := make([]int32, n)
	for v := range int32(n) {
		last[v] = rank[v]
		for _, w := range g.Neighbors(v) {
			last[v] = max(last[v], rank[w])
		}
	}
	isReq := make([]bool, n)
	for _, v := range required {
		isReq[v] = true
	}
	p := &plan{n: n, steps: make([]step, n)}
	if freeEnds {
		p.fBits = 2
	}
	pos := make([]int32, n) // position of a frontier vertex
	var front []int32
	for i, v := range order {
		if len(front)+1 > maxWidth {
			return nil, fmt.Errorf("%w: %d vertices on the frontier at step %d; at most %d are supported", ErrTooWide, len(front)+1, i+1, maxWidth)
		}
		for j, u := range front {
			pos[u] = int32(j)
		}
		st := step{v: v, in: len(front)}
		for _, w := range g.Neighbors(v) {
			if rank[w] < int32(i) {
				st.nbrPos = append(st.nbrPos, uint8(pos[w]))
			}
		}
		wide := append(front, v)
		var next []int32
		st.rem = make([]uint8, len(wide))
		for j, u := range wide {
			for _, x := range g.Neighbors(u) {
				if rank[x] > int32(i) {
					st.rem[j] = uint8(min(int(st.rem[j])+1, 2))
				}
			}
			if isReq[u] {
				st.req |= 1 << j
			}
			if last[u] <= int32(i) {
				st.remove = append(st.remove, uint8(j))
			} else {
				next = append(next, u)
				st.kept = append(st.kept, uint8(j))
			}
		}
		for u := range int32(n) {
			if rank[u] <= int32(i) {
				continue
			}
			wu := watch{req: isReq[u]}
			for _, x := range g.Neighbors(u) {
				if rank[x] > int32(i) {
					wu.unp++
				} else {
					for j, y := range wide {
						if y == x {
							wu.mask |= 1 << j
						}
					}
				}
			}
			wu.unp = min(wu.unp, 2)
			if wu.unp < 2 || wu.mask != 0 {
				st.watch = append(st.watch, wu)
			}
		}
		st.unproc = n - 1 - i
		for _, wu := range st.watch {
			if wu.unp < 2 {
				st.starve = append(st.starve, wu)
			}
		}
		st.capCheck = st.unproc > 0 && st.unproc <= 2*(len(st.kept)+1)
		p.steps[i] = st
		front = next
		p.width = max(p.width, len(front))
	}
	// Codes go up to codePair + width/2 - 1.
	p.bitsPer = uint(bits.Len(uint(codePair + max(p.width/2, 1) - 1)))
	if p.keyBits() <= 64 {
		for i := range p.steps {
			p.steps[i].fillSWAR(p.bitsPer)
		}
	}
	if kb := p.keyBits(); kb > 128 {
		return nil, fmt.Errorf("%w: a frontier of %d vertices needs %d-bit states; at most 128 are supported (try an order with a narrower frontier)", ErrTooWide, p.width, kb)
	}
	return p, nil
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
	b := bg.Board
	rowMajor := make([]int32, 0, len(bg.CellOf))
	rowMajor = append(rowMajor, identity(len(bg.CellOf))...)
	colMajor := make([]int32, 0, len(bg.CellOf))
	for c := range b.Cols {
		for r := range b.Rows {
			if v := bg.VertexOf[b.Cell(r, c)]; v >= 0 {
				colMajor = append(colMajor, v)
			}
		}
	}
	sweep := rowMajor
	if frontierWidth(bg.Graph, colMajor) < frontierWidth(bg.Graph, rowMajor) {
		sweep = colMajor
	}
	if len(sweep) > maxOptimize {
		return sweep
	}
	return OptimizeOrder(bg.Graph, sweep, 1, 0)
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

// frontierWidth returns the widest frontier of g processed in order.
func frontierWidth(g *graph.Graph, order []int32) int {
	best := 0
	for w := range frontierWidths(g, order, make([]int32, g.N()), make([]int, g.N()+1)) {
		best = max(best, w)
	}
	return best
}

// fillSWAR computes st.sw and the watch fields for b-bit codes.
func (st *step) fillSWAR(b uint) {
	k := len(st.kept)
	fieldOf := make(map[uint8]uint64, k) // widened position -> field top bit
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
				if ws[i].mask>>j&1 != 0 {
					ws[i].fmask |= fieldOf[uint8(j)]
				}
			}
		}
	}
}
