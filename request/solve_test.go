package request

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/verify"
)

// TestSearchSolve: a solution is verified and returned as 1-based cells
// from the fixed start; a board without one says why, as an error
// wrapping hamilton.ErrNoSolution.
func TestSearchSolve(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lf   LeaperFlags
		want string // "" for a solution
	}{
		{LeaperFlags{Spec: "5x5", Start: "1,1", End: "5,5"}, ""},
		{LeaperFlags{Spec: "4x4", Moves: "knight"}, "no solution on 4x4 with knight"},
		{LeaperFlags{Spec: "5x5", Moves: "knight", Closed: true}, "no solution on 5x5 with knight"},
	} {
		l, err := NewLeaper(tc.lf, Source{}, solveNames)
		if err != nil {
			t.Fatal(err)
		}
		s, err := l.Search()
		if err != nil {
			t.Fatal(err)
		}
		cells, _, err := s.Solve(t.Context(), s.Options())
		switch {
		case tc.want == "" && (err != nil || len(cells) != 25 || cells[0].Row != 1 || cells[0].Col != 1 || cells[24].Row != 5):
			t.Errorf("%+v: %v %v", tc.lf, cells, err)
		case tc.want != "" && (!errors.Is(err, hamilton.ErrNoSolution) || !strings.HasPrefix(err.Error(), tc.want+" (")):
			t.Errorf("%+v: %v; want %q and the reason", tc.lf, err, tc.want)
		}
	}
}

func TestCellWalk(t *testing.T) {
	t.Parallel()
	l, err := NewLeaper(LeaperFlags{Spec: "3x4", Moves: "knight"}, Source{}, solveNames)
	if err != nil {
		t.Fatal(err)
	}
	path := []verify.Cell{{Row: 1, Col: 1}, {Row: 3, Col: 2}, {Row: 1, Col: 3}}
	var back []verify.Cell
	for r, c := range CellWalk(path) {
		back = append(back, verify.Cell{Row: r + 1, Col: c + 1})
	}
	if !slices.Equal(back, path) {
		t.Fatalf("round trip: %v", back)
	}
	// A partial walk is read whole and refused by the verifier, as a
	// construction's bug.
	if _, n, err := l.ConstructedCells(t.Context(), CellWalk(path)); n != 3 || !errors.As(err, new(*UnverifiedError)) {
		t.Fatalf("a partial walk: %d %v", n, err)
	}
}
