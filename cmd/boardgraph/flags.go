package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/verify"
)

// maxSearchCells bounds the boards the search commands build a graph for:
// beyond it the graph alone takes hundreds of megabytes and a search would
// not finish. (Constructions for huge boards are the construct package's
// job.)
const maxSearchCells = 1 << 22

// isInputError reports whether err comes from parsing what the user typed or
// supplied; such errors map to exit code 2.
func isInputError(err error) bool {
	for _, target := range []error{board.ErrSpec, board.ErrMap, board.ErrCoord, moves.ErrMoves, hamilton.ErrInvalid, verify.ErrSyntax, pathio.ErrWrite, pathio.ErrSpecialFile} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// cmdHelp describes a subcommand for its -h output.
type cmdHelp struct {
	name     string
	usage    string // after "boardgraph NAME "
	about    string // a paragraph
	examples []string
}

// newFlagSet returns a flag set that reports errors through its return
// value only (the caller prints one line).
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// printUsage writes a subcommand's -h text: usage, description, examples and
// flags (shown with two dashes; one dash works too).
func printUsage(w io.Writer, h cmdHelp, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage: boardgraph %s %s\n\n%s\n\nExamples:\n", h.name, h.usage, strings.TrimSpace(h.about))
	for _, ex := range h.examples {
		fmt.Fprintf(w, "  %s\n", ex)
	}
	fmt.Fprintln(w, "\nFlags (before or after the arguments):")
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		name := "--" + f.Name
		if arg != "" {
			name += " " + arg
		}
		def := ""
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
			def = fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(w, "  %-20s %s%s\n", name, usage, def)
	})
}

// parseArgs parses flags that may come before or after the positional
// arguments. It returns the positional arguments, or a non-negative exit
// code when the command should end now (after -h, or a bad flag).
func parseArgs(e *env, h cmdHelp, fs *flag.FlagSet) (pos []string, code int) {
	args := e.args
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			printUsage(e.stdout, h, fs)
			return nil, exitOK
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "boardgraph %s: %s; run 'boardgraph %s -h' for the flags\n", h.name, oneLine(err.Error()), h.name)
			return nil, exitUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, -1
		}
		// After a literal "--" everything is positional.
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), -1
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// problemFlags are the flags every leaper command shares.
type problemFlags struct {
	boardFile string
	moveSpec  string
	start     string
	end       string
	closed    bool
	timeout   time.Duration
	workers   int
	format    string
	quiet     bool
}

func (pf *problemFlags) register(fs *flag.FlagSet, formats string) {
	fs.StringVar(&pf.boardFile, "board", "", "read the board as a text `FILE` ('.' open, '#' blocked, numbers are givens; '-' for stdin) instead of a size spec")
	fs.StringVar(&pf.moveSpec, "moves", "hopido", "move set `M`: hopido (alias diplomatico), knight, king, a leaper a,b, or a union such as 3,0+2,2")
	fs.StringVar(&pf.start, "start", "", "fix the first cell at `ROW,COL` (counted from 1)")
	fs.StringVar(&pf.end, "end", "", "fix the last cell at `ROW,COL`")
	fs.BoolVar(&pf.closed, "closed", false, "closed tours: the last cell is one move from the first")
	fs.DurationVar(&pf.timeout, "timeout", 0, "stop after `D` (for example 30s, 5m) and report what was done so far")
	fs.IntVar(&pf.workers, "workers", 0, "search with `N` goroutines (default: all cores)")
	fs.StringVar(&pf.format, "format", "grid", "output `FORMAT`: "+formats)
	fs.BoolVar(&pf.quiet, "quiet", false, "no progress lines on stderr")
}

// leaperJob is a parsed leaper problem: the board, the move set, their
// graph, the engine's problem and the verifier's rules.
type leaperJob struct {
	b     *board.Board
	ms    moves.Set
	bg    *moves.BoardGraph
	prob  hamilton.Problem
	rules verify.Rules
}

