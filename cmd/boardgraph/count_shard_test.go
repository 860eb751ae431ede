package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/shard"
)

// writeShards counts every shard of `of` of the count args into dir and
// returns the files.
func writeShards(t *testing.T, dir, stdin string, of int, args ...string) []string {
	t.Helper()
	var files []string
	for i := range of {
		name := filepath.Join(dir, fmt.Sprintf("s%d-of-%d.json", i, of))
		a := append(append([]string{"count"}, args...), "--shard", fmt.Sprintf("%d/%d", i, of), "--out", name, "--quiet")
		r := cli(t, stdin, a...)
		if r.code != exitOK {
			t.Fatalf("shard %d/%d: %v", i, of, r)
		}
		files = append(files, name)
	}
	return files
}

// TestShardsMergeCLI counts boards with several move sets, start/end/closed
// variants and blocked cells in N shards for several N (one with more shards
// than work units) and checks that count merge gives the single-process
// count.
func TestShardsMergeCLI(t *testing.T) {
	t.Parallel()
	blocked := "..#..\n.....\n.....\n.....\n....#\n"
	for _, tc := range []cliProblem{
		{"hopido 5x5", "", []string{"5x5"}},
		{"knight 5x5", "", []string{"5x5", "--moves", "knight"}},
		{"hopido 5x5 start", "", []string{"5x5", "--start", "1,1"}},
		{"hopido 4x6 end", "", []string{"4x6", "--end", "4,6"}},
		{"knight 5x6 closed", "", []string{"5x6", "--moves", "knight", "--closed"}},
		{"king 3x4 start end", "", []string{"3x4", "--moves", "king", "--start", "1,1", "--end", "3,4"}},
		{"knight blocked", blocked, []string{"--board", "-", "--moves", "knight"}},
		{"hopido blocked", blocked, []string{"--board", "-"}},
		{"hopido givens", ".....\n..1..\n.....\n.....\n....9\n", []string{"--board", "-"}},
		{"knight closed givens", "1.....\n..2...\n......\n......\n......\n", []string{"--board", "-", "--moves", "knight", "--closed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			single := cli(t, tc.stdin, append([]string{"count", "--method", "dfs", "--quiet"}, tc.args...)...)
			if single.code != exitOK {
				t.Fatalf("single: %v", single)
			}
			for _, cfg := range []struct {
				of    int
				units string
			}{{1, "0"}, {3, "0"}, {7, "50"}, {40, "5"}} {
				// One shard and --units 50 run on the first case only,
				// unless BOARDGRAPH_LONG=1; every case still merges 3 and
				// 40 shards.
				if !testfix.Long() && tc.name != "hopido 5x5" && (cfg.of == 1 || cfg.of == 7) {
					continue
				}
				dir := t.TempDir()
				args := append(append([]string(nil), tc.args...), "--units", cfg.units)
				if cfg.units == "0" {
					args = tc.args
				}
				files := writeShards(t, dir, tc.stdin, cfg.of, args...)
				m := cli(t, "", append([]string{"count", "merge"}, files...)...)
				if m.code != exitOK || m.stdout != single.stdout {
					t.Fatalf("%d shards (--units %s): merge %v; single count %q", cfg.of, cfg.units, m, single.stdout)
				}
			}
		})
	}
}

// TestMergeUndirectedJSON: merge --undirected halves as count --undirected
// does, and --format json carries the total.
func TestMergeUndirectedJSON(t *testing.T) {
	t.Parallel()
	files := writeShards(t, t.TempDir(), "", 3, "--moves", "knight", "--closed", "6x5")
	want := cli(t, "", "count", "--moves", "knight", "--closed", "--undirected", "6x5")
	r := cli(t, "", append([]string{"count", "merge", "--undirected"}, files...)...)
	if r.code != exitOK || r.stdout != want.stdout || !strings.Contains(r.stderr, "undirected closed tours") {
		t.Fatalf("merge --undirected %v; want %q", r, want.stdout)
	}
	r = cli(t, "", append([]string{"count", "merge", "--format", "json"}, files...)...)
	var j format.Merge
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || r.code != exitOK {
		t.Fatalf("json: %v %v", r, err)
	}
	if w, _ := strconv.ParseUint(strings.TrimSpace(want.stdout), 10, 64); j.Count != strconv.FormatUint(2*w, 10) || j.Shards != 3 || j.Problem.Board != "6x5" {
		t.Fatalf("json %+v, want twice %s", j, want.stdout)
	}
}

