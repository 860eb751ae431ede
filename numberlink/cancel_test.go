package numberlink

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// denseClues returns the clues of a rows x cols k-grid with an island on
// every cell and a solution: random connections of 1 to 3 along every
// row and of 0 to 3 down every column (1 to 3 down the first), each
// clue the sum at its cell. The puzzle has a great many solutions, and
// the solver's stages and probing work over the whole grid at every node
// (issue 33: the "dense" grids of 600x600 and 2000x2000).
func denseClues(rows, cols int, seed uint64) []int {
	r := rand.New(rand.NewPCG(seed, 33))
	clues := make([]int, rows*cols)
	for i := range rows {
		for j := range cols {
			c := i*cols + j
			if j+1 < cols {
				b := 1 + r.IntN(3)
				clues[c] += b
				clues[c+1] += b
			}
			if i+1 < rows {
				b := r.IntN(4)
				if j == 0 {
					b = 1 + r.IntN(3)
				}
				clues[c] += b
				clues[c+cols] += b
			}
		}
	}
	return clues
}

// TestStopsInsideNodeWork: on a dense 600x600 grid with k = 100, where
// one search node's deductions take seconds, Solve, Rate and
// UnsolvableContext end within 2 s of a deadline of 1 s, and so does
// Generate on a 1000x1000 board at density 0.5 (issue 33: the
// checks ran every 256 search nodes only, and a 600x600 grid with
// --timeout 3s ran 19 s; before the fix this test ran for minutes). The
// search must not take the stop for a contradiction: it returns the
// context's error, not ErrNoSolution. It measures time, so it skips
// under the race detector, which slows each pass over the grid tenfold.
func TestStopsInsideNodeWork(t *testing.T) {
	if testfix.Race {
		t.Skip("measures how soon a deadline stops the work; the race detector slows it tenfold")
	}
	t.Parallel()
	g, err := NewGrid(600, 600, 100, denseClues(600, 600, 1))
	if err != nil {
		t.Fatal(err)
	}
	const deadline = time.Second
	for _, tc := range []struct {
		name string
		run  func(ctx context.Context) error
	}{
		{"solve", func(ctx context.Context) error {
			_, _, err := Solve(ctx, g, SolveOptions{})
			return err
		}},
		{"grade", func(ctx context.Context) error {
			_, err := Rate(ctx, g, SolveOptions{})
			return err
		}},
		{"generate 1000x1000", func(ctx context.Context) error {
			// Laying out 500,000 islands took seconds with no look at ctx.
			_, _, err := Generate(ctx, GenerateOptions{Rows: 1000, Cols: 1000, K: 2, Density: 0.5, Seed: 1})
			return err
		}},
		{"proposition", func(ctx context.Context) error {
			v, err := UnsolvableContext(ctx, g, Rules{})
			if v != nil {
				return v
			}
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), deadline)
			defer cancel()
			began := time.Now()
			err := tc.run(ctx)
			took := time.Since(began)
			t.Logf("%v after %v", err, took)
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("error %v after %v, want the deadline's", err, took)
			}
			if took > deadline+2*time.Second {
				t.Errorf("stopped %v after its deadline of %v, over 2 s", took-deadline, deadline)
			}
		})
	}
}
