package request

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/shard"
)

var countNames = format.Names{Names: []string{"text", "json"}}

// newCount builds the count of board spec with the flags (and a fixed
// memory limit, so that the test does not depend on the machine).
func newCount(t *testing.T, lf LeaperFlags, cf CountFlags) (*Count, error) {
	t.Helper()
	s := searchOf(t, lf, Source{}, countNames)
	if cf.MaxMemory == "" {
		cf.MaxMemory = "1G"
	}
	return NewCount(s, cf)
}

// mustCount is newCount, failing the test on an error.
func mustCount(t *testing.T, lf LeaperFlags, cf CountFlags) *Count {
	t.Helper()
	c, err := newCount(t, lf, cf)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// planShard is mustCount with its shard planned.
func planShard(t *testing.T, lf LeaperFlags, cf CountFlags) (*Count, *ShardCount) {
	t.Helper()
	c := mustCount(t, lf, cf)
	sc, err := c.PlanShard(t.Context(), "test")
	if err != nil {
		t.Fatal(err)
	}
	return c, sc
}

// TestPickMethod pins the auto rule.
func TestPickMethod(t *testing.T) {
	t.Parallel()
	dp := count.Choice{DP: true, Reason: "the dynamic program", Width: 14}
	narrow := count.Choice{DP: true, Reason: "the dynamic program", Width: 8}
	search := count.Choice{Reason: "25 vertices: the search is instant", Width: 12}
	cheap := count.Choice{Reason: "25 vertices: the search is instant", Width: 7, Cost: 9.1e3}
	for _, tc := range []struct {
		dp   count.Choice
		n    MethodNeeds
		want string
	}{
		{dp, MethodNeeds{}, MethodDP},
		{narrow, MethodNeeds{}, MethodDP},
		{search, MethodNeeds{}, MethodDFS},
		{cheap, MethodNeeds{}, MethodDP},
		{cheap, MethodNeeds{PerStart: true}, MethodDFS},
		{dp, MethodNeeds{Givens: true}, MethodDFS},
		{dp, MethodNeeds{PerStart: true}, MethodDFS},
		{dp, MethodNeeds{Sharded: true}, MethodDFS},
		{dp, MethodNeeds{Bounded: true}, MethodDFS},
		{narrow, MethodNeeds{Bounded: true}, MethodDP},
	} {
		if got, why := PickMethod(tc.dp, tc.n); got != tc.want || why == "" {
			t.Errorf("%+v %+v: %s (%s), want %s", tc.dp, tc.n, got, why, tc.want)
		}
	}
}

func TestParseMemory(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"", "0", "12X", "-1G", "99999999T"} {
		if _, err := ParseMemory("max-memory", bad); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "--max-memory") {
			t.Errorf("ParseMemory(%q) = %v, want an input error naming the flag", bad, err)
		}
	}
	for in, want := range map[string]int64{"800M": 800 << 20, "12G": 12 << 30, "4096": 4096, "2gb": 2 << 30} {
		if got, err := ParseMemory("max-memory", in); err != nil || got != want {
			t.Errorf("ParseMemory(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
}

// TestCountRun checks the counts of published boards (the Diplomatico
// paper's 12400 on 5x5; 1728 knight paths on 5x5; OEIS A001230's 9862
// undirected knight's tours on 6x6) by every method that takes them, and
// the per-start table.
func TestCountRun(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lf   LeaperFlags
		cf   CountFlags
		want string
		conv string
	}{
		{LeaperFlags{Spec: "5x5"}, CountFlags{Method: MethodDFS}, "12400", "directed Hamiltonian paths"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Method: MethodDP}, "12400", "directed Hamiltonian paths"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Undirected: true}, "6200", "undirected Hamiltonian paths (a path and its reverse count once)"},
		{LeaperFlags{Spec: "5x5", Start: "1,1"}, CountFlags{Undirected: true}, "552", "one direction only"},
		{LeaperFlags{Spec: "5x5", Moves: "knight"}, CountFlags{}, "1728", "directed"},
		{LeaperFlags{Spec: "6x6", Moves: "knight", Closed: true}, CountFlags{Undirected: true}, "9862", "undirected closed tours (each tour counted once)"},
	} {
		c, err := newCount(t, tc.lf, tc.cf)
		if err != nil {
			t.Fatalf("%+v %+v: %v", tc.lf, tc.cf, err)
		}
		res, err := c.Run(t.Context(), c.Options(), DPOptions{})
		if err != nil || !res.Complete || res.Count.String() != tc.want || !strings.Contains(res.Convention, tc.conv) {
			t.Errorf("%+v %+v (method %s): %v %+v; want %s %q", tc.lf, tc.cf, c.Method, err, res, tc.want, tc.conv)
		}
	}
	c := mustCount(t, LeaperFlags{Spec: "5x5"}, CountFlags{PerStart: true})
	res, err := c.Run(t.Context(), c.Options(), DPOptions{})
	if err != nil || res.Count.String() != "12400" {
		t.Fatalf("per start: %v %v", res, err)
	}
	var buf bytes.Buffer
	if err := c.WriteResult(&buf, res, nil); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(buf.String(), "\n"); !strings.HasPrefix(lines[0], "552") || !strings.Contains(lines[2], "352") {
		t.Fatalf("per-start table:\n%s", buf.String())
	}
}