// rewrite edits a shard file's fields and, with fix, recomputes its
// checksum (a well-formed file of another count).
func rewrite(t *testing.T, src, dst string, fix bool, edit func(s *shard.Result, p *format.Problem)) string {
	t.Helper()
	data := testfix.ReadFile(t, src)
	var s shard.Result
	var p format.Problem
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(s.Problem, &p); err != nil {
		t.Fatal(err)
	}
	edit(&s, &p)
	s.Problem, _ = json.Marshal(p)
	if fix {
		s.Seal()
	}
	out, _ := json.Marshal(s)
	testfix.WriteFile(t, dst, out)
	return dst
}

// TestMergeRefusals: count merge exits 2 with one line naming the problem
// when a shard is missing, duplicated, damaged or from another count.
func TestMergeRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := writeShards(t, dir, "", 3, "5x5")
	other := writeShards(t, t.TempDir(), "", 3, "5x5", "--moves", "knight")
	otherUnits := writeShards(t, t.TempDir(), "", 3, "5x5", "--units", "100")
	four := writeShards(t, t.TempDir(), "", 4, "5x5")
	notJSON := filepath.Join(dir, "x.json")
	os.WriteFile(notJSON, []byte("hello"), 0o644)
	version := rewrite(t, files[2], filepath.Join(dir, "v.json"), true, func(s *shard.Result, _ *format.Problem) { s.Version = "0123abc" })
	tampered := rewrite(t, files[2], filepath.Join(dir, "t.json"), false, func(s *shard.Result, _ *format.Problem) { s.Count = "1" })
	blocked := rewrite(t, files[2], filepath.Join(dir, "b.json"), true, func(_ *shard.Result, p *format.Problem) { p.Map = []string{"#...."} })
	badShard := rewrite(t, files[2], filepath.Join(dir, "bs.json"), true, func(s *shard.Result, _ *format.Problem) { s.Shard = 5 })
	for _, tc := range []struct {
		name  string
		files []string
		want  string
	}{
		{"missing", files[:2], "missing shard 2"},
		{"duplicate", []string{files[0], files[1], files[1], files[2]}, "both shard 1/3"},
		{"other moves", []string{files[0], files[1], other[2]}, "different count"},
		{"other units", []string{files[0], files[1], otherUnits[2]}, "work units"},
		{"other shard count", []string{files[0], files[1], four[2], four[3]}, "3 vs 4 shards"},
		{"other version", []string{files[0], files[1], version}, "version"},
		{"blocked cells", []string{files[0], files[1], blocked}, "problem differs"},
		{"tampered", []string{files[0], files[1], tampered}, "checksum"},
		{"shard out of range", []string{files[0], files[1], badShard}, "out of range"},
		{"not json", []string{notJSON}, "not a shard result"},
		{"no file", []string{filepath.Join(dir, "nope.json")}, "cannot read"},
		{"no args", nil, "no shard files"},
	} {
		refuses(t, exitUsage, tc.want, append([]string{"count", "merge"}, tc.files...)...)
	}
}

