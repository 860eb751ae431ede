package main

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// endless is an input that never ends, like /dev/zero.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '1'
	}
	return len(p), nil
}

// TestNumberlinkEndlessInput: an endless puzzle (stdin or /dev/zero) fails
// within seconds with exit 2 and one line naming the limit, where it used
// to be read until the Go runtime ran out of memory.
func TestNumberlinkEndlessInput(t *testing.T) {
	t.Parallel()
	run := func(stdin io.Reader, args ...string) (int, string) {
		var out, errb bytes.Buffer
		code := run(&env{ctx: t.Context(), args: args, stdin: stdin, stdout: &out, stderr: &errb})
		return code, errb.String()
	}
	began := time.Now()
	code, msg := run(endless{}, "numberlink", "solve")
	if code != exitUsage || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "larger than 64 MiB, the limit") {
		t.Fatalf("stdin: exit %d, %q", code, msg)
	}
	if fi, err := os.Stat("/dev/zero"); err == nil && fi.Mode()&os.ModeCharDevice != 0 && !testing.Short() {
		code, msg = run(strings.NewReader(""), "numberlink", "solve", "/dev/zero")
		if code != exitUsage || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "/dev/zero is larger than 64 MiB") {
			t.Fatalf("/dev/zero: exit %d, %q", code, msg)
		}
	}
	t.Logf("both refused in %v", time.Since(began))
}

// TestNumberlinkDamagedInputs: a damaged .has file and a puzz.link URL of
// another puzzle type are exit 2 with the mismatch named.
func TestNumberlinkDamagedInputs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"4 4 4\n1 0 0 1\n0 0 0 0\n1 0 0 1\n", "the header says 4 rows, the file has 3"},
		{"2 4 4\n1 0 0 1\n1 0 1\n", "line 3 has 3 numbers, the header says 4 columns"},
		{"https://puzz.link/p?nurikabe/5/5/g1h2\n", "this is a nurikabe puzzle"},
		{"https://puzz.link/p?hashikake/5/3/1g2h3k1\n", "the URL is cut short"},
	} {
		r := cli(t, tc.in, "numberlink", "solve")
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%q: %v", tc.in, r)
		}
	}
}

// TestNumberlinkLoadHonoursTimeout loads a 1000x1000 puzzle with many
// crossing pairs under --timeout 1ms: the load stops with exit 3 and says
// so. (Loading it took minutes when crossings were found by comparing
// every pair with every other, before any context existed.) Ctrl-C during
// the load is the same.
func TestNumberlinkLoadHonoursTimeout(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for range 1000 {
		for range 1000 {
			if rng.IntN(10) < 3 {
				b.WriteByte(byte('1' + rng.IntN(8)))
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	puzzle := b.String()
	r := cli(t, puzzle, "numberlink", "solve", "--timeout", "1ms")
	if r.code != exitStopped || !strings.Contains(r.stderr, "timed out after 1ms while loading the puzzle") {
		t.Fatalf("%v", r)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	r = cliCtx(t, ctx, puzzle, "numberlink", "count")
	if r.code != exitStopped || !strings.Contains(r.stderr, "interrupted while loading the puzzle") {
		t.Fatalf("%v", r)
	}
}

// TestEndlessInputs: every command that reads a whole input from stdin (a
// board map, a solution to verify or render) refuses an endless one with
// exit 2 and one line naming the limit, within seconds.
func TestEndlessInputs(t *testing.T) {
	testfix.SkipShort(t, "reads 64 MiB per case")
	t.Parallel()
	for _, args := range [][]string{
		{"solve", "--board", "-"},
		{"verify"},
		{"render", "--svg", "x.svg"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			var out, errb bytes.Buffer
			began := time.Now()
			code := run(&env{ctx: t.Context(), args: args, stdin: endless{}, stdout: &out, stderr: &errb})
			if code != exitUsage || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "larger than") {
				t.Fatalf("exit %d, stderr %q", code, errb.String())
			}
			t.Logf("refused in %v: %s", time.Since(began), strings.TrimSpace(errb.String()))
		})
	}
}
