package construct

import (
	"context"

	"github.com/boardgraph/boardgraph/moves"
)

// KnightOpen returns an open knight's path on an empty rows x cols board.
// By the classical existence theorem (docs/references.md, Knight) a board m x n
// with m <= n has one exactly when it is 1x1, 3x4, 3 x n with n >= 7,
// 4 x n with n >= 5, or m, n >= 5; on any other board the error wraps
// ErrNoTour and names the case. The walk is built by Tile.
func KnightOpen(rows, cols int) (Walk, error) {
	return knightTiled(context.Background(), rows, cols, false)
}

// knightTiled is KnightOpen (closed: KnightClosed) with a context for the
// tiling's planning.
func knightTiled(ctx context.Context, rows, cols int, closed bool) (Walk, error) {
	missing := knightOpenMissing
	if closed {
		missing = knightClosedMissing
	}
	if reason := missing(rows, cols); reason != "" {
		return nil, &Error{rows, cols, "knight", closed, reason, ErrNoTour}
	}
	return TileContext(ctx, rows, cols, moves.Knight(), closed)
}

// KnightClosed returns a closed knight's tour on an empty rows x cols board.
// By Schwenk's theorem (Schwenk 1991) a board m x n with m <= n has one
// unless m and n are both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8;
// on those boards the error wraps ErrNoTour and names the case. The walk is
// built by Tile.
func KnightClosed(rows, cols int) (Walk, error) {
	return knightTiled(context.Background(), rows, cols, true)
}

// Diplomatico returns a Hamiltonian path (closed: a closed tour) of the
// Diplomatico / Hopido moves (moves.Hopido) on an empty rows x cols board,
// tiled from blocks of 5 to 9 rows and columns as in the Diplomatico paper's
// Appendix A (Lemmas A.1 to A.4) but with block paths and their ends found
// by the engine rather than fixed. Boards with a side of 2 or 3 have no path
// (their rows fall apart; docs/references.md) and 4x4 has none (its inner cells
// have one move each); the error then wraps ErrNoTour.
func Diplomatico(rows, cols int, closed bool) (Walk, error) {
	return DiplomaticoContext(context.Background(), rows, cols, closed)
}

// DiplomaticoContext is Diplomatico with a context: when ctx is done, the
// tiling's planning stops and the error is ctx.Err().
func DiplomaticoContext(ctx context.Context, rows, cols int, closed bool) (Walk, error) {
	m, n := min(rows, cols), max(rows, cols)
	switch {
	case (m == 2 || m == 3) && n > 1:
		return nil, &Error{rows, cols, "hopido", closed,
			"with a side of 2 or 3 the board graph is disconnected (its rows fall apart)", ErrNoTour}
	case m == 1 && n > 1:
		return nil, &Error{rows, cols, "hopido", closed,
			"on a single line only hops of 3 remain and they do not connect the cells", ErrNoTour}
	case m == 4 && n == 4:
		return nil, &Error{rows, cols, "hopido", closed,
			"the four inner cells of 4x4 have one move each (Diplomatico paper)", ErrNoTour}
	}
	return TileContext(ctx, rows, cols, moves.Hopido(), closed)
}

// knightOpenMissing names why a board has no open knight's path, or "".
func knightOpenMissing(rows, cols int) string {
	m, n := min(rows, cols), max(rows, cols)
	switch {
	case m < 1:
		return "the board is empty"
	case m == 1 && n == 1:
		return ""
	case m <= 2:
		return "a board with a side of 1 or 2 has no knight's path (it is disconnected)"
	case m == 3 && (n == 3 || n == 5 || n == 6):
		return "3x3, 3x5 and 3x6 have no knight's path (open tours on 3 x n exist for n = 4 and n >= 7)"
	case m == 4 && n == 4:
		return "4x4 has no knight's path (open tours on 4 x n exist for n >= 5)"
	}
	return ""
}

// knightClosedMissing names why a board has no closed knight's tour
// (Schwenk 1991), or "".
func knightClosedMissing(rows, cols int) string {
	m, n := min(rows, cols), max(rows, cols)
	switch {
	case m < 1:
		return "the board is empty"
	case m%2 == 1 && n%2 == 1:
		return "both sides are odd, and a knight's tour alternates colours (Schwenk 1991)"
	case m == 1 || m == 2 || m == 4:
		return "a side of 1, 2 or 4 leaves no closed knight's tour (Schwenk 1991)"
	case m == 3 && (n == 4 || n == 6 || n == 8):
		return "3x4, 3x6 and 3x8 have no closed knight's tour (Schwenk 1991)"
	}
	return ""
}
