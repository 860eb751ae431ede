package main

import (
	"flag"
	"time"

	"github.com/boardgraph/boardgraph/internal/app/request"
)

// hidatoFlags are the flags generate and grade share.
type hidatoFlags struct {
	moves   string
	depth   int
	format  string
	withSol bool
	timeout time.Duration
	quiet   bool
	out     string
}

// register defines the shared flags; formats and sol word --format and
// --solution for the command.
func (h *hidatoFlags) register(fs *flag.FlagSet, formats, sol string) {
	fs.StringVar(&h.moves, "moves", "hopido", request.MovesHelp())
	fs.IntVar(&h.depth, "depth", 0, "deepest lookahead `D` the grader may use (default 1)")
	fs.StringVar(&h.format, "format", "text", "output `FORMAT`: "+formats)
	fs.BoolVar(&h.withSol, "solution", false, sol)
	durationVar(fs, &h.timeout, "timeout", "stop after `D` (for example 30s)")
	fs.BoolVar(&h.quiet, "quiet", false, "no progress lines on stderr")
	outVar(fs, &h.out)
}

func runGrade(e *env, fs *flag.FlagSet) func(pos []string) int {
	var h hidatoFlags
	h.register(fs, "text or json", "also print the solution")
	return func(pos []string) int {
		form, err := textJSON.Parse(h.format)
		if err != nil {
			return fail(e, err)
		}
		e.setJSON(form == "json")
		e.redirect(h.out)
		if len(pos) != 1 {
			return fail(e, request.Inputf("give one puzzle: a text map FILE, '-' for stdin, or a share string such as hopido:6x6:..."))
		}
		ms, err := request.ParseMoves(h.moves)
		if err != nil {
			return fail(e, err)
		}
		p, err := request.HidatoPuzzle(pos[0], ms, e.source())
		if err != nil {
			return fail(e, err)
		}
		ctx, cancel := timeoutContext(e, h.timeout)
		defer cancel()
		a, err := request.Grade(ctx, p, h.depth)
		if err == nil {
			err = request.WriteGrade(e.stdout, a, form == "json", h.withSol)
		}
		if err != nil {
			return fail(e, err)
		}
		return exitOK
	}
}
