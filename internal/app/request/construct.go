package request

import (
	"context"
	"errors"

	"github.com/boardgraph/boardgraph/construct"
	"github.com/boardgraph/boardgraph/moves"
)

// AutoConstructCells is where method "auto" switches from search to
// construction (when the board is plain and a construction exists for the
// move set): boards of more than 2^18 cells (about 512x512). Below it the
// search answers in well under a second and gives varied solutions; above
// it the search's memory grows by some 340 bytes per cell (757 MB at
// 1500x1500), while a construction streams in constant memory.
const AutoConstructCells = 1 << 18

// Builder builds a path without search, its planning stopped when ctx
// ends; construct.BuildContext is the one to use (tests substitute their
// own).
type Builder func(ctx context.Context, rows, cols int, ms moves.Set, ends construct.Ends) (construct.Walk, error)

// Construction decides between search and construction for method
// ("auto", "search" or "construct") and returns the walk built by build
// (nil: construct.BuildContext) under ctx, or a nil walk to search. Errors: ErrInput for a
// request the method cannot serve (with the fix), construct.ErrNoTour or
// a *construct.EndsError for a proof that no path exists, others as build
// returned them.
func (l *Leaper) Construction(ctx context.Context, method string, build Builder) (construct.Walk, error) {
	if build == nil {
		build = construct.BuildContext
	}
	b := l.Board
	plain := b.Plain()
	switch {
	case method == "search":
		return nil, nil
	case method == "auto" && b.Cells() > MaxSearchCells && !plain:
		return nil, inputf("the %s board has %d cells: too many for search (at most %d), and constructions need a plain board; use a smaller board", b.Spec(), b.Cells(), MaxSearchCells)
	case method == "auto" && (!plain || b.Cells() <= AutoConstructCells):
		return nil, nil
	case !plain:
		return nil, inputf("--method construct needs a plain board (no blocked cells or givens); use --method search")
	}
	if b.Cells() > MaxSearchCells && (l.Output.Out == "" || (l.Output.Format != "path" && l.Output.Format != "binary")) {
		return nil, inputf("the %s board has %d cells, too many to hold in memory: write the path to a file with --out FILE --format path or binary, or use a smaller board", b.Spec(), b.Cells())
	}
	ends := construct.Ends{Closed: l.Closed}
	if c := l.Start; c != nil {
		ends.Start = &[2]int{c.Row - 1, c.Col - 1}
	}
	if c := l.End; c != nil {
		ends.End = &[2]int{c.Row - 1, c.Col - 1}
	}
	walk, err := build(ctx, b.Rows, b.Cols, l.Moves, ends)
	switch {
	case errors.Is(err, construct.ErrNotCovered) && method == "auto" && b.Cells() <= MaxSearchCells:
		return nil, nil // search instead
	case errors.Is(err, construct.ErrNotCovered):
		return nil, inputf("%w; use --method search on boards of at most %d cells", err, MaxSearchCells)
	case err != nil:
		return nil, err
	}
	return walk, nil
}
