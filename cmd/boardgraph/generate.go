package main

import (
	"flag"
	"strings"

	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

func runGenerate(e *env, fs *flag.FlagSet) func(pos []string) int {
	var h hidatoFlags
	boardFile := fs.String("board", "", "the shape as a text `FILE` ('.' open, '#' blocked; '-' for stdin) instead of a size spec")
	diff := fs.String("difficulty", "medium", "`LEVEL`: easy, medium, hard or expert")
	minimal := fs.Bool("minimal", false, "locally minimal for uniqueness: every given is needed for a unique solution")
	seed := fs.Uint64("seed", 1, "random `S`eed: the same arguments and seed give the same puzzle")
	tries := fs.Int("tries", 0, "give up after `N` puzzles of another level (default 500)")
	h.register(fs, "text, json, svg, png or share", "also print the solution (text and json), or draw it in grey (svg, png)")
	return func(pos []string) int {
		if err := request.CheckHidatoFormat(h.format, h.out); err != nil {
			return fail(e, err)
		}
		e.redirect(h.out)
		if len(pos) > 1 {
			return fail(e, request.Inputf("one board only: got %q; give a size such as 10x10 or --board FILE", pos))
		}
		b, opt, err := request.HidatoFlags{Spec: strings.Join(pos, ""), Board: *boardFile, Moves: h.moves, Difficulty: *diff,
			Seed: *seed, Tries: *tries, Depth: h.depth, Minimal: *minimal}.Generate(e.source())
		if err != nil {
			return fail(e, err)
		}
		ctx, cancel := timeoutContext(e, h.timeout)
		defer cancel()
		pr := newProgress(e, "generate", h.quiet)
		opt.Progress = func(p hidato.Progress) { pr.Line(p.Elapsed, p.String()) }
		g, err := request.GenerateHidato(ctx, b, opt)
		pr.Done()
		if err != nil {
			return fail(e, err)
		}
		rep := hidato.NewReport(g.Puzzle, g.Grading, h.withSol)
		rep.Seed, rep.Tries = seed, g.Tries
		if err := request.WriteHidato(e.stdout, h.format, g.Puzzle, g.Grading, rep, h.withSol); err != nil {
			return fail(e, err)
		}
		return exitOK
	}
}
