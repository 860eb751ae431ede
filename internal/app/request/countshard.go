package request

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/progress"
	"github.com/boardgraph/boardgraph/shard"
)

// checkShardFlags checks the shard and checkpoint flags of a count by
// c.Method and sets Shard and Shards. The directory of the result file
// must exist now, rather than after hours of counting.
func (c *Count) checkShardFlags() error {
	f := c.Flags
	if f.Resume && f.Checkpoint == "" && f.Shared == "" {
		return inputf("--resume continues a --checkpoint FILE: give the file")
	}
	switch {
	case f.Shared != "" && c.Method != MethodDP:
		return inputf("--shared DIR makes the dynamic program's shards cooperate; the search's shards are independent: drop --shared or use --method dp")
	case f.Shared != "" && f.Checkpoint != "":
		return inputf("cooperative shards (--shared) checkpoint through their layer files in %s: drop --checkpoint (a restarted shard resumes by itself)", f.Shared)
	case f.SharedWait < 0:
		return inputf("--shared-wait %v: give a positive duration such as 6h", f.SharedWait)
	case c.Method == MethodDP && f.Units != 0:
		return inputf("--units divides the search; the dynamic program's shards are its units: drop --units or use --method dfs")
	case f.Units < 0:
		return inputf("--units %d: give a positive number of work units", f.Units)
	}
	var err error
	if c.Shard, c.Shards, err = shard.ParseSpec(f.Shard); err != nil {
		return inputf("%w", err)
	}
	if f.Out != "" {
		if fi, err := os.Stat(filepath.Dir(f.Out)); err != nil || !fi.IsDir() {
			return inputf("--out %s: the directory %s does not exist; create it first", f.Out, filepath.Dir(f.Out))
		}
	}
	return nil
}

// ShardCount is one shard of a count made ready to run (the whole count as
// shard 0/1 when it is only checkpointed): the shard result it fills, and
// for the search the work units and the checkpoint. Build it with
// Count.PlanShard and Close it.
type ShardCount struct {
	*Count
	// Result is the shard result file's content; Run fills the count
	// and Finish seals it.
	Result *shard.Result
	// Salvaged, when not empty, says which damaged lines of the
	// checkpoint were dropped (a warning for the user).
	Salvaged string
	// Resumed is the number of the shard's units read back from the
	// checkpoint (the search only).
	Resumed int

	units *hamilton.Units
	ck    *shard.Checkpoint
	done  map[int]uint64
}

// PlanShard prepares the shard of the request's --shard (0/1 without it):
// for the search it splits the count into work units, the same on every
// machine, and opens the checkpoint (locked, resumed with --resume);
// version names the code in the result file (shard.CodeVersion). A
// split stopped by ctx returns ctx's error.
func (c *Count) PlanShard(ctx context.Context, version string) (*ShardCount, error) {
	method := shard.MethodDFS
	if c.Method == MethodDP {
		method = shard.MethodDP
	}
	prob, err := json.Marshal(c.Describe("count"))
	if err != nil {
		return nil, err
	}
	res := &shard.Result{Format: shard.Format, Problem: prob, Method: method, Convention: c.Convention(false),
		Divisor: c.Divisor(), Shard: c.Shard, Of: c.Shards, Version: version}
	sc := &ShardCount{Count: c, Result: res}
	if c.Method == MethodDP {
		return sc, nil
	}
	if sc.units, err = hamilton.SplitUnits(ctx, c.Problem, c.Flags.Units); err != nil {
		return nil, err
	}
	res.Units, res.ShardUnits, res.MinUnits = sc.units.Len(), shard.UnitsIn(sc.units.Len(), c.Shard, c.Shards), c.Flags.Units
	res.Depth, res.Plan = sc.units.Depth, sc.units.Fingerprint
	if res.MinUnits == 0 {
		res.MinUnits = hamilton.DefaultMinUnits
	}
	if c.Flags.Checkpoint != "" {
		key := shard.Key(res.Problem, res.Method, res.Version, res.Plan, res.MinUnits, res.Shard, res.Of)
		sc.ck, sc.done, err = shard.OpenCheckpoint(c.Flags.Checkpoint, key, c.Flags.Resume)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrInput, err)
		}
		sc.Salvaged, sc.Resumed = sc.ck.Salvaged, len(sc.done)
	}
	return sc, nil
}

