package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

func runEnumerate(e *env, fs *flag.FlagSet) func(pos []string) int {
	pf := newProblemFlags(fs, "text or grid (numbered grids, the default), path or json (one object per line)")
	limit := fs.Uint64("limit", 0, "stop after `N` solutions (0: all)")
	outVar(fs, &pf.Out)
	return withGraph(e, "enumerate", fs, pf, func(g *graphFlags) { g.limit = *limit }, func(pos []string) int {
		e.redirect(pf.Out)
		ctx, cancel := pf.context(e)
		defer cancel()
		j, err := pf.load(ctx, e, pos, enumerateFormats)
		if err != nil {
			return fail(e, err)
		}
		if err := j.ClosedGivensOK(); err != nil {
			return fail(e, err)
		}
		write := func(index uint64, path []int32) error {
			cells, err := j.Verified(path)
			if err != nil {
				return err
			}
			return j.WriteEnumerated(e.stdout, index, cells)
		}
		none := func() string {
			return fmt.Sprintf("no solution on %s with %s: %s", j.Board.Spec(), request.MovesLabel(j.Moves), j.NoSolutionReason())
		}
		return enumerateTo(ctx, e, j.Problem, j.Options(), *limit, pf.Timeout, pf.Quiet, "on "+j.Board.Spec()+" with "+request.MovesLabel(j.Moves), none, write)
	})
}

// enumerateTo streams the solutions of p through write, which verifies
// and prints the index-th (from 1), and words the outcome: exit 0 when
// every solution was printed, 1 when there is none (none says why), 3
// when stopped by --limit, --timeout or a signal. label names the problem
// in the summary ("on 5x5 with ...", "in g.hcp (...)").
func enumerateTo(ctx context.Context, e *env, p hamilton.Problem, opt hamilton.Options, limit uint64, timeout time.Duration, quiet bool,
	label string, none func() string, write func(index uint64, path []int32) error) int {
	pr := newProgress(e, "enumerate", quiet)
	pr.SetSearch(&opt)
	r, err := request.Enumerate(ctx, p, opt, limit, write)
	pr.Done()
	sum := r.Summary(label)
	switch {
	case err != nil:
		return fail(e, err)
	case r.Stopped:
		return fail(e, request.Stopped(fmt.Sprintf("%s: printed %s, there may be more", request.StopReason(ctx, timeout), sum)))
	case r.Limited:
		return fail(e, request.Stopped(fmt.Sprintf("stopped at --limit %d: printed %s; there may be more", limit, sum)))
	case r.Written == 0:
		return fail(e, request.NoSolution(none()))
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "all %s, each verified\n", sum)
	}
	return exitOK
}
