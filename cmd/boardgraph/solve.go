package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/render"
)

var solveHelp = cmdHelp{
	name:  "solve",
	usage: "SPEC|--board FILE [--moves M] [--start r,c] [--end r,c] [--closed] [--timeout D] [--workers N] [--seed S] [--strategy default|okuno-miyano] [--format grid|path|json] [--svg FILE] [--png FILE]",
	about: `Finds one Hamiltonian path (or, with --closed, a closed tour) of the move
graph: a numbering of every open cell in which consecutive numbers are one
move apart (Diplomatico/Hopido by default). The solution is checked by an
independent verifier before it is printed. Exit 0 with a solution, 1 when
the board provably has none (the reason is printed), 2 for bad input, 3 when
stopped by --timeout or Ctrl-C. --svg and --png also draw the verified
solution (see boardgraph render for more picture options).`,
	examples: []string{
		"boardgraph solve 10x10                      # the 100 Squares Puzzle",
		"boardgraph solve 5x5 --start 1,1 --end 5,5  # corner to corner",
		"boardgraph solve --moves knight --closed 8x8 --format path",
		"boardgraph solve --board puzzle.txt         # blocked cells and givens",
		"boardgraph solve 10x10 --svg 10x10.svg      # and draw it",
		"boardgraph solve --moves knight 304x304 --start 1,1 --end 304,1 --strategy okuno-miyano",
	},
}

func init() {
	register(&command{name: "solve", summary: "find one solution (a numbered grid)", run: runSolve})
}

func runSolve(e *env) int {
	var pf problemFlags
	fs := newFlagSet("solve")
	pf.register(fs, "grid (numbered grid), path (one row,col per line) or json")
	seed := fs.Uint64("seed", 0, "vary the search's tie-breaking with `S` (0: the fixed default order)")
	strategy := fs.String("strategy", "default", "search `strategy`: default, or okuno-miyano (edge deletion, forcing, dead ends and island parity of Okuno and Miyano; no givens)")
	var pics pictureFlags
	pics.register(fs)
	pos, code := parseArgs(e, solveHelp, fs)
	if code >= 0 {
		return code
	}
	strat, err := hamilton.ParseStrategy(*strategy)
	if err != nil {
		return fail(e, usagef("--strategy: %v", err))
	}
	j, err := pf.load(e, pos)
	if err != nil {
		return fail(e, err)
	}
	if err := pics.check(); err != nil {
		return fail(e, err)
	}
	ctx, cancel := pf.context(e)
	defer cancel()
	opt := pf.options(j)
	opt.Seed = *seed
	opt.Strategy = strat
	pr := newProgress(e, "solve", pf.quiet)
	pr.set(&opt)
	path, st, err := hamilton.Find(ctx, j.prob, opt)
	pr.done()
	switch {
	case errors.Is(err, hamilton.ErrNoSolution):
		var reason *hamilton.Reason
		if errors.As(err, &reason) {
			return fail(e, &noSolutionError{fmt.Sprintf("no solution on %s with %s: %s", j.b.Spec(), movesLabel(j.ms), reason.Text)})
		}
		return fail(e, &noSolutionError{fmt.Sprintf("no solution on %s with %s: the search examined every possibility (%d nodes)", j.b.Spec(), movesLabel(j.ms), st.Nodes)})
	case err != nil && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("%s before a solution was found (%d nodes searched)", stopReason(ctx, pf.timeout), st.Nodes)})
	case err != nil:
		return fail(e, err)
	}
	cells, err := j.checked(path)
	if err != nil {
		return fail(e, err)
	}
	if err := j.writeSolution(e.stdout, pf.format, "solve", cells, map[string]any{"stats": statsJSON(st)}); err != nil {
		return fail(e, err)
	}
	if pics.any() {
		wrote, err := pics.savePath(j.b, cells, render.PathOptions{Closed: pf.closed})
		if err != nil {
			return fail(e, err)
		}
		if !pf.quiet {
			for _, name := range wrote {
				fmt.Fprintf(e.stderr, "wrote %s\n", name)
			}
		}
	}
	if pf.format != "json" && !pf.quiet {
		fmt.Fprintf(e.stderr, "solved %s with %s: %s, verified; %d nodes, %v\n", j.b.Spec(), movesLabel(j.ms), plural(len(cells), "cell"), st.Nodes, st.Elapsed.Round(time.Microsecond))
	}
	return exitOK
}
