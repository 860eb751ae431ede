package construct

import (
	"context"
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/moves"
)

// ErrNotCovered reports a case no construction handles (a search may still
// solve it). It is not a proof that no path exists: those are ErrNoTour and
// *EndsError.
var ErrNotCovered = errors.New("no construction covers this case")

// Ends says which walk Build makes: a closed tour when Closed (Start, when
// set, is the cell it is rotated to begin at; End must be nil), otherwise
// an open path, with Start and End the 0-based [row, col] cells it must
// begin and finish at, or nil for free ends.
type Ends struct {
	Start, End *[2]int
	Closed     bool
}

// Build returns a Hamiltonian path (or closed tour) of the leapers ms on a
// plain rows x cols board, without search, streamed in time linear in the
// board. It is the one place where a move set is matched to its
// construction: the knight's (open, closed and between given cells: the
// Conrad et al. criterion of KnightEndsAllowed picks a free end), the
// Diplomatico construction for hopido, and Tile's generic tile-and-stitch
// for every other leaper set (free ends only).
//
// It returns an error wrapping ErrNoTour, or an *EndsError, when a theorem
// says no such walk exists; an error wrapping ErrNotCovered when no
// construction covers the case.
//
// Build is BuildContext without cancellation.
func Build(rows, cols int, ms moves.Set, ends Ends) (Walk, error) {
	return BuildContext(context.Background(), rows, cols, ms, ends)
}

// BuildContext is Build with a context: when ctx is done, the planning of
// a tiling stops and the error is ctx.Err() (the walk itself streams, and
// its consumer stops it).
func BuildContext(ctx context.Context, rows, cols int, ms moves.Set, ends Ends) (Walk, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if ends.Closed && ends.End != nil {
		return nil, fmt.Errorf("%w: a closed tour has no end cell", ErrNotCovered)
	}
	switch ms.PaperSpec() {
	case "1,2":
		return knight(ctx, rows, cols, ends)
	case "3,0+2,2":
		if ends.End != nil || (ends.Start != nil && !ends.Closed) {
			return nil, fmt.Errorf("%w: Diplomatico paths with fixed ends", ErrNotCovered)
		}
		return rotated(classify(DiplomaticoContext(ctx, rows, cols, ends.Closed)))(ends.Start)
	}
	if ends.End != nil || (ends.Start != nil && !ends.Closed) {
		return nil, fmt.Errorf("%w: the generic tiling has free ends (fixed ends are constructed for the knight only)", ErrNotCovered)
	}
	return rotated(classify(TileContext(ctx, rows, cols, ms, ends.Closed)))(ends.Start)
}

// classify keeps theorems (ErrNoTour, *EndsError) as they are and marks any
// other failure as not covered.
func classify(w Walk, err error) (Walk, error) {
	var ends *EndsError
	switch {
	case err == nil:
		return w, nil
	case errors.Is(err, ErrNoTour), errors.As(err, &ends), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return nil, err
	}
	return nil, fmt.Errorf("%w: %w", ErrNotCovered, err)
}

// rotated returns a function that rotates a closed tour to begin at start
// (when not nil).
func rotated(w Walk, err error) func(start *[2]int) (Walk, error) {
	return func(start *[2]int) (Walk, error) {
		if err == nil && start != nil {
			w = Rotate(w, *start)
		}
		return w, err
	}
}

// knight builds the knight's walks: closed tours by KnightClosed (rotated
// to Start), free open paths by KnightOpen, paths with one or two fixed
// ends by KnightPathBetween (a missing end is the first corner-ish cell the
// colour and size rule of KnightEndsAllowed admits).
func knight(ctx context.Context, rows, cols int, ends Ends) (Walk, error) {
	switch {
	case ends.Closed:
		return rotated(classify(knightTiled(ctx, rows, cols, true)))(ends.Start)
	case ends.Start == nil && ends.End == nil:
		return classify(knightTiled(ctx, rows, cols, false))
	case rows < 6 || cols < 6:
		return nil, fmt.Errorf("%w: knight paths with fixed ends need both sides at least 6", ErrNotCovered)
	}
	s, t := ends.Start, ends.End
	other := func(fixed [2]int, fixedIsStart bool) *[2]int {
		for _, c := range [][2]int{{0, 0}, {0, cols - 1}, {rows - 1, 0}, {rows - 1, cols - 1}, {0, 1}, {1, 0}, {rows - 1, cols - 2}, {rows - 2, cols - 1}} {
			a, b := fixed, c
			if !fixedIsStart {
				a, b = c, fixed
			}
			if KnightEndsAllowed(rows, cols, a, b) == nil {
				return &c
			}
		}
		return nil
	}
	if t == nil {
		t = other(*s, true)
	}
	if s == nil {
		s = other(*t, false)
	}
	if s == nil || t == nil {
		return nil, fmt.Errorf("%w: no free end found for the knight's path", ErrNotCovered)
	}
	return classify(KnightPathBetween(rows, cols, *s, *t))
}

// Rotate returns the closed tour w begun at the 0-based cell s instead of
// its own first cell, in constant memory: it runs w once to find s, then
// yields from s to the end and from the beginning up to s. w must yield the
// same cells each time it runs (this package's walks do). If s is not on
// the tour, w is returned unchanged (a verifier will name the start).
func Rotate(w Walk, s [2]int) Walk {
	return func(yield func(int, int) bool) {
		k, i := 0, 0
		for r, c := range w {
			if r == s[0] && c == s[1] {
				k = i
				break
			}
			i++
		}
		i = 0
		for r, c := range w {
			if i >= k && !yield(r, c) {
				return
			}
			i++
		}
		i = 0
		for r, c := range w {
			if i >= k || !yield(r, c) {
				return
			}
			i++
		}
	}
}
