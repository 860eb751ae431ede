package request

import (
	"context"
	"math/big"

	"github.com/boardgraph/boardgraph/count"
)

// gridPath reports whether the count goes through the grid sweep
// (count.CountGrid): the dynamic program on a grid graph (moves 1,0,
// blocked cells allowed), unsharded, in no order the user chose
// (--order-seed keeps the general program, a cross-check).
func (c *Count) gridPath() bool {
	return c.Method == MethodDP && c.isGrid && !c.Flags.Sharded() && c.Flags.OrderSeed == 0
}

// findGrid sets c.grid when the request's graph is a grid graph.
func (c *Count) findGrid() {
	c.grid, c.isGrid = count.GridOf(c.Graph)
}

// countGrid counts with count.CountGrid under the request's memory limit
// and the progress of dp; its refusals are worded as countDP's.
func (c *Count) countGrid(ctx context.Context, dp DPOptions) (*big.Int, count.Stats, error) {
	opt := count.Options{MaxBytes: c.DPTableBytes(), Progress: dp.Progress, ProgressEvery: dp.ProgressEvery}
	total, st, err := count.CountGrid(ctx, c.Problem, c.grid, opt)
	return total, st, dpError(err)
}
