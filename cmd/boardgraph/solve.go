package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/request"
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
	var (
		pf problemFlags
		sf request.SolveFlags
	)
	fs := newFlagSet("solve")
	pf.register(fs, "text or grid (numbered grid, the default), path (one row,col per line), json, or with --out binary (default with --out: path, binary for a name ending in .bgp)")
	fs.Uint64Var(&sf.Seed, "seed", 0, "vary the search's tie-breaking with `S` (0: the fixed default order)")
	fs.StringVar(&sf.Strategy, "strategy", "", "search `strategy`: default (the default), or okuno-miyano (edge deletion, forcing, dead ends and island parity of Okuno and Miyano; no givens). Giving it makes --method auto search")
	fs.StringVar(&sf.Method, "method", "auto", "find the path by `M`: search, construct (linear time, plain boards, no search), or auto (construct on plain boards over 2^18 cells when a construction exists, search otherwise)")
	fs.StringVar(&pf.Out, "out", "", "write the solution to `FILE` (atomically, verified from the file before success) instead of stdout; the format is --format, by default path (binary for a name ending in .bgp)")
	var pics pictureFlags
	pics.register(fs)
	pos, code := parseArgs(e, solveHelp, fs)
	if code >= 0 {
		return code
	}
	lf, err := pf.flags(pos)
	if err != nil {
		return fail(e, err)
	}
	l, err := request.NewSolve(lf, sf, e.source())
	if err != nil {
		return fail(e, err)
	}
	e.setJSON(l.Output.JSON())
	if err := pics.check(); err != nil {
		return fail(e, err)
	}
	walk, err := l.Construction(l.Method, buildWalk) // a proof of no path: exit 1
	if err != nil {
		return fail(e, err)
	}
	if walk != nil {
		return runConstruct(e, l.Leaper, walk, &pics)
	}
	j, err := searchJob(l.Leaper)
	if err != nil {
		return fail(e, err)
	}
	ctx, cancel := pf.context(e)
	defer cancel()
	opt := l.SearchOptions(j.Search)
	pr := newProgress(e, "solve", l.Output.Quiet)
	pr.set(&opt)
	cells, st, err := j.Solve(ctx, opt)
	pr.done()
	switch {
	case err != nil && ctx.Err() != nil && !errors.Is(err, hamilton.ErrNoSolution):
		return fail(e, &stoppedError{fmt.Sprintf("%s before a solution was found (%d nodes searched)", stopReason(ctx, l.Timeout), st.Nodes)})
	case err != nil:
		return fail(e, err) // a proof of no solution: exit 1
	}
	if code := emit(ctx, e, l.Leaper, cells, format.Result{Method: "search", Stats: statsJSON(st)}); code != exitOK {
		return code
	}
	if err := pics.savePathQuietly(e, j.b, cells, l.Closed, l.Output.Quiet); err != nil {
		return fail(e, err)
	}
	if (!l.Output.JSON() || l.Output.Out != "") && !l.Output.Quiet {
		fmt.Fprintf(e.stderr, "solved %s: %s, verified; %d nodes, %v\n", l.Label(), plural(len(cells), "cell"), st.Nodes, st.Elapsed.Round(time.Microsecond))
	}
	return exitOK
}
