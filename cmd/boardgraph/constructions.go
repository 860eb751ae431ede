package main

import (
	"errors"
	"fmt"
	"iter"

	"github.com/boardgraph/boardgraph/construct"
	"github.com/boardgraph/boardgraph/moves"
)

// Walk streams the cells of a Hamiltonian path (or of a closed tour, whose
// last cell is one move from the first) in visiting order as 0-based
// (row, col). It is the same type as construct.Walk (the shared contract
// in notes/ownership.md); a 10^8-cell walk allocates nothing per cell.
type Walk = iter.Seq2[int, int]

// builder builds a path on a plain rows x cols board without search, in
// time linear in the board. start and end, when not nil, are the 0-based
// cells the path must begin and finish at (end is nil for closed tours).
// It returns an error wrapping errNotCovered when its construction does
// not cover the case (solve --method auto then falls back to search), or a
// *noSolutionError naming the theorem when no such path exists.
type builder func(rows, cols int, closed bool, start, end *[2]int) (Walk, error)

// errNotCovered says a construction does not handle a case.
var errNotCovered = errors.New("no construction covers this case")

// builders maps a move set, written as leaperSpec writes it ("1,2",
// "3,0+2,2", "1,0+1,1"), to its construction.
var builders = registerConstructions()

// registerConstructions is the one place where dedicated constructions are
// wired to the CLI: the knight's (open, closed and between given cells) and
// Diplomatico's. Every other leaper set goes through builderFor's generic
// tile-and-stitch.
func registerConstructions() map[string]builder {
	return map[string]builder{
		"1,2":     knightBuilder,
		"3,0+2,2": diplomaticoBuilder,
	}
}

// fromConstruct maps construct's errors onto the CLI's: a theorem saying
// there is no such path (ErrNoTour, *EndsError) is a proof (exit 1); any
// other failure means the construction does not cover the case.
func fromConstruct(w construct.Walk, err error) (Walk, error) {
	var ends *construct.EndsError
	switch {
	case err == nil:
		return w, nil
	case errors.Is(err, construct.ErrNoTour), errors.As(err, &ends):
		return nil, &noSolutionError{err.Error()}
	}
	return nil, fmt.Errorf("%w: %v", errNotCovered, err)
}

// knightBuilder: closed tours by construct.KnightClosed (rotated to
// --start), free open paths by KnightOpen, paths with a fixed end or two
// by KnightPathBetween (a missing end is the first corner-ish cell the
// colour rule allows).
func knightBuilder(rows, cols int, closed bool, start, end *[2]int) (Walk, error) {
	switch {
	case closed:
		w, err := fromConstruct(construct.KnightClosed(rows, cols))
		if err == nil && start != nil {
			w = rotateTour(w, *start)
		}
		return w, err
	case start == nil && end == nil:
		return fromConstruct(construct.KnightOpen(rows, cols))
	case rows < 6 || cols < 6:
		return nil, fmt.Errorf("%w: knight paths with fixed ends need both sides at least 6", errNotCovered)
	}
	s, t := start, end
	other := func(fixed [2]int, fixedIsStart bool) *[2]int {
		for _, c := range [][2]int{{0, 0}, {0, cols - 1}, {rows - 1, 0}, {rows - 1, cols - 1}, {0, 1}, {1, 0}, {rows - 1, cols - 2}, {rows - 2, cols - 1}} {
			a, b := fixed, c
			if !fixedIsStart {
				a, b = c, fixed
			}
			if construct.KnightEndsAllowed(rows, cols, a, b) == nil {
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
		return nil, fmt.Errorf("%w: no free end found for the knight's path", errNotCovered)
	}
	return fromConstruct(construct.KnightPathBetween(rows, cols, *s, *t))
}

// diplomaticoBuilder: construct.Diplomatico, closed tours rotated to
// --start; fixed ends are not covered (auto searches instead).
func diplomaticoBuilder(rows, cols int, closed bool, start, end *[2]int) (Walk, error) {
	if end != nil || (start != nil && !closed) {
		return nil, fmt.Errorf("%w: Diplomatico paths with fixed ends", errNotCovered)
	}
	w, err := fromConstruct(construct.Diplomatico(rows, cols, closed))
	if err == nil && start != nil {
		w = rotateTour(w, *start)
	}
	return w, err
}

// builderFor returns the construction for ms: a dedicated one from
// builders, otherwise construct.Tile's generic tile-and-stitch for walks
// with free ends (issue 4, "generic").
func builderFor(ms moves.Set) builder {
	if b := builders[leaperSpec(ms)]; b != nil {
		return b
	}
	return func(rows, cols int, closed bool, start, end *[2]int) (Walk, error) {
		if end != nil || (start != nil && !closed) {
			return nil, fmt.Errorf("%w: the generic tiling has free ends (fixed ends are constructed for the knight only)", errNotCovered)
		}
		w, err := construct.Tile(rows, cols, ms, closed)
		if errors.Is(err, construct.ErrUnsupported) {
			return nil, fmt.Errorf("%w: %v", errNotCovered, err)
		}
		w, err = fromConstruct(w, err)
		if err == nil && start != nil {
			w = rotateTour(w, *start)
		}
		return w, err
	}
}

// rotateTour returns the closed tour w begun at the 0-based cell s instead
// of its own first cell, in constant memory: it runs w once to find s, then
// yields from s to the end and from the beginning up to s. w must yield the
// same cells each time it runs (construct's walks do). If s is not on the
// tour, w is returned unchanged and the verifier will name the start.
func rotateTour(w Walk, s [2]int) Walk {
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
