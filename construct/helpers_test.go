package construct

import (
	"fmt"

	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

// rulesFor describes, for the independent verifier, an empty board.
func rulesFor(rows, cols int, set moves.Set, closed bool) verify.Rules {
	r := verify.Rules{Rows: rows, Cols: cols, Closed: closed, Name: set.Name}
	for _, lp := range set.Leapers {
		r.Leapers = append(r.Leapers, [2]int{lp.A, lp.B})
	}
	return r
}

// check collects w and verifies it with package verify.
func check(w Walk, rows, cols int, set moves.Set, closed bool) error {
	path := make([]verify.Cell, 0, rows*cols)
	for r, c := range w {
		if len(path) > rows*cols {
			return fmt.Errorf("walk longer than %d cells", rows*cols)
		}
		path = append(path, verify.Cell{Row: r + 1, Col: c + 1})
	}
	return verify.Path(rulesFor(rows, cols, set, closed), path)
}
