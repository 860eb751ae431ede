package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/render"
)

func runAnalyze(e *env, fs *flag.FlagSet) func(pos []string) int {
	pf := newProblemFlags(fs, "text (a report, the default) or json")
	canonical := fs.Bool("canonical", false, "list the canonical representative of every symmetry class (up to 10000)")
	outVar(fs, &pf.Out)
	pathFile := fs.String("path", "", "count the completions of the prefixes of the solution in `FILE` (a path or numbered grid, as verify reads; '-' for stdin) instead of the smallest solution")
	svg := fs.String("svg", "", "write `PREFIX`-start.svg, PREFIX-end.svg and PREFIX-edges.svg")
	png := fs.String("png", "", "write `PREFIX`-start.png, PREFIX-end.png and PREFIX-edges.png")
	return func(pos []string) int {
		e.redirect(pf.Out)
		ctx, cancel := pf.context(e)
		defer cancel()
		var j *request.Search
		var err error
		var text []byte
		if *pathFile != "" && len(pos) == 0 && pf.Board == "" {
			// solve's JSON and .bgp files carry their board
			if text, err = readSolution(e, *pathFile); err == nil {
				j, err = carriedProblem(ctx, e, pf, *pathFile, text, flagGiven(fs, "moves"))
			}
		} else {
			j, err = pf.load(ctx, e, pos, textJSON)
		}
		if err == nil {
			err = j.CheckAnalyze()
		}
		if err == nil {
			err = render.Suffixed(*svg, *png, "start").Check()
		}
		var key []int32
		if err == nil && *pathFile != "" && text == nil {
			text, err = readSolution(e, *pathFile)
		}
		if err == nil && *pathFile != "" {
			key, err = j.KeyPath(text, *pathFile)
		}
		if err != nil {
			return fail(e, err)
		}
		pr := newProgress(e, "analyze", pf.Quiet)
		opt := request.AnalyzeOptions{Key: key, Options: analysis.Options{Workers: pf.Workers, Canonical: *canonical, MaxCanonical: 10000}}
		if !pf.Quiet {
			opt.Progress, opt.ProgressEvery = pr.Search, pr.Interval()
		}
		rep, complete, err := j.Analyze(ctx, opt)
		pr.Done()
		if err != nil {
			return fail(e, err)
		}
		res := rep.Result
		rep.Stats = statsJSON(res.Stats)
		if err := request.WriteAnalysis(e.stdout, rep, j.Output.JSON(), complete); err != nil {
			return fail(e, err)
		}
		figs, err := request.AnalysisPictures(rep)
		if err != nil {
			return fail(e, request.Internal(err.Error()))
		}
		for _, f := range figs {
			if err := saveNamed(ctx, e, render.Suffixed(*svg, *png, f.Suffix), f.Picture, pf.Quiet); err != nil {
				return fail(e, err)
			}
		}
		if !complete {
			return fail(e, request.Stopped(fmt.Sprintf("%s: the report covers the %d paths enumerated so far (every count is a lower bound)", request.StopReason(ctx, pf.Timeout), res.Stats.Solutions)))
		}
		if !pf.Quiet && !j.Output.JSON() {
			fmt.Fprintf(e.stderr, "analysed %s with %s: %s, %v\n", j.Board.Spec(), request.MovesLabel(j.Moves), format.Plural(int(res.Total), "directed path"), res.Stats.Elapsed.Round(time.Millisecond))
		}
		return exitOK
	}
}

// carriedProblem is the request of analyze --path FILE without a board:
// the board and moves that FILE's text carries (--moves, when given,
// overrides the moves).
func carriedProblem(ctx context.Context, e *env, pf *problemFlags, file string, text []byte, movesGiven bool) (*request.Search, error) {
	b, ms, ok, err := request.CarriedProblem(text)
	if err != nil || !ok {
		return nil, cmp.Or(err, request.Inputf("--path %s is a numbered grid or text path file, which does not name its board: give a size such as 5x5 or --board FILE", file))
	}
	f := pf.LeaperFlags
	if !movesGiven {
		f.Moves = ms
	}
	l, err := request.NewLeaperOn(b, f, textJSON)
	if err != nil {
		return nil, err
	}
	e.setJSON(l.Output.JSON())
	j, err := l.SearchContext(ctx)
	return j, request.StoppedPreparing(ctx, pf.Timeout, err, "before any result")
}
