package hexgrid

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink"
)

// TestGenerateUnique: every generated puzzle, over many seeds, sizes, k and
// rules, has exactly one solution by a complete count (no limit), the
// returned solution passes the independent verifier, and on boards small
// enough the brute force agrees; the same seed gives the same puzzle.
func TestGenerateUnique(t *testing.T) {
	sizes := [][3]int{{3, 3, 1}, {3, 4, 2}, {4, 4, 2}, {4, 5, 3}, {5, 5, 2}, {6, 6, 1}, {7, 7, 2}, {8, 8, 3}, {10, 10, 2}, {12, 12, 2}}
	seeds := testfix.Scale(12, 4, 12)
	brute := 0
	for _, sz := range sizes {
		for seed := range seeds {
			for _, rules := range []Rules{{}, {NoLoops: true}} {
				name := fmt.Sprintf("%dx%d k=%d seed %d %+v", sz[0], sz[1], sz[2], seed, rules)
				opt := GenerateOptions{Rows: sz[0], Cols: sz[1], K: sz[2], Seed: uint64(seed), Rules: rules}
				g, sol, err := Generate(context.Background(), opt)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if err := Verify(g, rules, sol); err != nil {
					t.Fatalf("%s: solution rejected: %v", name, err)
				}
				n, first, _, err := numberlink.Count(context.Background(), g, 0, SolveOptions{Rules: rules})
				if err != nil || n != 1 || !slices.Equal(first, sol) {
					t.Fatalf("%s: %d solutions (%v), want exactly the generated one", name, n, err)
				}
				if len(naivePairs(g.Rows, g.Cols, g.Clues())) <= 14 {
					brute++
					if b := bruteCount(g.Rows, g.Cols, g.Clues(), g.K, rules); b != 1 {
						t.Fatalf("%s: brute force finds %d solutions", name, b)
					}
				}
				if seed == 0 {
					again, _, _ := Generate(context.Background(), opt)
					if !slices.Equal(again.Clues(), g.Clues()) {
						t.Fatalf("%s: not deterministic", name)
					}
				}
			}
		}
	}
	if brute == 0 {
		t.Fatal("no puzzle small enough for the brute force")
	}
	t.Logf("%d puzzles also checked by brute force", brute)
}

func TestGenerateErrors(t *testing.T) {
	for _, opt := range []GenerateOptions{{Rows: 1, Cols: 1, K: 2}, {Rows: 5, Cols: 5, K: 0}, {Rows: 5, Cols: 5, K: 2, Density: 2}} {
		if _, _, err := Generate(context.Background(), opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Generate(ctx, GenerateOptions{Rows: 8, Cols: 8, K: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
