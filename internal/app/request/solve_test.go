package request

import (
	"errors"
	"fmt"
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
		s := searchOf(t, tc.lf, Source{}, solveNames)
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

// TestNewSolve: the format follows --out's name, a strategy makes auto
// search, and the binary format is refused without a file or for a move
// set it cannot hold.
func TestNewSolve(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lf             LeaperFlags
		f              SolveFlags
		format, method string
	}{
		{LeaperFlags{Spec: "5x5"}, SolveFlags{}, "grid", "auto"},
		{LeaperFlags{Spec: "5x5", Out: "p.txt"}, SolveFlags{Method: "Construct"}, "path", "construct"},
		{LeaperFlags{Spec: "5x5", Out: "p.BGP"}, SolveFlags{Strategy: "okuno-miyano"}, "binary", "search"},
		{LeaperFlags{Spec: "5x5", Out: "p.bgp", Format: "json"}, SolveFlags{Method: "construct"}, "json", "construct"},
	} {
		sv, err := NewSolve(tc.lf, tc.f, Source{})
		if err != nil || sv.Output.Format != tc.format || sv.Method != tc.method {
			t.Errorf("%+v %+v: %+v %v; want %s by %s", tc.lf, tc.f, sv, err, tc.format, tc.method)
		}
	}
	for _, tc := range []struct {
		lf   LeaperFlags
		f    SolveFlags
		want string
	}{
		{LeaperFlags{Spec: "5x5"}, SolveFlags{Strategy: "greedy"}, "--strategy"},
		{LeaperFlags{Spec: "5x5"}, SolveFlags{Method: "guess"}, `unknown --method "guess"`},
		// A construction has no strategy or seed: refused, not ignored (#10).
		{LeaperFlags{Spec: "5x5"}, SolveFlags{Strategy: "default", Method: "construct"}, "--strategy default with --method construct: a construction does not search, so it has no strategy or seed; drop --strategy, or use --method search"},
		{LeaperFlags{Spec: "5x5"}, SolveFlags{Strategy: "okuno-miyano", Method: "Construct"}, "drop --strategy"},
		{LeaperFlags{Spec: "5x5"}, SolveFlags{Seed: 3, Method: "construct"}, "--seed 3 with --method construct"},
		{LeaperFlags{Spec: "5x5", Format: "binary"}, SolveFlags{}, "give --out FILE"},
		{LeaperFlags{Spec: "8x8", Format: "bgp", Out: "x", Moves: manyLeapers()}, SolveFlags{}, "use --format path"},
	} {
		if _, err := NewSolve(tc.lf, tc.f, Source{}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v %+v: %v; want an input error with %q", tc.lf, tc.f, err, tc.want)
		}
	}
}

// manyLeapers is a union of 203 leapers, whose spec is longer than the
// 255 bytes the binary path format holds for a move set's name.
func manyLeapers() string {
	var parts []string
	for a := 1; a <= 7; a++ {
		for b := a; b < 30; b++ {
			parts = append(parts, fmt.Sprintf("%d,%d", a, b))
		}
	}
	return strings.Join(parts, "+")
}

// TestWriteEnumerated: grids are separated by a blank line; a board
// without solutions says why.
func TestWriteEnumerated(t *testing.T) {
	t.Parallel()
	l, err := NewLeaper(LeaperFlags{Spec: "1x3", Moves: "king"}, Source{}, solveNames)
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	for i, p := range [][]verify.Cell{{{Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 1, Col: 3}}, {{Row: 1, Col: 3}, {Row: 1, Col: 2}, {Row: 1, Col: 1}}} {
		if err := l.WriteEnumerated(&buf, uint64(i+1), p); err != nil {
			t.Fatal(err)
		}
	}
	if got := buf.String(); !strings.HasPrefix(got, "1 2 3\n\n3 2 1\n") {
		t.Fatalf("two grids:\n%q", got)
	}
	l, err = NewLeaper(LeaperFlags{Spec: "3x3", Moves: "knight"}, Source{}, solveNames)
	if err != nil {
		t.Fatal(err)
	}
	s, err := l.Search()
	if err != nil {
		t.Fatal(err)
	}
	if r := s.NoSolutionReason(); r == "" || r == "the search examined every possibility" {
		t.Fatalf("knight 3x3 (the centre is isolated): %q", r)
	}
}
