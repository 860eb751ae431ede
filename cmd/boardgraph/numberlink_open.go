package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/report"
)

// The seed's §4 open questions as numberlink subcommands: formula (the
// Figure 5 counts in closed form), min-k (the smallest solvable k) and
// tau-steps (the fewest τ steps and an order achieving them).
func init() {
	nlRegister(nlSub{"formula", "formula N K R [--format text|json]",
		"boardgraph numberlink formula 4 2 4   # configurations of magnitude 4, k=2, 4 neighbours: 35 - 16 = 19", nlFormula})
	nlRegister(nlSub{"min-k", "min-k [--format text|json] [--timeout D] [rule flags] [FILE]",
		"boardgraph numberlink min-k puzzle.txt   # smallest k that solves the clues, with its solution", nlMinK})
	nlRegister(nlSub{"tau-steps", "tau-steps [--budget N] [--format text|json] [--timeout D] [rule flags] [FILE]",
		"boardgraph numberlink tau-steps puzzle.txt   # fewest τ builder steps, and the order", nlTauSteps})
}

func nlFormula(e *env, args []string) int {
	f := newNLFlags(e, "formula", false)
	pos, code, ok := f.parse(args)
	if !ok {
		return code
	}
	if len(pos) != 3 {
		return nlFail(e, usagef("formula needs three numbers N K R (magnitude, bridge limit, neighbours), e.g. formula 4 2 4"))
	}
	var v [3]int
	for i, s := range pos {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 10000 {
			return nlFail(e, usagef("%q: N, K and R are whole numbers 0..10000", s))
		}
		v[i] = n
	}
	f.write(report.Formula(v[0], v[1], v[2]))
	return exitOK
}

func nlMinK(e *env, args []string) int {
	f := newNLFlags(e, "min-k", true)
	timeout, _ := f.solveFlags()
	g, rules, code, ok := f.openPuzzle(e, args)
	if !ok {
		return code
	}
	ctx, cancel := withTimeout(e, *timeout)
	defer cancel()
	rep, err := report.MinK(ctx, g, numberlink.SolveOptions{Rules: rules})
	switch {
	case err != nil && ctx.Err() != nil:
		fmt.Fprintf(e.stderr, "boardgraph: numberlink min-k: stopped; k = %v proved unsolvable so far\n", rep.Refuted)
		return exitStopped
	case errors.Is(err, numberlink.ErrNoSolution):
		return nlFail(e, fmt.Errorf("%w: %v", numberlink.ErrUnsolvable, err))
	case err != nil:
		return nlFail(e, err)
	}
	f.write(rep)
	return exitOK
}

func nlTauSteps(e *env, args []string) int {
	f := newNLFlags(e, "tau-steps", true)
	budget := f.Int("budget", 200000, "states the search may expand before it settles for the best order found")
	timeout, _ := f.solveFlags()
	g, rules, code, ok := f.openPuzzle(e, args)
	if !ok {
		return code
	}
	if *budget < 1 {
		return nlFail(e, usagef("--budget %d: use a positive number of states", *budget))
	}
	ctx, cancel := withTimeout(e, *timeout)
	defer cancel()
	rep, err := report.TauSteps(ctx, g, rules, *budget)
	switch {
	case errors.Is(err, numberlink.ErrTauIncomplete):
		fmt.Fprintf(e.stderr, "boardgraph: numberlink tau-steps: %v; no order of τ steps solves it\n", err)
		return exitNone
	case err != nil && ctx.Err() != nil:
		fmt.Fprintf(e.stderr, "boardgraph: numberlink tau-steps: stopped: best so far %d steps (τ's order: %d)\n", rep.Fewest, rep.TauSteps)
		return exitStopped
	case err != nil:
		return nlFail(e, err)
	}
	f.write(rep)
	return exitOK
}
