//go:build linux || darwin || freebsd || netbsd || openbsd

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/verify"
)

// charDevice skips the test unless dev is a character device here.
func charDevice(t *testing.T, dev string) {
	t.Helper()
	if fi, err := os.Stat(dev); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Skipf("%s is not a character device here", dev)
	}
}

// TestOutputsNeverReplaceSpecialFiles writes --out, --svg and --png through
// symbolic links to /dev/null, into a named pipe and through a link to a
// regular file: the device and the pipe receive the data and stay what
// they were, the links stay links (as root, solve --out /dev/null used to
// replace /dev/null with a regular file). The links live in a temporary
// directory, so a wrong writer replaces a link, never the device.
func TestOutputsNeverReplaceSpecialFiles(t *testing.T) {
	t.Parallel()
	charDevice(t, "/dev/null")
	dir := t.TempDir()
	null := filepath.Join(dir, "null.svg")
	if err := os.Symlink("/dev/null", null); err != nil {
		t.Fatal(err)
	}
	stays := func() {
		t.Helper()
		if fi, err := os.Lstat(null); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("the link to /dev/null was replaced")
		}
		if fi, err := os.Stat(null); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("/dev/null is no longer a character device")
		}
	}
	for _, args := range [][]string{
		{"solve", "10x10", "--out", null, "--quiet"},
		{"solve", "10x10", "--out", null, "--format", "binary", "--quiet"},
		{"solve", "6x6", "--svg", null, "--quiet"},
		{"solve", "--moves", "knight", "600x600", "--out", null, "--quiet"}, // constructed, streamed
		{"count", "4x5", "--shard", "0/2", "--out", null, "--quiet"},
		{"export", "5x5", "--to", "dot", "--out", null, "--quiet"},
	} {
		if r := cli(t, "", args...); r.code != exitOK {
			t.Fatalf("%v: %v", args, r)
		}
		stays()
	}

	// A named pipe gets the verified path, and stays a pipe.
	fifo, got := testfix.FIFO(t, dir)
	if r := cli(t, "", "solve", "10x10", "--out", fifo, "--quiet"); r.code != exitOK {
		t.Fatalf("%v", r)
	}
	var data []byte
	select {
	case data = <-got:
	case <-time.After(30 * time.Second):
		t.Fatal("the pipe's reader got nothing")
	}
	cells, err := verify.ParsePath(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the pipe got %q: %v", data, err)
	}
	if err := verify.Path(verify.Rules{Rows: 10, Cols: 10, Leapers: [][2]int{{3, 0}, {2, 2}}}, cells); err != nil {
		t.Fatalf("the pipe got a path that fails verification: %v", err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatal("the pipe was replaced")
	}

	// A link to a regular file: the target gets the path, the link stays.
	target := filepath.Join(dir, "target.txt")
	os.WriteFile(target, []byte("old"), 0o600)
	link := filepath.Join(dir, "link.txt")
	os.Symlink("target.txt", link)
	if r := cli(t, "", "solve", "5x5", "--out", link, "--quiet"); r.code != exitOK {
		t.Fatalf("%v", r)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link to a file was replaced")
	}
	if b, _ := os.ReadFile(target); strings.Count(string(b), "\n") != 25 {
		t.Fatalf("the target holds %q", b)
	}

	// A dangling link is refused (exit 2), before the search.
	dangling := filepath.Join(dir, "dangling.txt")
	os.Symlink("missing", dangling)
	if r := cli(t, "", "solve", "5x5", "--out", dangling); r.code != exitUsage || !strings.Contains(r.stderr, "symbolic link to a missing file") {
		t.Fatalf("%v", r)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 5 {
		t.Fatalf("left behind: %v", ents)
	}
}

// failWriter fails every write like a full disk.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// TestWriteFailuresExit2: a result that cannot be written (stdout on a full
// device, a picture on /dev/full) is exit 2 with one line naming the
// problem, never 0 (success) or 1 (no solution).
func TestWriteFailuresExit2(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"solve", "10x10"},
		{"solve", "10x10", "--format", "json"},
		{"count", "4x5"},
		{"enumerate", "4x5", "--limit", "3"},
	} {
		var errb bytes.Buffer
		code := run(&env{ctx: t.Context(), args: args, stdin: strings.NewReader(""), stdout: failWriter{}, stderr: &errb})
		if code != exitUsage || strings.Count(errb.String(), "\n") < 1 || !strings.Contains(errb.String(), "boardgraph: cannot write the result to standard output: no space left on device\n") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 naming the failed write", args, code, errb.String())
		}
	}
	// The codes a command returns on its own stay as they were.
	var errb bytes.Buffer
	if code := run(&env{ctx: t.Context(), args: []string{"solve", "4x4"}, stdin: strings.NewReader(""), stdout: failWriter{}, stderr: &errb}); code != exitNone {
		t.Errorf("solve 4x4 (no solution, nothing on stdout): exit %d, want 1", code)
	}

	charDevice(t, "/dev/full")
	dir := t.TempDir()
	full := filepath.Join(dir, "full.png")
	if err := os.Symlink("/dev/full", full); err != nil {
		t.Fatal(err)
	}
	r := cli(t, "", "solve", "6x6", "--png", full)
	if r.code != exitUsage || !strings.Contains(r.stderr, "cannot write "+full+": no space left on device") {
		t.Fatalf("%v", r)
	}
	if fi, err := os.Lstat(full); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link to /dev/full was replaced")
	}
}

