package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/shard"
)

// Counting methods of count --method.
const (
	methodAuto = "auto"
	methodDFS  = "dfs"
	methodDP   = "dp"
)

// autoNarrowWidth is the widest frontier at which auto still prefers the
// dynamic program under --timeout: that narrow, it finishes in well under
// a second per thousand cells, so a lower bound is not worth the search.
const autoNarrowWidth = 9

// autoCheapDP is the dynamic program's predicted cost (count.Choice.Cost,
// the sum over steps of 3^frontier) below which auto counts with it even
// on the small graphs count.Choose leaves to the search: measured on 2
// cores, a cost of 10^4 takes about 30 ms (king 5x5, 9.1e3) and 2.5e5
// about 0.7 s (knight 6x6), while the search's time grows with the number
// of paths and is unbounded by the board's size (king 5x5: 729,237,344
// paths, 40 s).
const autoCheapDP = 1e5

// methodInput is what chooseMethod looks at.
type methodInput struct {
	dp       count.Choice // count.Choose's verdict on the board
	givens   bool         // the board has givens (the DP takes none)
	perStart bool         // --per-start (search only)
	sharded  bool         // --shard, --out or --checkpoint (search units only)
	timeout  bool         // --timeout: a stopped count should leave a lower bound
}

// chooseMethod is the rule of count --method auto, in order:
//  1. givens, --per-start, shards and checkpoints need the search (dfs);
//  2. a predicted cost of the dynamic program of at most autoCheapDP
//     picks it, whatever the size of the graph;
//  3. otherwise count.Choose decides from the frontier of the board's
//     order: the search for graphs of at most 30 vertices and for
//     frontiers too wide for the dynamic program, the dynamic program
//     otherwise;
//  4. under --timeout a frontier wider than autoNarrowWidth picks the
//     search: stopped, it reports a lower bound, while the DP has no
//     partial count.
//
// It returns the method and the reason, for the stderr summary.
func chooseMethod(in methodInput) (method, why string) {
	switch {
	case in.givens:
		return methodDFS, "givens need the search"
	case in.perStart:
		return methodDFS, "--per-start needs the search"
	case in.sharded:
		return methodDFS, "shards and checkpoints split the search"
	case !in.dp.DP && in.dp.Cost > 0 && in.dp.Cost <= autoCheapDP:
		return methodDP, fmt.Sprintf("frontier %d wide, predicted cost %.3g: the dynamic program takes milliseconds, the search grows with the number of paths", in.dp.Width, in.dp.Cost)
	case !in.dp.DP:
		return methodDFS, in.dp.Reason
	case in.timeout && in.dp.Width > autoNarrowWidth:
		return methodDFS, "--timeout wants a lower bound if stopped, which only the search gives"
	}
	return methodDP, in.dp.Reason
}

// dpOptions returns the DP's options for the job: the board order.
func (j *leaperJob) dpOptions() count.Options {
	return count.Options{Order: count.BoardOrder(j.bg)}
}

// pickMethod resolves --method for the job.
func (j *leaperJob) pickMethod(method string, perStart, sharded, timeout bool) (string, string, error) {
	switch method {
	case methodDFS:
		return methodDFS, "asked for", nil
	case methodDP:
		switch {
		case perStart:
			return "", "", usagef("--per-start needs the search: use --method dfs (or auto)")
		case j.prob.Givens != nil:
			return "", "", usagef("the dynamic program does not take givens: use --method dfs (or auto)")
		}
		return methodDP, "asked for", nil
	case methodAuto:
		ch := count.Choose(j.prob, j.dpOptions().Order)
		m, why := chooseMethod(methodInput{dp: ch, givens: j.prob.Givens != nil, perStart: perStart, sharded: sharded, timeout: timeout})
		return m, why, nil
	}
	return "", "", usagef("unknown --method %q; use auto, dfs or dp", method)
}

