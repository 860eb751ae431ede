package main

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// writeDenseKGrid writes the dense k-grid of testfix.DenseKGridClues
// (seed 1) with k = 100 in our wide text format.
func writeDenseKGrid(t *testing.T, rows, cols int) string {
	t.Helper()
	clues := testfix.DenseKGridClues(rows, cols, 1)
	var b strings.Builder
	b.WriteString("k=100 wide\n")
	for i := range rows {
		for j := range cols {
			if j > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, clues[i*cols+j])
		}
		b.WriteByte('\n')
	}
	name := filepath.Join(t.TempDir(), fmt.Sprintf("dense%dx%d.txt", rows, cols))
	testfix.WriteFile(t, name, []byte(b.String()))
	return name
}

// TestNumberlinkLargeGridStops (issue 33): numberlink solve, count and
// grade on a dense 600x600 k-grid with --timeout 1s end within 2 s of
// the deadline, exit 3, saying they timed out (they ran 19 s with
// --timeout 3s: the Proposition's check took no context, and the search
// looked at it every 256 nodes, each costing work proportional to the
// grid). Time is measured, so it skips under the race detector.
func TestNumberlinkLargeGridStops(t *testing.T) {
	if testfix.Race {
		t.Skip("measures how soon a deadline stops the work; the race detector slows it tenfold")
	}
	t.Parallel()
	file := writeDenseKGrid(t, 600, 600)
	for _, sub := range []string{"solve", "count", "grade"} {
		began := time.Now()
		r := cli(t, "", "numberlink", sub, "--timeout", "1s", "--quiet", file)
		took := time.Since(began)
		t.Logf("%s: %v", sub, took)
		if r.code != exitStopped || !strings.Contains(r.stderr, "timed out after 1s") {
			t.Errorf("%s: %v after %v", sub, r, took)
		}
		if took > 3*time.Second {
			t.Errorf("%s: ended %v after its start, over 2 s past --timeout 1s", sub, took)
		}
	}
}

// TestNumberlinkSIGINTLargeGrid: SIGINT ends numberlink solve on the
// dense 600x600 k-grid within 2 s, exit 3, with one line saying it was
// interrupted (the real binary: the signal goes through the process's
// handler into the same context as --timeout, which
// TestNumberlinkLargeGridStops checks in every run; TestSignalsStopCleanly
// checks the handler). About 10 s, so with BOARDGRAPH_LONG=1.
func TestNumberlinkSIGINTLargeGrid(t *testing.T) {
	testfix.SkipUnlessLong(t, "SIGINT to numberlink solve on a dense 600x600 k-grid (about 10 s)")
	if testfix.Race {
		t.Skip("measures how soon a signal stops the work; the race detector slows it tenfold")
	}
	t.Parallel()
	bin := buildBinary(t)
	file := writeDenseKGrid(t, 600, 600)
	cmd := exec.Command(bin, "numberlink", "solve", "--quiet", file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	time.Sleep(1500 * time.Millisecond) // reading done, the work under way
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-exited:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatal("still running a minute after SIGINT")
	}
	took := time.Since(sent)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitStopped || !strings.Contains(stderr.String(), "interrupted (interrupt signal received)") || strings.Count(stderr.String(), "\n") != 1 {
		t.Fatalf("exit %v, stderr %q: want exit 3 and one line saying it was interrupted", err, stderr.String())
	}
	if took > 2*time.Second {
		t.Errorf("exited %v after SIGINT, over 2 s", took)
	}
}
