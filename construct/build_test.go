package construct

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

// TestBuildVerify runs Build for the dedicated constructions (knight,
// Diplomatico) and the generic tiling (wazir, king, camel) on every board
// from 1x1 to 12x12, open and closed, free and from a corner: each walk must
// pass the independent verifier, and each refusal must be ErrNotCovered or
// a proof (ErrNoTour, *EndsError).
func TestBuildVerify(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{"1,2", "3,0+2,2", "1,0", "1,0+1,1", "1,3"} {
		t.Run(spec, func(t *testing.T) {
			t.Parallel()
			ms, err := moves.Parse(spec)
			if err != nil {
				t.Fatal(err)
			}
			var leapers [][2]int
			for part := range strings.SplitSeq(spec, "+") {
				var a, b int
				if _, err := fmt.Sscanf(part, "%d,%d", &a, &b); err != nil {
					t.Fatal(err)
				}
				leapers = append(leapers, [2]int{a, b})
			}
			built := 0
			for rows := 1; rows <= 12; rows++ {
				for cols := 1; cols <= 12; cols++ {
					for _, closed := range []bool{false, true} {
						for _, start := range []*[2]int{nil, {0, 0}} {
							w, err := Build(rows, cols, ms, Ends{Start: start, Closed: closed})
							var ends *EndsError
							if err != nil {
								if !errors.Is(err, ErrNotCovered) && !errors.Is(err, ErrNoTour) && !errors.As(err, &ends) {
									t.Fatalf("%dx%d closed=%v: error %v is neither ErrNotCovered nor a proof", rows, cols, closed, err)
								}
								continue
							}
							var path []verify.Cell
							for r, c := range w {
								path = append(path, verify.Cell{Row: r + 1, Col: c + 1})
								if len(path) > rows*cols {
									break
								}
							}
							rules := verify.Rules{Rows: rows, Cols: cols, Leapers: leapers, Closed: closed}
							if start != nil {
								rules.Start = &verify.Cell{Row: 1, Col: 1}
							}
							if err := verify.Path(rules, path); err != nil {
								t.Fatalf("%dx%d closed=%v start=%v: %v", rows, cols, closed, start, err)
							}
							built++
						}
					}
				}
			}
			if built == 0 {
				t.Fatal("the construction covered no board up to 12x12")
			}
		})
	}
}

// TestBuildKnightEnds: a knight's path between two fixed cells, and one
// with a single fixed end (Build picks the other by the colour rule).
func TestBuildKnightEnds(t *testing.T) {
	t.Parallel()
	knight, _ := moves.Parse("knight")
	for _, ends := range []Ends{
		{Start: &[2]int{0, 0}, End: &[2]int{7, 0}},
		{Start: &[2]int{0, 0}},
		{End: &[2]int{7, 7}},
	} {
		w, err := Build(8, 8, knight, ends)
		if err != nil {
			t.Fatalf("%+v: %v", ends, err)
		}
		var path []verify.Cell
		for r, c := range w {
			path = append(path, verify.Cell{Row: r + 1, Col: c + 1})
		}
		rules := verify.Rules{Rows: 8, Cols: 8, Leapers: [][2]int{{1, 2}}}
		if ends.Start != nil {
			rules.Start = &verify.Cell{Row: ends.Start[0] + 1, Col: ends.Start[1] + 1}
		}
		if ends.End != nil {
			rules.End = &verify.Cell{Row: ends.End[0] + 1, Col: ends.End[1] + 1}
		}
		if err := verify.Path(rules, path); err != nil {
			t.Fatalf("%+v: %v", ends, err)
		}
	}
	if _, err := Build(8, 8, knight, Ends{Closed: true, End: &[2]int{0, 0}}); !errors.Is(err, ErrNotCovered) {
		t.Fatalf("closed with an end: %v, want ErrNotCovered", err)
	}
}

func TestRotate(t *testing.T) {
	t.Parallel()
	base := [][2]int{{0, 0}, {0, 1}, {1, 1}, {1, 0}}
	w := Walk(func(yield func(int, int) bool) {
		for _, c := range base {
			if !yield(c[0], c[1]) {
				return
			}
		}
	})
	for k, s := range base {
		var got [][2]int
		for r, c := range Rotate(w, s) {
			got = append(got, [2]int{r, c})
		}
		for i := range base {
			if got[i] != base[(k+i)%len(base)] {
				t.Fatalf("start %v: got %v, want the rotation of %v", s, got, base)
			}
		}
		n := 0
		for range Rotate(w, s) {
			if n++; n == 2 {
				break
			}
		}
	}
}
