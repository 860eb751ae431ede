package numberlink

import (
	"context"
	"errors"
	"math"
	"testing"
)

// TestMinK: on generated puzzles of several k and on hand cases, MinK's k
// solves (checked by the verifier), k - 1 has no solution by the
// complete solver (and the brute-force counter where the grid is small), and the
// result never exceeds the k the puzzle was made for.
func TestMinK(t *testing.T) {
	t.Parallel()
	for k := 1; k <= 4; k++ {
		for seed := range 12 {
			g, _, err := Generate(context.Background(), GenerateOptions{Rows: 6, Cols: 6, K: k, Seed: int64(seed), Style: StylePuzzledom, Density: 0.3})
			if err != nil {
				t.Fatal(err)
			}
			res, err := MinK(context.Background(), g, SolveOptions{})
			if err != nil {
				t.Fatalf("k=%d seed %d: %v", k, seed, err)
			}
			if res.K > k || res.K < res.Lower {
				t.Fatalf("k=%d seed %d: min k %d (lower %d)", k, seed, res.K, res.Lower)
			}
			if err := VerifySolution(res.Grid, Rules{}, res.Solution); err != nil {
				t.Fatalf("k=%d seed %d: %v", k, seed, err)
			}
			if res.K > 1 {
				below, err := NewGrid(g.Rows, g.Cols, res.K-1, g.Clues())
				if err != nil {
					t.Fatal(err)
				}
				n, _, _, err := Count(context.Background(), below, 1, SolveOptions{})
				if err != nil || n != 0 {
					t.Fatalf("k=%d seed %d: min k %d but Count finds %d solutions at k=%d (%v)", k, seed, res.K, n, res.K-1, err)
				}
				if math.Pow(float64(below.K+1), float64(len(below.Pairs))) <= 2e5 {
					if n := naiveCount(below, Rules{}); n != 0 {
						t.Fatalf("k=%d seed %d: min k %d but brute force finds %d solutions at k=%d", k, seed, res.K, n, res.K-1)
					}
				}
			}
		}
	}
	// Two 3s side by side need k = 3; a lone pair of 5s needs k = 5; an
	// isolated node is unsolvable for every k.
	for _, c := range []struct {
		clues []int
		rows  int
		want  int
	}{{[]int{3, 3}, 1, 3}, {[]int{5, 0, 5}, 1, 5}, {[]int{2, 4, 2}, 1, 2}, {[]int{1, 0, 0, 0, 1, 0, 0, 0, 0}, 3, -1}} {
		g, err := NewGrid(c.rows, len(c.clues)/c.rows, 1, c.clues)
		if err != nil {
			t.Fatal(err)
		}
		res, err := MinK(context.Background(), g, SolveOptions{})
		if c.want < 0 {
			if !errors.Is(err, ErrNoSolution) {
				t.Errorf("%v: %v, want no solution", c.clues, err)
			}
			continue
		}
		if err != nil || res.K != c.want {
			t.Errorf("%v: min k %d (%v), want %d", c.clues, res.K, err, c.want)
		}
	}
}

// TestMinKHex: MinK keeps the grid's lattice. On the hex triangle 5, 5, 2
// (the 5s share four connections) it finds k = 4 above the bound 3, at a
// hex grid; read on the square lattice the same clues have no triangle
// and no k solves them.
func TestMinKHex(t *testing.T) {
	t.Parallel()
	clues := []int{5, 5, 2, 0}
	g, err := NewLatticeGrid(context.Background(), Hex, 2, 2, 1, clues)
	if err != nil {
		t.Fatal(err)
	}
	res, err := MinK(context.Background(), g, SolveOptions{})
	if err != nil || res.K != 4 || res.Lower != 3 || len(res.Refuted) != 1 || res.Grid.Lattice != Hex {
		t.Fatalf("hex: %+v %v", res, err)
	}
	if err := VerifySolution(res.Grid, Rules{}, res.Solution); err != nil {
		t.Fatal(err)
	}
	sq, err := NewGrid(2, 2, 1, clues)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := MinK(context.Background(), sq, SolveOptions{}); !errors.Is(err, ErrNoSolution) {
		t.Fatalf("square: %v, want ErrNoSolution", err)
	}
}
