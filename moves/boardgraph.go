package moves

import (
	"context"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/graph"
)

// BoardGraph is the graph of a move set on a board (the Diplomatico paper's
// Board Graph, Definition II.1, generalised to any leaper set and blocked
// cells): one vertex per open cell, in row-major order, and an edge between
// two open cells one move apart.
type BoardGraph struct {
	*graph.Graph
	Board *board.Board
	Moves Set
	// CellOf maps a vertex to its board cell.
	CellOf []int32
	// VertexOf maps a board cell to its vertex, or -1 for a blocked cell.
	VertexOf []int32
}

// Cells returns the board cells of the vertices vs, in order (a vertex
// path as the cells it visits).
func (bg *BoardGraph) Cells(vs []int32) []int32 {
	out := make([]int32, len(vs))
	for i, v := range vs {
		out[i] = bg.CellOf[v]
	}
	return out
}

// Build returns the board graph of s on b. The cost is O(cells * moves); the
// adjacency is built directly in CSR form, two passes, no edge list.
func Build(b *board.Board, s Set) *BoardGraph {
	bg, _ := BuildContext(context.Background(), b, s)
	return bg
}

// checkEvery is how many cells or vertices BuildContext and
// AutomorphismsContext handle between two looks at their context: a few
// milliseconds of work.
const checkEvery = 1 << 16

// stopped reports ctx's error every checkEvery-th i (nil otherwise).
func stopped(ctx context.Context, i int32) error {
	if i%checkEvery != 0 {
		return nil
	}
	return ctx.Err()
}

// BuildContext is Build that gives up with ctx's error when ctx ends: a
// 2048 x 2048 board takes seconds to build.
func BuildContext(ctx context.Context, b *board.Board, s Set) (*BoardGraph, error) {
	cells := b.Cells()
	bg := &BoardGraph{Board: b, Moves: s, VertexOf: make([]int32, cells)}
	for cell := range int32(cells) {
		if err := stopped(ctx, cell); err != nil {
			return nil, err
		}
		if b.Blocked(cell) {
			bg.VertexOf[cell] = -1
			continue
		}
		bg.VertexOf[cell] = int32(len(bg.CellOf))
		bg.CellOf = append(bg.CellOf, cell)
	}
	vecs := s.Vectors()
	// Sorting by the linear offset makes each adjacency list come out sorted,
	// because vertex numbering is monotone in cell index.
	sortByOffset(vecs, b.Cols)
	n := len(bg.CellOf)
	offsets := make([]int32, n+1)
	each := func(v int32, f func(w int32)) {
		r, c := b.RowCol(bg.CellOf[v])
		for _, d := range vecs {
			r2, c2 := r+d.DR, c+d.DC
			if !b.Inside(r2, c2) {
				continue
			}
			if w := bg.VertexOf[b.Cell(r2, c2)]; w >= 0 {
				f(w)
			}
		}
	}
	for v := range int32(n) {
		if err := stopped(ctx, v); err != nil {
			return nil, err
		}
		k := int32(0)
		each(v, func(int32) { k++ })
		offsets[v+1] = offsets[v] + k
	}
	targets := make([]int32, offsets[n])
	for v := range int32(n) {
		if err := stopped(ctx, v); err != nil {
			return nil, err
		}
		i := offsets[v]
		each(v, func(w int32) { targets[i] = w; i++ })
	}
	g, err := graph.FromCSR(offsets, targets)
	if err != nil {
		panic("moves: built an invalid graph: " + err.Error()) // programmer error
	}
	bg.Graph = g
	return bg, nil
}

func sortByOffset(vecs []Vec, cols int) {
	for i := 1; i < len(vecs); i++ {
		for j := i; j > 0 && vecs[j].DR*cols+vecs[j].DC < vecs[j-1].DR*cols+vecs[j-1].DC; j-- {
			vecs[j], vecs[j-1] = vecs[j-1], vecs[j]
		}
	}
}

// Automorphisms returns the board's symmetries (board.Symmetries) as vertex
// permutations of the graph. Leaper sets are closed under every sign and
// order change, so each symmetry of the board is an automorphism of its
// graph.
func (bg *BoardGraph) Automorphisms() [][]int32 {
	out, _ := bg.AutomorphismsContext(context.Background())
	return out
}

// AutomorphismsContext is Automorphisms that gives up with ctx's error
// when ctx ends.
func (bg *BoardGraph) AutomorphismsContext(ctx context.Context) ([][]int32, error) {
	syms, err := bg.Board.SymmetriesContext(ctx)
	if err != nil {
		return nil, err
	}
	var out [][]int32
	for _, cellPerm := range syms {
		p := make([]int32, len(bg.CellOf))
		for v, cell := range bg.CellOf {
			if err := stopped(ctx, int32(v)); err != nil {
				return nil, err
			}
			p[v] = bg.VertexOf[cellPerm[cell]]
		}
		out = append(out, p)
	}
	return out, nil
}

// CentreRank ranks vertices for Warnsdorff tie-breaking: cells farther from
// the board's centre get lower ranks and are tried first, which keeps the
// path along the edge where cells are hardest to reach late (the classic
// tie-break for knight's tours).
func (bg *BoardGraph) CentreRank() []int32 {
	b := bg.Board
	rank := make([]int32, len(bg.CellOf))
	for v, cell := range bg.CellOf {
		r, c := b.RowCol(cell)
		rank[v] = centreRank(b.Rows, b.Cols, r, c)
	}
	return rank
}

// maxRank is the largest rank centreRank gives: the engines keep 23 bits.
const maxRank = 1<<23 - 1

// centreRank is the rank of cell (r, c) on a rows x cols board: the largest
// squared distance from the centre minus the cell's, so 0 at the corners.
// Where that exceeds maxRank (boards over about 2048 x 2048) it is scaled
// down into maxRank, which merges neighbouring rings but keeps the order:
// clamping instead would give every cell near the centre the same rank.
func centreRank(rows, cols, r, c int) int32 {
	maxD := (int64(rows-1)*int64(rows-1) + int64(cols-1)*int64(cols-1)) / 4 // at the corners
	dr, dc := int64(2*r-(rows-1)), int64(2*c-(cols-1))
	d := (dr*dr + dc*dc) / 4 // squared distance from the centre
	x := maxD - d
	if maxD > maxRank {
		x = x * maxRank / maxD
	}
	return int32(max(0, x))
}
