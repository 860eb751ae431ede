package numberlink

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestLatticeGeometry: on both lattices, opposite directions step back,
// the forward directions (one per axis, in direction order) lead to later
// cells in row-major order, each line number lies in Lines' range and is
// affine in the column along a row, and a step along an axis stays on its
// line: what NewLatticeGrid's sweep relies on.
func TestLatticeGeometry(t *testing.T) {
	t.Parallel()
	for _, lat := range []Lattice{Square, Hex} {
		m := lat.Directions()
		fwd := forward(lat)
		if len(fwd) != m/2 {
			t.Fatalf("%s: forward %v", lat.Name(), fwd)
		}
		for i, d := range fwd {
			if axis(d, m) == axis(fwd[(i+1)%len(fwd)], m) && len(fwd) > 1 {
				t.Fatalf("%s: two forward directions on one axis", lat.Name())
			}
		}
		for rows := 1; rows <= 9; rows++ {
			for cols := 1; cols <= 9; cols++ {
				for r := range rows {
					for c := range cols {
						for d := range Direction(m) {
							r2, c2 := lat.Step(r, c, d)
							if r3, c3 := lat.Step(r2, c2, opposite(d, m)); r3 != r || c3 != c {
								t.Fatalf("%s: (%d,%d) %v and back gives (%d,%d)", lat.Name(), r, c, d, r3, c3)
							}
							a := axis(d, m)
							if lat.Line(r2, c2, a) != lat.Line(r, c, a) {
								t.Fatalf("%s: a step %v leaves the line of axis %d", lat.Name(), d, a)
							}
						}
						for a := range m / 2 {
							first, n := lat.Lines(rows, cols, a)
							if l := lat.Line(r, c, a); l < first || l >= first+n {
								t.Fatalf("%s %dx%d: line %d of axis %d at (%d,%d) outside %d+%d", lat.Name(), rows, cols, l, a, r, c, first, n)
							}
							if c > 0 && lat.Line(r, c, a)-lat.Line(r, c-1, a) != lat.Line(0, 1, a)-lat.Line(0, 0, a) {
								t.Fatalf("%s: axis %d not affine along row %d", lat.Name(), a, r)
							}
						}
					}
				}
			}
		}
		for _, d := range fwd {
			if r, c := lat.Step(4, 4, d); r < 4 || r == 4 && c <= 4 {
				t.Fatalf("%s: forward %v goes back", lat.Name(), d)
			}
		}
	}
}

// TestHexDeductionStages: the grader's stages, τ and the restarting solver
// run on the hexagonal lattice as on the square one. The 3x5 hex puzzle of
// hexgrid's testdata is decided by τ and by the bounds stage; random hex
// grids get the same count from Count (restarts) as from Enumerate, and
// any grid Rate grades below search has exactly one solution.
func TestHexDeductionStages(t *testing.T) {
	t.Parallel()
	g, err := NewLatticeGrid(context.Background(), Hex, 3, 5, 2, []int{2, 0, 4, 0, 1, 0, 2, 0, 0, 0, 2, 0, 5, 0, 2})
	if err != nil {
		t.Fatal(err)
	}
	gr, err := Rate(context.Background(), g, SolveOptions{})
	if err != nil || !gr.Tau || gr.Level != LevelBounds || gr.Solutions != 1 {
		t.Fatalf("Rate: %+v %v", gr, err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	graded := 0
	for range 300 {
		rows, cols, k := 2+rng.IntN(4), 2+rng.IntN(4), 1+rng.IntN(2)
		clues := make([]int, rows*cols)
		for i := range clues {
			if rng.IntN(2) == 0 {
				clues[i] = 1 + rng.IntN(3*k)
			}
		}
		g, err := NewLatticeGrid(context.Background(), Hex, rows, cols, k, clues)
		if err != nil {
			t.Fatal(err)
		}
		n, _, _, err := Count(context.Background(), g, 0, SolveOptions{})
		m, _, err2 := Enumerate(context.Background(), g, SolveOptions{}, func(sol Solution) bool {
			if VerifySolution(g, Rules{}, sol) != nil {
				t.Fatalf("%v: an unverified solution", clues)
			}
			return true
		})
		if err != nil || err2 != nil || n != m {
			t.Fatalf("%v: Count %d, Enumerate %d (%v %v)", clues, n, m, err, err2)
		}
		gr, err := Rate(context.Background(), g, SolveOptions{})
		if n == 0 != (err == ErrNoSolution) {
			t.Fatalf("%v: %d solutions, Rate %v", clues, n, err)
		}
		if err == nil && gr.Level < LevelSearch {
			graded++
			if n != 1 {
				t.Fatalf("%v: graded %v with %d solutions", clues, gr.Level, n)
			}
		}
	}
	if graded == 0 {
		t.Fatal("no random hex grid was decided by a deduction stage")
	}
}