// countCase is a count's flags and what NewCount makes of them: the method
// it picks, or words of its refusal.
type countCase struct {
	lf   LeaperFlags
	cf   CountFlags
	want string
}

// TestCountAuto: auto picks the dynamic program where its predicted cost
// is tiny (king 5x5: the search takes 40 s) and the search for givens and
// tables.
func TestCountAuto(t *testing.T) {
	t.Parallel()
	for _, tc := range []countCase{
		{LeaperFlags{Spec: "5x5", Moves: "king"}, CountFlags{}, MethodDP},
		{LeaperFlags{Spec: "5x5", Moves: "king"}, CountFlags{PerStart: true}, MethodDFS},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Checkpoint: "ck"}, MethodDFS},
	} {
		c, err := newCount(t, tc.lf, tc.cf)
		if err != nil || c.Method != tc.want || c.Why == "" {
			t.Errorf("%+v %+v: %v %v; want %s", tc.lf, tc.cf, c, err, tc.want)
		}
	}
}

// TestNewCountRefusals: flags that do not combine, or that no count can
// honour, are input errors that name the fix.
func TestNewCountRefusals(t *testing.T) {
	t.Parallel()
	for _, tc := range []countCase{
		{LeaperFlags{Spec: "5x5", Closed: true}, CountFlags{PerStart: true}, "drop --closed"},
		{LeaperFlags{Spec: "5x5", Start: "1,1"}, CountFlags{PerStart: true}, "drop --start"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{PerStart: true, Undirected: true}, "drop --undirected"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{PerStart: true, Shard: "0/2"}, "does not combine"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Shard: "0/2", Undirected: true}, "'count merge'"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Method: "bfs"}, `unknown --method "bfs"`},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Method: MethodDP, PerStart: true}, "--per-start needs the search"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{MaxMemory: "12X"}, "--max-memory"},
		// Below 1M: 1 byte used to mean no limit at all, 1K a refusal in
		// the library's words ("raise Options.MaxBytes").
		{LeaperFlags{Spec: "5x5"}, CountFlags{MaxMemory: "1"}, "--max-memory 1 is below 1M"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{MaxMemory: "1K"}, "--max-memory 1K is below 1M"},
		{LeaperFlags{Spec: "9x9"}, CountFlags{Method: MethodDFS}, "would not finish"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Resume: true}, "give the file"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Units: -1}, "positive number of work units"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Method: MethodDP, Units: 8}, "drop --units"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Shard: "2/2"}, "shard"},
		{LeaperFlags{Spec: "5x5"}, CountFlags{Out: "/no/such/dir/s.json"}, "does not exist"},
	} {
		_, err := newCount(t, tc.lf, tc.cf)
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v %+v: %v; want an input error with %q", tc.lf, tc.cf, err, tc.want)
		}
	}
	if _, err := newCount(t, LeaperFlags{Spec: "9x9", Timeout: 1}, CountFlags{Method: MethodDFS}); err != nil {
		t.Errorf("a bounded count of 81 cells is a lower bound: %v", err)
	}
}

