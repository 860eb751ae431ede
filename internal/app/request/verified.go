package request

import (
	"context"
	"iter"

	"github.com/boardgraph/boardgraph/verify"
)

// Verified converts an engine path to 1-based cells and checks it with
// the independent verifier; a rejected path is an *UnverifiedError.
func (s *Search) Verified(path []int32) ([]verify.Cell, error) {
	cells := s.Cells(path)
	if err := verify.Path(s.Rules(), cells); err != nil {
		return nil, &UnverifiedError{Solver: "the engine", Err: err}
	}
	return cells, nil
}

// Verified checks an engine's path with the independent verifier; a
// rejected path is an *UnverifiedError.
func (gr *Graph) Verified(path []int32) error {
	if err := gr.Check(path); err != nil {
		return &UnverifiedError{Solver: "the engine", Err: err}
	}
	return nil
}

// ConstructedCells collects a constructed walk of the request's board
// (0-based row, col pairs; at most one more than the board's cells are
// read) as 1-based cells and checks them with the independent verifier: a
// rejected walk is an *UnverifiedError of "the construction". When ctx
// ends first it returns ctx's error with the number of cells read. It
// holds the whole path: use it for boards the search could hold
// (MaxSearchCells), and Leaper.WritePath to stream larger ones.
func (l *Leaper) ConstructedCells(ctx context.Context, walk iter.Seq2[int, int]) ([]verify.Cell, int, error) {
	var cells []verify.Cell
	n := 0
	for r, c := range walk {
		cells = append(cells, verify.Cell{Row: r + 1, Col: c + 1})
		if n++; n&0xffff == 0 && ctx.Err() != nil {
			return nil, n, ctx.Err()
		}
		if n > l.Board.Cells() {
			break
		}
	}
	if err := verify.Path(l.Rules(), cells); err != nil {
		return nil, n, &UnverifiedError{Solver: "the construction", Err: err}
	}
	return cells, n, nil
}

// CellWalk is the walk of a path of 1-based cells as 0-based (row, col)
// pairs, the form Leaper.WritePath and package pathio stream.
func CellWalk(cells []verify.Cell) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for _, c := range cells {
			if !yield(c.Row-1, c.Col-1) {
				return
			}
		}
	}
}
