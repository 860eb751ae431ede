package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/request"
)

// This file is the --graph hook of solve, count, enumerate, verify and info:
// each of those commands calls graphInput first, and when its arguments
// hold --graph FILE the whole command runs here, on the graph in the file
// (edge list, DIMACS, TSPLIB HCP, GraphML or node-link JSON, detected by
// content) with its vertex names: request.Graph, the graph counterpart of
// request.Leaper, makes every decision and writes every result.

// boardOnlyFlags need board geometry; with --graph they are refused by name.
var boardOnlyFlags = map[string]string{
	"board": "a board file", "moves": "a move set", "svg": "a picture of the board", "png": "a picture of the board",
	"per-start": "a table laid out on the board", "shard": "work units of the board search", "checkpoint": "work units of the board search",
	"units": "work units of the board search", "resume": "work units of the board search", "max-memory": "the board dynamic program's planner",
	"no-predict": "the board dynamic program's planner", "shared": "shards of the board dynamic program",
	"shared-sync": "shards of the board dynamic program", "shared-wait": "shards of the board dynamic program",
}

// graphInput runs cmd on the graph named by --graph, when the arguments
// have one; handled is false otherwise and the command goes on as before.
func graphInput(e *env, cmd string) (code int, handled bool) {
	if _, ok := argFlag(e.args, "graph"); !ok {
		return 0, false
	}
	for _, a := range e.args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if what, ok := boardOnlyFlags[name]; ok && strings.HasPrefix(a, "-") {
			return fail(e, usagef("--%s needs %s; it does not apply to --graph (a graph has no board geometry)", name, what)), true
		}
		if cmd == "solve" && name == "method" && strings.HasPrefix(a, "-") {
			return fail(e, usagef("--method: constructions tile a board; with --graph, solve always searches (drop --method)")), true
		}
	}
	return runGraphCommand(e, cmd), true
}

