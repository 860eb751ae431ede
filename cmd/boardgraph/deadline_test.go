package main

import (
	"bytes"
	"context"
	"github.com/boardgraph/boardgraph/internal/app/request"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// slowGraph is an endless edge list on standard input, a line a
// millisecond: only a deadline ends reading it.
type slowGraph struct{ i int }

func (s *slowGraph) Read(p []byte) (int, error) {
	time.Sleep(time.Millisecond)
	line := []byte("a b\n")
	if s.i%2 == 1 {
		line = []byte("b c\n")
	}
	s.i++
	return copy(p, line), nil
}

// TestDeadlineEveryPhase: --timeout counts from the command's start and
// holds in every phase (reading the input, planning a construction,
// search, the dynamic program, writing the result): each command ends
// soon after its deadline with exit 3, one line naming the timeout, and
// no file. Without the deadline each runs for seconds to minutes (the
// reading forever). The bound is generous for a loaded machine; the
// timings themselves are in scripts/deadlines.
func TestDeadlineEveryPhase(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		phase string
		stdin func() *slowGraph
		args  []string
		want  string
	}{
		{"reading", func() *slowGraph { return &slowGraph{} }, []string{"count", "--graph", "-", "--timeout", "300ms"}, "while reading the graph"},
		{"planning", nil, []string{"solve", "32768x32768", "--timeout", "300ms", "--quiet", "--out", filepath.Join(dir, "plan.bgp")}, "timed out after 300ms"},
		{"search", nil, []string{"count", "8x8", "--moves", "knight", "--method", "dfs", "--start", "1,1", "--timeout", "300ms"}, "timed out after 300ms"},
		{"dp", nil, []string{"count", "8x8", "--moves", "knight", "--method", "dp", "--tmp", "", "--timeout", "300ms"}, "timed out after 300ms"},
		{"writing", nil, []string{"solve", "600x600", "--moves", "1,6", "--method", "construct", "--format", "path", "--timeout", "300ms", "--out", filepath.Join(dir, "write.txt")}, "while writing"},
	} {
		t.Run(c.phase, func(t *testing.T) {
			var out, errb bytes.Buffer
			e := &env{ctx: context.Background(), args: c.args, stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
			if c.stdin != nil {
				e.stdin = c.stdin()
			}
			began := time.Now()
			code := run(e)
			took := time.Since(began)
			if code != exitStopped || !strings.Contains(errb.String(), c.want) || strings.Count(errb.String(), "\n") != 1 {
				t.Errorf("want exit %d and one line naming %q; got %d:\n%s", exitStopped, c.want, code, errb.String())
			}
			if took > 2*time.Second {
				t.Errorf("stopped %v after a 300ms timeout", took)
			}
			t.Logf("%s: stopped after %v: %s", c.phase, took.Round(time.Millisecond), strings.TrimSpace(errb.String()))
		})
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("files left: %v", names)
	}
}

// TestDeadlineFromStart: the deadline counts from the command's start,
// not from where a phase makes its context: a command that began a
// second ago with --timeout 500ms is already out of time before it reads
// its input.
func TestDeadlineFromStart(t *testing.T) {
	var out, errb bytes.Buffer
	e := &env{ctx: context.Background(), args: []string{"count", "--graph", "-", "--timeout", "500ms"}, stdin: strings.NewReader("a b\nb c\n"),
		stdout: &out, stderr: &errb, began: time.Now().Add(-time.Second)}
	if code := run(e); code != exitStopped || !strings.Contains(errb.String(), "timed out after 500ms while reading the graph") {
		t.Errorf("got %d: %s", code, errb.String())
	}
}

// TestSignalStopsPlanning: an interrupt while a construction is planned
// ends the command at once, with no file.
func TestSignalStopsPlanning(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	var out, errb bytes.Buffer
	began := time.Now()
	code := run(&env{ctx: ctx, args: []string{"solve", "32768x32768", "--quiet", "--out", filepath.Join(dir, "big.bgp")}, stdin: strings.NewReader(""), stdout: &out, stderr: &errb})
	if took := time.Since(began); code != exitStopped || !strings.Contains(errb.String(), "interrupted") || took > 2*time.Second {
		t.Errorf("got %d after %v: %s", code, took, errb.String())
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("files left: %v", names)
	}
}

// TestErrorsNameNoLibraryField: refusals name a flag or a file, never a
// field of a library (Options.MaxBytes, Limits.MaxVertices): the memory
// refusals of the DP and the grid sweep, a graph over its size cap on
// standard input and in a file. Not parallel: it lowers
// request.MaxGraphBytes.
func TestErrorsNameNoLibraryField(t *testing.T) {
	defer func(old int64) { request.MaxGraphBytes = old }(request.MaxGraphBytes)
	request.MaxGraphBytes = 64
	big := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(big, []byte(strings.Repeat("a b\n", 40)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"count", "6x6", "--moves", "knight", "--method", "dp", "--max-memory", "1M", "--tmp", "", "--no-predict", "--quiet"}, "--max-memory"},
		{"", []string{"count", "6x6", "--moves", "knight", "--method", "dp", "--max-memory", "1M", "--tmp", "", "--quiet"}, "--max-memory"},
		{"", []string{"count", "--moves", "1,0", "--closed", "--method", "dp", "30x30", "--max-memory", "1M"}, "--max-memory"},
		{strings.Repeat("a b\n", 40), []string{"count", "--graph", "-"}, "the graph on standard input"},
		{"", []string{"count", "--graph", big}, big},
	} {
		r := cli(t, c.stdin, c.args...)
		if !r.badInput() || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: want one line naming %q, exit 2: %v", c.args, c.want, r)
		}
		for _, field := range []string{"Options.", "Limits.", "MaxBytes", "MaxStates", "MaxVertices", "Estimate "} {
			if strings.Contains(r.stderr, field) {
				t.Errorf("%v: the refusal names the library's %q: %s", c.args, field, r.stderr)
			}
		}
	}
}
