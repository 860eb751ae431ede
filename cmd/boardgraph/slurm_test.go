package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestSlurmRecipes runs the sbatch scripts of the docs, verbatim, on a real
// Slurm cluster (one node on loopback: sudo .ci/slurm-up, which .ci/run
// calls): the job array of search shards and its dependent merge job
// (Diplomatico 6x6: 8,250,272 directed paths), the cooperative DP shards as
// one job step (Diplomatico 7x7: 8,642,871,600 directed paths, docs/results.md),
// and that job again, requeued with scontrol requeue after the shards have
// finished a layer together and before they finish the count, so that it
// resumes from its layer files in the middle of the run; the total must
// still be exact. Last, the array over primes: one task per prime that
// count --primes-needed asks for, each writing a residue file, and the
// dependent merge job, which must join them into the 16x16 grid's
// Hamiltonian cycles (A003763(8)). The one change to the scripts is the cooperative
// recipe's --shared directory (/scratch/dp7 in the docs), which becomes a
// fresh directory of the test. Outside CI it skips when sinfo finds no
// cluster; under CI=true it fails.
func TestSlurmRecipes(t *testing.T) {
	testfix.SkipShort(t, "builds the binary and runs Slurm jobs")
	t.Parallel()
	// Outside CI sinfo gets 3 s: with no slurmctld it retries for about
	// 9 s before it gives up. Under CI it waits as long as it needs.
	probe := t.Context()
	if !testfix.CI() {
		var cancel context.CancelFunc
		probe, cancel = context.WithTimeout(probe, 3*time.Second)
		defer cancel()
	}
	if out, err := exec.CommandContext(probe, "sinfo", "-h", "-o", "%t").CombinedOutput(); err != nil ||
		!regexp.MustCompile(`(?m)^(idle|mix|alloc|comp)`).Match(out) {
		if probe.Err() != nil {
			err = errors.New("no answer in 3 s")
		}
		testfix.Missing(t, "no Slurm cluster reachable (sinfo: %v %s): start a one-node cluster with sudo .ci/slurm-up",
			err, strings.TrimSpace(string(out)))
	}
	rec := slurmRecipes(t)
	t.Logf("the sbatch scripts of %s", rec.file)
	bin := buildBinary(t)
	env := append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))

	t.Run("SearchArray", func(t *testing.T) {
		dir := t.TempDir()
		name := regexp.MustCompile(`sbatch --parsable ([^\s)]+)`).FindStringSubmatch(rec.submit)
		if name == nil {
			t.Fatalf("%s: the submit block names no script:\n%s", rec.file, rec.submit)
		}
		writeFile(t, filepath.Join(dir, name[1]), rec.array)
		out := slurmRun(t, dir, env, rec.submit)
		m := regexp.MustCompile(`Submitted batch job (\d+)`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("the submit block printed no job: %q", out)
		}
		merge := m[1]
		array := regexp.MustCompile(`afterok:(\d+)`).FindStringSubmatch(slurmJob(t, merge))
		if array != nil {
			t.Cleanup(func() { exec.Command("scancel", array[1]).Run() })
		}
		slurmWait(t, dir, merge, nil)
		if got := readTotal(t, dir); got != "8250272" {
			t.Fatalf("total.txt = %q, want 8250272 (6x6 directed paths)", got)
		}
	})

	dp := func(t *testing.T, requeue bool) {
		dir := t.TempDir()
		m := regexp.MustCompile(`--shared (\S+)`).FindStringSubmatch(rec.coop)
		if m == nil {
			t.Fatalf("%s: the cooperative script has no --shared DIR", rec.file)
		}
		shared := filepath.Join(dir, "shared", filepath.Base(m[1]))
		writeFile(t, filepath.Join(dir, "dp7.sbatch"), strings.ReplaceAll(rec.coop, m[1], shared))
		job := strings.TrimSpace(slurmRun(t, dir, env, "sbatch --parsable dp7.sbatch"))
		var during func(string) bool
		var kept map[string]time.Time // done markers at the requeue
		if requeue {
			requeued := false
			during = func(state string) bool {
				if requeued {
					return false
				}
				layer, done := lastFullLayer(shared, 8)
				if state != "RUNNING" || layer == "" {
					return false
				}
				if _, err := os.Stat(filepath.Join(dir, "total.txt")); err == nil {
					t.Fatal("the count finished before it could be requeued")
				}
				if out, err := exec.Command("scontrol", "requeue", job).CombinedOutput(); err != nil {
					t.Fatalf("scontrol requeue %s: %v %s", job, err, out)
				}
				kept = doneMarkers(shared)
				t.Logf("requeued job %s after layer %s (%d layer directories)", job, layer, done)
				requeued = true
				return true
			}
		}
		slurmWait(t, dir, job, during)
		if got := readTotal(t, dir); got != "8642871600" {
			t.Fatalf("total.txt = %q, want 8642871600 (7x7 Diplomatico directed paths)", got)
		}
		if requeue {
			if r := slurmField(slurmJob(t, job), "Restarts"); r != "1" {
				t.Fatalf("job %s: Restarts=%s, want 1", job, r)
			}
			// The layers done before the requeue were not done again.
			after := doneMarkers(shared)
			for f, mt := range kept {
				if !after[f].Equal(mt) {
					t.Errorf("%s rewritten after the requeue: the job did not resume from its layer files", f)
				}
			}
		}
	}
	t.Run("CooperativeDP", func(t *testing.T) { dp(t, false) })
	t.Run("CooperativeDPRequeued", func(t *testing.T) { dp(t, true) })

	// The array over primes: its size from --primes-needed, one residue
	// file per task, joined by the dependent merge job.
	t.Run("PrimesArray", func(t *testing.T) {
		dir := t.TempDir()
		name := regexp.MustCompile(`sbatch --parsable [^\n]*?(\S+\.sbatch)`).FindStringSubmatch(rec.primesSubmit)
		if name == nil {
			t.Fatalf("%s: the primes submit block names no script:\n%s", rec.file, rec.primesSubmit)
		}
		writeFile(t, filepath.Join(dir, name[1]), rec.primes)
		out := slurmRun(t, dir, env, rec.primesSubmit)
		m := regexp.MustCompile(`Submitted batch job (\d+)`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("the primes submit block printed no job: %q", out)
		}
		merge := m[1]
		if array := regexp.MustCompile(`afterok:(\d+)`).FindStringSubmatch(slurmJob(t, merge)); array != nil {
			t.Cleanup(func() { exec.Command("scancel", array[1]).Run() })
		}
		slurmWaitFor(t, dir, merge, nil, primesWait)
		// A003763(8): the undirected Hamiltonian cycles of the 16x16 grid.
		if got := readTotal(t, dir); got != "65882516522625836326159786165530572" {
			t.Fatalf("total.txt = %q, want 65882516522625836326159786165530572 (16x16 cycles, A003763)", got)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "residue-*.json"))
		if len(files) != 3 {
			t.Fatalf("%d residue files, want 3 (the primes the grid sweep's bound 2^140 needs): %v", len(files), files)
		}
	})
}

