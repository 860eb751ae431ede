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

// registerConstructions is THE one place where constructions are wired to
// the CLI.
//
// TO WIRE package construct (lead, when merging): import
// "github.com/boardgraph/boardgraph/construct" and add
//
//	"1,2":     knightBuilder,      // construct.KnightOpen / KnightClosed / KnightPath
//	"3,0+2,2": diplomaticoBuilder, // construct.Diplomatico(rows, cols, closed)
//
// where each builder calls the construct function for (closed, start, end),
// returns fmt.Errorf("%w: ...", errNotCovered) for combinations construct
// has no function for, and turns construct's typed "no such path" error
// into &noSolutionError{...} with its text (the theorem). construct.Walk
// and Walk are the same type, so the walk is returned as is.
func registerConstructions() map[string]builder {
	return map[string]builder{
		// The wazir and king need no tiling: a boustrophedon is a path and
		// a comb is a closed tour. Replace them when construct provides
		// these move sets.
		"1,0":     serpentine,
		"1,0+1,1": serpentine,
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

// serpentine builds wazir (and so king) paths: open, row by row in
// alternating directions from 1,1; closed, when a side is even (and both
// are at least 2), a comb: along the first row, boustrophedon over the
// other rows without the first column, and back up the first column.
func serpentine(rows, cols int, closed bool, start, end *[2]int) (Walk, error) {
	if closed {
		return comb(rows, cols, start)
	}
	last := [2]int{rows - 1, 0}
	if rows%2 == 1 {
		last[1] = cols - 1
	}
	if (start != nil && *start != [2]int{0, 0}) || (end != nil && *end != last) {
		return nil, fmt.Errorf("%w: the boustrophedon runs from 1,1 to %d,%d only", errNotCovered, last[0]+1, last[1]+1)
	}
	return func(yield func(int, int) bool) {
		for r := range rows {
			for i := range cols {
				c := i
				if r%2 == 1 {
					c = cols - 1 - i
				}
				if !yield(r, c) {
					return
				}
			}
		}
	}, nil
}

// comb is a closed wazir tour on a board with an even side, both sides at
// least 2, starting at start (any cell: a tour can be rotated).
func comb(rows, cols int, start *[2]int) (Walk, error) {
	if rows < 2 || cols < 2 || (rows%2 == 1 && cols%2 == 1) {
		return nil, fmt.Errorf("%w: the comb tour needs both sides at least 2 and one of them even", errNotCovered)
	}
	transpose := rows%2 == 1
	if transpose {
		rows, cols = cols, rows
	}
	// at returns the i-th cell of the tour from 1,1 (rows even).
	at := func(i int) (int, int) {
		switch {
		case i < cols:
			return 0, i
		case i < rows*cols-(rows-1):
			j := i - cols
			r, k := 1+j/(cols-1), j%(cols-1)
			if r%2 == 1 {
				return r, cols - 1 - k
			}
			return r, 1 + k
		}
		return rows - 1 - (i - (rows*cols - (rows - 1))), 0
	}
	w := Walk(func(yield func(int, int) bool) {
		for i := range rows * cols {
			r, c := at(i)
			if transpose {
				r, c = c, r
			}
			if !yield(r, c) {
				return
			}
		}
	})
	if start != nil {
		w = rotateTour(w, *start)
	}
	return w, nil
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
