package main

import (
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/report"
)

// This file holds the seed's §4 open questions as numberlink subcommands
// (nlSubs): formula (the Figure 5 counts in closed form), min-k (the
// smallest solvable k) and tau-steps (the fewest τ steps and an order
// achieving them).

func nlFormula(f *nlFlags) nlBody {
	return func(_ *request.Puzzle, pos []string) int {
		rep, err := request.Formula(pos)
		if err != nil {
			return nlFail(f.e, err)
		}
		f.write(rep)
		return exitOK
	}
}

func nlMinK(f *nlFlags) nlBody {
	f.timeoutVar()
	return func(p *request.Puzzle, _ []string) int {
		g, rules := p.KGrid()
		rep, err := report.MinK(f.ctx, g, numberlink.SolveOptions{Rules: rules})
		switch {
		case err != nil && f.ctx.Err() != nil:
			return fail(f.e, request.Stopped(fmt.Sprintf("numberlink min-k: %s; k = %v proved unsolvable so far", f.stopped(), rep.Refuted)))
		case errors.Is(err, numberlink.ErrNoSolution):
			return nlFail(f.e, fmt.Errorf("%w: %w", numberlink.ErrUnsolvable, err))
		case err != nil:
			return nlFail(f.e, err)
		}
		f.write(p.MinKReport(rep, rules))
		return exitOK
	}
}

func nlTauSteps(f *nlFlags) nlBody {
	budget := f.Int("budget", 200000, "states the search may expand before it settles for the best order found")
	f.timeoutVar()
	return func(p *request.Puzzle, _ []string) int {
		if *budget < 1 {
			return nlFail(f.e, request.Inputf("--budget %d: use a positive number of states", *budget))
		}
		g, rules := p.KGrid()
		rep, err := report.TauSteps(f.ctx, g, rules, *budget)
		if err != nil {
			return nlFail(f.e, request.TauStepsFailure(err, rep, f.ctx.Err() != nil, f.stopped()))
		}
		f.write(rep)
		return exitOK
	}
}
