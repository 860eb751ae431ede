package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/request"
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
	p, err := request.HidatoPuzzle(pos[0], ms, e.source())
	if err != nil {
		return fail(e, err)
	}
	ctx, cancel := e.ctx, context.CancelFunc(func() {})
	if *timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, *timeout)
	}
	defer cancel()
	a, err := hidato.Assess(ctx, p, hidato.GradeOptions{MaxDepth: *depth})
	switch {
	case a != nil && err != nil:
		return fail(e, &stoppedError{fmt.Sprintf("stopped while counting solutions (%v)", err)})
	case errors.Is(err, hidato.ErrNoSolution):
		return fail(e, &noSolutionError{"the puzzle has " + err.Error()})
	case errors.Is(err, hidato.ErrNotUnique):
		return fail(e, &noSolutionError{"the puzzle has " + err.Error() + "; add givens"})
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return fail(e, &stoppedError{fmt.Sprintf("stopped before the grade was known (%v)", err)})
	case errors.Is(err, hidato.ErrPuzzle):
		return fail(e, usagef("%v", err))
	case err != nil:
		return fail(e, err)
	}
	if *format == "json" {
		if err := emitJSON(e.stdout, a.Report(*withSol)); err != nil {
			return fail(e, err)
		}
		return exitOK
	}
	a.WriteText(e.stdout, *withSol)
	return exitOK
}
