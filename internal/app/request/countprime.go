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
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/shard"
)

// Counts split by prime (count --prime-index I, count --primes-needed,
// count merge of residue files): each task counts modulo one prime of
// count.Prime's sequence, and the residues of as many primes as the
// count's proven bound (count.CountBound) asks for give the count by the
// Chinese remainder theorem (shard.MergeResidues).

// PrimeRun reports whether the request is a per-prime run or asks how
// many primes its count needs.
func (f CountFlags) PrimeRun() bool { return f.PrimeIndex != "" || f.PrimesNeeded }

// checkPrimeFlags checks --prime-index and --primes-needed against the
// other flags and sets c.PrimeIndex; method is the --method asked for.
func (c *Count) checkPrimeFlags(method string) error {
	f := c.Flags
	switch {
	case f.PrimeIndex != "" && f.PrimesNeeded:
		return inputf("--primes-needed says how many --prime-index runs a count needs and counts nothing: give one of the two")
	case method == MethodDFS:
		return inputf("counts modulo a prime are made by the dynamic program: drop --method dfs")
	case f.Shard != "" || f.Units != 0 || f.Shared != "":
		return inputf("a run modulo a prime is a task of its own: --shard, --units and --shared do not combine with --prime-index or --primes-needed")
	case f.PrimesNeeded && (f.Checkpoint != "" || f.Resume):
		return inputf("--primes-needed counts nothing, so it has nothing to checkpoint: drop --checkpoint and --resume")
	case f.Resume && f.Checkpoint == "":
		return inputf("--resume continues a --checkpoint FILE: give the file")
	case f.PerStart:
		return inputf("--per-start prints one table; it does not combine with --prime-index or --primes-needed")
	case f.Undirected && f.PrimeIndex != "":
		return inputf("a residue is of the directed count: drop --undirected and give it to 'count merge --undirected'")
	case f.Out != "" && f.PrimeIndex == "":
		return inputf("--primes-needed writes no file: drop --out")
	case c.Problem.Givens != nil:
		return inputf("the dynamic program does not take givens, so counts modulo a prime do not either")
	}
	if b := c.quickBound(); b.Primes() == 0 {
		return inputf("the count is bounded only by 2^%d (%s), past what %d primes determine: count a smaller board", b.Bits, b.Name, count.MaxPrimeIndex+1)
	}
	c.PrimeIndex = -1
	if f.PrimeIndex == "" {
		return nil
	}
	i, err := strconv.Atoi(f.PrimeIndex)
	if err != nil || i < 0 || i > count.MaxPrimeIndex {
		return inputf("--prime-index %q: give a number from 0 to %d (the primes a count needs: --primes-needed)", f.PrimeIndex, count.MaxPrimeIndex)
	}
	c.PrimeIndex = i
	if f.Out != "" {
		if fi, err := os.Stat(filepath.Dir(f.Out)); err != nil || !fi.IsDir() {
			return inputf("--out %s: the directory %s does not exist; create it first", f.Out, filepath.Dir(f.Out))
		}
	}
	return nil
}

// Bound returns the proven bound on the request's directed count and how
// many primes of count.Prime's sequence it needs: count.CountBound's
// (with the grid, for the matchings bound), or on the grid sweep's path
// the sweep's own (count.GridBoundBits) where it is smaller, as it is on
// every square grid (22x22 cycles: 2^274 and 5 primes, against 2^390 and
// 7). The sweep's bound is a relaxed sweep of 2^(w+1) numbers a cell, w
// the frontier's width (seconds at width 22); on cancellation Bound
// returns ctx's error.
func (c *Count) Bound(ctx context.Context) (count.Bound, int, error) {
	b := c.quickBound()
	if c.gridPath() {
		bits, err := count.GridBoundBits(ctx, c.Problem, c.grid, count.Options{Workers: c.Workers})
		if err != nil {
			return count.Bound{}, 0, err
		}
		if bits < b.Bits {
			b = count.Bound{Bits: bits, Name: count.BoundGridSweep}
		}
	}
	return b, b.Primes(), nil
}

