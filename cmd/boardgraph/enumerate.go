package main

import (
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
)

var enumerateHelp = cmdHelp{
	name:  "enumerate",
	usage: "SPEC|--board FILE [--moves M] [--start r,c] [--end r,c] [--closed] [--limit N] [--timeout D] [--workers N] [--format grid|path|json]",
	about: `Streams every solution (directed: a path and its reverse are two), each
checked by the independent verifier before it is printed. grid and path
output separate solutions with a blank line; json prints one object per line.
With more than one worker the order is not deterministic; --workers 1 gives a
fixed order. Exit 0 when every solution was printed, 1 when there is none,
3 when stopped by --limit, --timeout or Ctrl-C (the solutions printed so far
stand).`,
	examples: []string{
		"boardgraph enumerate 4x5 --start 1,1 --end 4,5",
		"boardgraph enumerate 5x5 --limit 10 --format path",
		"boardgraph enumerate --moves knight 5x5 --start 1,1 --format json --limit 3",
	},
}

func init() {
	register(&command{name: "enumerate", summary: "stream every solution", run: runEnumerate})
}

func runEnumerate(e *env) int {
	if code, ok := graphInput(e, "enumerate"); ok { // --graph FILE (graphinput.go)
		return code
	}
	var pf problemFlags
	fs := newFlagSet("enumerate")
	pf.register(fs, "text or grid (numbered grids, the default), path or json (one object per line)")
	limit := fs.Uint64("limit", 0, "stop after `N` solutions (0: all)")
	outVar(fs, &pf.Out)
	pos, code := parseArgs(e, enumerateHelp, fs)
	if code >= 0 {
		return code
	}
	e.redirect(pf.Out)
	j, err := pf.load(e, pos, enumerateFormats)
	if err != nil {
		return fail(e, err)
	}
	if err := j.ClosedGivensOK(); err != nil {
		return fail(e, err)
	}
	ctx, cancel := pf.context(e)
	defer cancel()
	opt := pf.options(j)
	pr := newProgress(e, "enumerate", pf.Quiet)
	pr.set(&opt)
	var (
		bad      error // first verification or write failure
		printed  uint64
		gridMode = !j.out.JSON()
	)
	// yield is never called concurrently (hamilton.Enumerate).
	yield := func(path []int32) bool {
		cells, err := j.checked(path)
		if err != nil {
			bad = err
			return false
		}
		if gridMode && printed > 0 {
			if _, err := fmt.Fprintln(e.stdout); err != nil {
				bad = err
				return false
			}
		}
		if err := j.WriteSolution(e.stdout, j.out.Format, "enumerate", cells, format.Result{Index: printed + 1}); err != nil {
			bad = err
			return false
		}
		printed++
		return true
	}
	_, st, err := hamilton.Enumerate(ctx, j.prob, opt, *limit, yield)
	pr.done()
	if bad != nil {
		return fail(e, bad)
	}
	if err != nil && ctx.Err() == nil {
		return fail(e, err)
	}
	sum := fmt.Sprintf("%s (directed) on %s with %s; %d nodes, %v", plural(int(printed), "solution"), j.b.Spec(), movesLabel(j.ms), st.Nodes, st.Elapsed.Round(time.Microsecond))
	switch {
	case err != nil:
		return fail(e, &stoppedError{fmt.Sprintf("%s: printed %s, there may be more", stopReason(ctx, pf.Timeout), sum)})
	case *limit > 0 && printed >= *limit:
		return fail(e, &stoppedError{fmt.Sprintf("stopped at --limit %d: printed %s; there may be more", *limit, sum)})
	case printed == 0:
		reason := "the search examined every possibility"
		if r, _ := hamilton.Precheck(&j.prob); r != nil {
			reason = r.Text
		}
		return fail(e, &noSolutionError{fmt.Sprintf("no solution on %s with %s: %s", j.b.Spec(), movesLabel(j.ms), reason)})
	}
	if !pf.Quiet {
		fmt.Fprintf(e.stderr, "all %s, each verified\n", sum)
	}
	return exitOK
}
