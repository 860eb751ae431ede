package numberlink

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
)

// TestGenerateDifficultyExact: for each named level (and the bounds stage),
// the grader reports exactly that level on puzzles the generator made for
// it, in both styles, and the counter proves them unique.
func TestGenerateDifficultyExact(t *testing.T) {
	t.Parallel()
	n := 8
	if testing.Short() {
		n = 2
	}
	for _, lvl := range []Level{LevelBounds, Easy, Medium, Hard, Expert} {
		for _, style := range []Style{StyleHashi, StylePuzzledom} {
			for _, size := range []int{15, 25} {
				t.Run(fmt.Sprintf("%s/%s/%d", lvl.DifficultyName(), style, size), func(t *testing.T) {
					t.Parallel()
					for seed := range n {
						opt := GenerateOptions{Rows: size, Cols: size, K: 2, Style: style, Seed: int64(seed), Difficulty: lvl}
						g, sol, err := Generate(context.Background(), opt)
						if err != nil {
							t.Fatalf("seed %d: %v", seed, err)
						}
						checkGenerated(t, opt, g, sol)
						gr, err := Rate(context.Background(), g, SolveOptions{})
						if err != nil || gr.Level != lvl {
							t.Fatalf("seed %d: graded %v (%v), want %v", seed, gr.Level, err, lvl)
						}
					}
				})
			}
		}
	}
}

// TestGenerateSpread: islands cover the whole board (on 40x40 no empty
// square window expected to hold 14 islands at the density asked for, each
// quadrant holds 15-35% of them) and the count follows the density.
func TestGenerateSpread(t *testing.T) {
	t.Parallel()
	for _, style := range []Style{StyleHashi, StylePuzzledom} {
		for _, density := range []float64{0.1, 0.2, 0.25} {
			for seed := range 3 {
				opt := GenerateOptions{Rows: 40, Cols: 40, K: 2, Style: style, Density: density, Seed: int64(seed)}
				g, _, err := Generate(context.Background(), opt)
				if err != nil {
					t.Fatalf("%+v: %v", opt, err)
				}
				want := density * 1600
				if got := float64(len(g.Nodes)); got < 0.75*want || got > 1.3*want {
					t.Errorf("%s density %v seed %d: %v islands, want about %v", style, density, seed, got, want)
				}
				var quad [4]int
				for _, nd := range g.Nodes {
					quad[nd.Row/20*2+nd.Col/20]++
				}
				for q, c := range quad {
					if f := float64(c) / float64(len(g.Nodes)); f < 0.15 || f > 0.35 {
						t.Errorf("%s density %v seed %d: quadrant %d holds %.0f%% of the islands", style, density, seed, q, 100*f)
					}
				}
				w := int(math.Ceil(math.Sqrt(14 / density)))
				for r := 0; r+w <= 40; r++ {
					for c := 0; c+w <= 40; c++ {
						empty := true
						for i := r; i < r+w && empty; i++ {
							for j := c; j < c+w; j++ {
								if g.NodeAt(i, j) >= 0 {
									empty = false
									break
								}
							}
						}
						if empty {
							t.Fatalf("%s density %v seed %d: the %dx%d window at %d,%d is empty:\n%s", style, density, seed, w, w, r+1, c+1, formatText(g, Rules{}))
						}
					}
				}
			}
		}
	}
}

// TestGenerateProgressCancel: progress is reported and cancelling from the
// callback stops Generate with the context's error.
func TestGenerateProgressCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	opt := GenerateOptions{Rows: 60, Cols: 60, K: 2, Seed: 3, Progress: func(p GenerateProgress) {
		calls++
		if p.Attempt < 1 || p.Round < 1 || p.Islands < 2 {
			t.Errorf("bad progress %+v", p)
		}
		cancel()
	}}
	if _, _, err := Generate(ctx, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if calls != 1 {
		t.Fatalf("%d progress calls after cancelling in the first", calls)
	}
}

// FuzzGenerate: for any options in range, Generate either fails with
// ErrGenerate or returns a puzzle the counter proves unique with the
// returned solution, of the style and difficulty asked for.
func FuzzGenerate(f *testing.F) {
	f.Add(int64(1), uint8(9), uint8(11), uint8(2), false, uint8(0))
	f.Add(int64(7), uint8(5), uint8(5), uint8(1), true, uint8(2))
	f.Add(int64(3), uint8(16), uint8(12), uint8(3), false, uint8(5))
	f.Fuzz(func(t *testing.T, seed int64, rows, cols, k uint8, puzzledom bool, lvl uint8) {
		opt := GenerateOptions{Rows: 3 + int(rows%18), Cols: 3 + int(cols%18), K: 1 + int(k%4), Seed: seed,
			Difficulty: Level(lvl % 6), MaxAttempts: 30}
		if puzzledom {
			opt.Style = StylePuzzledom
		}
		g, sol, err := Generate(context.Background(), opt)
		if err != nil {
			if !errors.Is(err, ErrGenerate) {
				t.Fatalf("%+v: %v", opt, err)
			}
			return
		}
		checkGenerated(t, opt, g, sol)
		if opt.Difficulty > 0 {
			if gr, err := Rate(context.Background(), g, SolveOptions{}); err != nil || gr.Level != opt.Difficulty {
				t.Fatalf("%+v: graded %v %v", opt, gr.Level, err)
			}
		}
	})
}
