package numberlink

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"strings"
	"testing"
)

// sgtAccepts runs "sgt-bridges --generate 1 ID", which parses and validates
// the ID (size, bridge limit, description) and prints it back, or fails.
func sgtAccepts(t *testing.T, bin, id string) {
	t.Helper()
	out, err := exec.Command(bin, "--generate", "1", id).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != id {
		t.Fatalf("sgt-bridges refuses %s: %v: %s", id, err, out)
	}
}

// TestGenerateTathamAccepted: every Hashi-style puzzle over many seeds,
// sizes, k = 1..4 and both loop rules exports to a game ID that Tatham's own
// program accepts, and the counter proves it unique.
func TestGenerateTathamAccepted(t *testing.T) {
	t.Parallel()
	bin := sgtBridges(t)
	// Each sgt-bridges run takes about 0.5 s on a loaded machine, so the
	// default sample is 4 seeds per case (160 IDs); -long checks 25.
	n := 4
	if testing.Short() {
		n = 1
	} else if *long {
		n = 25
	}
	for _, size := range [][2]int{{3, 3}, {7, 7}, {10, 14}, {20, 20}, {40, 30}} {
		for k := 1; k <= 4; k++ {
			for _, noLoops := range []bool{false, true} {
				t.Run(fmt.Sprintf("%dx%d/k%d/L%v", size[0], size[1], k, noLoops), func(t *testing.T) {
					t.Parallel()
					for seed := range n {
						opt := GenerateOptions{Rows: size[0], Cols: size[1], K: k, Seed: int64(seed), Rules: Rules{NoLoops: noLoops}}
						g, sol, err := Generate(context.Background(), opt)
						if err != nil {
							t.Fatalf("seed %d: %v", seed, err)
						}
						checkGenerated(t, opt, g, sol)
						id, err := FormatTatham(g, opt.Rules)
						if err != nil {
							t.Fatalf("seed %d: %v", seed, err)
						}
						sgtAccepts(t, bin, id)
					}
				})
			}
		}
	}
}

// TestFormatTathamRefusesJoined: a Puzzledom grid with touching islands is
// refused by the encoder (and, to show the rule is Tatham's, by Tatham's
// program when written anyway).
func TestFormatTathamRefusesJoined(t *testing.T) {
	t.Parallel()
	g, err := NewGrid(3, 3, 2, []int{1, 1, 0, 0, 0, 0, 0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FormatTatham(g, Rules{}); !errors.Is(err, ErrNotEncodable) || !strings.Contains(err.Error(), "touch") {
		t.Fatalf("FormatTatham of touching islands: %v", err)
	}
	bin := sgtBridges(t)
	out, err := exec.Command(bin, "--generate", "1", "3x3m2:11g").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "joined islands") {
		t.Fatalf("sgt-bridges accepted joined islands: %s", out)
	}
}

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
							t.Fatalf("%s density %v seed %d: the %dx%d window at %d,%d is empty:\n%s", style, density, seed, w, w, r+1, c+1, Draw(g, nil))
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
