package main

import (
	"time"

	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/moves"
)

var gradeHelp = cmdHelp{
	name:  "grade",
	usage: "FILE|SHARE|- [--moves M] [--depth D] [--format text|json] [--solution] [--timeout D]",
	about: `Grades a Hidato-style leaper puzzle the way 'generate' does: solves it by
named deductions only (forced moves, dead-end cells, reach and regions,
colour counts and pairs, lookahead), cheapest first, and reports the
hardest one needed as easy, medium, hard or expert. The puzzle is a text
map FILE ('.' open, '#' blocked, numbers for givens; '-' for stdin; lines
starting with // are skipped) or a share string from 'generate --format
share' (it carries its moves; --moves applies to text maps). When the
deductions stall, the exact counter decides: exit 1 when the puzzle has no
solution or more than one, exit 0 with "beyond depth D" when it has one
but needs deeper lookahead. Exit 2 for bad input, 3 when stopped.`,
	examples: []string{
		"boardgraph generate 10x10 --out p.txt && boardgraph grade p.txt",
		"boardgraph grade hopido:6x6:a5d12...",
		"boardgraph grade --moves knight --format json puzzle.txt",
	},
}

func init() {
	register(&command{name: "grade", summary: "grade a Hidato-style puzzle by the deductions it needs", run: runGrade})
}

func runGrade(e *env) int {
	fs := newFlagSet("grade")
	moveSpec := fs.String("moves", "hopido", "move set `M` of a text map: hopido, knight, a leaper a,b, or a union such as 3,0+1,1")
	depth := fs.Int("depth", 0, "deepest lookahead `D` (default 1)")
	format := fs.String("format", "text", "output `FORMAT`: text or json")
	withSol := fs.Bool("solution", false, "also print the solution")
	timeout := new(time.Duration)
	durationVar(fs, timeout, "timeout", "stop after `D` (for example 30s)")
	var out string
	outVar(fs, &out)
	fs.Bool("quiet", false, "no diagnostics on stderr (grade prints none besides errors)")
	pos, code := parseArgs(e, gradeHelp, fs)
	if code >= 0 {
		return code
	}
	f, err := textJSON.Parse(*format)
	if err != nil {
		return fail(e, err)
	}
	*format = f
	e.setJSON(f == "json")
	e.redirect(out)
	if len(pos) != 1 {
		return fail(e, usagef("give one puzzle: a text map FILE, '-' for stdin, or a share string such as hopido:6x6:..."))
	}
	ms, err := moves.Parse(*moveSpec)
	if err != nil {
		return fail(e, err)
	}
	text, err := readPuzzleArg(e, pos[0])
	if err != nil {
		return fail(e, err)
	}
	p, err := hidato.ParsePuzzle(text, ms)
	if err != nil {
		return fail(e, usagef("%v", err))
	}
	ctx, cancel := e.ctx, context.CancelFunc(func() {})
	if *timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, *timeout)
	}
	defer cancel()
	g, err := hidato.Grade(ctx, p, hidato.GradeOptions{MaxDepth: *depth})
	beyond := false
	switch {
	case errors.Is(err, hidato.ErrUnsolved):
		c, cerr := hidato.Count(ctx, p, 2)
		switch {
		case cerr != nil:
			return fail(e, &stoppedError{fmt.Sprintf("stopped while counting solutions (%v)", cerr)})
		case c.Solutions == 0:
			return fail(e, &noSolutionError{"the puzzle has no solution (proved by the exact counter)"})
		case c.Solutions > 1:
			return fail(e, &noSolutionError{"the puzzle has more than one solution (found 2 by the exact counter); add givens"})
		}
		beyond, g.Solution = true, c.First
	case errors.Is(err, hidato.ErrNoSolution):
		return fail(e, &noSolutionError{"the puzzle has no solution (proved by the deductions)"})
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return fail(e, &stoppedError{fmt.Sprintf("stopped before the grade was known (%v)", err)})
	case errors.Is(err, hidato.ErrPuzzle):
		return fail(e, usagef("%v", err))
	case err != nil:
		return fail(e, err)
	}
	d := *depth
	if d <= 0 {
		d = hidato.DefaultMaxDepth
	}
	if *format == "json" {
		jp := puzzleJSON(p, g, *withSol)
		jp.Beyond = beyond
		if beyond {
			jp.Difficulty, jp.Stage = hidato.LevelExpert.String(), "beyond"
		}
		if err := emitJSON(e.stdout, jp); err != nil {
			return fail(e, err)
		}
		return exitOK
	}
	names := []string{"forced", "dead-ends", "reach", "counts", "lookahead"}
	var used []string
	for i, s := range g.Steps {
		if s > 0 {
			used = append(used, fmt.Sprintf("%s %d", names[i], s))
		}
	}
	if beyond {
		fmt.Fprintf(e.stdout, "difficulty: beyond lookahead depth %d (one solution, proved by the exact counter)\n", d)
	} else {
		fmt.Fprintf(e.stdout, "difficulty: %s (hardest deduction: %s", g.Level, g.Stage)
		if g.Depth > 0 {
			fmt.Fprintf(e.stdout, ", depth %d", g.Depth)
		}
		fmt.Fprintf(e.stdout, "); one solution, verified\n")
	}
	fmt.Fprintf(e.stdout, "deductions: %s\n", strings.Join(used, ", "))
	fmt.Fprintf(e.stdout, "givens: %d of %d cells; share: %s\n", p.Givens(), p.Board.Open(), p.Share())
	if *withSol {
		io.WriteString(e.stdout, p.Filled(g.Solution).Format())
	}
	return exitOK
}

// readPuzzleArg returns the puzzle text an argument names: stdin for "-",
// the argument itself for a share string, else the file's contents (at most
// board.MaxMapBytes).
func readPuzzleArg(e *env, arg string) (string, error) {
	var r io.Reader
	switch {
	case arg == "-":
		r = e.stdin
	case strings.Contains(arg, ":") && !strings.ContainsAny(arg, "/\\"):
		if _, err := os.Stat(arg); err != nil {
			return arg, nil
		}
		fallthrough
	default:
		f, err := os.Open(arg)
		if err != nil {
			return "", usagef("cannot read the puzzle: %v; give a text map file or a share string", err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, board.MaxMapBytes+1))
	if err != nil {
		return "", usagef("cannot read the puzzle: %v", err)
	}
	if len(data) > board.MaxMapBytes {
		return "", usagef("the puzzle is larger than %d bytes", board.MaxMapBytes)
	}
	return string(data), nil
}