// Close releases the checkpoint. It may be called more than once.
func (sc *ShardCount) Close() error {
	if sc.ck == nil {
		return nil
	}
	return sc.ck.Close()
}

// ShardOutcome is what ShardCount.Run counted.
type ShardOutcome struct {
	Directed *big.Int // the shard's directed count; a lower bound when !Complete
	Complete bool
	// Search is the search's account of its units (counted now, skipped
	// from the checkpoint); Stats its statistics, or the DP's elapsed
	// time. DP holds the dynamic program's statistics.
	Search hamilton.ShardResult
	Stats  hamilton.Stats
	DP     count.Stats
}

// Run counts the shard: the search's units not yet in the checkpoint,
// appending each finished unit to it (onUnit, if set, is called after
// each with the number of the shard's units done), or the dynamic
// program's shard with its layer checkpoint. A search stopped by ctx
// returns its partial count with Complete false and no error; the dynamic
// program returns ctx's error (it has no partial count). A count past
// 2^64-1 and a checkpoint that cannot be written are *IncompleteError.
func (sc *ShardCount) Run(ctx context.Context, opt hamilton.Options, dp DPOptions, onUnit func(done int)) (*ShardOutcome, error) {
	out := &ShardOutcome{}
	if sc.Method == MethodDP {
		f := sc.Flags
		extra := count.Options{Shard: sc.Shard, Shards: sc.Shards, Checkpoint: f.Checkpoint, CheckpointEvery: dp.CheckpointEvery,
			CheckpointKey: sc.Result.Version, Resume: f.Resume,
			Exchange: f.Shared, ExchangeSync: f.SharedSync, ExchangeWait: f.SharedWait}
		var err error
		if f.Shared != "" && sc.Shards > 1 {
			// One shard anneals the order for all (count.SharedOrder).
			sc.order, err = count.SharedOrder(ctx, f.Shared, sc.Graph.Graph, orderSeed(f.OrderSeed), func() ([]int32, error) {
				err := sc.dpOrder(ctx)
				return sc.order, err
			})
			if errors.Is(err, count.ErrExchange) {
				err = inputf("%w", err)
			}
			if err != nil {
				return out, err
			}
			sc.refined = true
		}
		out.Directed, out.DP, err = sc.countDP(ctx, dp, extra)
		out.Stats = hamilton.Stats{Elapsed: out.DP.Elapsed, Workers: 1}
		if err != nil {
			return out, err
		}
		out.Complete = true
		sc.Result.Units, sc.Result.ShardUnits = sc.Shards, 1
		sc.Result.Depth, sc.Result.Plan = out.DP.SplitStep, out.DP.Fingerprint
		sc.Result.Count = out.Directed.String()
		return out, nil
	}
	sopt := hamilton.ShardOptions{Units: sc.units, Done: sc.done}
	var finished atomic.Int64
	finished.Store(int64(len(sc.done)))
	sopt.OnUnit = func(u int, n uint64) error {
		if sc.ck != nil {
			if err := sc.ck.Append(u, n); err != nil {
				return err
			}
		}
		done := finished.Add(1)
		if onUnit != nil {
			onUnit(int(done))
		}
		return nil
	}
	got, st, err := hamilton.CountShard(ctx, sc.Problem, opt, sc.Shard, sc.Shards, sopt)
	if cerr := sc.Close(); cerr != nil && err == nil {
		err = cerr
	}
	out.Search, out.Stats = got, st
	out.Directed = new(big.Int).SetUint64(got.Count)
	switch {
	case errors.Is(err, hamilton.ErrOverflow):
		return out, &IncompleteError{Msg: "the count exceeds 2^64-1 = 18446744073709551615; boardgraph reports no count rather than a wrapped one", Err: err}
	case errors.Is(err, shard.ErrCheckpoint):
		return out, &IncompleteError{Msg: fmt.Sprintf("writing the checkpoint failed (%v); counted %d of the shard's %d units", err, got.Counted+got.Skipped, got.Mine), Err: err}
	case err != nil && ctx.Err() == nil:
		return out, err
	}
	out.Complete = err == nil
	sc.Result.Count = strconv.FormatUint(got.Count, 10)
	return out, nil
}

