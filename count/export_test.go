package count

import (
	"context"

	"github.com/boardgraph/boardgraph/hamilton"
)

// CountWide is Count with 128-bit state keys even where 64 bits suffice.
func CountWide(ctx context.Context, p hamilton.Problem, opt Options) (uint64, Stats, error) {
	lo, _, st, err := countWith(ctx, p, opt, true, false, false)
	return lo, st, err
}