// TestCountMethods: the three methods agree, auto reports its choice, and
// impossible combinations are refused with exit 2.
func TestCountMethods(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"5x5"}, {"5x5", "--moves", "knight"}, {"4x6", "--start", "1,1"}, {"5x6", "--moves", "knight", "--closed"},
		{"3x12", "--moves", "knight", "--end", "3,12"}, {"3x5", "--moves", "king"},
	} {
		var want string
		for _, m := range []string{"dfs", "dp", "auto"} {
			r := cli(t, "", append([]string{"count", "--method", m}, args...)...)
			if r.code != exitOK || !strings.Contains(r.stderr, "method ") {
				t.Fatalf("%v --method %s: %v", args, m, r)
			}
			if want == "" {
				want = r.stdout
			} else if r.stdout != want {
				t.Fatalf("%v --method %s: %q, dfs %q", args, m, r.stdout, want)
			}
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"count", "5x5", "--method", "bfs"}, "unknown --method"},
		{[]string{"count", "5x5", "--method", "dp", "--per-start"}, "--per-start needs the search"},
		{[]string{"count", "5x5", "--method", "dp", "--shard", "0/2", "--units", "10"}, "drop --units"},
		{[]string{"count", "5x5", "--shard", "2/2"}, "numbered from 0"},
		{[]string{"count", "5x5", "--shard", "x"}, "give I/N"},
		{[]string{"count", "5x5", "--shard", "0/0"}, "between 1 and"},
		{[]string{"count", "5x5", "--shard", "0/2", "--undirected"}, "count merge"},
		{[]string{"count", "5x5", "--resume"}, "--checkpoint"},
		{[]string{"count", "5x5", "--units", "-3"}, "positive"},
		{[]string{"count", "5x5", "--per-start", "--out", "x.json"}, "--per-start"},
		{[]string{"count", "5x5", "--out", "no/such/dir/x.json"}, "does not exist"},
	} {
		r := cli(t, "", tc.args...)
		if r.code != exitUsage || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: %v; want exit 2 with %q", tc.args, r, tc.want)
		}
	}
	r := cli(t, "1....\n.....\n.....\n.....\n.....\n", "count", "--board", "-", "--method", "dp")
	if r.code != exitUsage || !strings.Contains(r.stderr, "givens") {
		t.Errorf("dp with givens: %v", r)
	}
}

// TestCountPast64Bits: a DP count past 2^64-1 is printed exactly (the CLI
// recounts with 128-bit counts), equal to the library's CountBig and halved
// exactly by --undirected; past 2^128-1 it is exact too (count.CountExact).
func TestCountPast64Bits(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "count", "--moves", "king", "4x20", "--method", "dp", "--quiet")
	got, ok := new(big.Int).SetString(strings.TrimSpace(r.stdout), 10)
	if r.code != exitOK || !ok || got.BitLen() <= 64 {
		t.Fatalf("want a count past 2^64: %v", r)
	}
	bg := testfix.SpecGraph(t, "4x20", "king")
	want, _, err := count.CountBig(t.Context(), hamilton.Problem{G: bg.Graph}, count.Options{Order: count.BoardOrder(bg)})
	if err != nil || got.Cmp(want) != 0 {
		t.Fatalf("CLI %v, CountBig %v (%v)", got, want, err)
	}
	r = cli(t, "", "count", "--moves", "king", "4x20", "--method", "dp", "--quiet", "--undirected", "--format", "json")
	half := new(big.Int).Rsh(want, 1).String()
	if r.code != exitOK || !strings.Contains(r.stdout, `"count":"`+half+`"`) {
		t.Fatalf("undirected: want %s: %v", half, r)
	}
	// Past 2^128-1 the CLI counts again modulo primes (count.CountExact):
	// the same number as the library's exact count in another vertex
	// order (GraphOrder's), whose layers share no states with BoardOrder's.
	r = cli(t, "", "count", "--moves", "king", "4x30", "--method", "dp", "--quiet")
	got, ok = new(big.Int).SetString(strings.TrimSpace(r.stdout), 10)
	if r.code != exitOK || !ok || got.BitLen() <= 128 {
		t.Fatalf("want a count past 2^128: %v", r)
	}
	bg = testfix.SpecGraph(t, "4x30", "king")
	order, err := count.GraphOrder(t.Context(), bg.Graph, 1)
	if err != nil {
		t.Fatal(err)
	}
	want, _, err = count.CountExact(t.Context(), hamilton.Problem{G: bg.Graph}, count.Options{Order: order})
	if err != nil || got.Cmp(want) != 0 {
		t.Fatalf("past 2^128: CLI %v, CountExact in GraphOrder's order %v (%v)", got, want, err)
	}
}