// quickBound is count.CountBound of the request (with the grid, for the
// matchings bound): linear time, and never below Bound's.
func (c *Count) quickBound() count.Bound {
	var g *count.Grid
	if c.isGrid {
		g = &c.grid
	}
	return count.CountBound(c.Problem, g)
}

// PrimesNeeded is the JSON of count --primes-needed.
type PrimesNeeded struct {
	Problem      format.Problem `json:"problem"`
	Convention   string         `json:"convention"`
	BoundBits    int            `json:"bound_bits"`
	Bound        string         `json:"bound"`
	PrimesNeeded int            `json:"primes_needed"`
	// Primes are the primes, in decimal, of indexes 0 to PrimesNeeded-1.
	Primes []string `json:"primes"`
}

// Needed returns what count --primes-needed prints; on cancellation,
// ctx's error.
func (c *Count) Needed(ctx context.Context) (PrimesNeeded, error) {
	b, k, err := c.Bound(ctx)
	if err != nil {
		return PrimesNeeded{}, err
	}
	p := PrimesNeeded{Problem: c.Describe("count"), Convention: c.Convention(false), BoundBits: b.Bits, Bound: b.Name, PrimesNeeded: k}
	for i := range k {
		p.Primes = append(p.Primes, strconv.FormatUint(count.Prime(i), 10))
	}
	return p, nil
}

// NeededSummary words Needed in one line.
func (c *Count) NeededSummary(p PrimesNeeded) string {
	return fmt.Sprintf("the number of %s on %s with %s is below 2^%d (%s bound), so the residues modulo %s determine it: run count --prime-index I --out FILE for I from 0 to %d, then count merge the files",
		p.Convention, c.Board.Spec(), MovesLabel(c.Moves), p.BoundBits, p.Bound, format.Plural(p.PrimesNeeded, "prime"), p.PrimesNeeded-1)
}

// RunPrime counts the request modulo prime c.PrimeIndex of count.Prime's
// sequence with --workers goroutines, by the grid sweep (count.CountGridMod) on a grid graph and
// by the frontier dynamic program (count.CountModulo, in memory)
// otherwise, and returns the residue file's content with the count's
// bound (WriteResidue seals it); version names the code
// (shard.CodeVersion). A count modulo a prime keeps its layers in memory:
// where they outgrow --max-memory and --tmp allows spilling, the count is
// made as the count without --prime-index makes it (countDP: spilled,
// exact) and reduced modulo the prime, so both finish where one does.
// With --checkpoint the dynamic program saves its layers of residues (at
// most every dp.CheckpointEvery) under a key naming the prime and the
// version, and --resume continues them: a task stopped at any time loses
// at most the layer under way. On cancellation it returns ctx's error;
// the memory planner's refusals are input errors naming the fix.
func (c *Count) RunPrime(ctx context.Context, dp DPOptions, version string) (*shard.Residue, count.Stats, error) {
	q := count.Prime(c.PrimeIndex)
	t0 := time.Now()
	var (
		res uint64
		st  count.Stats
		err error
	)
	if c.gridPath() && c.Flags.Checkpoint != "" {
		return nil, count.Stats{}, inputf("the grid sweep's count modulo a prime keeps no checkpoint (a task of minutes even at 22x22): drop --checkpoint and --resume")
	}
	if c.gridPath() {
		// The grid sweep's layers are nearly all of its memory, as in
		// countGrid.
		opt := count.Options{MaxBytes: c.GridLayerBytes(), Workers: c.Workers, Progress: dp.Progress, ProgressEvery: dp.ProgressEvery}
		res, st, err = count.CountGridMod(ctx, c.Problem, c.grid, opt, q)
		if rerr := c.gridRefused(err, true); rerr != nil {
			return nil, st, rerr
		}
	} else {
		if err := c.dpOrder(ctx); err != nil {
			return nil, count.Stats{}, err
		}
		opt := count.Options{Order: c.order, MaxBytes: c.DPTableBytes(), Workers: c.Workers, Progress: dp.Progress, ProgressEvery: dp.ProgressEvery,
			Checkpoint: c.Flags.Checkpoint, Resume: c.Flags.Resume, CheckpointEvery: dp.CheckpointEvery, CheckpointKey: version}
		if c.Flags.NoPredict {
			opt.ProbeStates = -1
		}
		res, st, err = count.CountModulo(ctx, c.Problem, opt, q)
		var refusal *count.RefusalError
		if c.Flags.SpillDir != "" && ctx.Err() == nil && (errors.Is(err, count.ErrMemory) || errors.As(err, &refusal)) {
			total, est, eerr := c.countDP(ctx, dp, count.Options{Workers: c.Workers})
			if eerr != nil {
				return nil, est, eerr // worded by countDP
			}
			res, st, err = new(big.Int).Mod(total, new(big.Int).SetUint64(q)).Uint64(), est, nil
		}
	}
	if err != nil {
		return nil, st, dpError(err)
	}
	prob, err := json.Marshal(c.Describe("count"))
	if err != nil {
		return nil, st, err
	}
	b, k, err := c.Bound(ctx)
	if err != nil {
		return nil, st, err
	}
	elapsed := time.Since(t0)
	r := &shard.Residue{Format: shard.ResidueFormat, Problem: prob, Method: shard.MethodDP, Convention: c.Convention(false),
		Divisor: c.Divisor(), PrimeIndex: c.PrimeIndex, Prime: strconv.FormatUint(q, 10), Residue: strconv.FormatUint(res, 10),
		BoundBits: b.Bits, Bound: b.Name, PrimesNeeded: k, Version: version, ElapsedMS: float64(elapsed) / float64(time.Millisecond)}
	return r, st, nil
}

