package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
	lines "github.com/boardgraph/boardgraph/progress"
)

func runCount(e *env, fs *flag.FlagSet) func(pos []string) int {
	var cf request.CountFlags
	pf := newProblemFlags(fs, "text (the bare count, or the per-start table; the default) or json")
	fs.BoolVar(&cf.PerStart, "per-start", false, "print a grid of counts by first cell (directed, open paths)")
	fs.BoolVar(&cf.Undirected, "undirected", false, "count a path and its reverse (a tour and its reverse) once")
	fs.StringVar(&cf.Method, "method", request.MethodAuto, "counting `METHOD`: auto, dfs (search) or dp (frontier dynamic program)")
	fs.StringVar(&cf.MaxMemory, "max-memory", "", "the dynamic program may use at most `SIZE` (e.g. 800M, 12G; default: 3/4 of the memory available now); its tables take 60% of it, and past that its layers spill to --tmp")
	fs.StringVar(&cf.SpillDir, "tmp", os.TempDir(), "the dynamic program spills its layers to files in `DIR` when they outgrow --max-memory (\"\": never; it then predicts its peak early and refuses above the limit)")
	fs.BoolVar(&cf.NoPredict, "no-predict", false, "run the dynamic program without its early prediction (which errs large): it stops only when its tables really pass --max-memory")
	fs.Uint64Var(&cf.OrderSeed, "order-seed", 0, "with --method dp: anneal the vertex order with seed `N` (default 1); another seed gives other layers and the same count, an independent cross-check")
	fs.StringVar(&cf.Shard, "shard", "", "count only shard `I/N` of the work units (I from 0 to N-1); with --out, merge the files with 'count merge'")
	fs.StringVar(&cf.Out, "out", "", "write the shard's result to `FILE` (JSON, for 'count merge'); written only when the shard is complete")
	fs.StringVar(&cf.Checkpoint, "checkpoint", "", "append every finished work unit to `FILE`, so that --resume can continue after a crash or kill")
	fs.BoolVar(&cf.Resume, "resume", false, "continue the count recorded in --checkpoint FILE (a missing file starts afresh)")
	fs.StringVar(&cf.Shared, "shared", "", "with --method dp and --shard I/N: cooperative DP shards that exchange their layers through `DIR` (every shard must run at once and see DIR; a restarted shard resumes from it)")
	fs.BoolVar(&cf.SharedSync, "shared-sync", false, "with --shared: sync every layer file before announcing it (survives a machine crash, not only a killed shard; slower)")
	fs.DurationVar(&cf.SharedWait, "shared-wait", 0, "with --shared: wait at most `D` for the other shards at one layer (default 6h)")
	fs.StringVar(&cf.PrimeIndex, "prime-index", "", "count modulo prime `I` of a fixed sequence (from 0; --primes-needed says how many) by the dynamic program, and with --out write a residue file for 'count merge' (one task of a count split by prime)")
	fs.BoolVar(&cf.PrimesNeeded, "primes-needed", false, "print how many --prime-index runs determine the count (from a proven bound on it) and count nothing")
	fs.StringVar(&cf.Manifest, "manifest", "", "with --method dp: after the count, write its results manifest to `FILE` (JSON: command, version, vertex order, layers, residues, bound; 'count merge' rechecks and compares manifests)")
	fs.IntVar(&cf.Units, "units", 0, "split the count into at least `N` work units (default 4096; every shard of a count needs the same value)")
	graph := func(g *graphFlags) {
		g.undirected, g.method, g.orderSeed, g.maxMemory = cf.Undirected, cf.Method, cf.OrderSeed, cf.MaxMemory
	}
	return withGraph(e, "count", fs, pf, graph, func(pos []string) int {
		ctx, cancel := pf.context(e) // before the graph: it takes seconds to build
		defer cancel()
		j, err := pf.load(ctx, e, pos, textJSON)
		if err != nil {
			return fail(e, err)
		}
		c, err := request.NewCountContext(ctx, j, cf)
		if err != nil {
			return fail(e, request.StoppedPreparing(ctx, pf.Timeout, err, "before counting began"))
		}
		if c.Method == request.MethodDP {
			// The collector works harder rather than let garbage pass the limit.
			defer limitGarbage(c.MaxMemory)()
		}
		if cf.Sharded() {
			return runShard(e, ctx, c)
		}
		if cf.PrimeRun() {
			return runPrime(e, ctx, c)
		}
		opt := j.Options()
		pr := newProgress(e, "count", pf.Quiet)
		pr.SetSearch(&opt)
		dpr := newProgress(e, "count (dp)", pf.Quiet)
		stop := dpr.Poll(func() string { return "count (dp): annealing the vertex order (a large count's takes seconds)" })
		_ = c.PrepareDP(ctx) // stopped, Run stops too, with the count's message
		stop()
		res, err := c.Run(ctx, opt, dpProgress(dpr))
		pr.Done()
		if res.DP.Spilled && !pf.Quiet {
			peak := ""
			if res.DP.PeakSummedStep > 0 {
				peak = fmt.Sprintf("; the largest layer read whole: %d states, layer %d", res.DP.PeakSummed, res.DP.PeakSummedStep)
			}
			defer fmt.Fprintf(e.stderr, "the layers spilled to %s (at most %s of files at once%s)\n", cf.SpillDir, lines.Bytes(res.DP.SpillBytes), peak)
		}
		switch {
		case err != nil && c.Method == request.MethodDP && ctx.Err() != nil:
			return fail(e, request.Stopped(c.Stopped(request.StopReason(ctx, pf.Timeout), res)))
		case err != nil:
			return fail(e, err)
		}
		if cf.Manifest != "" && res.Complete {
			m, err := c.Manifest(ctx, res, append([]string{"boardgraph", "count"}, e.args...), format.Version)
			if err == nil {
				if hideStats {
					m.ElapsedMS = 0
				}
				err = c.WriteManifest(ctx, m)
			}
			if err != nil {
				return fail(e, err)
			}
		}
		if err := c.WriteResult(e.stdout, res, statsJSON(res.Stats)); err != nil {
			return fail(e, err)
		}
		if !res.Complete {
			return fail(e, request.Stopped(c.Stopped(request.StopReason(ctx, pf.Timeout), res)))
		}
		if !pf.Quiet {
			fmt.Fprintln(e.stderr, c.Summary(res))
		}
		return exitOK
	})
}