// TestCountMemoryRefusal: without a spill directory (--tmp "") the DP
// predicts its peak early and refuses, with the prediction and what would
// fit, rather than run out of memory; a limit large enough lets the same
// count finish.
func TestCountMemoryRefusal(t *testing.T) {
	t.Parallel()
	// --quiet: under load a progress line could reach stderr before the
	// refusal; the refusal itself is an error and is printed regardless.
	r := cli(t, "", "count", "--moves", "knight", "7x7", "--method", "dp", "--max-memory", "200M", "--tmp", "", "--quiet")
	if r.code != exitUsage || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 ||
		!strings.Contains(r.stderr, "would not fit") || !strings.Contains(r.stderr, "raise the limit to at least") {
		t.Fatalf("want a one-line refusal with the prediction:\n%v", r)
	}
	if testing.Short() {
		return // the counts below take minutes under the race run
	}
	if testfix.Long() { // knight 6x6 open, which count's reference tests also count
		r = cli(t, "", "count", "--moves", "knight", "6x6", "--method", "dp", "--max-memory", "1G", "--quiet")
		if r.code != exitOK || strings.TrimSpace(r.stdout) != "6637920" {
			t.Fatalf("6x6 within 1G: %v", r)
		}
	}
	// Without the prediction the limit is met by the tables themselves.
	r = cli(t, "", "count", "--moves", "knight", "7x7", "--method", "dp", "--max-memory", "64M", "--no-predict", "--tmp", "", "--quiet")
	if r.code != exitUsage || strings.Count(r.stderr, "\n") != 1 || strings.Contains(r.stderr, "would not fit") ||
		!strings.Contains(r.stderr, "raise --max-memory") {
		t.Fatalf("want the limit reached while counting:\n%v", r)
	}
}

// TestCheckpointCLI: a finished checkpointed count can be resumed for free,
// a checkpoint is not reused without --resume, and another count's
// checkpoint is refused.
func TestCheckpointCLI(t *testing.T) {
	t.Parallel()
	ck := filepath.Join(t.TempDir(), "ck")
	r := cli(t, "", "count", "5x5", "--checkpoint", ck)
	if r.code != exitOK || r.stdout != "12400\n" {
		t.Fatalf("%v", r)
	}
	r = cli(t, "", "count", "5x5", "--checkpoint", ck, "--resume")
	if r.code != exitOK || r.stdout != "12400\n" || !strings.Contains(r.stderr, " 0 counted now") {
		t.Fatalf("resumed finished count: %v", r)
	}
	r = cli(t, "", "count", "5x5", "--checkpoint", ck)
	if r.code != exitUsage || !strings.Contains(r.stderr, "--resume") {
		t.Fatalf("reuse without --resume: %v", r)
	}
	r = cli(t, "", "count", "5x5", "--start", "1,1", "--checkpoint", ck, "--resume")
	if r.code != exitUsage || !strings.Contains(r.stderr, "another count") {
		t.Fatalf("other count's checkpoint: %v", r)
	}
	// A second run on a checkpoint in use is refused, naming the lock,
	// and leaves the file as it was.
	hold, err := shard.Lock(ck)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(ck)
	r = cli(t, "", "count", "5x5", "--checkpoint", ck, "--resume")
	hold.Close()
	if after, _ := os.ReadFile(ck); r.code != exitUsage || !strings.Contains(r.stderr, "locked by another running count") || string(after) != string(before) {
		t.Fatalf("locked checkpoint: %v", r)
	}
	// A device is refused at once instead of read forever.
	r = cli(t, "", "count", "5x5", "--checkpoint", "/dev/zero", "--resume")
	if r.code != exitUsage || !strings.Contains(r.stderr, "not a regular file") {
		t.Fatalf("/dev/zero checkpoint: %v", r)
	}
}