// readBoard returns the board named by a size spec or a --board file.
func readBoard(e *env, spec, file string) (*board.Board, error) {
	switch {
	case spec != "" && file != "":
		return nil, usagef("give the board once: either a size such as %s or --board FILE, not both", spec)
	case spec == "" && file == "":
		return nil, usagef("no board: give a size such as 5x5 (rows x columns) or --board FILE")
	case spec != "":
		return board.ParseSpec(spec)
	}
	var r io.Reader
	if file == "-" {
		r = e.stdin
	} else {
		f, err := os.Open(file)
		if err != nil {
			return nil, usagef("cannot read the board: %v; check the file name", err)
		}
		defer f.Close()
		r = f
	}
	b, err := board.Parse(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return b, nil
}

// load builds the job from the positional arguments (at most one, the size
// spec) and the shared flags.
func (pf *problemFlags) load(e *env, pos []string) (*leaperJob, error) {
	spec := ""
	switch len(pos) {
	case 0:
	case 1:
		spec = pos[0]
	default:
		return nil, usagef("unexpected argument %q; give one board (a size such as 5x5 or --board FILE)", pos[1])
	}
	b, err := readBoard(e, spec, pf.boardFile)
	if err != nil {
		return nil, err
	}
	if b.Cells() > maxSearchCells {
		return nil, usagef("the %s board has %d cells; search handles at most %d: use a smaller board", b.Spec(), b.Cells(), maxSearchCells)
	}
	ms, err := moves.Parse(pf.moveSpec)
	if err != nil {
		return nil, err
	}
	switch pf.format {
	case "grid", "path", "json":
	default:
		return nil, usagef("unknown --format %q; use grid, path or json", pf.format)
	}
	if pf.workers < 0 {
		return nil, usagef("--workers %d: give a positive number of goroutines, or 0 for all cores", pf.workers)
	}
	if pf.timeout < 0 {
		return nil, usagef("--timeout %v: give a positive duration such as 30s", pf.timeout)
	}
	j := &leaperJob{b: b, ms: ms}
	j.bg = moves.Build(b, ms)
	j.prob = hamilton.Problem{G: j.bg.Graph, Closed: pf.closed,
		VertexName: func(v int32) string { return "cell " + b.FormatCell(j.bg.CellOf[v]) }}
	j.rules = verify.Rules{Rows: b.Rows, Cols: b.Cols, Closed: pf.closed, Name: leaperSpec(ms)}
	for _, l := range ms.Leapers {
		j.rules.Leapers = append(j.rules.Leapers, [2]int{l.A, l.B})
	}
	if b.Open() != b.Cells() {
		j.rules.Blocked = make([]bool, b.Cells())
		for c := range int32(b.Cells()) {
			j.rules.Blocked[c] = b.Blocked(c)
		}
	}
	if b.HasGivens() {
		j.rules.Givens = make([]int, b.Cells())
		j.prob.Givens = make([]int32, j.bg.N())
		for v, c := range j.bg.CellOf {
			g := b.Given(c)
			j.rules.Givens[c] = int(g)
			j.prob.Givens[v] = g - 1
		}
	}
	cellFlag := func(name, s string) (int32, *verify.Cell, error) {
		if s == "" {
			return -1, nil, nil
		}
		c, err := b.ParseCell(s)
		if err != nil {
			return -1, nil, fmt.Errorf("--%s: %w", name, err)
		}
		r, col := b.RowCol(c)
		return j.bg.VertexOf[c], &verify.Cell{Row: r + 1, Col: col + 1}, nil
	}
	var start, end int32
	if start, j.rules.Start, err = cellFlag("start", pf.start); err != nil {
		return nil, err
	}
	if end, j.rules.End, err = cellFlag("end", pf.end); err != nil {
		return nil, err
	}
	j.prob = j.prob.WithEnds(start, end)
	if pf.closed && pf.end != "" {
		return nil, usagef("--closed with --end: a closed tour has no end; give only --start")
	}
	j.prob.Symmetries = j.bg.Automorphisms()
	return j, nil
}

// options returns the engine options for the shared flags.
func (pf *problemFlags) options(j *leaperJob) hamilton.Options {
	return hamilton.Options{Workers: pf.workers, Rank: j.bg.CentreRank()}
}

// context applies --timeout to the command's context.
func (pf *problemFlags) context(e *env) (context.Context, context.CancelFunc) {
	if pf.timeout > 0 {
		return context.WithTimeout(e.ctx, pf.timeout)
	}
	return context.WithCancel(e.ctx)
}

// stopReason says why ctx ended, for messages: "timed out after 2s" or
// "interrupted".
func stopReason(ctx context.Context, timeout time.Duration) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("timed out after %v", timeout)
	}
	if c := context.Cause(ctx); c != nil && c != ctx.Err() {
		return "interrupted (" + c.Error() + ")" // a signal: SIGINT, SIGTERM or SIGHUP
	}
	return "interrupted"
}

// cellsOf converts engine vertices to the verifier's 1-based cells.
func (j *leaperJob) cellsOf(path []int32) []verify.Cell {
	out := make([]verify.Cell, len(path))
	for i, v := range path {
		r, c := j.b.RowCol(j.bg.CellOf[v])
		out[i] = verify.Cell{Row: r + 1, Col: c + 1}
	}
	return out
}

// checked converts and verifies an engine path. A path that fails the
// independent verifier is an internal error and is never printed.
func (j *leaperJob) checked(path []int32) ([]verify.Cell, error) {
	cells := j.cellsOf(path)
	if err := verify.Path(j.rules, cells); err != nil {
		return nil, &internalError{fmt.Sprintf("the engine returned a path that fails verification (%v); nothing was printed", err)}
	}
	return cells, nil
}

// leaperSpec writes a move set the way the paper and the flags do, the
// orthogonal leaper first: "3,0+2,2", "1,0+1,1", "1,2".
func leaperSpec(ms moves.Set) string {
	parts := make([]string, 0, len(ms.Leapers))
	for i := len(ms.Leapers) - 1; i >= 0; i-- {
		l := ms.Leapers[i]
		if l.A == 0 {
			parts = append(parts, fmt.Sprintf("%d,%d", l.B, l.A))
		} else {
			parts = append(parts, fmt.Sprintf("%d,%d", l.A, l.B))
		}
	}
	return strings.Join(parts, "+")
}

// movesLabel names the move set for people: "hopido (3,0+2,2)".
func movesLabel(ms moves.Set) string {
	if s := leaperSpec(ms); ms.Name != ms.Spec() && ms.Name != s {
		return ms.Name + " (" + s + ")"
	}
	return leaperSpec(ms)
}

// plural writes "1 cell", "2 cells".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
