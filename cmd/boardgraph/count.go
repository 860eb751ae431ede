package main

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"strconv"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/request"
)

// maxCountOpen is the largest number of open cells count accepts without a
// fixed start or a --timeout: exact counting is exponential, and beyond it a
// count would not finish in a lifetime (7x7 Diplomatico, 49 cells, is
// already out of reach of any published count).
const maxCountOpen = 64

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
		sf shardFlags
	)
	fs := newFlagSet("count")
	pf.register(fs, "text (the bare count, or the per-start table; the default) or json")
	perStart := fs.Bool("per-start", false, "print a grid of counts by first cell (directed, open paths)")
	undirected := fs.Bool("undirected", false, "count a path and its reverse (a tour and its reverse) once")
	method := fs.String("method", methodAuto, "counting `METHOD`: auto, dfs (search) or dp (frontier dynamic program)")
	maxMemory := fs.String("max-memory", "", "the dynamic program may use at most `SIZE` (e.g. 800M, 12G; default: 3/4 of the memory available now, request.DefaultMaxMemory); its tables take 60% of it, and past that its layers spill to --tmp")
	tmp := fs.String("tmp", os.TempDir(), "the dynamic program spills its layers to files in `DIR` when they outgrow --max-memory (\"\": never; it then predicts its peak early and refuses above the limit)")
	noPredict := fs.Bool("no-predict", false, "run the dynamic program without its early prediction (which errs large): it stops only when its tables really pass --max-memory")
	sf.register(fs)
	pos, code := parseArgs(e, countHelp, fs)
	if code >= 0 {
		return code
	}
	j, err := pf.load(e, pos, textJSON)
	if err != nil {
		return fail(e, err)
	}
	if *perStart {
		switch {
		case pf.Closed:
			return fail(e, usagef("--per-start counts open paths by first cell; drop --closed"))
		case pf.Start != "":
			return fail(e, usagef("--per-start counts every first cell; drop --start"))
		case *undirected:
			return fail(e, usagef("--per-start counts directed paths by first cell; drop --undirected"))
		}
	}
	if err := j.closedGivensOK(); err != nil {
		return fail(e, err)
	}
	if sf.active() && *perStart {
		return fail(e, usagef("--per-start prints one table; it does not combine with --shard, --out, --checkpoint or --units"))
	}
	if sf.shard != "" && *undirected {
		return fail(e, usagef("a shard's count is directed (a shard may hold one direction of a path only): drop --undirected and give it to 'count merge'"))
	}
	m, why, err := j.pickMethod(*method, *perStart, sf.active(), pf.Timeout > 0)
	if err != nil {
		return fail(e, err)
	}
	memLimit, err := request.DefaultMaxMemory(), error(nil)
	if *maxMemory != "" {
		memLimit, err = parseMemory(*maxMemory)
	}
	if err != nil {
		return fail(e, err)
	}
	if open := j.b.Open(); m == methodDFS && open > maxCountOpen && !j.startFixed() && pf.Timeout == 0 {
		return fail(e, usagef("counting the %s board (%d open cells) without a fixed start would not finish: exact counting is exponential and practical up to about %d cells; use a smaller board, fix --start, or add --timeout 10m to get a lower bound", j.b.Spec(), open, maxCountOpen))
	}
	ctx, cancel := pf.context(e)
	defer cancel()
	dm := dpMemory{limit: memLimit, tmp: *tmp}
	if sf.active() && m == methodDP {
		return runShardDP(e, ctx, j, &pf, &sf, dm, *noPredict)
	}
	if sf.active() {
		return runShard(e, ctx, j, &pf, &sf, *undirected)
	}
	opt := pf.options(j)
	pr := newProgress(e, "count", pf.Quiet)
	pr.set(&opt)
	var (
		per   []uint64
		total uint64
		exact *big.Int // the DP's count, which may pass 2^64-1
		st    hamilton.Stats
	)
	if m == methodDP {
		var dst count.Stats
		exact, dst, err = countDP(ctx, e, j, pf.Quiet, dm, *noPredict, count.Options{})
		st = hamilton.Stats{Elapsed: dst.Elapsed, Workers: 1}
		if dst.Spilled {
			defer fmt.Fprintf(e.stderr, "the layers spilled to %s (at most %s of files at once)\n", dm.tmp, humanBytes(dst.SpillBytes))
		}
		if err != nil && ctx.Err() != nil {
			return fail(e, &stoppedError{fmt.Sprintf("%s: the dynamic program has no partial count (it adds up only at the last step); count with --method dfs for a lower bound", stopReason(ctx, pf.Timeout))})
		}
	} else if *perStart {
		per, st, err = hamilton.CountPerStart(ctx, j.prob, opt)
		for _, c := range per {
			total += c // cannot overflow: CountPerStart reports overflow of the total
		}
	} else {
		total, st, err = hamilton.Count(ctx, j.prob, opt)
	}
	pr.done()
	stopped := err != nil && ctx.Err() != nil && !errors.Is(err, hamilton.ErrOverflow)
	switch {
	case errors.Is(err, hamilton.ErrOverflow) && m == methodDP:
		return fail(e, &stoppedError{"the count exceeds 2^128-1, the dynamic program's widest count; it reports no count rather than a wrapped one"})
	case errors.Is(err, hamilton.ErrOverflow):
		return fail(e, &stoppedError{"the count exceeds 2^64-1 = 18446744073709551615; the search reports no count rather than a wrapped one: use --method dp, which counts to 2^128"})
	case err != nil && !stopped:
		return fail(e, err)
	}
	if exact == nil {
		exact = new(big.Int).SetUint64(total)
	}
	div := uint64(1)
	if *undirected {
		div = j.undirectedDivisor()
	}
	conv := j.convention(*undirected, div)
	what := new(big.Int).Quo(exact, new(big.Int).SetUint64(div)).String()
	if err := j.writeCount(e.stdout, j.out.Format, what, per, conv, !stopped, st); err != nil {
		return fail(e, err)
	}
	if *perStart {
		what = "per-start table, total " + what
	}
	if stopped {
		return fail(e, &stoppedError{fmt.Sprintf("%s: counted %s so far, a lower bound on the number of %s on %s (the count is incomplete)",
			stopReason(ctx, pf.Timeout), what, conv, j.b.Spec())})
	}
	work := fmt.Sprintf("%d nodes", st.Nodes)
	if m == methodDP {
		work = "frontier dynamic program"
	}
	fmt.Fprintf(e.stderr, "%s %s on %s with %s; method %s (%s); %s, %v\n", what, conv, j.b.Spec(), movesLabel(j.ms), m, why, work, st.Elapsed.Round(time.Microsecond))
	return exitOK
}