// TestOutNotWrittenWhenStopped: a shard stopped by --timeout exits 3 and
// leaves no --out file.
func TestOutNotWrittenWhenStopped(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "s.json")
	r := cli(t, "", "count", "7x7", "--shard", "0/2", "--out", out, "--timeout", "300ms", "--quiet")
	// Under load the timeout may fall while the units are still being
	// planned; either way the shard stops with exit 3 and writes nothing.
	if r.code != exitStopped || !strings.Contains(r.stderr, "no --out file") && !strings.Contains(r.stderr, "nothing was counted") {
		t.Fatalf("%v", r)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("--out written by a stopped shard: %v", err)
	}
}

// TestCheckpointKillResume runs the real binary with --checkpoint, kills it
// with SIGKILL once some work units are recorded, resumes it with --resume
// and checks that the total is the uninterrupted count (6x6 Diplomatico:
// 8,250,272 directed paths, session 1's count cross-checked against
// enumeration) and that the recorded units were skipped.
func TestCheckpointKillResume(t *testing.T) {
	testfix.SkipShort(t, "builds the binary and counts 6x6 twice")
	t.Parallel()
	dir := t.TempDir()
	bin := buildBinary(t)
	ck := filepath.Join(dir, "ck")
	args := []string{"count", "6x6", "--workers", "1", "--checkpoint", ck, "--quiet"}
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if n := checkpointUnits(ck); n >= 300 {
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("the count ended before it could be killed (%v); use a slower board", err)
		case <-time.After(5 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no units recorded in 2 minutes")
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if err := <-exited; err == nil {
		t.Fatal("the killed count exited cleanly: it finished before the kill")
	}
	recorded := checkpointUnits(ck)
	var stdout, stderr bytes.Buffer
	resume := exec.Command(bin, append(args, "--resume")...)
	resume.Stdout, resume.Stderr = &stdout, &stderr
	if err := resume.Run(); err != nil {
		t.Fatalf("resume: %v\n%s", err, stderr.String())
	}
	if stdout.String() != "8250272\n" {
		t.Fatalf("resumed total %q, want 8250272\nstderr: %s", stdout.String(), stderr.String())
	}
	// --quiet keeps the resume line (the summary line is silenced).
	if !strings.Contains(stderr.String(), fmt.Sprintf("resuming from %s: %d of the shard's", ck, recorded)) {
		t.Fatalf("want %d units taken from the checkpoint; stderr: %s", recorded, stderr.String())
	}
	t.Logf("killed after %d units; %s", recorded, strings.TrimSpace(stderr.String()))
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string
)

// buildBinary builds the boardgraph binary once per test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "boardgraph-test-bin")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "boardgraph")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// TestOrchestrationRecipes runs the command lines of docs/counting.md,
// "Counting at scale" (with 5x5 and 4 shards instead of 6x6 and 16): the
// Kubernetes Indexed Job's container command with JOB_COMPLETION_INDEX, the
// Slurm array script's line with SLURM_ARRAY_TASK_ID, and GNU parallel
// (when installed), each followed by count merge.
func TestOrchestrationRecipes(t *testing.T) {
	testfix.SkipShort(t, "builds the binary")
	t.Parallel()
	bin := buildBinary(t)
	path := filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	run := func(dir, script string, env ...string) {
		t.Helper()
		cmd := exec.Command("sh", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(append(os.Environ(), "PATH="+path), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", script, err, out)
		}
	}
	merge := func(dir string) string {
		t.Helper()
		cmd := exec.Command("sh", "-c", "boardgraph count merge shard-*.json")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+path)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("merge in %s: %v", dir, err)
		}
		return string(out)
	}
	k8s := t.TempDir()
	for i := range 4 {
		run(k8s, `boardgraph count 5x5 --shard $JOB_COMPLETION_INDEX/4 --checkpoint ck-$JOB_COMPLETION_INDEX.txt --resume --out shard-$JOB_COMPLETION_INDEX.json --quiet`,
			fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
	}
	if got := merge(k8s); got != "12400\n" {
		t.Errorf("Kubernetes recipe: %q", got)
	}
	slurm := t.TempDir()
	for i := range 4 {
		run(slurm, `boardgraph count 5x5 --workers "$SLURM_CPUS_PER_TASK" --shard "$SLURM_ARRAY_TASK_ID/4" --checkpoint "ck-$SLURM_ARRAY_TASK_ID.txt" --resume --out "shard-$SLURM_ARRAY_TASK_ID.json" --quiet`,
			fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i), "SLURM_CPUS_PER_TASK=1")
	}
	if got := merge(slurm); got != "12400\n" {
		t.Errorf("Slurm recipe: %q", got)
	}
	testfix.Tool(t, "parallel", "parallel")
	par := t.TempDir()
	run(par, `seq 0 3 | parallel -j 2 --retries 3 boardgraph count 5x5 --shard {}/4 --checkpoint ck-{}.txt --resume --out shard-{}.json --quiet`)
	if got := merge(par); got != "12400\n" {
		t.Errorf("GNU parallel recipe: %q", got)
	}
	// Cooperative DP shards: all at once (-j N), through a shared directory
	// (6x6 and 4 shards instead of 7x7 and 8).
	coop := t.TempDir()
	run(coop, `mkdir -p shared/dp6 && seq 0 3 | parallel -j 4 --retries 3 boardgraph count 6x6 --method dp --shard {}/4 --shared shared/dp6 --out shard-{}.json --quiet`)
	if got := merge(coop); got != "8250272\n" {
		t.Errorf("cooperative DP recipe: %q", got)
	}
	// Slurm: one job step of N tasks, each with its SLURM_PROCID.
	srun := t.TempDir()
	os.Mkdir(filepath.Join(srun, "dp6"), 0o755)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(srun, `boardgraph count 6x6 --method dp --workers "$SLURM_CPUS_PER_TASK" --shard "$SLURM_PROCID/4" --shared dp6 --out "shard-$SLURM_PROCID.json" --quiet`,
				fmt.Sprintf("SLURM_PROCID=%d", i), "SLURM_CPUS_PER_TASK=1")
		}()
	}
	wg.Wait()
	if got := merge(srun); got != "8250272\n" {
		t.Errorf("Slurm cooperative DP recipe: %q", got)
	}
}

