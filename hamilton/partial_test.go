package hamilton

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestCountStoppedLowerBound: a count stopped by its context returns the
// solutions found so far, a positive lower bound, with ctx's error (king
// 5x5 has 729,237,344 directed paths and takes tens of seconds in full).
func TestCountStoppedLowerBound(t *testing.T) {
	t.Parallel()
	bg := testfix.BoardGraph(t, 5, 5, "king")
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		n, _, err := Count(ctx, Problem{G: bg.Graph, Symmetries: bg.Automorphisms()}, Options{Workers: workers})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("workers %d: err %v, want the deadline", workers, err)
		}
		if n == 0 || n >= 729237344 {
			t.Fatalf("workers %d: stopped count %d, want a positive lower bound below 729237344", workers, n)
		}
	}
}
