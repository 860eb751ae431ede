package numberlink

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

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
	g, err := NewGrid(600, 600, 100, testfix.DenseKGridClues(600, 600, 1))
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
