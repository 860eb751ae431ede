package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/shard"
)

// writeResidues runs count --primes-needed, then count --prime-index I
// --out FILE for I below what it says plus extra, and returns the files.
func writeResidues(t *testing.T, dir, stdin string, extra int, args ...string) []string {
	t.Helper()
	r := cli(t, stdin, append(append([]string{"count"}, args...), "--primes-needed", "--quiet")...)
	k, err := strconv.Atoi(strings.TrimSpace(r.stdout))
	if r.code != exitOK || err != nil || k < 1 {
		t.Fatalf("--primes-needed: %v", r)
	}
	var files []string
	for i := range k + extra {
		name := filepath.Join(dir, fmt.Sprintf("r%d.json", i))
		r := cli(t, stdin, append(append([]string{"count"}, args...), "--prime-index", strconv.Itoa(i), "--out", name)...)
		if r.code != exitOK || !strings.Contains(r.stderr, fmt.Sprintf("modulo prime index %d", i)) {
			t.Fatalf("prime index %d: %v", i, r)
		}
		files = append(files, name)
	}
	return files
}

// TestPrimeResiduesCLI counts problems of the grid sweep and of the
// general dynamic program, open and closed, with fixed ends and blocked
// cells, one prime at a time, and checks that count merge gives the
// count of one run, directed and undirected; 14x14 grid cycles need two
// primes (their count passes 2^86), so the Chinese remainder theorem joins
// residues that differ from the count.
func TestPrimeResiduesCLI(t *testing.T) {
	t.Parallel()
	blocked := "..#..\n.....\n.....\n.....\n....#\n"
	for _, tc := range []cliProblem{
		{"grid 10x10 open", "", []string{"--moves", "1,0", "10x10"}},
		{"grid 14x14 closed", "", []string{"--moves", "1,0", "--closed", "14x14"}},
		{"grid 6x6 closed", "", []string{"--moves", "1,0", "--closed", "6x6"}},
		{"grid 7x6 start", "", []string{"--moves", "1,0", "--start", "1,1", "7x6"}},
		{"knight 5x6 closed", "", []string{"--moves", "knight", "--closed", "5x6"}},
		{"hopido 5x5 end", "", []string{"5x5", "--end", "3,3"}},
		{"king blocked", blocked, []string{"--board", "-", "--moves", "king"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			files := writeResidues(t, t.TempDir(), tc.stdin, 0, tc.args...)
			for _, undirected := range []bool{false, true} {
				args, merge := append([]string{"count", "--method", "dp"}, tc.args...), []string{"count", "merge"}
				if undirected {
					args, merge = append(args, "--undirected"), append(merge, "--undirected")
				}
				want := cli(t, tc.stdin, args...)
				got := cli(t, "", append(merge, files...)...)
				if want.code != exitOK || got.code != exitOK || got.stdout != want.stdout || !strings.Contains(got.stderr, "Chinese remainder theorem") {
					t.Fatalf("merge of %d residues (undirected %t): %v\nwant %v", len(files), undirected, got, want)
				}
			}
		})
	}
}

// count merge --format json names the primes, by index, and the bound;
// residues beyond those needed join the merge (and check it).
func TestMergeResiduesJSON(t *testing.T) {
	t.Parallel()
	files := writeResidues(t, t.TempDir(), "", 1, "--moves", "1,0", "--closed", "14x14")
	r := cli(t, "", append([]string{"count", "merge", "--format", "json"}, files...)...)
	var j format.MergeResidues
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || r.code != exitOK {
		t.Fatalf("json: %v %v", r, err)
	}
	// 56126499620491437281263608 undirected cycles (A003763), directed
	// twice: two primes, under the grid sweep's bound.
	if j.Count != "112252999240982874562527216" || len(j.Primes) != 3 || j.PrimeIndexes[2] != 2 || j.Primes[0] != "9223372036854775783" ||
		j.PrimesNeeded != 2 || j.BoundBits <= 87 || j.BoundBits > 126 || j.Bound != "grid sweep of degree-2 subgraphs" || j.Problem.Board != "14x14" {
		t.Fatalf("json %+v", j)
	}
}