// checkpointUnits counts the complete unit lines of a checkpoint file.
func checkpointUnits(path string) int {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "u ") {
			n++
		}
	}
	return n
}

// cancelOn is a stderr that calls cancel once marker has been written.
type cancelOn struct {
	testfix.SyncBuffer
	marker string
	cancel func()
}

// Write appends p and cancels once the text so far holds the marker.
func (w *cancelOn) Write(p []byte) (int, error) {
	n, err := w.SyncBuffer.Write(p)
	if strings.Contains(w.String(), w.marker) {
		w.cancel()
	}
	return n, err
}

// TestShardAndDPProgress: a sharded count's progress lines name the units
// done, a stopped checkpointed shard says how to resume, and the DP prints
// its steps and says it has no partial count when stopped.
//
// The run is stopped through its context as soon as the first progress line
// is written (the --timeout of a minute is only a safety net), so a loaded
// machine cannot make the check miss the line.
func TestShardAndDPProgress(t *testing.T) {
	t.Parallel()
	ck := filepath.Join(t.TempDir(), "ck")
	for _, tc := range []struct {
		args     []string
		progress string
		want     []string
	}{
		{[]string{"count", "--moves", "knight", "6x6", "--shard", "0/2", "--checkpoint", ck, "--timeout", "60s"},
			"count shard 0/2: ", []string{" units, ", "rerun with --resume"}},
		{[]string{"count", "--moves", "hopido", "7x7", "--method", "dp", "--timeout", "60s"},
			", step ", []string{"count (dp): ", "no partial count"}}, // a step's line, not the annealing's
	} {
		var out bytes.Buffer
		ctx, cancel := context.WithCancel(t.Context())
		errb := &cancelOn{marker: tc.progress, cancel: cancel}
		code := run(&env{ctx: ctx, args: tc.args, stdin: strings.NewReader(""), stdout: &out, stderr: errb, progressEvery: 20 * time.Millisecond})
		cancel()
		tc.want = append(tc.want, tc.progress)
		if code != exitStopped || out.Len() != 0 {
			t.Fatalf("%v: exit %d, stdout %q, stderr %s", tc.args, code, out.String(), errb.String())
		}
		for _, w := range tc.want {
			if !strings.Contains(errb.String(), w) {
				t.Errorf("%v: stderr lacks %q: %s", tc.args, w, errb.String())
			}
		}
	}
}

