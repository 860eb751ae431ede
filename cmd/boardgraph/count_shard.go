package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/render"
	"github.com/boardgraph/boardgraph/shard"
)

// buildVersion, if set at link time (go build -ldflags "-X
// main.buildVersion=v1.2.3"), is the code version shard files record.
var buildVersion string

// codeVersion names the code that counted (shard.CodeVersion).
func codeVersion() string { return shard.CodeVersion(buildVersion) }

// shardFlags are count's flags for sharded and checkpointed counts.
type shardFlags struct {
	shard      string
	out        string
	checkpoint string
	resume     bool
	minUnits   int
}

func (sf *shardFlags) register(fs interface {
	StringVar(*string, string, string, string)
	BoolVar(*bool, string, bool, string)
	IntVar(*int, string, int, string)
}) {
	fs.StringVar(&sf.shard, "shard", "", "count only shard `I/N` of the work units (I from 0 to N-1); with --out, merge the files with 'count merge'")
	fs.StringVar(&sf.out, "out", "", "write the shard's result to `FILE` (JSON, for 'count merge'); written only when the shard is complete")
	fs.StringVar(&sf.checkpoint, "checkpoint", "", "append every finished work unit to `FILE`, so that --resume can continue after a crash or kill")
	fs.BoolVar(&sf.resume, "resume", false, "continue the count recorded in --checkpoint FILE (a missing file starts afresh)")
	fs.IntVar(&sf.minUnits, "units", 0, "split the count into at least `N` work units (default 4096; every shard of a count needs the same value)")
}

// active reports whether the count is sharded or checkpointed.
func (sf *shardFlags) active() bool {
	return sf.shard != "" || sf.out != "" || sf.checkpoint != "" || sf.resume || sf.minUnits != 0
}

// parseShard reads "I/N".
func parseShard(s string) (i, n int, err error) {
	i, n, err = shard.ParseSpec(s)
	if err != nil {
		return 0, 0, usagef("%v", err)
	}
	return i, n, nil
}

// checkpointKey names the count a checkpoint belongs to: a hash of the
// problem, method, code version, units and shard.
func checkpointKey(r *shard.Result) string {
	return shard.Key(r.Problem, r.Method, r.Version, r.Plan, r.MinUnits, r.Shard, r.Of)
}

// newResult starts the shard result of job j.
func newResult(j *leaperJob, method string, sh, of int) (*shard.Result, error) {
	prob, err := json.Marshal(j.jsonProblem("count"))
	if err != nil {
		return nil, err
	}
	return &shard.Result{Format: shard.Format, Problem: prob, Method: method,
		Convention: j.convention(false, 1), Divisor: j.undirectedDivisor(), Shard: sh, Of: of,
		Version: codeVersion()}, nil
}

