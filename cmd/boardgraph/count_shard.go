package main

import (
	"context"
	"fmt"
	"github.com/boardgraph/boardgraph/format"
	lines "github.com/boardgraph/boardgraph/progress"
	"math/big"
	"time"

	"github.com/boardgraph/boardgraph/request"
	"github.com/boardgraph/boardgraph/shard"
)

// buildVersion, if set at link time (go build -ldflags "-X
// main.buildVersion=v1.2.3"), is the code version shard files record.
var buildVersion string

// dpCheckpointEvery is how often a checkpointed DP count saves its layer.
const dpCheckpointEvery = 30 * time.Second

// runShard counts one shard (0/1 without --shard) of the search's work
// units or of the dynamic program (request.ShardCount), prints the shard's
// count and writes --out.
func runShard(e *env, ctx context.Context, c *request.Count) int {
	sc, err := c.PlanShard(ctx, shard.CodeVersion(buildVersion))
	if err != nil && ctx.Err() != nil {
		return fail(e, stoppedErr(stopReason(ctx, c.Timeout)+" while splitting the count into work units; nothing was counted"))
	}
	if err != nil {
		return fail(e, err)
	}
	defer sc.Close()
	if sc.Salvaged != "" {
		fmt.Fprintf(e.stderr, "warning: %s\n", sc.Salvaged)
	}
	opt := c.Options()
	pr := newProgress(e, "count", c.Output.Quiet)
	pr.set(&opt)
	pr.verb = fmt.Sprintf("count shard %d/%d", c.Shard, c.Shards) // progress.Search adds the units done
	if sc.Resumed > 0 {
		fmt.Fprintf(e.stderr, "resuming from %s: %d of the shard's %d units already counted\n", c.Flags.Checkpoint, sc.Resumed, sc.Result.ShardUnits)
	}
	dp := newProgress(e, "count (dp)", c.Output.Quiet).dp()
	dp.CheckpointEvery = dpCheckpointEvery
	if e.progressEvery > 0 {
		dp.CheckpointEvery = 0 // tests: every layer
	}
	got, err := sc.Run(ctx, opt, dp, nil)
	pr.done()
	if err != nil && c.Method == request.MethodDP && ctx.Err() != nil {
		keep := "rerun it in full"
		if c.Flags.Shared != "" {
			keep = fmt.Sprintf("its layer files in %s stay: the same command resumes at its last layer", c.Flags.Shared)
		} else if c.Flags.Checkpoint != "" && got.DP.Checkpoints+got.DP.ResumedAt > 0 {
			keep = fmt.Sprintf("%s keeps the layer of step %d: rerun with --resume", c.Flags.Checkpoint, got.DP.Step)
		}
		return fail(e, stoppedErr(fmt.Sprintf("%s: the dynamic program has no partial count (no --out file written; %s)", stopReason(ctx, c.Timeout), keep)))
	}
	if err != nil {
		return fail(e, err)
	}
	s := got.Search
	where := fmt.Sprintf("shard %d/%d (%d of %d work units, depth %d)", c.Shard, c.Shards, s.Mine, s.Units, s.Depth)
	if c.Shards == 1 {
		where = fmt.Sprintf("%d work units (depth %d)", s.Units, s.Depth)
	}
	if !got.Complete {
		keep := "rerun it in full"
		if c.Flags.Checkpoint != "" {
			keep = fmt.Sprintf("%s keeps the %d finished units: rerun with --resume", c.Flags.Checkpoint, s.Counted+s.Skipped)
		}
		return fail(e, stoppedErr(fmt.Sprintf("%s: counted %d so far in %d of the %s, a lower bound (no --out file written; %s)",
			stopReason(ctx, c.Timeout), s.Count, s.Counted+s.Skipped, where, keep)))
	}
	elapsed := got.Stats.Elapsed
	recorded := elapsed
	if hideStats {
		recorded = 0
	}
	if err := sc.Finish(ctx, recorded); err != nil {
		return fail(e, err)
	}
	total, conv := got.Directed, sc.Result.Convention
	if c.Flags.Undirected {
		total, conv = new(big.Int).Quo(total, new(big.Int).SetUint64(c.Divisor())), c.Convention(true)
	}
	if c.Output.JSON() {
		err = format.WriteJSON(e.stdout, sc.Result)
	} else {
		_, err = fmt.Fprintln(e.stdout, total)
	}
	if err != nil {
		return fail(e, err)
	}
	if c.Method == request.MethodDP {
		from := ""
		if got.DP.ResumedAt > 0 {
			from = fmt.Sprintf(", resumed at step %d", got.DP.ResumedAt)
		}
		mode := ""
		if c.Flags.Shared != "" && c.Shards > 1 {
			mode = fmt.Sprintf("cooperative, %s written to %s, %v waiting for the others, ", lines.Bytes(got.DP.ExchangeBytes), c.Flags.Shared, got.DP.Waited.Round(time.Millisecond))
		}
		fmt.Fprintf(e.stderr, "%s %s on %s with %s, dynamic program shard %d/%d (%ssplit after step %d%s); %v\n",
			total, conv, c.Board.Spec(), request.MovesLabel(c.Moves), c.Shard, c.Shards, mode, got.DP.SplitStep, from, elapsed.Round(time.Microsecond))
		return exitOK
	}
	fmt.Fprintf(e.stderr, "%d %s on %s with %s, %s; %d counted now, %d from the checkpoint; %d nodes, %v\n",
		total, conv, c.Board.Spec(), request.MovesLabel(c.Moves), where, s.Counted, s.Skipped, got.Stats.Nodes, elapsed.Round(time.Microsecond))
	return exitOK
}
