package main

import (
	"fmt"

	"github.com/boardgraph/boardgraph/construct"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// Test fixtures: a boustrophedon and a comb, small builders whose walks the
// tests know by heart (the product builds wazir and king walks with
// construct.Tile).

// serpentine builds wazir (and so king) paths: open, row by row in
// alternating directions from 1,1; closed, when a side is even (and both
// are at least 2), a comb: along the first row, boustrophedon over the
// other rows without the first column, and back up the first column.
func serpentine(rows, cols int, closed bool, start, end *[2]int) (construct.Walk, error) {
	if closed {
		return comb(rows, cols, start)
	}
	last := [2]int{rows - 1, 0}
	if rows%2 == 1 {
		last[1] = cols - 1
	}
	if (start != nil && *start != [2]int{0, 0}) || (end != nil && *end != last) {
		return nil, fmt.Errorf("%w: the boustrophedon runs from 1,1 to %d,%d only", construct.ErrNotCovered, last[0]+1, last[1]+1)
	}
	return testfix.Serpentine(rows, cols), nil
}

// comb is a closed wazir tour on a board with an even side, both sides at
// least 2, starting at start (any cell: a tour can be rotated).
func comb(rows, cols int, start *[2]int) (construct.Walk, error) {
	if rows < 2 || cols < 2 || (rows%2 == 1 && cols%2 == 1) {
		return nil, fmt.Errorf("%w: the comb tour needs both sides at least 2 and one of them even", construct.ErrNotCovered)
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
	w := construct.Walk(func(yield func(int, int) bool) {
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
		w = construct.Rotate(w, *start)
	}
	return w, nil
}