// startFixed reports whether the first cell is fixed, by --start or by a
// given 1.
func (j *leaperJob) startFixed() bool {
	if j.prob.FixStart {
		return true
	}
	for _, p := range j.prob.Givens {
		if p == 0 {
			return true
		}
	}
	return false
}

// closedGivensOK rejects closed tours with givens but no given 1: the
// numbers of a closed tour are relative to the cell it is written from.
func (j *leaperJob) closedGivensOK() error {
	if !j.prob.Closed || j.prob.Givens == nil || j.startFixed() {
		return nil
	}
	return usagef("a closed tour with givens is numbered from its first cell: put the given 1 on the board or use --start")
}

// undirectedDivisor is 2 when every solution's reverse is also a solution
// (then directed counts see each undirected one twice) and 1 when at most
// one direction can satisfy the constraints. Open paths (n >= 2): the
// reverse of a path moves position p to n-1-p, so a fixed start or end, or
// any given off the middle position, pins the direction. Closed tours
// written from a fixed first cell: the reverse moves position p to n-p, so
// givens other than at 0 and n/2 pin it.
func (j *leaperJob) undirectedDivisor() uint64 {
	n := int32(j.bg.N())
	if n < 2 {
		return 1
	}
	if !j.prob.Closed && (j.prob.FixStart || j.prob.FixEnd) {
		return 1
	}
	for _, p := range j.prob.Givens {
		if p < 0 {
			continue
		}
		if j.prob.Closed && p != 0 && 2*p != n {
			return 1
		}
		if !j.prob.Closed && 2*p != n-1 {
			return 1
		}
	}
	return 2
}

// convention says in words what was counted.
func (j *leaperJob) convention(undirected bool, div uint64) string {
	switch {
	case j.prob.Closed && !undirected:
		return "directed closed tours (each tour counted once per direction)"
	case j.prob.Closed && div == 2:
		return "undirected closed tours (each tour counted once)"
	case j.prob.Closed:
		return "undirected closed tours (the fixed cells allow one direction only, so directed = undirected)"
	case !undirected:
		return "directed Hamiltonian paths (a path and its reverse count as two)"
	case div == 2:
		return "undirected Hamiltonian paths (a path and its reverse count once)"
	}
	return "undirected Hamiltonian paths (the fixed start, end or givens allow one direction only, so directed = undirected)"
}

// jsonCount is count's JSON result. Counts are decimal strings.
type jsonCount struct {
	Problem    jsonProblem `json:"problem"`
	Count      string      `json:"count"`
	Convention string      `json:"convention"`
	Complete   bool        `json:"complete"`            // false: stopped early, Count is a lower bound
	PerStart   [][]*string `json:"per_start,omitempty"` // [row][col] directed count by first cell, null for blocked cells
	Stats      *jsonStats  `json:"stats"`
}

func (j *leaperJob) writeCount(w io.Writer, format string, count string, per []uint64, conv string, complete bool, st hamilton.Stats) error {
	var table [][]*string
	if per != nil {
		table = make([][]*string, j.b.Rows)
		for r := range table {
			table[r] = make([]*string, j.b.Cols)
		}
		for v, c := range j.bg.CellOf {
			r, col := j.b.RowCol(c)
			s := strconv.FormatUint(per[v], 10)
			table[r][col] = &s
		}
	}
	if format == "json" {
		return emitJSON(w, jsonCount{j.jsonProblem("count"), count, conv, complete, table, statsJSON(st)})
	}
	if table == nil {
		_, err := fmt.Fprintln(w, count)
		return err
	}
	return writeTable(w, table)
}

// writeTable prints a grid of strings right-aligned, '#' for nil
// (format.WriteTable).
func writeTable(w io.Writer, t [][]*string) error { return format.WriteTable(w, t) }