// primesWait bounds the array over primes: three 16x16 counts of about
// 1 s of CPU each, at once on the cluster's node (on 2 loaded cores, under
// a minute).
const primesWait = 400 * time.Second

// recipes holds the docs' Slurm blocks.
type recipes struct {
	file                 string
	array, submit, coop  string
	primes, primesSubmit string
}

// slurmRecipes finds the Slurm blocks in the docs (docs/counting.md, else
// README.md): the job array script (the fenced block with
// "#SBATCH --array"), its submit lines ("sbatch --parsable"), the
// cooperative DP script ("#SBATCH --ntasks"), and the array over primes
// (the script with "#SBATCH" and "--prime-index", the submit lines with
// "--primes-needed").
func slurmRecipes(t *testing.T) recipes {
	t.Helper()
	root := testfix.Root(t)
	for _, name := range []string{"docs/counting.md", "README.md"} {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			continue
		}
		r := recipes{file: name}
		for _, b := range fencedBlocks(string(data)) {
			switch {
			case strings.Contains(b, "#SBATCH") && strings.Contains(b, "--prime-index"):
				r.primes = b
			case strings.Contains(b, "sbatch --parsable") && strings.Contains(b, "--primes-needed"):
				r.primesSubmit = b
			case strings.Contains(b, "#SBATCH --array"):
				r.array = b
			case strings.Contains(b, "sbatch --parsable"):
				r.submit = b
			case strings.Contains(b, "#SBATCH --ntasks"):
				r.coop = b
			}
		}
		if r.array != "" || r.submit != "" || r.coop != "" {
			if r.array == "" || r.submit == "" || r.coop == "" || r.primes == "" || r.primesSubmit == "" {
				t.Fatalf("%s: found only some of the Slurm recipes (array %t, submit %t, cooperative %t, primes %t, primes submit %t)",
					name, r.array != "", r.submit != "", r.coop != "", r.primes != "", r.primesSubmit != "")
			}
			return r
		}
	}
	t.Fatal("no Slurm recipes (a fenced block with #SBATCH --array) in docs/counting.md or README.md")
	return recipes{}
}

// fencedBlocks returns the contents of the ``` blocks of a Markdown text.
func fencedBlocks(md string) []string {
	var blocks []string
	var cur *strings.Builder
	sc := bufio.NewScanner(strings.NewReader(md))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			if cur == nil {
				cur = new(strings.Builder)
			} else {
				blocks = append(blocks, cur.String())
				cur = nil
			}
			continue
		}
		if cur != nil {
			cur.WriteString(line + "\n")
		}
	}
	return blocks
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o755); err != nil {
		t.Fatal(err)
	}
}