// TestBinaryMoveSetRefusedBeforeSearch: a move set whose name the binary
// format cannot hold (over 255 bytes) is refused at once with exit 2 and
// the fix, not after the search with an internal error (exit 70).
func TestBinaryMoveSetRefusedBeforeSearch(t *testing.T) {
	t.Parallel()
	var parts []string
	for a := 1; a <= 7; a++ {
		for b := a; b < 30; b++ {
			parts = append(parts, strings.Join([]string{itoa(a), itoa(b)}, ","))
		}
	}
	spec := strings.Join(parts, "+")
	dir := t.TempDir()
	for _, method := range []string{"auto", "search"} {
		out := filepath.Join(dir, "p.bgp")
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		r := cliCtx(t, ctx, "", "solve", "--moves", spec, "--method", method, "8x8", "--out", out)
		cancel()
		if r.code != exitUsage || !strings.Contains(r.stderr, "at most 255") || !strings.Contains(r.stderr, "--format path") {
			t.Fatalf("--method %s: %v", method, r)
		}
		if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("%s was written", out)
		}
	}
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

// TestStdoutFullProcess runs the real binary with stdout on /dev/full:
// exit 2 and one line, where it used to exit 0 having printed nothing.
func TestStdoutFullProcess(t *testing.T) {
	testfix.SkipShort(t, "builds the binary")
	t.Parallel()
	charDevice(t, "/dev/full")
	bin := buildBinary(t)
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil { // charDevice found it: failing to open it is a failure
		t.Fatalf("opening /dev/full: %v", err)
	}
	defer full.Close()
	for _, args := range [][]string{{"solve", "10x10"}, {"count", "5x5"}} {
		cmd := exec.Command(bin, args...)
		cmd.Stdout = full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitUsage || !strings.Contains(stderr.String(), "no space left on device") {
			t.Fatalf("%v: %v, stderr %q; want exit 2", args, err, stderr.String())
		}
	}
}

