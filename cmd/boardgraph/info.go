package main

import (
	"flag"

	"github.com/boardgraph/boardgraph/request"
)

var infoHelp = cmdHelp{
	name:  "info",
	usage: "SPEC|--board FILE [--moves M] [--start r,c] [--end r,c] [--closed] [--format text|json]",
	about: `Prints the move graph's facts: cells, edges, the degree histogram,
connected components, whether it is bipartite (with the colour class sizes),
the cells of degree 1 (they can only be ends of a path), cut cells, and every
immediate proof that no solution exists (for 4x4 Diplomatico: four cells of
degree 1, Proposition II.1 of the paper). --start, --end and --closed change
what the proofs look for. Exit 0 whatever the verdict.`,
	examples: []string{
		"boardgraph info 4x4",
		"boardgraph info --moves knight 7x7 --closed",
		"boardgraph info --board puzzle.txt --format json",
	},
}

func init() {
	register(&command{name: "info", summary: "facts about the move graph and quick unsolvability proofs", run: runInfo})
}

func runInfo(e *env) int {
	if code, ok := graphInput(e, "info"); ok { // --graph FILE (graphinput.go)
		return code
	}
	var pf problemFlags
	fs := newFlagSet("info")
	pf.registerBoard(fs, "", true)
	fs.StringVar(&pf.Format, "format", "", "output `FORMAT`: text (the default) or json")
	outVar(fs, &pf.Out)
	fs.BoolVar(&pf.Quiet, "quiet", false, "no diagnostics on stderr (info prints none besides errors)")
	pos, code := parseArgs(e, infoHelp, fs)
	if code >= 0 {
		return code
	}
	e.redirect(pf.Out)
	j, err := pf.load(e, pos, textJSON)
	if err != nil {
		return fail(e, err)
	}
	facts, err := j.Facts("info")
	if err == nil {
		err = writeReport(e.stdout, facts, j.out.JSON())
	}
	if err != nil {
		return fail(e, err)
	}
	return exitOK
}

// registerBoard defines the board flags of the commands that take a board
// but not the search flags (export, info, neo4j): --board, --moves,
// --start, --end and, with closed, --closed; what begins the help of the
// last three ("with --with-solution: ", or "").
func (pf *problemFlags) registerBoard(fs *flag.FlagSet, what string, closed bool) {
	fs.StringVar(&pf.Board, "board", "", "read the board as a text `FILE` ('-' for stdin) instead of a size spec")
	fs.StringVar(&pf.Moves, "moves", "hopido", request.MovesHelp())
	fs.StringVar(&pf.Start, "start", "", what+"the first cell is `ROW,COL`")
	fs.StringVar(&pf.End, "end", "", what+"the last cell is `ROW,COL`")
	if closed {
		fs.BoolVar(&pf.Closed, "closed", false, what+"a closed tour (the last cell one move from the first)")
	}
}
