package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

// Counting methods of count --method.
const (
	methodAuto = "auto"
	methodDFS  = "dfs"
	methodDP   = "dp"
)

// autoNarrowWidth and autoDFSCells are the thresholds of chooseMethod.
const (
	// autoNarrowWidth: with a frontier this narrow the dynamic program
	// has at most about 5*10^5 states (count.Plan.StateBound at width 9)
	// and its time grows linearly with the board: 2xn, 3xn, 4xn boards of
	// short leapers.
	autoNarrowWidth = 9
	// autoDFSCells: up to this many cells the memoised search wins
	// (session 1, 2 cores: 6x6 Diplomatico 1.1 s by search against 195 s
	// by the DP, knight 6x6 0.9 s against 17 s); 7x7 is where enumeration
	// stops being practical, so past it the DP is the one with a chance.
	autoDFSCells = 48
)

// methodInput is what chooseMethod looks at.
type methodInput struct {
	open     int   // open cells (graph vertices)
	width    int   // the DP's frontier width in count.BoardOrder
	dpErr    error // why the DP cannot run at all (count.Estimate), or nil
	givens   bool  // the board has givens (the DP takes none)
	perStart bool  // --per-start (search only)
	sharded  bool  // --shard, --out or --checkpoint (search units only)
	timeout  bool  // --timeout: a stopped count should leave a lower bound
}

// chooseMethod is the rule of count --method auto, in order:
//  1. givens, --per-start, shards and checkpoints need the search (dfs);
//  2. so does a problem the DP cannot plan (frontier over its key size);
//  3. a frontier of at most autoNarrowWidth vertices picks the DP, whose
//     time is then linear in the cells;
//  4. --timeout picks the search: stopped, it reports a lower bound, while
//     the DP has no partial count;
//  5. boards of at most autoDFSCells open cells pick the search;
//  6. larger boards pick the DP.
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
	case in.dpErr != nil:
		return methodDFS, "the dynamic program cannot run: " + in.dpErr.Error()
	case in.width <= autoNarrowWidth:
		return methodDP, fmt.Sprintf("frontier width %d <= %d", in.width, autoNarrowWidth)
	case in.timeout:
		return methodDFS, "--timeout wants a lower bound if stopped, which only the search gives"
	case in.open <= autoDFSCells:
		return methodDFS, fmt.Sprintf("%d open cells <= %d", in.open, autoDFSCells)
	}
	return methodDP, fmt.Sprintf("%d open cells > %d, frontier width %d", in.open, autoDFSCells, in.width)
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
		case sharded:
			return "", "", usagef("the dynamic program does not split into shards or checkpoint: use --method dfs (or auto) with --shard, --out and --checkpoint")
		case j.prob.Givens != nil:
			return "", "", usagef("the dynamic program does not take givens: use --method dfs (or auto)")
		}
		return methodDP, "asked for", nil
	case methodAuto:
		pl, err := count.Estimate(j.prob, j.dpOptions())
		m, why := chooseMethod(methodInput{open: j.bg.N(), width: pl.Width, dpErr: err, givens: j.prob.Givens != nil, perStart: perStart, sharded: sharded, timeout: timeout})
		return m, why, nil
	}
	return "", "", usagef("unknown --method %q; use auto, dfs or dp", method)
}

// countDP runs the frontier DP with progress lines on stderr and returns
// the count in the engine's form (Stats carry the elapsed time).
func countDP(ctx context.Context, e *env, j *leaperJob, quiet bool) (uint64, hamilton.Stats, error) {
	opt := j.dpOptions()
	pr := newDPProgress(e, quiet)
	opt.Progress, opt.ProgressEvery = pr.report, pr.every
	c, st, err := count.Count(ctx, j.prob, opt)
	if errors.Is(err, count.ErrMemory) || errors.Is(err, count.ErrTooWide) {
		err = usagef("%v; count with --method dfs, or a smaller board", err)
	}
	return c, hamilton.Stats{Elapsed: st.Elapsed, Workers: 1}, err
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