// TestDPShardsSpillCLI: the dynamic program's shards merge to the whole
// count, a shard stopped after a layer checkpoint resumes to the same
// result, and a count far over --max-memory spills to --tmp and gives the
// same number.
func TestDPShardsSpillCLI(t *testing.T) {
	testfix.SkipShort(t, "three DP shards of 6x6 and a merge: a minute under the race run (TestCooperativeDPShardsCLI runs)")
	t.Parallel()
	dir := t.TempDir()
	var files []string
	for i := range 3 {
		f := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		r := cli(t, "", "count", "--method", "dp", "6x6", "--shard", fmt.Sprintf("%d/3", i), "--out", f)
		if r.code != exitOK {
			t.Fatalf("shard %d: %v", i, r)
		}
		files = append(files, f)
	}
	r := cli(t, "", append([]string{"count", "merge"}, files...)...)
	if r.code != exitOK || r.stdout != "8250272\n" || !strings.Contains(r.stderr, "method dp") {
		t.Fatalf("merge: %v", r)
	}
	// A DFS shard does not merge with DP shards. Only shard 2/3 is
	// counted: the search's 6x6 count costs seconds per shard.
	dfs := filepath.Join(t.TempDir(), "dfs.json")
	if r := cli(t, "", "count", "--method", "dfs", "6x6", "--shard", "2/3", "--out", dfs, "--quiet"); r.code != exitOK {
		t.Fatalf("dfs shard: %v", r)
	}
	r = cli(t, "", "count", "merge", files[0], files[1], dfs)
	if r.code != exitUsage || !strings.Contains(r.stderr, "different count") {
		t.Fatalf("dp + dfs shards: %v", r)
	}
	r = cli(t, "", "count", "--method", "dp", "--moves", "knight", "6x6", "--max-memory", "4M", "--tmp", t.TempDir())
	if r.code != exitOK || r.stdout != "6637920\n" || !strings.Contains(r.stderr, "spilled") {
		t.Fatalf("spilled: %v", r)
	}
	r = cli(t, "", "count", "--method", "dp", "--moves", "knight", "6x6", "--max-memory", "4M", "--tmp", filepath.Join(dir, "nope"))
	if r.code != exitUsage || !strings.Contains(r.stderr, "does not exist") {
		t.Fatalf("missing --tmp: %v", r)
	}
}

// Cooperative DP shards (--shared DIR), run at once, merge to the count;
// they do not merge with independent DP shards; --shared refuses the
// search and --checkpoint.
func TestCooperativeDPShardsCLI(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	shared := filepath.Join(dir, "shared")
	if err := os.Mkdir(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	const n = 4
	files := make([]string, n)
	res := make([]result, n)
	var wg sync.WaitGroup
	for i := range n {
		files[i] = filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i] = cli(t, "", "count", "--method", "dp", "6x6", "--shard", fmt.Sprintf("%d/%d", i, n), "--shared", shared, "--out", files[i])
		}()
	}
	wg.Wait()
	for i, r := range res {
		if r.code != exitOK || !strings.Contains(r.stderr, "cooperative") {
			t.Fatalf("shard %d: %v", i, r)
		}
	}
	r := cli(t, "", append([]string{"count", "merge"}, files...)...)
	if r.code != exitOK || r.stdout != "8250272\n" {
		t.Fatalf("merge: %v", r)
	}
	indep := filepath.Join(dir, "indep.json")
	if r := cli(t, "", "count", "--method", "dp", "6x6", "--shard", "3/4", "--out", indep); r.code != exitOK {
		t.Fatalf("independent shard: %v", r)
	}
	r = cli(t, "", "count", "merge", files[0], files[1], files[2], indep)
	if r.code != exitUsage || !strings.Contains(r.stderr, "different count") {
		t.Fatalf("cooperative + independent shards: %v", r)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--method", "dfs"}, "drop --shared or use --method dp"},
		{[]string{"--checkpoint", filepath.Join(dir, "ck")}, "drop --checkpoint"},
	} {
		r := cli(t, "", append([]string{"count", "6x6", "--shard", "0/4", "--shared", shared}, c.args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: %v; want %q", c.args, r, c.want)
		}
	}
	// Another count's directory.
	r = cli(t, "", "count", "--moves", "knight", "6x6", "--shard", "0/4", "--shared", shared)
	if r.code != exitUsage || !strings.Contains(r.stderr, "belongs to another count") {
		t.Errorf("another count's directory: %v", r)
	}
}