// TestDivisor: a fixed end or a given off the middle pins the direction of
// an open path; closed tours keep both directions with givens at 0 and n/2.
func TestDivisor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lf   LeaperFlags
		want uint64
	}{
		{LeaperFlags{Spec: "5x5"}, 2},
		{LeaperFlags{Spec: "5x5", End: "5,5"}, 1},
		{LeaperFlags{Spec: "1x1"}, 1},
		{LeaperFlags{Spec: "6x6", Moves: "knight", Closed: true, Start: "1,1"}, 2},
	} {
		s := searchOf(t, tc.lf, Source{}, countNames)
		if got := s.Divisor(); got != tc.want {
			t.Errorf("%+v: divisor %d, want %d", tc.lf, got, tc.want)
		}
	}
	src := files("", map[string]string{"mid.txt": "...\n.5.\n...\n", "off.txt": "1..\n...\n...\n"})
	for name, want := range map[string]uint64{"mid.txt": 2, "off.txt": 1} {
		s := searchOf(t, LeaperFlags{Board: name, Moves: "king"}, src, countNames)
		if got := s.Divisor(); got != want {
			t.Errorf("%s: divisor %d, want %d", name, got, want)
		}
	}
}

// TestShardsMerge: the shards of a search count and of a DP count, each
// planned, run and written as a shard result file, merge to the whole
// count; a checkpointed shard resumes for free; merging a missing shard is
// refused.
func TestShardsMerge(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, method := range []string{MethodDFS, MethodDP} {
		var files []string
		for i := range 3 {
			out := filepath.Join(dir, fmt.Sprintf("%s%d.json", method, i))
			c, sc := planShard(t, LeaperFlags{Spec: "5x5"}, CountFlags{Method: method, Shard: fmt.Sprintf("%d/3", i), Out: out})
			got, err := sc.Run(t.Context(), c.Options(), DPOptions{}, nil)
			if err != nil || !got.Complete {
				t.Fatalf("%s shard %d: %v %+v", method, i, err, got)
			}
			if err := sc.Finish(t.Context(), got.Stats.Elapsed); err != nil {
				t.Fatal(err)
			}
			files = append(files, out)
		}
		m, gotMethod, err := MergeFiles(files, true)
		if err != nil || m.Count != "6200" || gotMethod != method || m.Shards != 3 || m.Problem.Board != "5x5" ||
			m.Convention != "undirected Hamiltonian paths (a path and its reverse count once)" {
			t.Fatalf("%s merge: %+v %s %v", method, m, gotMethod, err)
		}
		if _, _, err := MergeFiles(files[:2], false); !errors.Is(err, ErrInput) {
			t.Fatalf("%s: a missing shard merged: %v", method, err)
		}
	}
	ck := filepath.Join(dir, "ck")
	for round, wantResumed := range []int{0, -1} {
		c, sc := planShard(t, LeaperFlags{Spec: "5x5"}, CountFlags{Checkpoint: ck, Resume: round > 0})
		units := 0
		got, err := sc.Run(t.Context(), c.Options(), DPOptions{}, func(int) { units++ })
		if err != nil || got.Directed.String() != "12400" {
			t.Fatalf("round %d: %v %v", round, got, err)
		}
		if wantResumed == 0 && (sc.Resumed != 0 || units != sc.Result.ShardUnits) ||
			wantResumed < 0 && (sc.Resumed != sc.Result.ShardUnits || units != 0 || got.Search.Skipped != sc.Resumed) {
			t.Fatalf("round %d: resumed %d, %d units counted of %d", round, sc.Resumed, units, sc.Result.ShardUnits)
		}
	}
	if _, err := os.Stat(ck); err != nil {
		t.Fatal(err)
	}
}

// TestCountStopped: a search stopped by its context returns a partial
// count, a lower bound; the dynamic program returns the context's error.
func TestCountStopped(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	c := mustCount(t, LeaperFlags{Spec: "7x7", Timeout: 1}, CountFlags{Method: MethodDFS})
	res, err := c.Run(ctx, c.Options(), DPOptions{})
	if err != nil || res.Complete || res.Count == nil {
		t.Fatalf("search: %+v %v", res, err)
	}
	c = mustCount(t, LeaperFlags{Spec: "7x7"}, CountFlags{Method: MethodDP})
	if _, err := c.Run(ctx, c.Options(), DPOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("dp: %v", err)
	}
}