// countDP runs the frontier DP with progress lines on stderr and returns
// the count (Stats carry the elapsed time). A count that passes 2^64-1 is
// counted again with 128-bit counts (count.CountBig), so the result is
// exact either way.
func countDP(ctx context.Context, e *env, j *leaperJob, quiet bool, dm dpMemory, noPredict bool, extra count.Options) (*big.Int, count.Stats, error) {
	opt := j.dpOptions()
	opt.MaxBytes = dm.tables()
	opt.SpillDir = dm.tmp
	if noPredict {
		opt.ProbeStates = -1
	}
	opt.Shard, opt.Shards = extra.Shard, extra.Shards
	opt.Checkpoint, opt.CheckpointEvery, opt.CheckpointKey, opt.Resume = extra.Checkpoint, extra.CheckpointEvery, extra.CheckpointKey, extra.Resume
	defer dm.apply()()
	pr := newDPProgress(e, quiet)
	opt.Progress, opt.ProgressEvery = pr.report, pr.every
	var total *big.Int
	c, st, err := count.Count(ctx, j.prob, opt)
	if err == nil {
		total = new(big.Int).SetUint64(c)
	} else if errors.Is(err, count.ErrOverflow) {
		total, st, err = count.CountBig(ctx, j.prob, opt)
	}
	var refusal *count.RefusalError
	switch {
	case errors.As(err, &refusal):
		err = usagef("the dynamic program would not fit: %v (the prediction errs large: --no-predict runs until the tables really pass --max-memory)", err)
	case errors.Is(err, count.ErrMemory) || errors.Is(err, count.ErrTooWide):
		err = usagef("%v; raise --max-memory, count with --method dfs, or use a smaller board", err)
	case errors.Is(err, count.ErrDisk) || errors.Is(err, shard.ErrCheckpoint) || errors.Is(err, shard.ErrLocked):
		err = usagef("%v", err)
	}
	return total, st, err
}

// dpMemory is the DP's share of --max-memory and its spill directory.
type dpMemory struct {
	limit int64  // --max-memory: the whole process
	tmp   string // --tmp: where layers spill ("" never)
}

// tables is the part of the limit the state tables may use: the rest
// covers the garbage collector's slack, the spill buffers and the
// program itself.
func (dm dpMemory) tables() int64 { return dm.limit / 10 * 6 }

// apply sets the Go runtime's soft memory limit to --max-memory for the
// count (the collector then works harder instead of letting garbage pass
// it) and returns the function that restores the previous one.
func (dm dpMemory) apply() func() {
	old := debug.SetMemoryLimit(dm.limit)
	return func() { debug.SetMemoryLimit(old) }
}

// dpProgress prints the DP's steps on stderr, at most every few seconds,
// after a grace second (like the search's progress lines).
type dpProgress struct {
	e     *env
	quiet bool
	grace time.Duration
	every time.Duration
	start time.Time
	mu    sync.Mutex
}

func newDPProgress(e *env, quiet bool) *dpProgress {
	p := &dpProgress{e: e, quiet: quiet, grace: time.Second, every: 5 * time.Second, start: time.Now()}
	if e.progressEvery > 0 {
		p.grace, p.every = e.progressEvery, e.progressEvery
	}
	return p
}

func (p *dpProgress) report(st count.Stats) {
	elapsed := time.Since(p.start) // the DP fills Stats.Elapsed only at the end
	if p.quiet || elapsed < p.grace {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.e.stderr, "count (dp): %s, step %d of %d, %s states (peak %s), %s of tables\n",
		elapsed.Round(100*time.Millisecond), st.Step, st.Steps, human(uint64(st.States)), human(uint64(st.PeakStates)), humanBytes(st.PeakBytes))
}

// parseMemory parses --max-memory: a number of bytes with an optional
// K, M, G or T suffix (powers of 1024), e.g. 12G.
func parseMemory(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "B")
	shift := 0
	if n := len(t); n > 0 {
		if k := strings.IndexByte("KMGT", t[n-1]); k >= 0 {
			shift, t = 10*(k+1), t[:n-1]
		}
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil || v == 0 || v > (1<<62)>>shift {
		return 0, usagef("--max-memory %q: give a size such as 800M, 12G or 17179869184 (bytes)", s)
	}
	return int64(v << shift), nil
}
