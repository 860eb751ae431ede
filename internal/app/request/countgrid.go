package request

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/progress"
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

// GridLayerBytes is the share of --max-memory the grid sweep's layers
// may take (gridLayerBytes, memory.go).
func (c *Count) GridLayerBytes() int64 { return gridLayerBytes(c.MaxMemory) }

// gridNsPerStep is the CPU time of one frontier state, cell and prime of
// the grid sweep on this project's 2-core machine, loaded (docs/results.md:
// 18x18 and 20x20 cycles, issue 31's lean sweep), for the refusal's
// estimate.
const gridNsPerStep = 2

// countGrid counts with count.CountGrid under the request's memory limit
// and the progress of dp; a refusal names --max-memory as the user gave
// it, what would fit, and the time the count would take.
func (c *Count) countGrid(ctx context.Context, dp DPOptions) (*big.Int, count.Stats, error) {
	opt := count.Options{MaxBytes: c.GridLayerBytes(), Workers: c.Workers, Progress: dp.Progress, ProgressEvery: dp.ProgressEvery}
	total, st, err := count.CountGrid(ctx, c.Problem, c.grid, opt)
	if rerr := c.gridRefused(err, false); rerr != nil {
		return nil, st, rerr
	}
	return total, st, dpError(err)
}

// gridRefused words a refusal of the grid sweep (count.GridRefusal) in
// the user's terms: the memory and CPU time the count needs, --max-memory
// as the user gave it (or its default) and the value that would fit. It
// returns nil when err is no refusal. task says the count is one prime's
// (count --prime-index): one pass, not one a prime.
func (c *Count) gridRefused(err error, task bool) error {
	var gr *count.GridRefusal
	if !errors.As(err, &gr) {
		return nil
	}
	limit := "--max-memory " + c.Flags.MaxMemory
	if c.Flags.MaxMemory == "" {
		limit = "the default --max-memory of " + progress.Bytes(c.MaxMemory) + " (3/4 of the memory available)"
	}
	need := int64(gr.NeedBytes/0.9) + 64<<20
	primes, passes := max(gr.Primes, 1), fmt.Sprintf("then %d primes one after the other", max(gr.Primes, 1))
	if task {
		primes, passes = 1, "one pass for this prime"
	}
	cpu := gr.WordSteps * float64(primes) * gridNsPerStep * 1e-9
	return inputf("the grid sweep %d cells wide needs about %sB (two layers of up to %d frontier states, one 64-bit count each, %s; about %s of CPU), over %s; give --max-memory %s or more, or count a narrower board",
		gr.Width, sizeFlag(need), gr.States, passes, progress.Round(time.Duration(cpu*float64(time.Second))).String(), limit, sizeFlag(need))
}

// sizeFlag writes n bytes as a --max-memory value, rounded up to a G
// from 10G on, else to an M.
func sizeFlag(n int64) string {
	if n >= 10<<30 {
		return strconv.FormatInt((n+1<<30-1)>>30, 10) + "G"
	}
	return strconv.FormatInt((n+1<<20-1)>>20, 10) + "M"
}