// TestFIFOWithoutReaderStops: --out into a named pipe that nobody reads
// waits for a reader only until the command is stopped, then exits 3 and
// leaves no staged file in TMPDIR (the wait used to block in the kernel,
// deaf to Ctrl-C and SIGTERM; a second signal left the staged file).
func TestFIFOWithoutReaderStops(t *testing.T) {
	stage := t.TempDir()
	t.Setenv("TMPDIR", stage)
	fifo := filepath.Join(t.TempDir(), "pipe")
	testfix.Mkfifo(t, fifo)
	sol := filepath.Join(t.TempDir(), "s.txt")
	if r := cli(t, "", "solve", "5x5", "--out", sol, "--quiet"); r.code != exitOK {
		t.Fatal(r)
	}
	svgFIFO := filepath.Join(t.TempDir(), "pic.svg")
	testfix.Mkfifo(t, svgFIFO)
	for _, args := range [][]string{
		{"info", "5x5", "--out", fifo},
		{"count", "4x5", "--out", fifo, "--quiet"},
		{"export", "5x5", "--to", "dot", "--out", fifo, "--quiet"},
		// Pictures too: render --svg into a pipe used to wait for its
		// reader without end.
		{"render", "5x5", "--in", sol, "--svg", svgFIFO},
		{"solve", "5x5", "--svg", svgFIFO, "--quiet"},
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
		done := make(chan result, 1)
		go func() { done <- cliCtx(t, ctx, "", args...) }()
		select {
		case r := <-done:
			if r.code != exitStopped {
				t.Errorf("%v: %v, want exit 3", args, r)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%v: still waiting for a reader 10 s after the stop", args)
		}
		cancel()
		if ents, _ := os.ReadDir(stage); len(ents) != 0 {
			t.Errorf("%v: left %d staged files in TMPDIR", args, len(ents))
		}
	}
}

// TestDeviceOutNotStaged: --out, --svg and a verified --out path file to
// a character device are written to it directly: a TMPDIR that cannot
// hold anything does not matter (the whole output used to be staged there
// first, with no check of the space).
func TestDeviceOutNotStaged(t *testing.T) {
	charDevice(t, "/dev/null")
	dir := t.TempDir()
	t.Setenv("TMPDIR", filepath.Join(dir, "missing"))
	null := filepath.Join(dir, "null.svg") // --svg wants the extension
	if err := os.Symlink("/dev/null", null); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", "6x6", "--out", "/dev/null", "--quiet"},
		{"solve", "6x6", "--format", "path", "--out", "/dev/null", "--quiet"},
		{"solve", "--moves", "knight", "100x100", "--out", "/dev/null", "--format", "binary", "--quiet"},
		{"solve", "5x5", "--svg", null, "--quiet"},
		{"info", "5x5", "--out", "/dev/null"},
	} {
		if r := cli(t, "", args...); r.code != exitOK {
			t.Errorf("%v: %v", args, r)
		}
	}
}

// TestSignalsStopCleanly runs the real binary writing a 10000x10000 knight
// path (about 3 s), sends SIGTERM, SIGHUP or SIGINT once the temporary file
// exists, and checks that each acts like Ctrl-C: exit 3, a line saying what
// stopped it and how far it got, and no file left behind, neither under the
// name nor as a temporary file (timeout, Kubernetes and Slurm stop jobs
// with SIGTERM).
func TestSignalsStopCleanly(t *testing.T) {
	testfix.SkipShort(t, "builds the binary")
	t.Parallel()
	bin := buildBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(bin, "solve", "--moves", "knight", "10000x10000", "--out", "k.bgp")
			cmd.Dir = dir
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			deadline := time.After(time.Minute)
		wait:
			for {
				if m, _ := filepath.Glob(filepath.Join(dir, ".k.bgp.tmp-*")); len(m) > 0 {
					break wait
				}
				select {
				case err := <-exited:
					t.Fatalf("the solve ended before the signal (%v): %s", err, stderr.String())
				case <-deadline:
					cmd.Process.Kill()
					t.Fatal("no temporary file in a minute")
				case <-time.After(2 * time.Millisecond):
				}
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := <-exited
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitStopped {
				t.Fatalf("exit %v, want %d; stderr: %s", err, exitStopped, stderr.String())
			}
			msg := stderr.String()
			if !strings.Contains(msg, "interrupted ("+sig.String()+" signal received)") || !strings.Contains(msg, "cells written") || strings.Count(msg, "\n") != 1 {
				t.Fatalf("stderr %q: want one line saying it was interrupted and how far it got", msg)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Fatalf("left behind: %v", ents)
			}
		})
	}
}
