package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

// This file is the --graph mode of solve, count, enumerate, verify and
// info: each of those commands has --graph FILE in its flag set, and when
// it is given the command runs here, on the graph in the file (edge list,
// DIMACS, TSPLIB HCP, GraphML or node-link JSON, detected by content) with
// its vertex names: request.Graph, the graph counterpart of
// request.Leaper, makes every decision and writes every result.

// graphFlags are the flags of the --graph mode beyond the problem flags
// (--start and --end then name vertices): each command sets those it has.
type graphFlags struct {
	file       string
	seed       uint64 // solve
	strategy   string // solve
	undirected bool   // count
	method     string // count
	orderSeed  uint64 // count
	limit      uint64 // enumerate
	maxMemory  string // solve, count: --max-memory
}

// withGraph defines --graph FILE in the flags fs of the command cmd and
// returns its body: body on a board, or, when --graph is given, cmd on the
// graph in the file (runGraph) with the problem flags pf and the graph
// flags that set (when not nil) fills from the command's own.
func withGraph(e *env, cmd string, fs *flag.FlagSet, pf *problemFlags, set func(g *graphFlags), body func(pos []string) int) func(pos []string) int {
	var g graphFlags
	fs.StringVar(&g.file, "graph", "", "read the graph from `FILE` (edge list, DIMACS, TSPLIB HCP, GraphML, node-link JSON; '-' for stdin) instead of a board: --start and --end then name vertices, --format is path (the default), json or, for solve --closed, tour")
	return func(pos []string) int {
		if g.file == "" {
			return body(pos)
		}
		if set != nil {
			set(&g)
		}
		return runGraph(e, cmd, fs, pf, g, pos)
	}
}

// runGraph runs cmd on the graph of --graph with the command's flags fs
// (pf holds the problem flags) and positional arguments pos.
func runGraph(e *env, cmd string, fs *flag.FlagSet, pf *problemFlags, g graphFlags, pos []string) int {
	var given []string
	fs.Visit(func(f *flag.Flag) { given = append(given, f.Name) })
	if err := request.CheckGraphArgs(cmd, given, pos); err != nil {
		return fail(e, err)
	}
	form := cmp.Or(pf.Format, "path")
	ctx, cancel := timeoutContext(e, pf.Timeout)
	defer cancel()
	gj, err := request.NewGraphContext(ctx, request.GraphFlags{File: g.file, Start: pf.Start, End: pf.End, Closed: pf.Closed, MaxMemory: g.maxMemory}, e.source())
	if err == nil {
		err = gj.CheckFormat(cmd, form)
	}
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return fail(e, request.Stopped(request.StopReason(ctx, pf.Timeout)+" while reading the graph; nothing was done"))
	}
	if err != nil {
		return fail(e, err)
	}
	e.setJSON(form == "json")
	e.redirect(pf.Out)
	opt := hamilton.Options{Workers: pf.Workers}
	if cmd == "solve" || cmd == "count" {
		// The collector works harder rather than let garbage pass the
		// limit.
		defer limitGarbage(gj.MaxMemory)()
	}
	switch cmd {
	case "info":
		facts, err := gj.Facts()
		if err == nil {
			err = request.WriteReport(e.stdout, facts, form == "json", nil)
		}
		if err != nil {
			return fail(e, err)
		}
		return exitOK
	case "verify":
		v, err := gj.VerifyFile(strings.Join(pos, ""), e.source()) // "": stdin
		if err == nil {
			err = v.Write(e.stdout, form)
		}
		switch {
		case err != nil:
			return fail(e, err)
		case v.Err != nil:
			return exitNone
		}
		return exitOK
	case "solve":
		strat, err := gj.Strategy(g.strategy)
		if err != nil {
			return fail(e, err)
		}
		opt.Seed, opt.Strategy = g.seed, strat
		return graphSolve(ctx, e, gj, opt, form, pf.Quiet, pf.Timeout)
	case "count":
		res, err := gj.Count(ctx, request.GraphCountOptions{Method: g.method, Undirected: g.undirected, Workers: pf.Workers, Bounded: pf.Timeout > 0, OrderSeed: g.orderSeed})
		if err == nil {
			err = gj.WriteCount(e.stdout, form, res)
		}
		switch {
		case err != nil:
			return fail(e, err)
		case !res.Complete:
			return fail(e, request.Stopped(request.StopReason(ctx, pf.Timeout)+": "+gj.CountSummary(res)))
		case !pf.Quiet:
			fmt.Fprintln(e.stderr, gj.CountSummary(res))
		}
		return exitOK
	}
	write := func(index uint64, path []int32) error {
		if err := gj.Verified(path); err != nil {
			return err
		}
		return gj.WriteEnumerated(e.stdout, form, index, path)
	}
	none := func() string { return "no solution in " + gj.Label() }
	return enumerateTo(ctx, e, gj.Problem, opt, g.limit, pf.Timeout, pf.Quiet, "in "+gj.Label(), none, write)
}

func graphSolve(ctx context.Context, e *env, gj *request.Graph, opt hamilton.Options, form string, quiet bool, timeout time.Duration) int {
	path, st, err := gj.Solve(ctx, opt)
	switch {
	case err != nil && ctx.Err() != nil && !errors.Is(err, hamilton.ErrNoSolution):
		return fail(e, request.Stopped(fmt.Sprintf("%s before a solution was found (%d nodes searched)", request.StopReason(ctx, timeout), st.Nodes)))
	case err != nil:
		return fail(e, err)
	}
	if err := gj.WriteSolution(e.stdout, form, path, statsJSON(st)); err != nil {
		return fail(e, err)
	}
	if !quiet {
		fmt.Fprintln(e.stderr, gj.SolveSummary(path, st))
	}
	return exitOK
}
