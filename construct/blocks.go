package construct

import (
	"context"
	"slices"
	"sync/atomic"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// A block is an h x w rectangle cut from the board. Its cells are numbered
// row-major from 0 (local cells); the tiler places a block by adding its
// origin.

// free marks an end of a block path that may be any cell.
const free = -1

// pathKind says what a block query asks for.
type pathKind int8

const (
	kindPath  pathKind = iota // one Hamiltonian path a1 -> b1
	kindTwo                   // two disjoint paths a1 -> b1 and a2 -> b2 covering the block
	kindCycle                 // a closed tour of the whole block
)

// pathKey identifies a block query. Ends are local cells or free.
type pathKey struct {
	h, w           int16
	kind           pathKind
	a1, b1, a2, b2 int16
}

// blockPath is a cached answer: the cells in visiting order as local rows
// and columns. For kindTwo the first split cells are the path a1 -> b1 and
// the rest the path a2 -> b2.
type blockPath struct {
	rows, cols []int8
	split      int
}

// shapeGraph is the graph of the move set on one block shape, with the
// colour of every cell when the graph is connected and bipartite (colour
// is then a necessary condition on the ends of every query).
type shapeGraph struct {
	bg       *moves.BoardGraph
	rank     []int32
	colour   []int8 // nil unless connected and bipartite
	balance  int    // (cells of colour 0) - (cells of colour 1)
	edges    [][2]int32
	isolated bool // some cell has no move at all
}

// library caches, for one move set, the block graphs, the block paths found
// by the engine, the tiler's port lists and port decisions and (for the
// knight) the s-t covers, each in a bounded LRU cache (see lru). It is
// shared by every board built with that move set and safe for concurrent
// use.
type library struct {
	set moves.Set

	shapes *lru[[2]int16, *shapeGraph]
	paths  *lru[pathKey, *blockPath] // nil value: the engine found none
	steps  *lru[stepKey, step]
	nsteps *lru[narrowKey, narrowStep]
	ports  *lru[portKey, []port]
	covers *lru[stKey, *stCover] // nil value: searched, no cover found
}

// Cache bounds, in entries per move set. A plan of any board uses a few
// hundred distinct keys of each kind at most (the decisions repeat along
// the bands), so the bounds only matter to processes that construct many
// different boards; a block path is at most maxBlockCells cells, so the
// block paths take at most about 25 MiB per move set.
const (
	shapeCacheLimit = 1 << 10
	pathCacheLimit  = 1 << 15
	stepCacheLimit  = 1 << 15
	portCacheLimit  = 1 << 12
	coverCacheLimit = 1 << 14 // entries for blocks holding s or t differ for every pair
	libraryLimit    = 16      // move sets
)

// effort is the engine work one call of Tile may spend on blocks that are
// not cached yet (nil: unlimited), and the call's context.
type effort struct {
	nodes atomic.Uint64
	limit uint64
	ctx   context.Context // nil: never cancelled
}

// tileEffort is the engine node allowance of one Tile call: enough for every
// block a new board of knight or Diplomatico moves needs many times over,
// and a bound on the time spent on move sets whose blocks the engine cannot
// find.
const tileEffort = 40_000_000

// spent reports whether the allowance is used up or the context is done.
func (ef *effort) spent() bool {
	return ef != nil && (ef.nodes.Load() >= ef.limit || ef.ctx != nil && ef.ctx.Err() != nil)
}

// cancelled reports whether the context is done (the allowance aside).
func (ef *effort) cancelled() bool {
	return ef != nil && ef.ctx != nil && ef.ctx.Err() != nil
}

// context returns the context engine calls run under.
func (ef *effort) context() context.Context {
	if ef == nil || ef.ctx == nil {
		return context.Background()
	}
	return ef.ctx
}
func (ef *effort) charge(n uint64) {
	if ef != nil {
		ef.nodes.Add(n)
	}
}

// libraries holds the libraries of the move sets used most recently.
var libraries = newLRU[string, *library](libraryLimit)

// libraryFor returns the shared library of set.
func libraryFor(set moves.Set) *library {
	spec := set.Spec()
	if l, ok := libraries.get(spec); ok {
		return l
	}
	return libraries.add(spec, &library{
		set:    set,
		shapes: newLRU[[2]int16, *shapeGraph](shapeCacheLimit),
		paths:  newLRU[pathKey, *blockPath](pathCacheLimit),
		steps:  newLRU[stepKey, step](stepCacheLimit),
		nsteps: newLRU[narrowKey, narrowStep](stepCacheLimit),
		ports:  newLRU[portKey, []port](portCacheLimit),
		covers: newLRU[stKey, *stCover](coverCacheLimit),
	})
}

// maxBlockCells bounds the blocks the engine is asked to solve.
const maxBlockCells = 400

// blockBudget is the node budget per cell of one engine call on a block: a
// block path that Warnsdorff's ordering does not find within it counts as
// missing (the tiler then tries another port), so a budget never makes a
// walk wrong, only the search for ports longer.
const blockBudget = 200

// shape returns the graph of an h x w block.
func (l *library) shape(h, w int) *shapeGraph {
	k := [2]int16{int16(h), int16(w)}
	if s, ok := l.shapes.get(k); ok {
		return s
	}
	b, err := board.New(h, w)
	if err != nil {
		panic("construct: block " + err.Error()) // h, w are checked by the tiler
	}
	bg := moves.Build(b, l.set)
	s := &shapeGraph{bg: bg, rank: bg.CentreRank()}
	off, tg := bg.CSR()
	for v := 0; v < bg.N(); v++ {
		if off[v] == off[v+1] {
			s.isolated = true
		}
		for _, u := range tg[off[v]:off[v+1]] {
			if int32(v) < u {
				s.edges = append(s.edges, [2]int32{int32(v), u})
			}
		}
	}
	if _, n := bg.Components(); n == 1 {
		if side, ok := bg.Bipartition(); ok {
			s.colour = side
			for _, c := range side {
				s.balance += 1 - 2*int(c)
			}
		}
	}
	return l.shapes.add(k, s)
}

// excess is the colour balance a path from a to b must have: +1 when both
// ends are of colour 0, -1 when both are of colour 1, 0 otherwise.
func (s *shapeGraph) excess(a, b int16) int {
	ca, cb := s.colour[a], s.colour[b]
	if ca != cb {
		return 0
	}
	return 1 - 2*int(ca)
}

// parityOK applies the colour-class condition (a necessary condition on
// bipartite graphs) to a query with both ends of every path given.
func (s *shapeGraph) parityOK(k pathKey) bool {
	if s.colour == nil {
		return true
	}
	switch k.kind {
	case kindCycle:
		return s.balance == 0
	case kindTwo:
		switch {
		case k.a1 == free && k.b2 == free:
			return true
		case k.b2 == free:
			// The second path's balance is 0 or its first cell's sign.
			rem := s.balance - s.excess(k.a1, k.b1)
			return rem == 0 || rem == 1-2*int(s.colour[k.a2])
		case k.a1 == free:
			rem := s.balance - s.excess(k.a2, k.b2)
			return rem == 0 || rem == 1-2*int(s.colour[k.b1])
		}
		return s.excess(k.a1, k.b1)+s.excess(k.a2, k.b2) == s.balance
	}
	if k.a1 == free || k.b1 == free {
		return true // hamilton's own precheck decides these
	}
	return s.excess(k.a1, k.b1) == s.balance
}

// path returns the cached answer to query k, asking the engine on a miss.
// A nil result means the engine found no such path within its budget.
//
// Engine calls are charged to ef; once ef is spent, misses answer nil
// without asking the engine and without caching (so a later plan with a
// fresh allowance asks again).
func (l *library) path(k pathKey, ef *effort) *blockPath {
	if p, ok := l.paths.get(k); ok {
		return p
	}
	s := l.shape(int(k.h), int(k.w))
	if ef.spent() {
		return nil
	}
	var p *blockPath
	if !s.isolated && s.parityOK(k) {
		var nodes uint64
		p, nodes = solveBlock(ef.context(), s, k)
		ef.charge(nodes)
	}
	if p == nil && ef.spent() {
		return nil // perhaps cancelled: not an answer to remember
	}
	return l.paths.add(k, p) // another goroutine's earlier answer wins
}

// solveBlock runs the engine (hamilton.Find: Warnsdorff-ordered search with
// restarts, one worker, a fixed seed so that answers repeat) on query k.
// Two disjoint paths a1 -> b1 and a2 -> b2 are found as one Hamiltonian path
// a1 -> b2 of the block graph plus a virtual vertex adjacent to b1 and a2
// only: having degree 2, the virtual vertex must lie between them, and
// removing it leaves the two paths.
func solveBlock(ctx context.Context, s *shapeGraph, k pathKey) (*blockPath, uint64) {
	n := s.bg.N()
	p := hamilton.Problem{G: s.bg.Graph}.WithEnds(int32(k.a1), int32(k.b1))
	budget := max(5000, blockBudget*n)
	if (k.a1 == free && k.b1 == free) || k.kind == kindCycle {
		budget *= 20 // a whole small board: worth a longer search
	}
	opt := hamilton.Options{Workers: 1, MaxNodes: uint64(budget), Rank: s.rank}
	switch k.kind {
	case kindCycle:
		p = p.WithEnds(max(int32(k.a1), 0), free)
		p.Closed = true
	case kindTwo:
		if (k.a1 != free && k.a1 == k.b1) || (k.b2 != free && k.a2 == k.b2) || k.b1 == k.a2 {
			return nil, 0
		}
		edges := append(append([][2]int32(nil), s.edges...),
			[2]int32{int32(k.b1), int32(n)}, [2]int32{int32(k.a2), int32(n)})
		g, err := graph.FromEdges(n+1, edges)
		if err != nil {
			return nil, 0
		}
		rank := append(append([]int32(nil), s.rank...), int32(n))
		p = hamilton.Problem{G: g}.WithEnds(int32(k.a1), int32(k.b2))
		opt.Rank = rank
	}
	if k.kind == kindPath && k.a1 != free && k.a1 == k.b1 && n > 1 {
		return nil, 0
	}
	var (
		vs    []int32
		nodes uint64
	)
	for seed := range uint64(twoTries) {
		opt.Seed = seed
		var (
			err error
			st  hamilton.Stats
		)
		vs, st, err = hamilton.Find(ctx, p, opt)
		nodes += st.Nodes
		if err != nil {
			// ErrNoSolution, ErrLimit, or a query the engine rejects: in
			// every case this block offers no path and the tiler tries
			// another port.
			return nil, nodes
		}
		// The virtual vertex may also be passed the other way round
		// (a1 -> a2, then b1 -> b2); such a cover pairs the ends wrongly,
		// so the engine is asked again with other tie-breaks.
		if k.kind != kindTwo || orientedTwo(vs, k, n) {
			break
		}
		if k.a1 == free && k.b2 == free {
			slices.Reverse(vs) // both ends free: read the path backwards
			if orientedTwo(vs, k, n) {
				break
			}
		}
		vs = nil
	}
	if vs == nil {
		return nil, nodes
	}
	bp := &blockPath{split: len(vs)}
	w := int(k.w)
	for i, v := range vs {
		if int(v) == n {
			bp.split = i
			continue
		}
		cell := int(s.bg.CellOf[v])
		bp.rows = append(bp.rows, int8(cell/w))
		bp.cols = append(bp.cols, int8(cell%w))
	}
	return bp, nodes
}

// twoTries is how often a two-path query is retried when the engine pairs
// the ends the wrong way round.
const twoTries = 6

// orientedTwo reports whether the path a1 -> b2 through the virtual vertex n
// has b1 just before it (so the two paths are a1 -> b1 and a2 -> b2).
func orientedTwo(vs []int32, k pathKey, n int) bool {
	for i, v := range vs {
		if int(v) == n {
			return i > 0 && vs[i-1] == int32(k.b1)
		}
	}
	return false
}