// Finish seals the shard result with its elapsed time and writes it to
// --out, if given, atomically (written only for a complete shard). A
// named pipe without a reader holds it until ctx ends (the error then
// wraps ctx.Err()); a file that cannot be written is an input error that
// names it once.
func (sc *ShardCount) Finish(ctx context.Context, elapsed time.Duration) error {
	sc.Result.ElapsedMS = float64(elapsed) / float64(time.Millisecond)
	sc.Result.Seal()
	if sc.Flags.Out == "" {
		return nil
	}
	err := pathio.WriteFileAtomicContext(ctx, sc.Flags.Out, func(w io.Writer) error { return format.WriteJSON(w, sc.Result) })
	switch {
	case err == nil, ctx.Err() != nil, IsIO(err), IsInput(err):
		return err
	}
	return inputf("cannot write --out %s: %w", sc.Flags.Out, err)
}

// Merged is what count merge makes of its files: the sum of shard
// results (Shards, counted by Method), the count that residue files
// determine (Residues), or the count that results manifests agree on,
// checked against any residue files given with them (Manifests); one of
// the three is set.
type Merged struct {
	Shards    *format.Merge
	Method    string
	Residues  *format.MergeResidues
	Manifests *format.MergeManifests
}

// MergeCountFiles reads the files of one count, shard results,
// residues or results manifests (shard.ReadAnyFile tells them apart), and merges them: shard results add up
// (shard.Merge), residues are joined by the Chinese remainder theorem
// (shard.MergeResidues), manifests must agree with each other and with
// the residues given beside them (shard.MergeManifests). Missing, duplicate, damaged or
// foreign files, files of both kinds, and residues too few for the
// count's bound are refused with an ErrInput error naming the files. The
// count is directed, or with undirected divided by the problem's divisor
// (a path and its reverse once where both are solutions).
func MergeCountFiles(files []string, undirected bool) (*Merged, error) {
	if len(files) == 0 {
		return nil, inputf("no shard files or residue files: give the files 'count --shard I/N --out FILE' or 'count --prime-index I --out FILE' wrote")
	}
	var results []*shard.Result
	var residues []*shard.Residue
	var manifests []*shard.Manifest
	var mfiles, rfiles []string
	for _, name := range files {
		r, rr, m, err := shard.ReadAnyFile(name, count.Prime)
		switch {
		case err != nil:
			return nil, inputf("%w", err)
		case m != nil:
			manifests, mfiles = append(manifests, m), append(mfiles, name)
		case r != nil:
			results = append(results, r)
		default:
			residues, rfiles = append(residues, rr), append(rfiles, name)
		}
		if len(results) > 0 && (len(residues) > 0 || len(manifests) > 0) {
			other := "residue files"
			if len(manifests) > 0 {
				other = "results manifests"
			}
			return nil, inputf("%s and %s: shard results and %s do not merge together; merge the files of one count, all of one kind", files[0], name, other)
		}
	}
	if len(manifests) > 0 {
		m, err := mergeManifests(manifests, mfiles, residues, rfiles, undirected)
		if err != nil {
			return nil, err
		}
		return &Merged{Manifests: m}, nil
	}
	if len(residues) > 0 {
		m, err := mergeResidues(residues, files, undirected)
		if err != nil {
			return nil, err
		}
		return &Merged{Residues: m}, nil
	}
	m, method, err := mergeShards(results, files, undirected)
	if err != nil {
		return nil, err
	}
	return &Merged{Shards: m, Method: method}, nil
}

// MergeFiles reads the shard result files of one count (shard.ReadResultFile)
// and adds them up (shard.Merge), refusing missing, duplicate, damaged or
// foreign shards with an ErrInput error naming the files. The total is
// directed, or with undirected divided by the problem's divisor (a path
// and its reverse once where both are solutions). It returns the JSON
// result and the method of the shards.
func MergeFiles(files []string, undirected bool) (res *format.Merge, method string, err error) {
	if len(files) == 0 {
		return nil, "", inputf("no shard files: give the files 'count --shard I/N --out FILE' wrote")
	}
	results := make([]*shard.Result, len(files))
	for i, name := range files {
		if results[i], err = shard.ReadResultFile(name); err != nil {
			return nil, "", inputf("%w", err)
		}
	}
	return mergeShards(results, files, undirected)
}

