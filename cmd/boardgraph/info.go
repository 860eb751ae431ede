package main

import (
	"flag"

	"github.com/boardgraph/boardgraph/internal/request"
)

func init() {
	register(&command{name: "info", summary: "facts about the move graph and quick unsolvability proofs", setup: runInfo})
}

func runInfo(e *env, fs *flag.FlagSet) func(pos []string) int {
	var pf problemFlags
	var gf graphFlags // --graph FILE (graphinput.go)
	gf.register(fs)
	pf.registerBoard(fs, "", true)
	fs.StringVar(&pf.Format, "format", "", "output `FORMAT`: text (the default) or json")
	outVar(fs, &pf.Out)
	fs.BoolVar(&pf.Quiet, "quiet", false, "no diagnostics on stderr (info prints none besides errors)")
	return func(pos []string) int {
		if gf.file != "" {
			return runGraph(e, "info", fs, &pf, gf, pos)
		}
		e.redirect(pf.Out)
		j, err := pf.load(e.ctx, e, pos, textJSON)
		if err != nil {
			return fail(e, err)
		}
		facts, err := j.Facts("info")
		if err == nil {
			err = request.WriteReport(e.stdout, facts, j.Output.JSON(), nil)
		}
		if err != nil {
			return fail(e, err)
		}
		return exitOK
	}
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
