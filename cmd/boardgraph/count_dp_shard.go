package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/render"
	"github.com/boardgraph/boardgraph/shard"
)

// dpCheckpointEvery is how often a checkpointed DP count saves its layer.
const dpCheckpointEvery = 30 * time.Second

// runShardDP counts shard I/N of the dynamic program (count --method dp
// with --shard, --out, --checkpoint): count.Options.Shard splits the count,
// the result file is the search's format with method dp and one unit per
// shard, and the checkpoint is the DP's layer checkpoint.
func runShardDP(e *env, ctx context.Context, j *leaperJob, pf *problemFlags, sf *shardFlags, dm dpMemory, noPredict bool) int {
	if sf.resume && sf.checkpoint == "" {
		return fail(e, usagef("--resume continues a --checkpoint FILE: give the file"))
	}
	if sf.minUnits != 0 {
		return fail(e, usagef("--units divides the search; the dynamic program's shards are its units: drop --units or use --method dfs"))
	}
	sh, of, err := parseShard(sf.shard)
	if err != nil {
		return fail(e, err)
	}
	if sf.out != "" {
		if fi, err := os.Stat(filepath.Dir(sf.out)); err != nil || !fi.IsDir() {
			return fail(e, usagef("--out %s: the directory %s does not exist; create it first", sf.out, filepath.Dir(sf.out)))
		}
	}
	res, err := newResult(j, shard.MethodDP, sh, of)
	if err != nil {
		return fail(e, err)
	}
	every := dpCheckpointEvery
	if e.progressEvery > 0 {
		every = 0 // tests: every layer
	}
	extra := count.Options{Shard: sh, Shards: of, Checkpoint: sf.checkpoint, CheckpointEvery: every,
		CheckpointKey: res.Version, Resume: sf.resume}
	total, st, err := countDP(ctx, e, j, pf.Quiet, dm, noPredict, extra)
	if err != nil {
		if ctx.Err() != nil {
			keep := "rerun it in full"
			if sf.checkpoint != "" && st.Checkpoints+st.ResumedAt > 0 {
				keep = fmt.Sprintf("%s keeps the layer of step %d: rerun with --resume", sf.checkpoint, st.Step)
			}
			return fail(e, &stoppedError{fmt.Sprintf("%s: the dynamic program has no partial count (no --out file written; %s)", stopReason(ctx, pf.Timeout), keep)})
		}
		return fail(e, err)
	}
	res.Units, res.ShardUnits = of, 1
	res.Depth, res.Plan = st.SplitStep, st.Fingerprint
	res.Count = total.String()
	res.ElapsedMS = float64(st.Elapsed) / float64(time.Millisecond)
	if hideStats {
		res.ElapsedMS = 0
	}
	res.Seal()
	if sf.out != "" {
		if err := render.WriteFileAtomic(sf.out, func(w io.Writer) error { return emitJSON(w, res) }); err != nil {
			return fail(e, usagef("cannot write --out %s: %v", sf.out, err))
		}
	}
	if pf.Format == "json" {
		if err := emitJSON(e.stdout, res); err != nil {
			return fail(e, err)
		}
	} else if _, err := fmt.Fprintln(e.stdout, total); err != nil {
		return fail(e, err)
	}
	from := ""
	if st.ResumedAt > 0 {
		from = fmt.Sprintf(", resumed at step %d", st.ResumedAt)
	}
	fmt.Fprintf(e.stderr, "%s %s on %s with %s, dynamic program shard %d/%d (split after step %d%s); %v\n",
		total, res.Convention, j.b.Spec(), movesLabel(j.ms), sh, of, st.SplitStep, from, st.Elapsed.Round(time.Microsecond))
	return exitOK
}