// mergeShards is MergeFiles on results read from files.
func mergeShards(results []*shard.Result, files []string, undirected bool) (res *format.Merge, method string, err error) {
	m, err := shard.Merge(results, files)
	if err != nil {
		return nil, "", inputf("%w", err)
	}
	first, total := m.First, m.Total
	res = &format.Merge{Convention: first.Convention, Shards: first.Of, Units: first.Units, Plan: first.Plan,
		Version: first.Version, ElapsedMS: m.ElapsedMS}
	if err := json.Unmarshal(first.Problem, &res.Problem); err != nil {
		return nil, "", inputf("%s: the problem is not one this boardgraph wrote (%w)", files[0], err)
	}
	if undirected {
		total = new(big.Int).Quo(total, new(big.Int).SetUint64(first.Divisor))
		res.Convention = ConventionOf(res.Problem.Closed, true, first.Divisor)
	}
	res.Count = total.String()
	return res, first.Method, nil
}

// Stopped words a shard count that ended without its count after reason
// ("timed out after 2s"): the dynamic program has no partial count, the
// search's count so far is a lower bound; no --out file was written, and
// the message says what the checkpoint or the --shared directory keeps
// for the next run.
func (sc *ShardCount) Stopped(reason string, got *ShardOutcome) string {
	f := sc.Flags
	keep := "rerun it in full"
	if sc.Method == MethodDP {
		if f.Shared != "" {
			keep = fmt.Sprintf("its layer files in %s stay: the same command resumes at its last layer", f.Shared)
		} else if f.Checkpoint != "" && got.DP.Checkpoints+got.DP.ResumedAt > 0 {
			keep = fmt.Sprintf("%s keeps the layer of step %d: rerun with --resume", f.Checkpoint, got.DP.Step)
		}
		return fmt.Sprintf("%s: the dynamic program has no partial count (no --out file written; %s)", reason, keep)
	}
	s := got.Search
	if f.Checkpoint != "" {
		keep = fmt.Sprintf("%s keeps the %d finished units: rerun with --resume", f.Checkpoint, s.Counted+s.Skipped)
	}
	return fmt.Sprintf("%s: counted %d so far in %d of the %s, a lower bound (no --out file written; %s)",
		reason, s.Count, s.Counted+s.Skipped, sc.where(got), keep)
}

// where names the search's part of the work: "shard 2/8 (512 of 4096
// work units, depth 6)", or "4096 work units (depth 6)" for the whole.
func (sc *ShardCount) where(got *ShardOutcome) string {
	s := got.Search
	if sc.Shards == 1 {
		return fmt.Sprintf("%d work units (depth %d)", s.Units, s.Depth)
	}
	return fmt.Sprintf("shard %d/%d (%d of %d work units, depth %d)", sc.Shard, sc.Shards, s.Mine, s.Units, s.Depth)
}

// Total returns a complete shard's count in the convention the request
// asks for (--undirected divides the directed count by Divisor) and the
// name of that convention.
func (sc *ShardCount) Total(got *ShardOutcome) (*big.Int, string) {
	if !sc.Flags.Undirected {
		return got.Directed, sc.Result.Convention
	}
	return new(big.Int).Quo(got.Directed, new(big.Int).SetUint64(sc.Divisor())), sc.Convention(true)
}

// Summary words a complete shard in one line: the count and its
// convention, the problem, and the dynamic program's split (and exchange)
// or the search's units, counted now and read from the checkpoint.
func (sc *ShardCount) Summary(got *ShardOutcome) string {
	total, conv := sc.Total(got)
	what := fmt.Sprintf("%s %s on %s with %s", total, conv, sc.Board.Spec(), MovesLabel(sc.Moves))
	elapsed := got.Stats.Elapsed.Round(time.Microsecond)
	if sc.Method != MethodDP {
		s := got.Search
		return fmt.Sprintf("%s, %s; %d counted now, %d from the checkpoint; %d nodes, %v", what, sc.where(got), s.Counted, s.Skipped, got.Stats.Nodes, elapsed)
	}
	from, mode := "", ""
	if got.DP.ResumedAt > 0 {
		from = fmt.Sprintf(", resumed at step %d", got.DP.ResumedAt)
	}
	if sc.Flags.Shared != "" && sc.Shards > 1 {
		mode = fmt.Sprintf("cooperative, %s written to %s, %v waiting for the others, ", progress.Bytes(got.DP.ExchangeBytes), sc.Flags.Shared, got.DP.Waited.Round(time.Millisecond))
	}
	return fmt.Sprintf("%s, dynamic program shard %d/%d (%ssplit after step %d%s); %v", what, sc.Shard, sc.Shards, mode, got.DP.SplitStep, from, elapsed)
}
