package numberlink

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// checkGenerated asserts the generator's contract on one puzzle: the returned
// solution passes the independent checker, the complete solver counts
// exactly one solution and it is the returned one, and rebuilding the grid
// from its clues gives the same grid.
func checkGenerated(t *testing.T, opt GenerateOptions, g *Grid, sol Solution) {
	t.Helper()
	if g.Rows != opt.Rows || g.Cols != opt.Cols || g.K != opt.K {
		t.Fatalf("grid %dx%d k=%d for options %+v", g.Rows, g.Cols, g.K, opt)
	}
	if msg := checkSolution(g, sol, opt.Rules); msg != "" {
		t.Fatalf("seed %d: returned solution invalid: %s", opt.Seed, msg)
	}
	n, first, _, err := Count(context.Background(), g, 2, SolveOptions{Rules: opt.Rules})
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("seed %d: %d solutions, want 1", opt.Seed, n)
	}
	if !slices.Equal(first, sol) {
		t.Fatalf("seed %d: the solver's solution differs from the returned one", opt.Seed)
	}
	if i, j, adj := adjacentIslands(g); adj && opt.Style == StyleHashi {
		t.Fatalf("seed %d: hashi style but nodes %v and %v touch", opt.Seed, g.Nodes[i], g.Nodes[j])
	}
	for _, nd := range g.Nodes {
		if nd.Mag < 1 || nd.Mag > 4*g.K {
			t.Fatalf("seed %d: clue %d out of range", opt.Seed, nd.Mag)
		}
	}
}

// TestGenerateUnique generates puzzles over many seeds and sizes, for
// k = 1..4 and both styles, and proves each unique with the counter (Count,
// not the generator's own deductions); with -short a smaller sample.
func TestGenerateUnique(t *testing.T) {
	t.Parallel()
	for _, style := range []Style{StyleHashi, StylePuzzledom} {
		for _, size := range []int{7, 10, 15, 30} {
			for k := 1; k <= 4; k++ {
				n := map[int]int{7: 25, 10: 15, 15: 10, 30: 3}[size]
				if testing.Short() {
					n = max(1, n/5)
				}
				t.Run(fmt.Sprintf("%s/%dx%d/k%d", style, size, size, k), func(t *testing.T) {
					t.Parallel()
					for seed := range n {
						opt := GenerateOptions{Rows: size, Cols: size, K: k, Style: style, Seed: int64(seed)}
						g, sol, err := Generate(context.Background(), opt)
						if err != nil {
							t.Fatalf("seed %d: %v", seed, err)
						}
						checkGenerated(t, opt, g, sol)
					}
				})
			}
		}
	}
}

// TestGenerateVariants covers large k, the rule variants, a set island
// count and non-square boards.
func TestGenerateVariants(t *testing.T) {
	t.Parallel()
	cases := []GenerateOptions{
		{Rows: 10, Cols: 10, K: 8},
		{Rows: 10, Cols: 10, K: 2, Rules: Rules{NoLoops: true}},
		{Rows: 10, Cols: 10, K: 3, Style: StylePuzzledom, Rules: Rules{NoLoops: true}},
		{Rows: 9, Cols: 9, K: 2, Rules: Rules{AllowDisconnected: true}},
		{Rows: 6, Cols: 6, K: 2, Style: StylePuzzledom, Rules: Rules{NoLoops: true, AllowDisconnected: true}},
		{Rows: 12, Cols: 12, K: 2, Islands: 40},
		{Rows: 12, Cols: 12, K: 2, Density: 0.3, Style: StylePuzzledom},
		{Rows: 8, Cols: 23, K: 2},
		{Rows: 3, Cols: 3, K: 2},
		{Rows: 2, Cols: 1, K: 3, Style: StylePuzzledom},
		{Rows: 15, Cols: 15, K: 3, Difficulty: Hard, Rules: Rules{NoLoops: true}},
	}
	for _, base := range cases {
		t.Run(fmt.Sprintf("%dx%d/k%d/%s/%s/i%d/d%v", base.Rows, base.Cols, base.K, base.Style, rulesName(base.Rules), base.Islands, base.Difficulty), func(t *testing.T) {
			t.Parallel()
			for seed := range 8 {
				opt := base
				opt.Seed = int64(seed)
				g, sol, err := Generate(context.Background(), opt)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				checkGenerated(t, opt, g, sol)
				if opt.Difficulty > 0 {
					gr, err := Rate(context.Background(), g, SolveOptions{Rules: opt.Rules})
					if err != nil || gr.Level != opt.Difficulty {
						t.Fatalf("seed %d: grade %v (%v), want %v", seed, gr.Level, err, opt.Difficulty)
					}
				}
				if opt.Islands > 0 && len(g.Nodes) < opt.Islands*3/4 {
					t.Fatalf("seed %d: %d islands, asked for %d", seed, len(g.Nodes), opt.Islands)
				}
			}
		})
	}
}

// TestGenerateDeterministic checks that a seed fixes the puzzle.
func TestGenerateDeterministic(t *testing.T) {
	t.Parallel()
	opt := GenerateOptions{Rows: 15, Cols: 15, K: 2, Seed: 42}
	g1, s1, err1 := Generate(context.Background(), opt)
	g2, s2, err2 := Generate(context.Background(), opt)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if !slices.Equal(g1.Clues(), g2.Clues()) || !slices.Equal(s1, s2) {
		t.Fatal("same seed gave different puzzles")
	}
	opt.Seed = 43
	g3, _, err := Generate(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(g1.Clues(), g3.Clues()) {
		t.Fatal("seeds 42 and 43 gave the same puzzle")
	}
}

// TestGenerateBadOptions checks the error for each kind of bad option.
func TestGenerateBadOptions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		opt  GenerateOptions
		want error
	}{
		{GenerateOptions{Rows: 0, Cols: 5, K: 2}, ErrBadSize},
		{GenerateOptions{Rows: 5, Cols: 5, K: 0}, ErrBadK},
		{GenerateOptions{Rows: 5, Cols: 5, K: 2, Islands: 1}, ErrGenerate},
		{GenerateOptions{Rows: 5, Cols: 5, K: 2, Islands: 20}, ErrGenerate},
		{GenerateOptions{Rows: 5, Cols: 5, K: 2, Difficulty: 9}, ErrGenerate},
		{GenerateOptions{Rows: 1, Cols: 1, K: 2}, ErrGenerate},
	}
	for _, c := range cases {
		_, _, err := Generate(context.Background(), c.opt)
		if !errors.Is(err, c.want) {
			t.Errorf("%+v: err %v, want %v", c.opt, err, c.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Generate(ctx, GenerateOptions{Rows: 9, Cols: 9, K: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v", err)
	}
}

// ExampleGenerate makes a small unique puzzle and proves it unique.
func ExampleGenerate() {
	g, _, err := Generate(context.Background(), GenerateOptions{Rows: 5, Cols: 5, K: 2, Seed: 7})
	if err != nil {
		fmt.Println(err)
		return
	}
	n, _, _, _ := Count(context.Background(), g, 2, SolveOptions{})
	fmt.Println(len(g.Nodes) > 1, n)
	// Output: true 1
}

// TestGenerateProgressString: the progress line names the layout, the
// round and what is left undecided.
func TestGenerateProgressString(t *testing.T) {
	t.Parallel()
	p := GenerateProgress{Attempt: 2, Round: 5, Islands: 40, Open: 3}
	if got, want := p.String(), "layout 2, round 5: 40 islands, 3 pairs undecided"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
