package puzzleio

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink"
)

// checkGenerated asserts, for one generated puzzle, that the returned
// solution is valid and the only one (the counter finds exactly one), and
// that the puzzle reads back unchanged from the text format and, where
// Tatham's game IDs can express it, from its game ID.
func checkGenerated(t *testing.T, opt numberlink.GenerateOptions, g *numberlink.Grid, sol numberlink.Solution) {
	t.Helper()
	if err := numberlink.VerifySolution(g, opt.Rules, sol); err != nil {
		t.Fatalf("seed %d: returned solution invalid: %v", opt.Seed, err)
	}
	n, _, _, err := numberlink.Count(context.Background(), g, 2, numberlink.SolveOptions{Rules: opt.Rules})
	if err != nil || n != 1 {
		t.Fatalf("seed %d: %d solutions (%v), want 1", opt.Seed, n, err)
	}
	g2, rules2, err := ParseText([]byte(FormatText(g, opt.Rules)))
	if err != nil || !sameGrid(g, g2) || rules2 != opt.Rules {
		t.Fatalf("seed %d: text round trip: %v", opt.Seed, err)
	}
	if id, err := FormatTatham(g, opt.Rules); err == nil {
		g3, rules3, err := ParseTatham(id)
		if err != nil || !sameGrid(g, g3) || rules3.NoLoops != opt.Rules.NoLoops {
			t.Fatalf("seed %d: Tatham round trip of %s: %v", opt.Seed, id, err)
		}
	}
	if i, j, adj := adjacentIslands(g); adj && opt.Style == numberlink.StyleHashi {
		t.Fatalf("seed %d: hashi style but nodes %v and %v touch", opt.Seed, g.Nodes[i], g.Nodes[j])
	}
}

// TestGeneratedRoundTrip: generated puzzles of both styles, k = 1..4 and
// both loop rules read back unchanged from the text format and Tatham IDs.
func TestGeneratedRoundTrip(t *testing.T) {
	t.Parallel()
	for _, style := range []numberlink.Style{numberlink.StyleHashi, numberlink.StylePuzzledom} {
		for k := 1; k <= 4; k++ {
			for _, noLoops := range []bool{false, true} {
				opt := numberlink.GenerateOptions{Rows: 6, Cols: 7, K: k, Seed: int64(k), Style: style, Rules: numberlink.Rules{NoLoops: noLoops}}
				g, sol, err := numberlink.Generate(context.Background(), opt)
				if err != nil {
					t.Fatalf("%+v: %v", opt, err)
				}
				checkGenerated(t, opt, g, sol)
			}
		}
	}
}

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
	bin := testfix.SGTBridges(t)
	// Each sgt-bridges run takes about 0.5 s on a loaded machine, so the
	// default sample is 2 seeds per case (80 IDs); BOARDGRAPH_LONG=1 runs
	// 8 (320).
	n := testfix.Scale(2, 1, 8)
	for _, size := range [][2]int{{3, 3}, {7, 7}, {10, 14}, {20, 20}, {40, 30}} {
		for k := 1; k <= 4; k++ {
			for _, noLoops := range []bool{false, true} {
				t.Run(fmt.Sprintf("%dx%d/k%d/L%v", size[0], size[1], k, noLoops), func(t *testing.T) {
					t.Parallel()
					for seed := range n {
						opt := numberlink.GenerateOptions{Rows: size[0], Cols: size[1], K: k, Seed: int64(seed), Rules: numberlink.Rules{NoLoops: noLoops}}
						g, sol, err := numberlink.Generate(context.Background(), opt)
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
	g, err := numberlink.NewGrid(3, 3, 2, []int{1, 1, 0, 0, 0, 0, 0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FormatTatham(g, numberlink.Rules{}); !errors.Is(err, ErrNotEncodable) || !strings.Contains(err.Error(), "touch") {
		t.Fatalf("FormatTatham of touching islands: %v", err)
	}
	bin := testfix.SGTBridges(t)
	out, err := exec.Command(bin, "--generate", "1", "3x3m2:11g").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "joined islands") {
		t.Fatalf("sgt-bridges accepted joined islands: %s", out)
	}
}