// WriteResidue seals r and writes it to --out, if given, atomically. A
// file that cannot be written is an input error naming it once.
func (c *Count) WriteResidue(ctx context.Context, r *shard.Residue) error {
	r.Seal()
	if c.Flags.Out == "" {
		return nil
	}
	err := pathio.WriteFileAtomicContext(ctx, c.Flags.Out, func(w io.Writer) error { return format.WriteJSON(w, r) })
	switch {
	case err == nil, ctx.Err() != nil, IsIO(err), IsInput(err):
		return err
	}
	return inputf("cannot write --out %s: %w", c.Flags.Out, err)
}

// PrimeSummary words a finished per-prime run in one line.
func (c *Count) PrimeSummary(r *shard.Residue, st count.Stats) string {
	how := "frontier dynamic program"
	if c.gridPath() {
		how = fmt.Sprintf("grid transfer matrix, frontier %d wide", st.Width)
	}
	return fmt.Sprintf("residue %s of the number of %s on %s with %s modulo prime index %d (%s); the count is below 2^%d (%s bound): merge the residues of prime indexes 0 to %d with count merge; %s, %v",
		r.Residue, r.Convention, c.Board.Spec(), MovesLabel(c.Moves), r.PrimeIndex, r.Prime, r.BoundBits, r.Bound, r.PrimesNeeded-1, how, st.Elapsed.Round(time.Millisecond))
}

// mergeResidues joins residue files (shard.MergeResidues with
// count.Prime) into count merge's JSON result; undirected divides the
// count by the problem's divisor.
func mergeResidues(residues []*shard.Residue, files []string, undirected bool) (*format.MergeResidues, error) {
	m, err := shard.MergeResidues(residues, files, count.Prime)
	if err != nil {
		return nil, inputf("%w", err)
	}
	first, total := m.First, m.Total
	res := &format.MergeResidues{Convention: first.Convention, BoundBits: first.BoundBits, Bound: first.Bound,
		PrimesNeeded: first.PrimesNeeded, Version: first.Version, ElapsedMS: m.ElapsedMS}
	for _, r := range m.Used {
		res.PrimeIndexes = append(res.PrimeIndexes, r.PrimeIndex)
		res.Primes = append(res.Primes, r.Prime)
	}
	if err := json.Unmarshal(first.Problem, &res.Problem); err != nil {
		return nil, inputf("%s: the problem is not one this boardgraph wrote (%w)", files[0], err)
	}
	if undirected {
		total = new(big.Int).Quo(total, new(big.Int).SetUint64(first.Divisor))
		res.Convention = ConventionOf(res.Problem.Closed, true, first.Divisor)
	}
	res.Count = total.String()
	return res, nil
}
