package main

import (
	"flag"

	"github.com/boardgraph/boardgraph/internal/app/request"
)

func runInfo(e *env, fs *flag.FlagSet) func(pos []string) int {
	pf := newBoardFlags(fs, "", true)
	pf.reportVars(fs, "no diagnostics on stderr (info prints none besides errors)")
	durationVar(fs, &pf.Timeout, "timeout", "try `D` to decide a board that no immediate proof refutes, by solve's engines (default 1s); undecided, info gives the probability of a path")
	return withGraph(e, "info", fs, pf, nil, func(pos []string) int {
		e.redirect(pf.Out)
		j, err := pf.load(e.ctx, e, pos, textJSON)
		if err != nil {
			return fail(e, err)
		}
		facts, err := j.Facts("info")
		if err == nil {
			err = j.Decide(e.ctx, facts, pf.Timeout)
		}
		if err == nil {
			err = request.WriteReport(e.stdout, facts, j.Output.JSON(), nil)
		}
		if err != nil {
			return fail(e, err)
		}
		return exitOK
	})
}
