package main

import (
	"bufio"
	"errors"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/request"
	"github.com/boardgraph/boardgraph/verify"
)

var verifyHelp = cmdHelp{
	name:  "verify",
	usage: "[SPEC] [FILE|-] [--board FILE] [--moves M] [--start r,c] [--end r,c] [--closed] [--format text|json] [--quiet]",
	about: `Checks a solution with the independent verifier (it shares no code with
the solver) and names the first broken rule. The input (FILE, or stdin when
it is absent or '-') is a numbered grid, one row per line, numbers separated
by spaces and '#' for blocked cells (what solve prints); a path file, one
row,col per line (what solve --format path prints); or a binary path file
(what solve --out FILE --format binary writes), recognised by its first
bytes. A grid carries its own board; a text path file needs one: a size SPEC
such as 5x5 or --board FILE (which also supplies blocked cells and givens).
A binary file carries its board size, move set and closed flag: SPEC,
--board, --moves and --closed, when given, must agree with it. Path files
are checked as they are read, in one bit of memory per board cell (12.5 MB
for 10^8 cells), with progress on stderr for long files; a binary file's
checksum is checked too. Prints "valid" or "invalid: reason" and exits 0
(valid), 1 (invalid) or 2 (unreadable input).`,
	examples: []string{
		"boardgraph solve 10x10 | boardgraph verify",
		"boardgraph solve 5x5 --format path | boardgraph verify 5x5 --start 1,1",
		"boardgraph verify --board puzzle.txt solution.txt",
		"boardgraph verify --moves knight --closed tour.txt",
		"boardgraph verify tour.bgp                 # a binary path file",
	},
}

func init() {
	register(&command{name: "verify", summary: "check a numbered grid or a path file", run: runVerify})
}

// maxSolutionBytes bounds the numbered-grid text verify reads into memory
// (path files are streamed and have no bound).
const maxSolutionBytes = request.MaxInputBytes

func runVerify(e *env) int {
	if code, ok := graphInput(e, "verify"); ok { // --graph FILE (graphinput.go)
		return code
	}
	var pf problemFlags
	fs := newFlagSet("verify")
	pf.registerBoard(fs, "", true)
	fs.StringVar(&pf.Format, "format", "", "output `FORMAT`: text (the default) or json")
	fs.BoolVar(&pf.Quiet, "quiet", false, "no progress or memory report on stderr")
	outVar(fs, &pf.Out)
	pos, code := parseArgs(e, verifyHelp, fs)
	if code >= 0 {
		return code
	}
	e.redirect(pf.Out)
	outFormat, err := textJSON.Parse(pf.Format)
	if err != nil {
		return fail(e, err)
	}
	json := outFormat == "json"
	e.setJSON(json)
	ms, err := request.ParseMoves(pf.Moves)
	if err != nil {
		return fail(e, err)
	}
	spec, file, err := request.SolutionArgs(pos, e.source())
	if err != nil {
		return fail(e, err)
	}
	b, err := request.SolutionBoard(spec, pf.Board, file, "", e.source())
	if err != nil {
		return fail(e, err)
	}
	in, closeIn, err := e.source().Reader(file, "the solution")
	if err != nil {
		return fail(e, err)
	}
	defer closeIn()
	pi, err := request.ReadPathInput(bufio.NewReaderSize(in, 1<<20), request.VerifyFlags{Board: b, Moves: ms, MovesGiven: flagGiven(fs, "moves"),
		Start: pf.Start, End: pf.End, Closed: pf.Closed})
	if err != nil {
		return fail(e, err)
	}
	streamed := pi.Kind == "path" || pi.Kind == "binary"
	pr := startCellProgress(e, pf.Quiet || json || !streamed, "verify", int64(pi.Board.Open()))
	pr.phase("checked")
	began := time.Now()
	res, err := pi.Check(e.ctx, func(n int64) { pr.count.Store(n) })
	pr.stop()
	var ve *verify.Error
	switch {
	case streamed && e.ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("interrupted after checking %d cells; the file was not fully checked", res.Cells)})
	case errors.Is(err, verify.ErrSyntax):
		return fail(e, err)
	case err != nil && !errors.As(err, &ve):
		return fail(e, &internalError{fmt.Sprintf("the verifier failed: %v", err)})
	}
	if werr := writeReport(e.stdout, pi.Report(res, err), json); werr != nil {
		return fail(e, werr)
	}
	if streamed && err == nil && !pf.Quiet && !json {
		line := fmt.Sprintf("verify: %s in %v", plural(int(res.Cells), "cell"), roundDur(time.Since(began)))
		if rss := peakRSS(); rss > 0 {
			line += ", peak memory " + humanBytes(rss)
		}
		fmt.Fprintln(e.stderr, line)
	}
	if err != nil {
		return exitNone
	}
	return exitOK
}

// readSolution reads the whole solution text from file, or stdin for ""
// and "-", at most maxSolutionBytes.
func readSolution(e *env, file string) ([]byte, error) {
	return e.source().Read(file, "the solution", maxSolutionBytes)
}
