package main

import (
	"flag"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
	lines "github.com/boardgraph/boardgraph/progress"
)

// maxSolutionBytes bounds the numbered-grid text verify reads into memory
// (path files are streamed and have no bound).
const maxSolutionBytes = request.MaxInputBytes

func runVerify(e *env, fs *flag.FlagSet) func(pos []string) int {
	pf := newBoardFlags(fs, "", true)
	pf.reportVars(fs, "no progress or memory report on stderr")
	return withGraph(e, "verify", fs, pf, nil, func(pos []string) int {
		e.redirect(pf.Out)
		outFormat, err := textJSON.Parse(pf.Format)
		if err != nil {
			return fail(e, err)
		}
		json := outFormat == "json"
		e.setJSON(json)
		pi, closeIn, err := request.VerifyArgs{Args: pos, BoardFile: pf.Board, Moves: pf.Moves, MovesGiven: flagGiven(fs, "moves"),
			Start: pf.Start, End: pf.End, Closed: pf.Closed}.Open(e.source())
		if err != nil {
			return fail(e, err)
		}
		defer closeIn()
		pr, stop := newProgress(e, "verify", pf.Quiet || json || !pi.Streamed()).PollStream(int64(pi.Board.Open()))
		pr.Phase("checked")
		began := time.Now()
		res, err := pi.Check(e.ctx, func(n int64) { pr.Count.Store(n) })
		stop()
		if ferr := pi.Failure(e.ctx, res, err); ferr != nil {
			return fail(e, ferr)
		}
		if werr := request.WriteReport(e.stdout, pi.Report(res, err), json, nil); werr != nil {
			return fail(e, werr)
		}
		if pi.Streamed() && err == nil && !pf.Quiet && !json {
			line := fmt.Sprintf("verify: %s in %v", format.Plural(int(res.Cells), "cell"), format.Round(time.Since(began)))
			if rss := lines.PeakRSS(); rss > 0 {
				line += ", peak memory " + lines.Bytes(rss)
			}
			fmt.Fprintln(e.stderr, line)
		}
		if err != nil {
			return exitNone
		}
		return exitOK
	})
}

// readSolution reads the whole solution text from file, or stdin for ""
// and "-", at most maxSolutionBytes.
func readSolution(e *env, file string) ([]byte, error) {
	return e.source().Read(file, "the solution", maxSolutionBytes)
}
