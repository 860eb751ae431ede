package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/render"
)

// shardFormat names the version of the shard result file.
const shardFormat = "boardgraph-count-shard/1"

// fallbackVersion is the code version recorded when the binary carries no
// VCS revision or module version (go run, go test, builds outside git).
const fallbackVersion = "boardgraph-devel"

// buildVersion, if set at link time (go build -ldflags "-X
// main.buildVersion=v1.2.3"), is the code version shard files record.
var buildVersion string

// codeVersion names the code that counted: buildVersion, else the VCS
// revision the binary was built from ("-dirty" with uncommitted changes),
// else the module version, else fallbackVersion. Shards of one count must come from one version:
// the work units follow the search's pruning rules.
func codeVersion() string {
	if buildVersion != "" {
		return buildVersion
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return fallbackVersion
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" {
		if dirty {
			rev += "-dirty"
		}
		return rev
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	return fallbackVersion
}

// shardResult is the JSON file count --shard i/N --out FILE writes and count
// merge reads. Everything but ElapsedMS and Count names the count the shard
// belongs to; Checksum is the SHA-256 of the file's JSON with Checksum
// empty, so a damaged or edited file is refused.
type shardResult struct {
	Format     string      `json:"format"`
	Problem    jsonProblem `json:"problem"`
	Method     string      `json:"method"`
	Convention string      `json:"convention"`
	// Divisor turns the directed Count into undirected (count merge
	// --undirected): 2 when every solution's reverse is one, else 1.
	Divisor    uint64  `json:"undirected_divisor"`
	Shard      int     `json:"shard"`
	Of         int     `json:"of"`
	Units      int     `json:"units"`       // work units of the whole count
	ShardUnits int     `json:"shard_units"` // of them in this shard
	MinUnits   int     `json:"min_units"`
	Depth      int     `json:"depth"`
	Plan       string  `json:"plan"` // hamilton.Units.Fingerprint
	Version    string  `json:"version"`
	Count      string  `json:"count"` // directed, decimal
	ElapsedMS  float64 `json:"elapsed_ms"`
	Checksum   string  `json:"checksum"`
}

// sum returns the checksum of s.
func (s shardResult) sum() string {
	s.Checksum = ""
	b, _ := json.Marshal(s) // plain strings and numbers: cannot fail
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// unitsIn returns the number of units shard i of n holds out of units.
func unitsIn(units, i, n int) int {
	if i >= units {
		return 0
	}
	return (units-i-1)/n + 1
}

// maxShardFile bounds what parseShardResult reads.
const maxShardFile = 1 << 20

// parseShardResult reads and checks a shard result file.
func parseShardResult(r io.Reader) (*shardResult, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxShardFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxShardFile {
		return nil, usagef("longer than %d bytes: not a shard result file", maxShardFile)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s shardResult
	if err := dec.Decode(&s); err != nil {
		return nil, usagef("not a shard result file (%v)", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, usagef("extra data after the shard result")
	}
	switch {
	case s.Format != shardFormat:
		return nil, usagef("format %q, want %q: not a shard result file of this boardgraph", s.Format, shardFormat)
	case s.Checksum != s.sum():
		return nil, usagef("checksum mismatch: the file was damaged or edited; count the shard again")
	case s.Of < 1 || s.Shard < 0 || s.Shard >= s.Of:
		return nil, usagef("shard %d/%d out of range", s.Shard, s.Of)
	case s.Units < 0 || s.ShardUnits != unitsIn(s.Units, s.Shard, s.Of):
		return nil, usagef("%d units in shard %d/%d of %d units does not add up", s.ShardUnits, s.Shard, s.Of, s.Units)
	case s.Divisor != 1 && s.Divisor != 2:
		return nil, usagef("undirected divisor %d is neither 1 nor 2", s.Divisor)
	case s.Method != methodDFS:
		return nil, usagef("method %q: shards are counted by the search (dfs)", s.Method)
	}
	if _, err := strconv.ParseUint(s.Count, 10, 64); err != nil {
		return nil, usagef("count %q is not a decimal number below 2^64", s.Count)
	}
	return &s, nil
}

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
	if s == "" {
		return 0, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return 0, 0, usagef("--shard %q: give I/N, for example 0/16 (shards are numbered 0 to N-1)", s)
	case n < 1 || n > 1<<24:
		return 0, 0, usagef("--shard %q: N must be between 1 and %d", s, 1<<24)
	case i == n:
		return 0, 0, usagef("--shard %q: shards are numbered from 0, so the last of %d is %d/%d", s, n, n-1, n)
	case i < 0 || i > n:
		return 0, 0, usagef("--shard %q: I must be between 0 and N-1", s)
	}
	return i, n, nil
}

// checkpointKey names the count a checkpoint belongs to: a hash of the
// problem, method, code version, units and shard.
func checkpointKey(r *shardResult) string {
	b, _ := json.Marshal([]any{r.Problem, r.Method, r.Version, r.Plan, r.MinUnits, r.Shard, r.Of})
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:12])
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
	shard, of, err := parseShard(sf.shard)
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
	div := j.undirectedDivisor()
	res := &shardResult{
		Format: shardFormat, Problem: j.jsonProblem("count"), Method: methodDFS,
		Convention: j.convention(false, 1), Divisor: div, Shard: shard, Of: of,
		Units: units.Len(), ShardUnits: unitsIn(units.Len(), shard, of), MinUnits: sf.minUnits,
		Depth: units.Depth, Plan: units.Fingerprint, Version: codeVersion(),
	}
	if res.MinUnits == 0 {
		res.MinUnits = hamilton.DefaultMinUnits
	}
	sopt := hamilton.ShardOptions{Units: units}
	var ck *hamilton.Checkpoint
	if sf.checkpoint != "" {
		var done map[int]uint64
		ck, done, err = hamilton.OpenCheckpoint(sf.checkpoint, checkpointKey(res), sf.resume)
		if err != nil {
			return fail(e, usagef("%v", err))
		}
		defer ck.Close()
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
			pr.verb = fmt.Sprintf("count shard %d/%d: %d of %d units", shard, of, finished.Load(), res.ShardUnits)
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
	got, st, err := hamilton.CountShard(ctx, j.prob, opt, shard, of, sopt)
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
	case errors.Is(err, hamilton.ErrCheckpoint):
		return fail(e, &stoppedError{fmt.Sprintf("writing the checkpoint failed (%v); counted %d of the shard's %d units", err, got.Counted+got.Skipped, got.Mine)})
	case err != nil && !stopped:
		return fail(e, err)
	}
	where := fmt.Sprintf("shard %d/%d (%d of %d work units, depth %d)", shard, of, got.Mine, got.Units, got.Depth)
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
	res.Checksum = res.sum()
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
