package count_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// The dynamic program agrees with the search counter (hamilton.Count) on
// every board up to 5x7 and 7x5 for hopido, the knight, the camel (1,3)
// and the zebra (2,3) (for the first three only from 21 cells: the smaller
// boards are the oracle table's, TestCountMatchesOracle): open paths free, from a
// corner, from the centre, to a corner, corner to far corner and centre to
// corner, and closed tours free and through a corner (about 12 s of CPU,
// so it runs by default; -short stops at 30 cells).
func TestCountMatchesDFS(t *testing.T) {
	t.Parallel()
	type board struct{ rows, cols int }
	for _, ms := range []string{"hopido", "knight", "1,3", "2,3"} {
		var boards []board
		for r := 1; r <= 7; r++ {
			for c := 1; c <= 7; c++ {
				// The oracle table has every board of at most 20 cells for
				// the first three, not for the zebra.
				// Only BOARDGRAPH_LONG=1 goes past 30 cells: 5x7 and 7x5 (the frontier
				// width of 5x6) are most of the CPU, about 100 s under load.
				if min(r, c) <= 5 && (r*c > 20 || ms == "2,3") && (r*c <= 30 || testfix.Long()) {
					boards = append(boards, board{r, c})
				}
			}
		}
		for _, b := range boards {
			t.Run(fmt.Sprintf("%s/%dx%d", ms, b.rows, b.cols), func(t *testing.T) {
				t.Parallel()
				bg := build(t, b.rows, b.cols, ms)
				cell := func(r, c int) int32 { return bg.VertexOf[bg.Board.Cell(r, c)] }
				corner, far, centre := cell(0, 0), cell(b.rows-1, b.cols-1), cell(b.rows/2, b.cols/2)
				order := count.BoardOrder(bg)
				for _, tc := range []struct {
					name       string
					start, end int32
					closed     bool
				}{
					{"open", -1, -1, false},
					{"open/start=corner", corner, -1, false},
					{"open/start=centre", centre, -1, false},
					{"open/end=corner", -1, corner, false},
					{"open/corner-to-far", corner, far, false},
					{"open/centre-to-corner", centre, corner, false},
					{"closed", -1, -1, true},
					{"closed/start=corner", corner, -1, true},
				} {
					p := hamilton.Problem{G: bg.Graph, Closed: tc.closed}.WithEnds(tc.start, tc.end)
					want, _, err := hamilton.Count(context.Background(), p, hamilton.Options{Workers: 1})
					if err != nil {
						t.Fatalf("%s: hamilton.Count: %v", tc.name, err)
					}
					got, _, err := count.Count(context.Background(), p, count.Options{Order: order, Workers: 1})
					if err != nil {
						t.Fatalf("%s: %v", tc.name, err)
					}
					if got != want {
						t.Errorf("%s: Count = %d, hamilton.Count %d", tc.name, got, want)
					}
				}
			})
		}
	}
}