// A cooperative DP shard killed with SIGKILL and started again resumes
// from its layer files; the merged shards give the count.
func TestCooperativeDPShardKillResume(t *testing.T) {
	testfix.SkipShort(t, "builds the binary")
	t.Parallel()
	bin := buildBinary(t)
	dir := t.TempDir()
	shared := filepath.Join(dir, "shared")
	os.Mkdir(shared, 0o755)
	args := func(i int) []string {
		return []string{"count", "--method", "dp", "--moves", "knight", "6x6", "--shard", fmt.Sprintf("%d/3", i), "--shared", shared,
			"--out", filepath.Join(dir, fmt.Sprintf("s%d.json", i)), "--quiet"}
	}
	// Shard 1 alone: it writes its first layer, then waits for the others.
	victim := exec.Command(bin, args(1)...)
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		if m, _ := filepath.Glob(filepath.Join(shared, "L*", "done-00001")); len(m) > 0 {
			break
		}
		if time.Now().After(deadline) {
			victim.Process.Kill()
			t.Fatal("shard 1 wrote no layer in a minute")
		}
		time.Sleep(5 * time.Millisecond)
	}
	victim.Process.Signal(syscall.SIGKILL)
	if err := victim.Wait(); err == nil {
		t.Fatal("the killed shard exited cleanly")
	}
	var wg sync.WaitGroup
	outs := make([]bytes.Buffer, 3)
	errs := make([]error, 3)
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := exec.Command(bin, append(args(i), "--quiet=false")...)
			c.Stderr = &outs[i]
			errs[i] = c.Run()
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("shard %d: %v\n%s", i, err, outs[i].String())
		}
	}
	if !strings.Contains(outs[1].String(), "resumed at step") {
		t.Errorf("restarted shard 1 did not resume: %s", outs[1].String())
	}
	var stdout bytes.Buffer
	merge := exec.Command(bin, "count", "merge", filepath.Join(dir, "s0.json"), filepath.Join(dir, "s1.json"), filepath.Join(dir, "s2.json"))
	merge.Stdout = &stdout
	if err := merge.Run(); err != nil || stdout.String() != "6637920\n" {
		t.Fatalf("merge: %q, %v", stdout.String(), err)
	}
}

// TestCountOrderSeed: --order-seed anneals another vertex order for the
// dynamic program, with the same count; the search has no order to seed.
func TestCountOrderSeed(t *testing.T) {
	t.Parallel()
	for _, seed := range []string{"1", "5"} {
		r := cli(t, "", "count", "--moves", "knight", "6x6", "--method", "dp", "--order-seed", seed, "--quiet")
		if r.code != exitOK || strings.TrimSpace(r.stdout) != "6637920" {
			t.Fatalf("--order-seed %s: %v", seed, r)
		}
	}
	for _, args := range [][]string{
		{"count", "5x5", "--method", "dfs", "--order-seed", "2"},
		{"count", "5x5", "--per-start", "--order-seed", "2"},
	} {
		refuses(t, exitUsage, "--order-seed sets the dynamic program's vertex order", args...)
	}
}
