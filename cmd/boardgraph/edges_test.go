package main

// The edges of issue 24: a generated puzzle counted from its givens,
// empty and unreadable --out names, CSV into a directory, a full disk.

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// oneLine fails unless r's stderr is one line holding every part.
func oneLine(t *testing.T, r result, code int, parts ...string) {
	t.Helper()
	if r.code != code || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
		t.Fatalf("want exit %d and one line: %v", code, r)
	}
	for _, p := range parts {
		if !strings.Contains(r.stderr, p) {
			t.Errorf("the message lacks %q: %s", p, r.stderr)
		}
	}
}

// TestCountGeneratedPuzzle: the generator's own uniqueness claim is
// confirmed by count --board: "generate 10x10 --seed 2" (30 givens, no 1)
// has exactly one completion (counted as a directed path from 1 to 100).
// The count guard used to refuse it for its 100 open cells.
func TestCountGeneratedPuzzle(t *testing.T) {
	t.Parallel()
	gen := cli(t, "", "generate", "10x10", "--seed", "2", "--quiet")
	if gen.code != exitOK || strings.Count(gen.stdout, "\n") < 10 {
		t.Fatal(gen)
	}
	p := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(p, []byte(gen.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := cli(t, "", "count", "--board", p); r.code != exitOK || r.stdout != "1\n" {
		t.Fatalf("count of the generated puzzle: %v", r)
	}
	// One given in the middle leaves both ends free: still refused, with
	// the measure and the fix.
	board := strings.Repeat(". ", 44) + "45 " + strings.Repeat(". ", 55)
	var rows []string
	f := strings.Fields(board)
	for i := 0; i < 100; i += 10 {
		rows = append(rows, strings.Join(f[i:i+10], " "))
	}
	r := cli(t, strings.Join(rows, "\n")+"\n", "count", "--board", "-")
	oneLine(t, r, exitUsage, "givens leave 99 cells free", "--timeout")
}

// TestOutEmpty: an empty --out is refused, not read as "no --out".
func TestOutEmpty(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"solve", "5x5", "--out", ""},
		{"solve", "5x5", "--out="},
		{"export", "5x5", "--to", "dot", "--out", ""},
		{"count", "4x4", "--shard", "0/2", "--out", ""},
	} {
		r := cli(t, "", args...)
		oneLine(t, r, exitUsage, "--out '': an empty file name")
		if r.stdout != "" {
			t.Errorf("%v wrote to stdout: %q", args, r.stdout)
		}
	}
}

// TestFIFOWithoutReaderFails: --out naming a named pipe that no process
// reads fails within seconds (pathio.PipeWait) with one line, instead of
// waiting for ever; nothing is staged in TMPDIR.
func TestFIFOWithoutReaderFails(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t0 := time.Now()
	r := cli(t, "", "solve", "5x5", "--out", fifo, "--quiet")
	if d := time.Since(t0); d > 15*time.Second {
		t.Errorf("failed after %v", d)
	}
	oneLine(t, r, exitUsage, fifo, "no process opened the named pipe for reading")
}

// TestCSVIntoDirectory: export --to csv --out DIR/ (or an existing DIR)
// writes DIR/nodes.csv and DIR/relationships.csv, not hidden files.
func TestCSVIntoDirectory(t *testing.T) {
	t.Parallel()
	for _, slash := range []string{"/", ""} {
		dir := t.TempDir()
		if r := cli(t, "", "export", "5x5", "--to", "csv", "--out", dir+slash, "--quiet"); r.code != exitOK {
			t.Fatal(r)
		}
		ents, _ := os.ReadDir(dir)
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		if strings.Join(names, " ") != "nodes.csv relationships.csv" {
			t.Errorf("--out %q wrote %v", dir+slash, names)
		}
		data, _ := os.ReadFile(filepath.Join(dir, "nodes.csv"))
		if bytes.Count(data, []byte("\n")) != 26 { // a header and 25 cells
			t.Errorf("nodes.csv has %d lines", bytes.Count(data, []byte("\n")))
		}
	}
}

// TestFullDisk: a write that fails for want of space (/dev/full) is the
// machine's failure: exit 2 with one line naming the file and the cause,
// never worded as bad input; for --out and for stdout.
func TestFullDisk(t *testing.T) {
	t.Parallel()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("needs /dev/full (Linux): %v", err)
	}
	defer full.Close()
	for _, args := range [][]string{
		{"solve", "5x5", "--out", "/dev/full", "--quiet"},
		{"export", "5x5", "--to", "dot", "--out", "/dev/full", "--quiet"},
		{"info", "5x5", "--out", "/dev/full"},
	} {
		r := cli(t, "", args...)
		oneLine(t, r, exitUsage, "/dev/full", "no space left on device")
		if strings.Contains(r.stderr, "bad input") || strings.Contains(r.stderr, "check the") {
			t.Errorf("%v blames the input: %s", args, r.stderr)
		}
	}
	var errb bytes.Buffer
	code := run(&env{ctx: t.Context(), args: []string{"solve", "5x5", "--quiet"}, stdin: strings.NewReader(""), stdout: full, stderr: &errb})
	// os.Stdout is named /dev/stdout, and then the message says "standard
	// output"; here the file keeps its own name.
	oneLine(t, result{code, "", errb.String()}, exitUsage, "/dev/full", "no space left on device")
}
