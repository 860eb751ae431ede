package main

import (
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/report"
	"github.com/boardgraph/boardgraph/request"
)

// The seed's §4 open questions as numberlink subcommands: formula (the
// Figure 5 counts in closed form), min-k (the smallest solvable k) and
// tau-steps (the fewest τ steps and an order achieving them).
func init() {
	nlRegister("formula", false, nlFormula)
	nlRegister("min-k", false, nlMinK)
	nlRegister("tau-steps", false, nlTauSteps)
}

func nlFormula(e *env, args []string) int {
	f := newNLFlags(e, "formula", false, nlTextJSON)
	pos, code, ok := f.parse(args)
	if !ok {
		return code
	}
	defer f.cancel()
	rep, err := request.Formula(pos)
	if err != nil {
		return nlFail(e, err)
	}
	f.write(rep)
	return exitOK
}

func nlMinK(e *env, args []string) int {
	f := newNLFlags(e, "min-k", true, nlTextJSON)
	f.timeoutVar()
	p, code := f.open(args, true)
	if p == nil {
		return code
	}
	defer f.cancel()
	rep, err := report.MinK(f.ctx, p.Grid, numberlink.SolveOptions{Rules: p.Rules})
	switch {
	case err != nil && f.ctx.Err() != nil:
		return fail(e, stoppedErr(fmt.Sprintf("numberlink min-k: %s; k = %v proved unsolvable so far", f.stopped(), rep.Refuted)))
	case errors.Is(err, numberlink.ErrNoSolution):
		return nlFail(e, fmt.Errorf("%w: %v", numberlink.ErrUnsolvable, err))
	case err != nil:
		return nlFail(e, err)
	}
	f.write(rep)
	return exitOK
}

func nlTauSteps(e *env, args []string) int {
	f := newNLFlags(e, "tau-steps", true, nlTextJSON)
	budget := f.Int("budget", 200000, "states the search may expand before it settles for the best order found")
	f.timeoutVar()
	p, code := f.open(args, true)
	if p == nil {
		return code
	}
	defer f.cancel()
	if *budget < 1 {
		return nlFail(e, usagef("--budget %d: use a positive number of states", *budget))
	}
	rep, err := report.TauSteps(f.ctx, p.Grid, p.Rules, *budget)
	switch {
	case errors.Is(err, numberlink.ErrTauIncomplete):
		return fail(e, noSolutionErr(fmt.Sprintf("numberlink tau-steps: %v; no order of τ steps solves it", err)))
	case err != nil && f.ctx.Err() != nil:
		return fail(e, stoppedErr(fmt.Sprintf("numberlink tau-steps: %s: best so far %d steps (τ's order: %d)", f.stopped(), rep.Fewest, rep.TauSteps)))
	case err != nil:
		return nlFail(e, err)
	}
	f.write(rep)
	return exitOK
}