func runGraphCommand(e *env, cmd string) int {
	fs := newFlagSet(cmd)
	file := fs.String("graph", "", "read the graph from `FILE` (edge list, DIMACS, TSPLIB HCP, GraphML, node-link JSON; '-' for stdin)")
	start := fs.String("start", "", "fix the first vertex (its `NAME` in the file)")
	end := fs.String("end", "", "fix the last vertex (its `NAME`)")
	closed := fs.Bool("closed", false, "Hamiltonian cycles instead of paths")
	var timeout time.Duration
	durationVar(fs, &timeout, "timeout", "stop after `D` (for example 30s, 5m)")
	workers := fs.Int("workers", 0, "search with `N` goroutines (default: all cores)")
	quiet := fs.Bool("quiet", false, "no summary on stderr")
	format := fs.String("format", "path", "output `FORMAT`: path (one vertex name per line), json, or for solve --closed tour (TSPLIB TOUR)")
	var (
		limit      *uint64
		undirected *bool
		method     *string
		seed       *uint64
		strategy   *string
		out        *string
	)
	switch cmd {
	case "solve":
		seed = fs.Uint64("seed", 0, "vary the search's tie-breaking with `S`")
		strategy = fs.String("strategy", "auto", "search `strategy`: default, okuno-miyano, or auto (okuno-miyano for --closed, whose rules solve the TSPLIB HCP instances in under a second where the default search does not finish in a minute; default otherwise)")
		out = fs.String("out", "", "write the solution to `FILE` (atomically) instead of stdout")
	case "count":
		undirected = fs.Bool("undirected", false, "count a path and its reverse once")
		method = fs.String("method", "auto", "counting `METHOD`: auto, dfs or dp")
	case "enumerate":
		limit = fs.Uint64("limit", 0, "stop after `N` solutions")
	}
	h := cmdHelp{name: cmd + " --graph", usage: "FILE [--start NAME] [--end NAME] [--closed] [flags]",
		about: `Runs ` + cmd + ` on a graph read from a file instead of a board: an edge list, DIMACS
('p edge'), TSPLIB HCP, GraphML or node-link JSON, detected by content.
Vertices keep the names the file gives them. Flags that need board
geometry (--moves, --board, --svg, --png, --per-start, shards) do not apply.`,
		examples: []string{"boardgraph solve --graph alb1000.hcp --closed --format tour --out alb1000.tour", "boardgraph count --graph g.dimacs", "boardgraph verify --graph g.hcp g.tour"}}
	pos, code := parseArgs(e, h, fs)
	if code >= 0 {
		return code
	}
	if cmd == "verify" {
		if len(pos) != 1 {
			return fail(e, usagef("verify --graph FILE PATHFILE: give one solution file (vertex names, one per line, or a TSPLIB TOUR)"))
		}
	} else if len(pos) > 0 {
		return fail(e, usagef("unexpected argument %q: with --graph the graph comes from the file", pos[0]))
	}
	gj, err := request.NewGraph(request.GraphFlags{File: *file, Start: *start, End: *end, Closed: *closed}, e.source())
	if err != nil {
		return fail(e, err)
	}
	if err := gj.CheckFormat(cmd, *format); err != nil {
		return fail(e, err)
	}
	ctx, cancel := timeoutContext(e, timeout)
	defer cancel()
	opt := hamilton.Options{Workers: *workers}
	switch cmd {
	case "info":
		facts, err := gj.Facts()
		if err == nil && *format == "json" {
			err = emitJSON(e.stdout, facts)
		} else if err == nil {
			err = facts.WriteText(e.stdout)
		}
		if err != nil {
			return fail(e, err)
		}
		return exitOK
	case "verify":
		v, err := gj.VerifyFile(pos[0], e.source())
		if err == nil {
			err = v.Write(e.stdout, *format)
		}
		switch {
		case err != nil:
			return fail(e, err)
		case v.Err != nil:
			return exitNone
		}
		return exitOK
	case "solve":
		strat, err := gj.Strategy(*strategy)
		if err != nil {
			return fail(e, err)
		}
		opt.Seed, opt.Strategy = *seed, strat
		return graphSolve(ctx, e, gj, opt, *format, *out, *quiet, timeout)
	case "count":
		res, err := gj.Count(ctx, request.GraphCountOptions{Method: *method, Undirected: *undirected, Workers: *workers, Bounded: timeout > 0})
		if err == nil {
			err = gj.WriteCount(e.stdout, *format, res)
		}
		switch {
		case err != nil:
			return fail(e, err)
		case !res.Complete:
			return fail(e, &stoppedError{fmt.Sprintf("%s: %d %s so far in %s is a lower bound", stopReason(ctx, timeout), res.Count, res.Convention, gj.Label())})
		case !*quiet:
			fmt.Fprintf(e.stderr, "%d %s in %s; method %s; %d nodes, %v\n", res.Count, res.Convention, gj.Label(), res.Method, res.Nodes, res.Elapsed.Round(time.Microsecond))
		}
		return exitOK
	case "enumerate":
		write := func(index uint64, path []int32) error {
			if err := gj.Verified(path); err != nil {
				return err
			}
			return gj.WriteEnumerated(e.stdout, *format, index, path)
		}
		none := func() string { return "no solution in " + gj.Label() }
		return enumerateTo(ctx, e, gj.Problem, opt, *limit, timeout, *quiet, "in "+gj.Label(), none, write)
	}
	return fail(e, usagef("--graph does not apply to %s", cmd))
}

func graphSolve(ctx context.Context, e *env, gj *request.Graph, opt hamilton.Options, format, out string, quiet bool, timeout time.Duration) int {
	path, st, err := gj.Solve(ctx, opt)
	switch {
	case err != nil && ctx.Err() != nil && !errors.Is(err, hamilton.ErrNoSolution):
		return fail(e, &stoppedError{fmt.Sprintf("%s before a solution was found (%d nodes searched)", stopReason(ctx, timeout), st.Nodes)})
	case err != nil:
		return fail(e, err)
	}
	write := func(w io.Writer) error { return gj.WriteSolution(w, format, path, statsJSON(st)) }
	if out != "" {
		err = pathio.WriteFileAtomic(out, write)
	} else {
		err = write(e.stdout)
	}
	if err != nil {
		return fail(e, err)
	}
	if !quiet {
		fixed := ""
		if len(gj.Named.Fixed) > 0 {
			fixed = fmt.Sprintf("; it uses %d of the file's %d FIXED_EDGES (the search does not force them)", gj.FixedUsed(path), len(gj.Named.Fixed))
		}
		fmt.Fprintf(e.stderr, "solved %s: a %s, verified%s; %d nodes, %v\n", gj.Label(), gj.Kind(), fixed, st.Nodes, st.Elapsed.Round(time.Microsecond))
	}
	return exitOK
}