// TestCountOverflow: a DP count past 2^128-1 is exact, never wrapped:
// Run's one pass widens its counts to residues modulo primes
// (count.CountExact), which the JSON names with the bound that set their
// number. The value is the one cmd's TestCountPast64Bits checks in a
// second vertex order.
func TestCountOverflow(t *testing.T) {
	t.Parallel()
	c := mustCount(t, LeaperFlags{Spec: "4x30", Moves: "king"}, CountFlags{Method: MethodDP})
	c.Output.Format = "json"
	res, err := c.Run(t.Context(), c.Options(), DPOptions{})
	if err != nil || res.Directed == nil || res.Directed.String() != "109435022206374290124313759677106032630768" {
		t.Fatalf("got %v, %v", res, err)
	}
	var buf bytes.Buffer
	if err := c.WriteResult(&buf, res, nil); err != nil {
		t.Fatal(err)
	}
	b, k, err := c.Bound(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var got format.Count
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Moduli) != k || got.Moduli[0] != fmt.Sprint(count.Prime(0)) || got.BoundBits != b.Bits || got.Bound != b.Name {
		t.Fatalf("JSON %s: want %d primes from Prime(0) and the bound 2^%d (%s)", buf.String(), k, b.Bits, b.Name)
	}
}

// TestCheckpointRefused: another count's checkpoint is refused.
func TestCheckpointRefused(t *testing.T) {
	t.Parallel()
	ck := filepath.Join(t.TempDir(), "ck")
	for i, spec := range []string{"4x5", "5x4"} {
		c := mustCount(t, LeaperFlags{Spec: spec}, CountFlags{Checkpoint: ck, Resume: true})
		sc, err := c.PlanShard(t.Context(), "test")
		if i == 1 {
			if !errors.Is(err, ErrInput) || !errors.Is(err, shard.ErrCheckpoint) {
				t.Fatalf("another count's checkpoint: %v", err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sc.Run(t.Context(), c.Options(), DPOptions{}, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// FuzzParseMemory: any text is a positive size or an input error naming
// the flag, never a panic; a size read back in bytes reads the same.
func FuzzParseMemory(f *testing.F) {
	for _, s := range []string{"800M", "12G", "4096", "2gb", "0", "-1G", "99999999T", " 1k ", "B"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseMemory("max-memory", s)
		if err != nil {
			if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "--max-memory") {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if n <= 0 {
			t.Fatalf("%q: %d bytes", s, n)
		}
		if back, err := ParseMemory("max-memory", fmt.Sprint(n)); err != nil || back != n {
			t.Fatalf("%q = %d reads back as %d, %v", s, n, back, err)
		}
	})
}

// TestShardWording: a shard's total follows --undirected, its summary
// names the units counted now and read back, and a stopped shard says
// what the checkpoint keeps.
func TestShardWording(t *testing.T) {
	t.Parallel()
	ck := filepath.Join(t.TempDir(), "ck")
	c, sc := planShard(t, LeaperFlags{Spec: "5x5"}, CountFlags{Checkpoint: ck, Undirected: true})
	got, err := sc.Run(t.Context(), c.Options(), DPOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	total, conv := sc.Total(got)
	if total.String() != "6200" || conv != c.Convention(true) {
		t.Errorf("Total = %s %q, want 6200 %q", total, conv, c.Convention(true))
	}
	s := got.Search
	want := fmt.Sprintf("6200 %s on 5x5 with %s, %d work units (depth %d); %d counted now, 0 from the checkpoint; ", conv, MovesLabel(c.Moves), s.Units, s.Depth, s.Units)
	if sum := sc.Summary(got); !strings.HasPrefix(sum, want) || s.Units < 2 {
		t.Errorf("Summary = %q, want it to begin %q", sum, want)
	}
	part := &ShardOutcome{Search: hamilton.ShardResult{Count: 7, Counted: 3, Skipped: 2, Mine: 5, Units: 10, Depth: 2}}
	want = "timed out after 1s: counted 7 so far in 5 of the 10 work units (depth 2), a lower bound (no --out file written; " + ck + " keeps the 5 finished units: rerun with --resume)"
	if msg := sc.Stopped("timed out after 1s", part); msg != want {
		t.Errorf("Stopped = %q\nwant      %q", msg, want)
	}
	c = mustCount(t, LeaperFlags{Spec: "5x5"}, CountFlags{Method: MethodDP, Checkpoint: ck, Shard: "1/2"})
	if sc, err = c.PlanShard(t.Context(), "test"); err != nil {
		t.Fatal(err)
	}
	dp := &ShardOutcome{DP: count.Stats{Step: 4}}
	if msg := sc.Stopped("interrupted", dp); !strings.HasSuffix(msg, "(no --out file written; rerun it in full)") {
		t.Errorf("Stopped before a layer was saved = %q", msg)
	}
	dp.DP.Checkpoints = 1
	if msg := sc.Stopped("interrupted", dp); !strings.HasSuffix(msg, ck+" keeps the layer of step 4: rerun with --resume)") {
		t.Errorf("Stopped after a saved layer = %q", msg)
	}
}

// TestCountWording: the one-line summary names the count, convention,
// method and reason; a stopped count says which kind of lower bound.
func TestCountWording(t *testing.T) {
	t.Parallel()
	c := mustCount(t, LeaperFlags{Spec: "5x5"}, CountFlags{Method: MethodDFS, PerStart: true})
	res, err := c.Run(t.Context(), c.Options(), DPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("per-start table, total 12400 %s on 5x5 with %s; method dfs (asked for); %d nodes, ", res.Convention, MovesLabel(c.Moves), res.Stats.Nodes)
	if got := c.Summary(res); !strings.HasPrefix(got, want) || res.Stats.Nodes == 0 {
		t.Errorf("Summary = %q, want it to begin %q", got, want)
	}
	res.Count.SetInt64(99)
	want = "interrupted: counted per-start table, total 99 so far, a lower bound on the number of " + res.Convention + " on 5x5 (the count is incomplete)"
	if got := c.Stopped("interrupted", res); got != want {
		t.Errorf("Stopped = %q\nwant      %q", got, want)
	}
	if c, err = newCount(t, LeaperFlags{Spec: "5x5"}, CountFlags{Method: MethodDP}); err != nil {
		t.Fatal(err)
	}
	if got := c.Stopped("timed out after 1s", nil); !strings.HasPrefix(got, "timed out after 1s: the dynamic program has no partial count") {
		t.Errorf("DP Stopped = %q", got)
	}
	res, err = c.Run(t.Context(), c.Options(), DPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Summary(res); !strings.HasPrefix(got, "12400 "+res.Convention+" on 5x5 with "+MovesLabel(c.Moves)+"; method dp (asked for); frontier dynamic program, ") {
		t.Errorf("DP Summary = %q", got)
	}
}

// A board count by the dynamic program runs in count.RefineOrder's order,
// not in BoardOrder's: hopido 7x7 closed peaks at 82,450 states in the
// latter and about 55 thousand refined.
func TestCountDPRefinesOrder(t *testing.T) {
	t.Parallel()
	c := mustCount(t, LeaperFlags{Spec: "7x7", Closed: true}, CountFlags{Method: MethodDP})
	res, err := c.Run(t.Context(), hamilton.Options{}, DPOptions{})
	if err != nil || res.Count.String() != "11617568" {
		t.Fatalf("count = %v, %v; want 11617568", res.Count, err)
	}
	if res.DP.PeakStates >= 82450 {
		t.Errorf("peak layer %d states: the order was not refined (BoardOrder's peaks at 82,450)", res.DP.PeakStates)
	}
}

// A frontier too wide for any state key is refused as an input error
// that does not tell the user to raise the memory limit.
func TestCountDPTooWide(t *testing.T) {
	t.Parallel()
	c := mustCount(t, LeaperFlags{Spec: "45x45", Moves: "king"}, CountFlags{Method: MethodDP})
	_, err := c.Run(t.Context(), hamilton.Options{}, DPOptions{})
	if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "frontier too wide") || strings.Contains(err.Error(), "raise --max-memory") {
		t.Errorf("too wide a frontier: %v", err)
	}
}

// --workers reaches the dynamic programs (the grid sweep and the leaper
// DP), and their stats name the number they ran with, not 1.
func TestCountDPWorkers(t *testing.T) {
	t.Parallel()
	for _, lf := range []LeaperFlags{
		{Spec: "8x8", Moves: "1,0", Closed: true, Workers: 3},
		{Spec: "6x6", Moves: "knight", Closed: true, Workers: 3},
	} {
		c := mustCount(t, lf, CountFlags{Method: MethodDP})
		res, err := c.Run(t.Context(), c.Options(), DPOptions{})
		if err != nil || res.Stats.Workers != 3 {
			t.Errorf("%+v: workers %d, %v; want 3", lf, res.Stats.Workers, err)
		}
	}
}
