package puzzleio

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/numberlink"
)

func TestDraw(t *testing.T) {
	t.Parallel()
	// 2 . 3 1
	// . . . .
	// 2 . 2 .   (k = 2): the unique solution.
	g := gridOf(t, 3, 4, 2, 2, 0, 3, 1, 0, 0, 0, 0, 2, 0, 2, 0)
	sols := solutions(t, g)
	if len(sols) != 1 {
		t.Fatalf("%d solutions, want 1", len(sols))
	}
	sol := sols[0]
	got := Draw(g, sol)
	golden := "2---3-1\n|   |\n| . | .\n|   |\n2---2 .\n"
	if got != golden {
		t.Errorf("Draw =\n%s\nwant\n%s", got, golden)
	}
	br, err := ParseDrawing(g, []byte(got))
	if err != nil {
		t.Fatal(err)
	}
	back, err := numberlink.SolutionFromBridges(g, br)
	if err != nil || !slices.Equal(back, sol) {
		t.Errorf("ParseDrawing: %v %v, want %v", back, err, sol)
	}
	// k >= 3 draws counts as digits.
	g3 := gridOf(t, 1, 2, 3, 3, 3)
	if got := Draw(g3, numberlink.Solution{3}); got != "333\n" {
		t.Errorf("k=3: %q", got)
	}
}

// TestDrawRoundTrip draws random partial assignments of random grids (k = 1..4,
// clues up to 16) and parses them back.
func TestDrawRoundTrip(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for it := range 300 {
		rows, cols, k := 1+rng.IntN(6), 1+rng.IntN(6), 1+rng.IntN(4)
		clues := make([]int, rows*cols)
		for i := range clues {
			if rng.IntN(2) == 0 {
				clues[i] = 1 + rng.IntN(16)
			}
		}
		g := gridOf(t, rows, cols, k, clues...)
		sol := make(numberlink.Solution, len(g.Pairs))
		for p := range sol {
			// Respect crossings so that the drawing is well defined.
			ok := true
			for _, q := range g.Crossings[p] {
				if sol[q] > 0 {
					ok = false
				}
			}
			if ok {
				sol[p] = int8(rng.IntN(k + 1))
			}
		}
		pic := Draw(g, sol)
		br, err := ParseDrawing(g, []byte(pic))
		if err != nil {
			t.Fatalf("case %d: %v\n%s", it, err, pic)
		}
		back, err := numberlink.SolutionFromBridges(g, br)
		if err != nil || !slices.Equal(back, sol) {
			t.Fatalf("case %d: got %v %v, want %v\n%s", it, back, err, sol, pic)
		}
	}
}

func TestParseDrawingErrors(t *testing.T) {
	t.Parallel()
	g := gridOf(t, 1, 3, 2, 1, 0, 1)
	for _, tc := range []struct{ pic, want string }{
		{"1---1\n.\n", "lines"},
		{"2---1\n", "clue is 1"},
		{"1-.-1\n", "breaks off"},
		{"1-----1\n", "characters"},
		{"1|--1\n", "not a horizontal bridge"},
	} {
		_, err := ParseDrawing(g, []byte(tc.pic))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.pic, err, tc.want)
		}
	}
}

func ExampleDraw() {
	g, _, _ := Parse([]byte("k=2\n2.2\n...\n2.2\n"))
	sol := make(numberlink.Solution, len(g.Pairs))
	for p := range sol {
		sol[p] = 1
	}
	fmt.Print(Draw(g, sol))
	// Output:
	// 2---2
	// |   |
	// | . |
	// |   |
	// 2---2
}

func FuzzParseDrawing(f *testing.F) {
	f.Add("2---3-1\n|   |\n| . | .\n|   |\n2---2 .\n")
	f.Add("2===3-1\n\"   \"\n")
	g := gridOf(f, 3, 4, 2, 2, 0, 3, 1, 0, 0, 0, 0, 2, 0, 2, 0)
	f.Fuzz(func(t *testing.T, pic string) {
		br, err := ParseDrawing(g, []byte(pic))
		if err != nil {
			if !errors.Is(err, ErrFormat) || strings.Contains(err.Error(), "\n") {
				t.Errorf("bad error %q", err)
			}
			return
		}
		// Whatever parses is a list of segments between nodes along rows or
		// columns; Verify must judge it without panicking.
		_ = numberlink.Verify(g.Rows, g.Cols, g.Clues(), g.K, numberlink.Rules{}, br)
		if _, err := numberlink.SolutionFromBridges(g, br); err != nil && !errors.Is(err, numberlink.ErrOverLimit) {
			t.Errorf("parsed bridges do not map to pairs: %v", err)
		}
	})
}

// solutions returns every solution of g under the standard rules (the
// grids here are small), failing the test if there is none.
func solutions(t testing.TB, g *numberlink.Grid) []numberlink.Solution {
	t.Helper()
	sols, err := numberlink.Solutions(context.Background(), g, numberlink.Rules{}, 1<<20)
	if err != nil || len(sols) == 0 {
		t.Fatalf("Solutions: %d solutions, %v", len(sols), err)
	}
	return sols
}
