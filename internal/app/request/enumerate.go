package request

import (
	"context"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
)

// Enumerated is the outcome of Enumerate.
type Enumerated struct {
	Written uint64 // solutions written
	Stats   hamilton.Stats
	Stopped bool // ctx ended first: there may be more
	Limited bool // the limit was reached: there may be more
}

// Enumerate streams the solutions of p (hamilton.Enumerate with opt,
// never concurrently) through write, which verifies and writes the
// index-th, from 1, until limit solutions (0: all) or ctx ends. The
// first error of write ends the run and is returned, as are the
// search's errors other than ctx's; a run stopped by ctx is Stopped,
// with no error.
func Enumerate(ctx context.Context, p hamilton.Problem, opt hamilton.Options, limit uint64, write func(index uint64, path []int32) error) (Enumerated, error) {
	var (
		r   Enumerated
		bad error
	)
	_, st, err := hamilton.Enumerate(ctx, p, opt, limit, func(path []int32) bool {
		if bad = write(r.Written+1, path); bad != nil {
			return false
		}
		r.Written++
		return true
	})
	r.Stats = st
	switch {
	case bad != nil:
		return r, bad
	case err != nil && ctx.Err() == nil:
		return r, err
	}
	r.Stopped = err != nil
	r.Limited = !r.Stopped && limit > 0 && r.Written >= limit
	return r, nil
}

// Summary words the run for a summary line, label naming the problem
// ("on 5x5 with ..."): "3 solutions (directed) on 5x5 with ...; 812
// nodes, 1.2ms".
func (r Enumerated) Summary(label string) string {
	return fmt.Sprintf("%s (directed) %s; %d nodes, %v", format.Plural(int(r.Written), "solution"), label, r.Stats.Nodes, r.Stats.Elapsed.Round(time.Microsecond))
}
