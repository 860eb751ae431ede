package count

import (
	"context"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
)

// CountWide is Count with 128-bit state keys even where 64 bits suffice.
func CountWide(ctx context.Context, p hamilton.Problem, opt Options) (uint64, Stats, error) {
	lo, _, st, err := countWith(ctx, p, opt, true, false, false)
	return lo, st, err
}

// SplitEarly returns opt with the split rule at per states per shard
// instead of 1024, so that shards of small boards split early, and with
// cooperative shards that poll every 20 ms.
func SplitEarly(opt Options, per float64) Options {
	opt.splitPer, opt.quick = per, true
	return opt
}

// KillAfter returns opt with the spilled steps' rounds at round buckets
// and the count stopped as if killed (ErrKilled) before it expands its
// kill+1st spilled bucket (0: never). Its spill files and manifests are
// not synced (a process kill loses nothing written).
func KillAfter(opt Options, round, kill int) Options {
	opt.spillRound, opt.killAfter, opt.noSync = round, kill, true
	return opt
}

// ErrKilled is the error of a count stopped by KillAfter.
var ErrKilled = errKilled

// StepTick returns opt with in-step progress calls every d (at least a
// second otherwise).
func StepTick(opt Options, d time.Duration) Options {
	opt.stepTick = d
	return opt
}

// CountWideTables is Count with two-word keys in the tables but the
// states packed as one-word codes (emitNarrow), as the knight's 8x8 are.
func CountWideTables(ctx context.Context, p hamilton.Problem, opt Options) (uint64, Stats, error) {
	opt.wideTables = true
	return Count(ctx, p, opt)
}