// slurmRun runs script with bash in dir and returns its standard output.
func slurmRun(t *testing.T, dir string, env []string, script string) string {
	t.Helper()
	cmd := exec.Command("bash", "-euc", script)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("%s: %v\n%s%s", script, err, out, msg)
	}
	return string(out)
}

// slurmJob returns scontrol's one-line record of each of the job's tasks.
func slurmJob(t *testing.T, job string) string {
	t.Helper()
	out, err := exec.Command("scontrol", "-o", "show", "job", job).CombinedOutput()
	if err != nil {
		t.Fatalf("scontrol show job %s: %v %s", job, err, out)
	}
	return string(out)
}

// slurmField returns the value of the first FIELD=value in rec.
func slurmField(rec, field string) string {
	m := regexp.MustCompile(`(?:^| )` + field + `=(\S*)`).FindStringSubmatch(rec)
	if m == nil {
		return ""
	}
	return m[1]
}

// slurmWait waits up to 150 s for the job to complete, calling during (when
// not nil) with its state every poll; during returns true when it requeued
// the job, which is then released at once instead of after Slurm's
// requeue delay. A job that fails, or whose dependency can no longer be
// satisfied, fails the test with the job's output files.
func slurmWait(t *testing.T, dir, job string, during func(state string) bool) {
	t.Helper()
	slurmWaitFor(t, dir, job, during, 150*time.Second)
}

// slurmWaitFor is slurmWait with limit in place of 150 s.
func slurmWaitFor(t *testing.T, dir, job string, during func(state string) bool, limit time.Duration) {
	t.Helper()
	t.Cleanup(func() { exec.Command("scancel", job).Run() })
	deadline := time.Now().Add(limit)
	release := false
	var requeued time.Time // when during asked for a requeue
	for {
		rec := slurmJob(t, job)
		state, reason := slurmField(rec, "JobState"), slurmField(rec, "Reason")
		if release && state == "PENDING" {
			if out, err := exec.Command("scontrol", "update", "jobid="+job, "StartTime=now").CombinedOutput(); err != nil {
				t.Fatalf("scontrol update StartTime: %v %s", err, out)
			}
			release = false
		}
		switch {
		case state == "COMPLETED":
			return
		case (state == "FAILED" || state == "CANCELLED") && !requeued.IsZero() && time.Since(requeued) < 60*time.Second:
			// Between scontrol requeue and PENDING the job may show the
			// state its killed steps left: wait for the requeue to land.
		case state == "FAILED" || state == "CANCELLED" || state == "TIMEOUT" || state == "NODE_FAIL" ||
			state == "OUT_OF_MEMORY" || reason == "DependencyNeverSatisfied":
			t.Fatalf("job %s: %s (%s)\n%s", job, state, reason, jobOutputs(dir))
		case time.Now().After(deadline):
			t.Fatalf("job %s not done in %v: %s (%s)\n%s", job, limit, state, reason, jobOutputs(dir))
		}
		if during != nil && during(state) {
			release, requeued = true, time.Now()
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// jobOutputs returns the slurm-*.out files of dir, for a failure message.
func jobOutputs(dir string) string {
	var b strings.Builder
	files, _ := filepath.Glob(filepath.Join(dir, "slurm-*.out"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		fmt.Fprintf(&b, "== %s\n%s", filepath.Base(f), data)
	}
	return b.String()
}

// lastFullLayer returns the last layer directory of a cooperative DP's
// shared directory that all n shards have marked done (done-NNNNN files),
// and how many layer directories there are.
func lastFullLayer(shared string, n int) (string, int) {
	layers, _ := filepath.Glob(filepath.Join(shared, "L*"))
	last := ""
	for _, l := range layers {
		if done, _ := filepath.Glob(filepath.Join(l, "done-[0-9][0-9][0-9][0-9][0-9]")); len(done) == n {
			last = filepath.Base(l)
		}
	}
	return last, len(layers)
}

// doneMarkers returns the modification time of every layer's done markers
// (done-NNNNN; a done-NNNNN.part is a marker still being written).
func doneMarkers(shared string) map[string]time.Time {
	m := map[string]time.Time{}
	files, _ := filepath.Glob(filepath.Join(shared, "L*", "done-[0-9][0-9][0-9][0-9][0-9]"))
	for _, f := range files {
		if st, err := os.Stat(f); err == nil {
			m[f] = st.ModTime()
		}
	}
	return m
}

// readTotal returns total.txt of dir, which must hold a count (of any
// size).
func readTotal(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "total.txt"))
	if err != nil {
		t.Fatalf("%v\n%s", err, jobOutputs(dir))
	}
	if _, ok := new(big.Int).SetString(strings.TrimSpace(string(data)), 10); !ok {
		t.Fatalf("total.txt: %q\n%s", data, jobOutputs(dir))
	}
	return strings.TrimSpace(string(data))
}