// count merge refuses, exit 2 and one line, residues too few for the
// count's bound (naming the missing indexes), a prime given twice, files
// of another problem, damaged files and shard results mixed with
// residues; count refuses per-prime runs with flags that do not apply.
func TestPrimeRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := writeResidues(t, dir, "", 1, "--moves", "1,0", "--closed", "14x14") // 2 needed, 1 more
	other := writeResidues(t, t.TempDir(), "", 0, "--moves", "1,0", "--closed", "--start", "1,1", "14x14")
	shards := writeShards(t, t.TempDir(), "", 2, "5x5")
	data, err := os.ReadFile(files[2])
	if err != nil {
		t.Fatal(err)
	}
	var res shard.Residue
	json.Unmarshal(data, &res)
	res.Residue = "1"
	tampered := filepath.Join(dir, "t.json")
	b, _ := json.Marshal(res)
	os.WriteFile(tampered, b, 0o644)
	for _, tc := range []struct {
		name  string
		files []string
		want  string
	}{
		{"too few", files[:1], "1 residue does not determine the count: the grid sweep of degree-2 subgraphs bound puts it below 2^"},
		{"too few names the missing", files[1:2], "missing prime index 0: count them with --prime-index I --out FILE"},
		{"duplicate", []string{files[0], files[1], files[1], files[2]}, "are both prime index 1"},
		{"other problem", []string{files[1], files[2], other[0]}, "different count"},
		{"tampered", []string{files[0], files[1], tampered}, "checksum"},
		{"mixed", []string{files[0], shards[0]}, "shard results and residue files do not merge together"},
	} {
		refuses(t, exitUsage, tc.want, append([]string{"count", "merge"}, tc.files...)...)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--prime-index", "x"}, `--prime-index "x": give a number from 0 to 4095`},
		{[]string{"--prime-index", "4096"}, "from 0 to 4095"},
		{[]string{"--prime-index", "0", "--method", "dfs"}, "drop --method dfs"},
		{[]string{"--prime-index", "0", "--shard", "0/2"}, "do not combine with --prime-index"},
		{[]string{"--prime-index", "0", "--undirected"}, "drop --undirected and give it to 'count merge --undirected'"},
		{[]string{"--primes-needed", "--out", filepath.Join(dir, "n.json")}, "--primes-needed writes no file"},
		{[]string{"--primes-needed", "--prime-index", "1"}, "give one of the two"},
		{[]string{"--prime-index", "0", "--out", filepath.Join(dir, "nodir", "r.json")}, "does not exist"},
		{[]string{"--prime-index", "0", "--resume"}, "--resume continues a --checkpoint FILE"},
		{[]string{"--primes-needed", "--checkpoint", filepath.Join(dir, "ck")}, "nothing to checkpoint"},
		{[]string{"--prime-index", "0", "--checkpoint", filepath.Join(dir, "ck")}, "the grid sweep's count modulo a prime keeps no checkpoint"},
	} {
		refuses(t, exitUsage, tc.want, append([]string{"count", "--moves", "1,0", "6x6"}, tc.args...)...)
	}
}

// A per-prime run stopped by --timeout exits 3, says it has no partial
// result and writes no residue file.
func TestPrimeRunStopped(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "r.json")
	r := cli(t, "", "count", "--moves", "1,0", "--closed", "18x18", "--prime-index", "0", "--out", out, "--timeout", "50ms", "--quiet")
	if r.code != exitStopped || r.stdout != "" || !strings.Contains(r.stderr, "no partial result (no --out file written)") {
		t.Fatalf("%v", r)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("--out written by a stopped run: %v", err)
	}
}

// TestPrimeIndexSpills: a count modulo a prime whose layers outgrow
// --max-memory spills and finishes as the count without --prime-index
// does (knight 6x6 in 1M: 6,637,920 directed paths, OEIS A165134), and
// merges to the same count; without a spill directory both refuse.
func TestPrimeIndexSpills(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "r0.json")
	r := cli(t, "", "count", "6x6", "--moves", "knight", "--prime-index", "0", "--max-memory", "1M", "--tmp", dir, "--quiet", "--out", out)
	if r.code != exitOK || strings.TrimSpace(r.stdout) != "6637920" {
		t.Fatalf("--prime-index 0 --max-memory 1M: %v", r)
	}
	if m := cli(t, "", "count", "merge", out); m.code != exitOK || strings.TrimSpace(m.stdout) != "6637920" {
		t.Errorf("merge: %v", m)
	}
	for _, args := range [][]string{
		{"count", "6x6", "--moves", "knight", "--prime-index", "0", "--max-memory", "1M", "--tmp", ""},
		{"count", "6x6", "--moves", "knight", "--method", "dp", "--max-memory", "1M", "--tmp", ""},
	} {
		if r := cli(t, "", args...); !r.badInput() || !strings.Contains(r.stderr, "--max-memory") {
			t.Errorf("%v: want a refusal naming --max-memory: %v", args, r)
		}
	}
}

// TestPrimeRunCheckpointed: a per-prime run of the dynamic program with
// --checkpoint (its layers saved at every layer in tests) gives the
// residue of the run without it; resuming a finished run's file starts
// afresh and gives it again (count.TestCountModuloResumes stops and
// resumes one midway).
func TestPrimeRunCheckpointed(t *testing.T) {
	t.Parallel()
	ck := filepath.Join(t.TempDir(), "ck")
	args := []string{"count", "--moves", "king", "6x7", "--prime-index", "2", "--quiet"}
	plain := cli(t, "", args...)
	saved := cli(t, "", append(args, "--checkpoint", ck)...)
	again := cli(t, "", append(args, "--checkpoint", ck, "--resume")...)
	if plain.code != exitOK || saved.code != exitOK || again.code != exitOK || saved.stdout != plain.stdout || again.stdout != plain.stdout {
		t.Fatalf("plain %v, checkpointed %v, resumed %v", plain, saved, again)
	}
}
