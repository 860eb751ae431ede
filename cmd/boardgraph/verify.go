package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/boardgraph/boardgraph/board"
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
const maxSolutionBytes = 64 << 20

func runVerify(e *env) int {
	if code, ok := graphInput(e, "verify"); ok { // --graph FILE (graphinput.go)
		return code
	}
	fs := newFlagSet("verify")
	boardFile := fs.String("board", "", "the board as a text `FILE` ('.' open, '#' blocked, numbers are givens)")
	moveSpec := fs.String("moves", "hopido", "move set `M`: hopido, knight, a leaper a,b, or a union such as 3,0+2,2 (a binary file names its own)")
	start := fs.String("start", "", "the path must start at `ROW,COL`")
	end := fs.String("end", "", "the path must end at `ROW,COL`")
	closed := fs.Bool("closed", false, "the path must be a closed tour (last cell one move from the first)")
	formatName := fs.String("format", "", "output `FORMAT`: text (the default) or json")
	quiet := fs.Bool("quiet", false, "no progress or memory report on stderr")
	var out string
	outVar(fs, &out)
	pos, code := parseArgs(e, verifyHelp, fs)
	if code >= 0 {
		return code
	}
	e.redirect(out)
	outFormat, err := textJSON.Parse(*formatName)
	if err != nil {
		return fail(e, err)
	}
	e.setJSON(outFormat == "json")
	format := &outFormat
	spec, file := "", ""
	for _, a := range pos {
		_, statErr := os.Stat(a)
		switch {
		case request.IsSpec(a) && statErr != nil && spec == "":
			spec = a
		case file == "":
			file = a
		default:
			return fail(e, usagef("unexpected argument %q; give at most a board size and one solution file", a))
		}
	}
	ms, err := request.ParseMoves(*moveSpec)
	if err != nil {
		return fail(e, err)
	}
	var b *board.Board
	if spec != "" || *boardFile != "" {
		if *boardFile == "-" && (file == "" || file == "-") {
			return fail(e, usagef("--board - and the solution cannot both come from stdin; name the solution file"))
		}
		if b, err = readBoard(e, spec, *boardFile); err != nil {
			return fail(e, err)
		}
	}
	in, closeIn, err := openSolution(e, file)
	if err != nil {
		return fail(e, err)
	}
	defer closeIn()
	pi, err := request.ReadPathInput(in, request.VerifyFlags{Board: b, Moves: ms, MovesGiven: flagGiven(fs, "moves"), Start: *start, End: *end, Closed: *closed})
	if err != nil {
		return fail(e, err)
	}
	kind := pi.Kind
	streamed := kind == "path" || kind == "binary"
	pr := startCellProgress(e, *quiet || *format == "json" || !streamed, "verify", int64(pi.Board.Open()))
	pr.phase("checked")
	began := time.Now()
	res, err := pi.Check(e.ctx, func(n int64) { pr.count.Store(n) })
	pr.stop()
	if streamed && e.ctx.Err() != nil {
		return fail(e, &stoppedError{fmt.Sprintf("interrupted after checking %d cells; the file was not fully checked", res.Cells)})
	}
	var ve *verify.Error
	if err != nil && errors.Is(err, verify.ErrSyntax) {
		return fail(e, err)
	}
	if err != nil && !errors.As(err, &ve) {
		return fail(e, &internalError{fmt.Sprintf("the verifier failed: %v", err)})
	}
	rep := pi.Report(res, err)
	if *format == "json" {
		if werr := emitJSON(e.stdout, rep); werr != nil {
			return fail(e, werr)
		}
	} else {
		rep.WriteText(e.stdout)
	}
	if kind != "grid" && kind != "json" && err == nil && !*quiet && *format != "json" {
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

// readSolution reads the solution text from file, or stdin for "" and "-".
func readSolution(e *env, file string) ([]byte, error) {
	var r io.Reader = e.stdin
	if file != "" && file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return nil, usagef("cannot read the solution: %v; check the file name", err)
		}
		defer f.Close()
		r = f
	}
	text, err := io.ReadAll(io.LimitReader(r, maxSolutionBytes+1))
	if err != nil {
		return nil, usagef("cannot read the solution: %v", err)
	}
	if len(text) > maxSolutionBytes {
		return nil, usagef("the solution is larger than %d bytes", maxSolutionBytes)
	}
	return text, nil
}

// openSolution opens the solution file, or stdin for "" and "-", for
// buffered reading; the caller calls the returned close function.
func openSolution(e *env, file string) (*bufio.Reader, func(), error) {
	if file == "" || file == "-" {
		return bufio.NewReaderSize(e.stdin, 1<<20), func() {}, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, nil, usagef("cannot read the solution: %v; check the file name", err)
	}
	return bufio.NewReaderSize(f, 1<<20), func() { f.Close() }, nil
}
