package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
)

var solveHelp = cmdHelp{
	name:  "solve",
	usage: "SPEC|--board FILE [--moves M] [--start r,c] [--end r,c] [--closed] [--method auto|search|construct] [--out FILE] [--timeout D] [--workers N] [--seed S] [--strategy default|okuno-miyano] [--format grid|path|json|binary] [--svg FILE] [--png FILE]",
	about: `Finds one Hamiltonian path (or, with --closed, a closed tour) of the move
graph: a numbering of every open cell in which consecutive numbers are one
move apart (Diplomatico/Hopido by default). The solution is checked by an
independent verifier before it is printed. Exit 0 with a solution, 1 when
the board provably has none (the reason is printed), 2 for bad input, 3 when
stopped by --timeout or Ctrl-C. --svg and --png also draw the verified
solution (see boardgraph render for more picture options).

--method construct builds the path without search, in linear time, on plain
boards (no blocked cells or givens) for the move sets that have a
construction; --method auto (the default) does so on plain boards of more
than 2^18 cells and searches otherwise. --out FILE writes the solution to a
file instead of stdout, atomically: paths are streamed in the text path
format or, with --format binary (or a name ending in .bgp), in the compact
binary format (3 bits per cell for the knight), then read back from the file
by the streaming verifier; the file appears only if it passes, and never
after an error, --timeout or Ctrl-C. Boards of 10^8 cells need --out.`,
	examples: []string{
		"boardgraph solve 10x10                      # the 100 Squares Puzzle",
		"boardgraph solve 5x5 --start 1,1 --end 5,5  # corner to corner",
		"boardgraph solve --moves knight --closed 8x8 --format path",
		"boardgraph solve --board puzzle.txt         # blocked cells and givens",
		"boardgraph solve 10x10 --svg 10x10.svg      # and draw it",
		"boardgraph solve --moves king 10000x10000 --out king.bgp  # 10^8 cells, constructed",
		"boardgraph solve --moves knight 304x304 --start 1,1 --end 304,1 --strategy okuno-miyano",
	},
}

func init() {
	register(&command{name: "solve", summary: "find one solution (a numbered grid)", run: runSolve})
}

func runSolve(e *env) int {
	if code, ok := graphInput(e, "solve"); ok { // --graph FILE (graphinput.go)
		return code
	}
	var pf problemFlags
	fs := newFlagSet("solve")
	pf.register(fs, "grid (numbered grid), path (one row,col per line; alias text), json, or with --out binary")
	seed := fs.Uint64("seed", 0, "vary the search's tie-breaking with `S` (0: the fixed default order)")
	strategy := fs.String("strategy", "default", "search `strategy`: default, or okuno-miyano (edge deletion, forcing, dead ends and island parity of Okuno and Miyano; no givens). Giving it makes --method auto search")
	var sf streamFlags
	sf.register(fs)
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
	if flagGiven(fs, "strategy") && sf.method == "auto" {
		sf.method = "search" // a search strategy asks for search
	}
	plan, err := sf.plan(e, &pf, pos, flagGiven(fs, "format"))
	if err != nil {
		return fail(e, err)
	}
	if plan.build != nil {
		if err := pics.check(); err != nil {
			return fail(e, err)
		}
		return sf.runConstruct(plan, &pf, &pics)
	}
	e = plan.e
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
	if code := sf.emit(ctx, e, &pf, j, plan.format, cells, map[string]any{"stats": statsJSON(st)}); code != exitOK {
		return code
	}
	if err := pics.savePathQuietly(e, j.b, cells, pf.closed, pf.quiet); err != nil {
		return fail(e, err)
	}
	if (plan.format != "json" || sf.out != "") && !pf.quiet {
		fmt.Fprintf(e.stderr, "solved %s with %s: %s, verified; %d nodes, %v\n", j.b.Spec(), movesLabel(j.ms), plural(len(cells), "cell"), st.Nodes, st.Elapsed.Round(time.Microsecond))
	}
	return exitOK
}
