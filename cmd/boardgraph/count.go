package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"github.com/boardgraph/boardgraph/request"
)

var countHelp = cmdHelp{
	name:  "count",
	usage: "SPEC|--board FILE [--moves M] [--start r,c] [--end r,c] [--closed] [--per-start] [--undirected] [--method auto|dfs|dp] [--max-memory SIZE] [--no-predict] [--shard I/N --out FILE] [--checkpoint FILE [--resume]] [--timeout D] [--workers N] [--format grid|json]\n       boardgraph count merge FILE... (see 'boardgraph count merge -h')",
	about: `Counts the solutions exactly and prints the number, a bare integer, on
stdout; the counting convention goes to stderr (and into --format json).

Conventions. By default paths are directed: a path and its reverse count as
two (the Diplomatico paper's convention: 5x5 has 12400). --undirected counts
a path and its reverse once: with neither --start nor --end that halves the
count; with either fixed it changes nothing (only one direction can start
there). Closed tours (--closed) are counted once per direction, so every
cycle counts twice; --closed --undirected counts every cycle once (the
convention of OEIS A001230: 9862 knight's tours on 6x6).

--per-start prints, instead of the total, a grid of directed counts by first
cell (5x5: 552 at each corner, 352 at the centre).

Methods (--method). dfs is the depth-first search with a memo, one start
per symmetry orbit; dp is the frontier dynamic program (package count),
whose cost grows with the frontier width rather than the number of cells
and which refuses, with its estimate, a count that would not fit in memory.
auto (the default) picks by predicted cost: dfs for givens, --per-start,
shards and checkpoints; dp when its predicted cost is tiny (milliseconds,
as for king 5x5, where the search takes 40 s); else dfs for boards of at
most 30 cells and frontiers too wide for the DP, dp otherwise; under
--timeout, dfs unless the frontier is at most 9 wide (a stopped search
leaves a lower bound, the DP nothing). --max-memory SIZE (default: 3/4 of
the memory available now) bounds the DP's tables: it predicts its peak
early and refuses, naming the limit that would fit; --no-predict skips the
prediction (it errs large on some boards) and stops only at the limit.

Counting at scale. --shard I/N counts the work units u with u mod N = I
(I from 0 to N-1) of a division of the search into at least --units prefixes
(default 4096), the same on every machine; --out FILE writes the shard's
result (JSON with the problem, shard, units, code version and a checksum),
and 'count merge FILE...' adds the shards up, refusing missing, duplicate or
foreign ones. --checkpoint FILE appends every finished unit to FILE;
after a crash or kill, the same command with --resume counts only the rest.
With --method dp, --shard I/N splits the dynamic program instead (each
shard keeps a hash class of one layer; the shards add up exactly, but
their total work is several times one run's, docs/results.md), and
--checkpoint saves its layer at layer boundaries for --resume.
--max-memory bounds the whole DP process: past it the layers spill to
files in --tmp DIR (default the system's temporary directory; --tmp ""
refuses instead).

Exact counting is exponential: boards over 64 open cells are refused without
a fixed --start unless --timeout is given (the search only). On --timeout or
Ctrl-C the count so far is printed as a lower bound and the exit code is 3.`,
	examples: []string{
		"boardgraph count 5x5                               # 12400",
		"boardgraph count --moves knight 5x5                # 1728",
		"boardgraph count --per-start 5x5                   # table by start cell",
		"boardgraph count --closed --undirected --moves knight 6x6   # 9862",
		"boardgraph count 7x7 --timeout 1m                  # a lower bound after a minute",
		"boardgraph count --method dp --moves knight 3x20   # the frontier DP",
		"boardgraph count 6x6 --shard 3/16 --out s3.json    # then: boardgraph count merge s*.json",
		"boardgraph count 6x6 --checkpoint c.txt --resume   # continues after a kill",
	},
}

func init() {
	register(&command{name: "count", summary: "count the solutions exactly", run: runCount})
}

