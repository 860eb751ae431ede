package main

import (
	"context"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

// buildVersion, if set at link time (go build -ldflags "-X
// main.buildVersion=v1.2.3"), is the program's version (format.Version):
// in JSON results, shard files and checkpoints, and --version.
var buildVersion string

func init() { format.Version = format.CodeVersion(buildVersion) }

// dpCheckpointEvery is how often a checkpointed DP count saves its layer.
const dpCheckpointEvery = 30 * time.Second

// runShard counts one shard (0/1 without --shard) of the search's work
// units or of the dynamic program (request.ShardCount), prints the shard's
// count and writes --out.
func runShard(e *env, ctx context.Context, c *request.Count) int {
	sc, err := c.PlanShard(ctx, format.Version)
	if err != nil && ctx.Err() != nil {
		return fail(e, request.Stopped(request.StopReason(ctx, c.Timeout)+" while splitting the count into work units; nothing was counted"))
	}
	if err != nil {
		return fail(e, err)
	}
	defer sc.Close()
	if sc.Salvaged != "" {
		fmt.Fprintf(e.stderr, "warning: %s\n", sc.Salvaged)
	}
	opt := c.Options()
	pr := newProgress(e, fmt.Sprintf("count shard %d/%d", c.Shard, c.Shards), c.Output.Quiet) // progress.Search adds the units done
	pr.SetSearch(&opt)
	if sc.Resumed > 0 {
		fmt.Fprintf(e.stderr, "resuming from %s: %d of the shard's %d units already counted\n", c.Flags.Checkpoint, sc.Resumed, sc.Result.ShardUnits)
	}
	dp := dpProgress(newProgress(e, "count (dp)", c.Output.Quiet))
	dp.CheckpointEvery = dpCheckpointEvery
	if e.progressEvery > 0 {
		dp.CheckpointEvery = 0 // tests: every layer
	}
	got, err := sc.Run(ctx, opt, dp, nil)
	pr.Done()
	if (err != nil && c.Method == request.MethodDP && ctx.Err() != nil) || (err == nil && !got.Complete) {
		return fail(e, request.Stopped(sc.Stopped(request.StopReason(ctx, c.Timeout), got)))
	}
	if err != nil {
		return fail(e, err)
	}
	recorded := got.Stats.Elapsed
	if hideStats {
		recorded = 0
	}
	if err := sc.Finish(ctx, recorded); err != nil {
		return fail(e, err)
	}
	if total, _ := sc.Total(got); c.Output.JSON() {
		err = format.WriteJSON(e.stdout, sc.Result)
	} else {
		_, err = fmt.Fprintln(e.stdout, total)
	}
	if err != nil {
		return fail(e, err)
	}
	if !c.Output.Quiet {
		fmt.Fprintln(e.stderr, sc.Summary(got))
	}
	return exitOK
}
