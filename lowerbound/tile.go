package lowerbound

import (
	"context"
	"fmt"
	"math/big"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// Split divides a side of length n >= MinSide into n/MinSide parts of
// MinSide..MaxSide cells, the longer parts first: the partition of the
// proof of Proposition II.2, which has the most blocks any partition into
// sides of at least MinSide can have.
func Split(n int) []int {
	if n < MinSide {
		return nil
	}
	parts := make([]int, n/MinSide)
	for i := range parts {
		parts[i] = MinSide
	}
	for extra := range n % MinSide { // at most 4 extra cells, so parts stay <= MaxSide
		parts[extra%len(parts)]++
	}
	return parts
}

// Blocks returns the number of blocks Tile uses on a rows x cols board,
// (rows/5)*(cols/5): the exponent of the bound of Proposition II.2.
func Blocks(rows, cols int) int { return len(Split(rows)) * len(Split(cols)) }

// Tile builds a Winning Path of the rows x cols board (both at least
// MinSide) for move set ms by the tiling of Appendix A, Lemmas A.2 and A.4:
// the board is cut into blocks of Split(rows) x Split(cols) cells, visited
// row of blocks by row of blocks in a serpentine. Every block starts at
// across.Start; a block with a right neighbour in its row ends at
// across.End, which must be one move from v_{3,m+1}, the next block's
// start; the last block of a row ends at turn.End, one move from the start
// of the block below, which is mirrored over the columns as in Lemma A.4.
// Rows of blocks going left are mirrored, so the same two lemmas serve
// both directions. The last block's path has a free end.
//
// It returns the path as row-major 0-based cell indices. An error says
// which block has no path of the required kind, or which join is not a
// move: the paper's LemmaA1 fails on a 5 x 7 or 7 x 5 block. The caller
// verifies the result (the tests use package verify). Each block's path is
// found by hamilton.Find; a block size is searched once per kind.
func Tile(ctx context.Context, ms moves.Set, rows, cols int, across, turn Lemma) ([]int32, error) {
	heights, widths := Split(rows), Split(cols)
	if heights == nil || widths == nil {
		return nil, fmt.Errorf("%dx%d: the tiling needs at least %d rows and columns", rows, cols, MinSide)
	}
	type key struct {
		h, w int
		end  Cell
		free bool
	}
	found := map[key][]int32{} // local cells, row-major in the block
	blockPath := func(h, w int, end Cell, free bool) ([]int32, error) {
		k := key{h, w, end, free}
		if p, ok := found[k]; ok {
			return p, nil
		}
		b, err := board.New(h, w)
		if err != nil {
			return nil, err
		}
		bg := moves.Build(b, ms)
		at := func(c Cell) int32 {
			r, col := c.On(h, w)
			return bg.VertexOf[b.Cell(r-1, col-1)]
		}
		t := int32(-1)
		if !free {
			t = at(end)
		}
		path, _, err := hamilton.Find(ctx, hamilton.Problem{G: bg.Graph}.WithEnds(at(across.Start), t), hamilton.Options{Workers: 1})
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			what := "from " + across.Start.String() + " to " + end.String()
			if free {
				what = "from " + across.Start.String()
			}
			return nil, fmt.Errorf("a %dx%d block has no Winning Path %s: %w", h, w, what, err)
		}
		cells := make([]int32, len(path))
		for i, v := range path {
			cells[i] = bg.CellOf[v]
		}
		found[k] = cells
		return cells, nil
	}

	out := make([]int32, 0, rows*cols)
	top := 0
	for i, h := range heights {
		order := make([]int, len(widths))
		left := make([]int, len(widths)) // first column of each block
		for j := range widths {
			order[j] = j
			if j > 0 {
				left[j] = left[j-1] + widths[j-1]
			}
		}
		mirrored := i%2 == 1
		if mirrored {
			for a, b := 0, len(order)-1; a < b; a, b = a+1, b-1 {
				order[a], order[b] = order[b], order[a]
			}
		}
		for pos, j := range order {
			w := widths[j]
			end, free := across.End, false
			if pos == len(order)-1 {
				end, free = turn.End, i == len(heights)-1
			}
			local, err := blockPath(h, w, end, free)
			if err != nil {
				return nil, err
			}
			for _, c := range local {
				r, col := int(c)/w, int(c)%w
				if mirrored {
					col = w - 1 - col
				}
				out = append(out, int32((top+r)*cols+left[j]+col))
			}
		}
		top += h
	}
	return out, nil
}

// Bound returns the lower bound the tiling gives on the number of Winning
// Paths of a rows x cols board, from per-block counts: the product over
// the blocks of Tile of perBlock(h, w, kind), where kind is across, turn or
// the last block's free end. Different choices inside the blocks give
// different paths of the whole board, so the product is a lower bound
// whenever each factor is (a count capped at a limit is one).
func Bound(rows, cols int, perBlock func(h, w int, kind BlockKind) uint64) *big.Int {
	heights, widths := Split(rows), Split(cols)
	prod := big.NewInt(1)
	if heights == nil || widths == nil {
		return big.NewInt(0)
	}
	for i, h := range heights {
		for pos := range widths {
			j := pos
			if i%2 == 1 {
				j = len(widths) - 1 - pos
			}
			kind := Across
			if pos == len(widths)-1 {
				kind = Turn
				if i == len(heights)-1 {
					kind = Last
				}
			}
			prod.Mul(prod, new(big.Int).SetUint64(perBlock(h, widths[j], kind)))
		}
	}
	return prod
}

// BlockKind says which lemma a block of the tiling uses.
type BlockKind uint8

// The kinds of block in Tile.
const (
	Across BlockKind = iota // ends next to the block on its right (A.1, A.1')
	Turn                    // ends above the block below (A.3)
	Last                    // the last block: any end
)