// runShard counts one shard (0/1 without --shard): it plans the work units,
// resumes from and appends to the checkpoint, prints the shard's count and
// writes --out. conv and div describe the convention of the count.
func runShard(e *env, ctx context.Context, j *leaperJob, pf *problemFlags, sf *shardFlags, undirected bool) int {
	if sf.resume && sf.checkpoint == "" {
		return fail(e, usagef("--resume continues a --checkpoint FILE: give the file"))
	}
	if sf.minUnits < 0 {
		return fail(e, usagef("--units %d: give a positive number of work units", sf.minUnits))
	}
	sh, of, err := parseShard(sf.shard)
	if err != nil {
		return fail(e, err)
	}
	if sf.out != "" {
		// Fail now rather than after hours of counting.
		if fi, err := os.Stat(filepath.Dir(sf.out)); err != nil || !fi.IsDir() {
			return fail(e, usagef("--out %s: the directory %s does not exist; create it first", sf.out, filepath.Dir(sf.out)))
		}
	}
	units, err := hamilton.SplitUnits(ctx, j.prob, sf.minUnits)
	if err != nil {
		if ctx.Err() != nil {
			return fail(e, &stoppedError{stopReason(ctx, pf.Timeout) + " while splitting the count into work units; nothing was counted"})
		}
		return fail(e, err)
	}
	res, err := newResult(j, shard.MethodDFS, sh, of)
	if err != nil {
		return fail(e, err)
	}
	div := res.Divisor
	res.Units, res.ShardUnits, res.MinUnits = units.Len(), shard.UnitsIn(units.Len(), sh, of), sf.minUnits
	res.Depth, res.Plan = units.Depth, units.Fingerprint
	if res.MinUnits == 0 {
		res.MinUnits = hamilton.DefaultMinUnits
	}
	sopt := hamilton.ShardOptions{Units: units}
	var ck *shard.Checkpoint
	if sf.checkpoint != "" {
		var done map[int]uint64
		ck, done, err = shard.OpenCheckpoint(sf.checkpoint, checkpointKey(res), sf.resume)
		if err != nil {
			return fail(e, usagef("%v", err))
		}
		defer ck.Close()
		if ck.Salvaged != "" {
			fmt.Fprintf(e.stderr, "warning: %s\n", ck.Salvaged)
		}
		sopt.Done = done
		sopt.OnUnit = ck.Append
	}
	opt := pf.options(j)
	pr := newProgress(e, "count", pf.Quiet)
	pr.set(&opt)
	var finished atomic.Int64
	finished.Store(int64(len(sopt.Done)))
	if opt.Progress != nil {
		report := opt.Progress
		opt.Progress = func(st hamilton.Stats) {
			pr.mu.Lock()
			pr.verb = fmt.Sprintf("count shard %d/%d: %d of %d units", sh, of, finished.Load(), res.ShardUnits)
			pr.mu.Unlock()
			report(st)
		}
	}
	if onUnit := sopt.OnUnit; onUnit != nil {
		sopt.OnUnit = func(u int, c uint64) error {
			finished.Add(1)
			return onUnit(u, c)
		}
	} else {
		sopt.OnUnit = func(int, uint64) error { finished.Add(1); return nil }
	}
	if n := len(sopt.Done); n > 0 {
		fmt.Fprintf(e.stderr, "resuming from %s: %d of the shard's %d units already counted\n", sf.checkpoint, n, res.ShardUnits)
	}
	got, st, err := hamilton.CountShard(ctx, j.prob, opt, sh, of, sopt)
	pr.done()
	if ck != nil {
		if cerr := ck.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}
	stopped := err != nil && ctx.Err() != nil && !errors.Is(err, hamilton.ErrOverflow)
	switch {
	case errors.Is(err, hamilton.ErrOverflow):
		return fail(e, &stoppedError{"the count exceeds 2^64-1 = 18446744073709551615; boardgraph reports no count rather than a wrapped one"})
	case errors.Is(err, shard.ErrCheckpoint):
		return fail(e, &stoppedError{fmt.Sprintf("writing the checkpoint failed (%v); counted %d of the shard's %d units", err, got.Counted+got.Skipped, got.Mine)})
	case err != nil && !stopped:
		return fail(e, err)
	}
	where := fmt.Sprintf("shard %d/%d (%d of %d work units, depth %d)", sh, of, got.Mine, got.Units, got.Depth)
	if of == 1 {
		where = fmt.Sprintf("%d work units (depth %d)", got.Units, got.Depth)
	}
	if stopped {
		keep := "rerun it in full"
		if ck != nil {
			keep = fmt.Sprintf("%s keeps the %d finished units: rerun with --resume", sf.checkpoint, got.Counted+got.Skipped)
		}
		return fail(e, &stoppedError{fmt.Sprintf("%s: counted %d so far in %d of the %s, a lower bound (no --out file written; %s)",
			stopReason(ctx, pf.Timeout), got.Count, got.Counted+got.Skipped, where, keep)})
	}
	res.Count = strconv.FormatUint(got.Count, 10)
	res.ElapsedMS = float64(st.Elapsed) / float64(time.Millisecond)
	if hideStats {
		res.ElapsedMS = 0
	}
	res.Seal()
	if sf.out != "" {
		err := render.WriteFileAtomic(sf.out, func(w io.Writer) error { return emitJSON(w, res) })
		if err != nil {
			return fail(e, usagef("cannot write --out %s: %v", sf.out, err))
		}
	}
	total, conv := got.Count, res.Convention
	if undirected {
		total /= div
		conv = j.convention(true, div)
	}
	if j.out.JSON() {
		if err := emitJSON(e.stdout, res); err != nil {
			return fail(e, err)
		}
	} else if _, err := fmt.Fprintln(e.stdout, total); err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stderr, "%d %s on %s with %s, %s; %d counted now, %d from the checkpoint; %d nodes, %v\n",
		total, conv, j.b.Spec(), movesLabel(j.ms), where, got.Counted, got.Skipped, st.Nodes, st.Elapsed.Round(time.Microsecond))
	return exitOK
}
