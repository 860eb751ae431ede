package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/render"
)

func runSolve(e *env, fs *flag.FlagSet) func(pos []string) int {
	var sf request.SolveFlags
	pf := newProblemFlags(fs, "text or grid (numbered grid, the default), path (one row,col per line), json, or with --out binary (default with --out: path, binary for a name ending in .bgp)")
	fs.Uint64Var(&sf.Seed, "seed", 0, "vary the search's tie-breaking with `S` (0: the fixed default order)")
	fs.StringVar(&sf.Strategy, "strategy", "", "search `strategy`: default (the default), or okuno-miyano (edge deletion, forcing, dead ends and island parity of Okuno and Miyano; no givens). Giving it makes --method auto search; --method construct refuses it")
	fs.StringVar(&sf.Method, "method", "auto", "find the path by `M`: search, construct (linear time, plain boards, no search), or auto (construct on plain boards over 2^18 cells when a construction exists, search otherwise)")
	fs.StringVar(&pf.Out, "out", "", "write the solution to `FILE` (atomically, verified from the file before success) instead of stdout; the format is --format, by default path (binary for a name ending in .bgp)")
	var pics pictureFlags
	pics.register(fs)
	var maxMemory string
	fs.StringVar(&maxMemory, "max-memory", "", "with --graph: the search (at most 512 bytes a vertex) and the dynamic program beside it may use at most `SIZE` (e.g. 800M, 12G; default: 3/4 of the memory available now)")
	graph := func(g *graphFlags) { g.seed, g.strategy, g.maxMemory = sf.Seed, cmp.Or(sf.Strategy, "auto"), maxMemory }
	return withGraph(e, "solve", fs, pf, graph, func(pos []string) int {
		if maxMemory != "" {
			return fail(e, request.Inputf("--max-memory applies to solve --graph; a board's search holds a few words a cell (drop --max-memory)"))
		}
		lf, err := pf.flags(pos)
		if err != nil {
			return fail(e, err)
		}
		l, err := request.NewSolve(lf, sf, e.source())
		if err != nil {
			return fail(e, err)
		}
		e.setJSON(l.Output.JSON())
		if err := pics.Check(); err != nil {
			return fail(e, err)
		}
		ctx, cancel := pf.context(e)
		defer cancel()
		walk, err := l.Construction(ctx, l.Method, buildWalk) // a proof of no path: exit 1
		if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return fail(e, request.Stopped(request.StopReason(ctx, pf.Timeout)+" while planning the construction; no file was written"))
		}
		if err != nil {
			return fail(e, err)
		}
		if walk != nil {
			return runConstruct(ctx, e, l.Leaper, walk, &pics)
		}
		j, err := l.Leaper.SearchContext(ctx)
		if err != nil {
			return fail(e, request.StoppedPreparing(ctx, pf.Timeout, err, "before a solution was found"))
		}
		opt := l.SearchOptions(j)
		pr := newProgress(e, "solve", l.Output.Quiet)
		pr.SetSearch(&opt)
		cells, st, dec, err := j.SolveDecided(ctx, opt)
		pr.Done()
		switch {
		case err != nil && ctx.Err() != nil && !errors.Is(err, hamilton.ErrNoSolution):
			return fail(e, request.Stopped(fmt.Sprintf("%s before a solution was found (%d nodes searched)", request.StopReason(ctx, l.Timeout), st.Nodes)))
		case err != nil && errors.Is(err, hamilton.ErrNoSolution) && pics.Any():
			// A proof of no solution: its witness drawn (issue 39).
			if perr := pics.save(ctx, e, func() (*render.Picture, error) { return j.ProofPicture(dec.Reason) }, l.Output.Quiet); perr != nil {
				return fail(e, perr)
			}
			return fail(e, err)
		case err != nil:
			return fail(e, err) // a proof of no solution: exit 1
		}
		method := "search"
		if dec.Engine == request.EngineDP {
			method = "dp"
		}
		if code := emit(ctx, e, l.Leaper, cells, format.Result{Method: method, Stats: statsJSON(st)}); code != exitOK {
			return code
		}
		if err := pics.save(ctx, e, func() (*render.Picture, error) { return l.PathPicture(cells) }, l.Output.Quiet); err != nil {
			return fail(e, err)
		}
		if (!l.Output.JSON() || l.Output.Out != "") && !l.Output.Quiet {
			fmt.Fprintf(e.stderr, "solved %s: %s, verified; %d nodes, %v; %s\n", l.Label(), format.Plural(len(cells), "cell"), st.Nodes, st.Elapsed.Round(time.Microsecond), dec)
		}
		return exitOK
	})
}