func runCount(e *env) int {
	if code, ok := graphInput(e, "count"); ok { // --graph FILE (graphinput.go)
		return code
	}
	if len(e.args) > 0 && e.args[0] == "merge" {
		sub := *e
		sub.args = e.args[1:]
		return runCountMerge(&sub)
	}
	var (
		pf problemFlags
		cf request.CountFlags
	)
	fs := newFlagSet("count")
	pf.register(fs, "text (the bare count, or the per-start table; the default) or json")
	fs.BoolVar(&cf.PerStart, "per-start", false, "print a grid of counts by first cell (directed, open paths)")
	fs.BoolVar(&cf.Undirected, "undirected", false, "count a path and its reverse (a tour and its reverse) once")
	fs.StringVar(&cf.Method, "method", request.MethodAuto, "counting `METHOD`: auto, dfs (search) or dp (frontier dynamic program)")
	fs.StringVar(&cf.MaxMemory, "max-memory", "", "the dynamic program may use at most `SIZE` (e.g. 800M, 12G; default: 3/4 of the memory available now, request.DefaultMaxMemory); its tables take 60% of it, and past that its layers spill to --tmp")
	fs.StringVar(&cf.SpillDir, "tmp", os.TempDir(), "the dynamic program spills its layers to files in `DIR` when they outgrow --max-memory (\"\": never; it then predicts its peak early and refuses above the limit)")
	fs.BoolVar(&cf.NoPredict, "no-predict", false, "run the dynamic program without its early prediction (which errs large): it stops only when its tables really pass --max-memory")
	fs.StringVar(&cf.Shard, "shard", "", "count only shard `I/N` of the work units (I from 0 to N-1); with --out, merge the files with 'count merge'")
	fs.StringVar(&cf.Out, "out", "", "write the shard's result to `FILE` (JSON, for 'count merge'); written only when the shard is complete")
	fs.StringVar(&cf.Checkpoint, "checkpoint", "", "append every finished work unit to `FILE`, so that --resume can continue after a crash or kill")
	fs.BoolVar(&cf.Resume, "resume", false, "continue the count recorded in --checkpoint FILE (a missing file starts afresh)")
	fs.IntVar(&cf.Units, "units", 0, "split the count into at least `N` work units (default 4096; every shard of a count needs the same value)")
	pos, code := parseArgs(e, countHelp, fs)
	if code >= 0 {
		return code
	}
	j, err := pf.load(e, pos, textJSON)
	if err != nil {
		return fail(e, err)
	}
	c, err := request.NewCount(j.Search, cf)
	if err != nil {
		return fail(e, err)
	}
	ctx, cancel := pf.context(e)
	defer cancel()
	if c.Method == request.MethodDP {
		// The collector works harder rather than let garbage pass the limit.
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(c.MaxMemory))
	}
	if cf.Sharded() {
		return runShard(e, ctx, c)
	}
	opt := j.Options()
	pr := newProgress(e, "count", pf.Quiet)
	pr.set(&opt)
	res, err := c.Run(ctx, opt, newProgress(e, "count (dp)", pf.Quiet).dp())
	pr.done()
	if res.DP.Spilled {
		defer fmt.Fprintf(e.stderr, "the layers spilled to %s (at most %s of files at once)\n", cf.SpillDir, humanBytes(res.DP.SpillBytes))
	}
	switch {
	case err != nil && c.Method == request.MethodDP && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("%s: the dynamic program has no partial count (it adds up only at the last step); count with --method dfs for a lower bound", stopReason(ctx, pf.Timeout))})
	case err != nil:
		return fail(e, err)
	}
	if err := c.WriteResult(e.stdout, res, statsJSON(res.Stats)); err != nil {
		return fail(e, err)
	}
	what := res.Count.String()
	if cf.PerStart {
		what = "per-start table, total " + what
	}
	if !res.Complete {
		return fail(e, &stoppedError{fmt.Sprintf("%s: counted %s so far, a lower bound on the number of %s on %s (the count is incomplete)",
			stopReason(ctx, pf.Timeout), what, res.Convention, j.b.Spec())})
	}
	work := fmt.Sprintf("%d nodes", res.Stats.Nodes)
	if c.Method == request.MethodDP {
		work = "frontier dynamic program"
	}
	fmt.Fprintf(e.stderr, "%s %s on %s with %s; method %s (%s); %s, %v\n", what, res.Convention, j.b.Spec(), movesLabel(j.ms), c.Method, c.Why, work, res.Stats.Elapsed.Round(time.Microsecond))
	return exitOK
}
