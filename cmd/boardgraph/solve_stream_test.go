package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/construct"
	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/verify"
)

// Test-only constructions, so that the CLI's handling of constructions is
// tested without package construct: a builder that returns a path of the
// wrong moves (the verifier must stop it), one that never covers its case
// (auto must fall back to search), and one that proves there is no path.
func init() {
	product := buildWalk
	buildWalk = func(ctx context.Context, rows, cols int, ms moves.Set, ends construct.Ends) (construct.Walk, error) {
		switch request.LeaperSpec(ms) {
		case "5,5": // not 5,5 moves: every output must fail verification
			return serpentine(rows, cols, ends.Closed, ends.Start, ends.End)
		case "2,3":
			return nil, fmt.Errorf("%w: zebra test", construct.ErrNotCovered)
		case "1,1":
			return nil, fmt.Errorf("%w: the ferz keeps the colour of a square (test)", construct.ErrNoTour)
		case "1,6": // a slow walk (5 ms a row, 3 s on 600 rows): a deadline finds it writing
			w, err := serpentine(rows, cols, ends.Closed, ends.Start, ends.End)
			return func(yield func(int, int) bool) {
				for r, c := range w {
					if c == 0 {
						time.Sleep(5 * time.Millisecond)
					}
					if !yield(r, c) {
						return
					}
				}
			}, err
		}
		return product(ctx, rows, cols, ms, ends)
	}
}

func TestSolveConstruct(t *testing.T) {
	t.Parallel()
	king := [][2]int{{1, 0}, {1, 1}}
	at := func(r, c int) *verify.Cell { return &verify.Cell{Row: r, Col: c} }
	for _, tc := range []struct {
		name  string
		args  []string
		rules verify.Rules
	}{
		{"king open", []string{"solve", "--method", "construct", "--moves", "king", "6x7"}, verify.Rules{Rows: 6, Cols: 7, Leapers: king}},
		{"knight open ends", []string{"solve", "--method", "construct", "--moves", "knight", "8x8", "--start", "1,1", "--end", "8,1"}, verify.Rules{Rows: 8, Cols: 8, Leapers: [][2]int{{1, 2}}, Start: at(1, 1), End: at(8, 1)}},
		{"wazir closed", []string{"solve", "--method", "construct", "--moves", "wazir", "--closed", "6x7"}, verify.Rules{Rows: 6, Cols: 7, Leapers: [][2]int{{1, 0}}, Closed: true}},
		{"wazir closed transposed", []string{"solve", "--method", "construct", "--moves", "wazir", "--closed", "5x4", "--start", "3,2"}, verify.Rules{Rows: 5, Cols: 4, Leapers: [][2]int{{1, 0}}, Closed: true, Start: at(3, 2)}},
		{"king closed 2x2", []string{"solve", "--method", "construct", "--moves", "king", "--closed", "2x2"}, verify.Rules{Rows: 2, Cols: 2, Leapers: king, Closed: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := cli(t, "", tc.args...)
			if r.code != exitOK || !strings.Contains(r.stderr, "constructed") {
				t.Fatalf("%v", r)
			}
			solved(t, r, tc.rules)
		})
	}
}

func TestSolveMethodErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	inParallel(t, []cliCase{
		{"unknown method", []string{"solve", "5x5", "--method", "magic"}, exitUsage, `unknown --method "magic"`},
		{"generic proof", []string{"solve", "5x5", "--moves", "giraffe", "--method", "construct"}, exitNone, "disconnected (Knuth 1994)"},
		{"not plain", []string{"solve", "--board", "testdata/rosetta.txt", "--method", "construct", "--moves", "king"}, exitUsage, "needs a plain board"},
		{"not covered", []string{"solve", "5x5", "--moves", "zebra", "--method", "construct"}, exitUsage, "no construction covers this case"},
		{"king start not covered", []string{"solve", "5x5", "--moves", "king", "--method", "construct", "--start", "2,2"}, exitUsage, "the generic tiling has free ends"},
		{"proof", []string{"solve", "5x5", "--moves", "ferz", "--method", "construct"}, exitNone, "ferz keeps the colour"},
		{"binary to stdout", []string{"solve", "5x5", "--format", "binary"}, exitUsage, "--format binary writes a file: give --out FILE"},
		{"bad format", []string{"solve", "5x5", "--format", "svg", "--out", filepath.Join(dir, "x")}, exitUsage, `unknown format "svg"`},
		{"out is a directory", []string{"solve", "5x5", "--out", dir}, exitUsage, "is a directory"},
		{"huge board to stdout", []string{"solve", "--moves", "king", "3000x3000"}, exitUsage, "write the path to a file with --out FILE --format path or binary, or use a smaller board"},
		{"huge board proof", []string{"solve", "--moves", "camel", "--closed", "3000x3000", "--method", "construct", "--out", filepath.Join(dir, "c.bgp")}, exitNone, "every move keeps the square colour"},
		{"huge board json", []string{"solve", "--moves", "king", "3000x3000", "--format", "json", "--out", filepath.Join(dir, "k.json")}, exitUsage, "too many to hold in memory"},
		{"negative timeout", []string{"solve", "--moves", "king", "600x600", "--timeout", "-1s"}, exitUsage, `"-1s" for flag -timeout: give a positive duration`},
		{"closed with end", []string{"solve", "--moves", "king", "600x600", "--closed", "--end", "1,1"}, exitUsage, "a closed tour has no end"},
		{"start off board", []string{"solve", "--moves", "king", "600x600", "--start", "601,1"}, exitUsage, "--start"},
	}, func(t *testing.T, tc cliCase) {
		r := cli(t, "", tc.args...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Fatalf("want exit %d and one line with %q:\n%v", tc.code, tc.want, r)
		}
		// stdout is empty, or under --format json the error object.
		if r.stdout != "" && !strings.Contains(r.stdout, fmt.Sprintf(`"exit_code":%d}`, tc.code)) {
			t.Fatalf("stdout: %v", r)
		}
	})
	noFilesLeft(t, dir)
}

// TestSolveAuto checks which method auto picks: construction only on
// plain boards above request.AutoConstructCells whose move set has one, search
// otherwise (also when the construction does not cover the case).
func TestSolveAuto(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	inParallel(t, []cliCase{
		{"small plain", []string{"solve", "--moves", "king", "20x20"}, exitOK, "solved 20x20"},
		{"large plain", []string{"solve", "--moves", "king", "600x600", "--out", filepath.Join(dir, "a.bgp")}, exitOK, "constructed 600x600"},
		{"large not covered", []string{"solve", "--moves", "zebra", "513x513", "--timeout", "1ms", "--out", filepath.Join(dir, "b.bgp")}, exitStopped, "timed out"},
		{"forced search", []string{"solve", "--moves", "king", "600x600", "--method", "search", "--timeout", "1ms", "--out", filepath.Join(dir, "c.bgp")}, exitStopped, "timed out"},
		{"board from stdin", []string{"solve", "--moves", "king", "--board", "-", "--closed"}, exitOK, "solved 2x3"},
	}, func(t *testing.T, tc cliCase) {
		stdin := ""
		if strings.Contains(tc.name, "stdin") {
			stdin = "...\n...\n"
		}
		r := cli(t, stdin, tc.args...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.want) {
			t.Fatalf("want exit %d and %q on stderr:\n%v", tc.code, tc.want, r)
		}
	})
	got := testfix.DirNames(t, dir)
	if len(got) != 1 || got[0] != "a.bgp" {
		t.Fatalf("files in %s: %v, want only a.bgp", dir, got)
	}
}

// TestSolveOut writes solutions found by search and by construction to
// files in every format, and checks each file with the verifier.
func TestSolveOut(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		name    string
		args    []string
		file    string
		format  string // what the file must be: grid, path, json or binary
		verify  []string
		summary string
	}{
		{"search binary by name", []string{"solve", "--moves", "knight", "8x8", "--closed"}, "k.bgp", "binary", []string{"verify", "--closed"}, "a closed tour"},
		{"search path", []string{"solve", "--moves", "knight", "8x8"}, "k.txt", "path", []string{"verify", "8x8", "--moves", "knight"}, "a Hamiltonian path"},
		{"search binary flag", []string{"solve", "10x10", "--format", "binary"}, "h.path", "binary", []string{"verify"}, "verified it from the file"},
		{"search text is the grid", []string{"solve", "10x10", "--format", "TEXT"}, "h2.txt", "grid", []string{"verify", "10x10"}, "wrote"},
		{"search grid", []string{"solve", "10x10", "--format", "grid"}, "g.txt", "grid", []string{"verify"}, "wrote"},
		{"search json", []string{"solve", "5x5", "--format", "json"}, "s.json", "json", nil, "wrote"},
		{"blocked board", []string{"solve", "--board", "testdata/rosetta.txt", "--format", "binary"}, "r.bgp", "binary", []string{"verify", "--board", "testdata/rosetta.txt"}, "verified it from the file"},
		{"construct binary", []string{"solve", "--moves", "king", "700x600"}, "c.bgp", "binary", []string{"verify"}, "constructed 700x600"},
		{"construct path", []string{"solve", "--moves", "wazir", "--closed", "601x600"}, "c.txt", "path", []string{"verify", "601x600", "--moves", "wazir", "--closed"}, "a closed tour"},
		{"construct grid", []string{"solve", "--moves", "king", "--method", "construct", "9x9", "--format", "grid"}, "cg.txt", "grid", []string{"verify", "--moves", "king"}, "wrote"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			name := filepath.Join(dir, tc.file)
			r := cli(t, "", append(tc.args, "--out", name)...)
			if r.code != exitOK || r.stdout != "" || !strings.Contains(r.stderr, tc.summary) {
				t.Fatalf("want exit 0, nothing on stdout and %q on stderr:\n%v", tc.summary, r)
			}
			data := testfix.ReadFile(t, name)
			isBinary := verify.IsBinaryPath(data)
			if isBinary != (tc.format == "binary") || (tc.format == "json") != bytes.HasPrefix(data, []byte("{")) {
				t.Fatalf("file starts %q, want format %s", data[:min(len(data), 16)], tc.format)
			}
			if tc.format == "path" && !request.LooksLikePath(data) || tc.format == "grid" && request.LooksLikePath(data) {
				t.Fatalf("file starts %q, want format %s", data[:min(len(data), 16)], tc.format)
			}
			if tc.verify == nil {
				return
			}
			v := cli(t, "", append(tc.verify, name)...)
			if v.code != exitOK || !strings.HasPrefix(v.stdout, "valid") {
				t.Fatalf("verify %s:\n%v", tc.file, v)
			}
		})
	}
}

// TestBrokenConstructionNeverWritten checks the last line of defence: a
// construction whose path is wrong is caught (by the binary writer, or by
// the verifier reading the file back, or in memory) as an internal error,
// and no file appears.
func TestBrokenConstructionNeverWritten(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	inParallel(t, []cliCase{
		{"binary", []string{"--out", filepath.Join(dir, "x.bgp")}, exitInternal, "the writer rejects it"},
		{"text", []string{"--out", filepath.Join(dir, "x.txt")}, exitInternal, "returned a path that fails verification (step 1 -> 2: 1,1 to 1,2 is not a move of 5,5)"},
		{"stdout", nil, exitInternal, "fails verification"},
	}, func(t *testing.T, tc cliCase) {
		r := cli(t, "", append([]string{"solve", "--moves", "5,5", "--method", "construct", "12x12"}, tc.args...)...)
		if r.code != tc.code || r.stdout != "" || !strings.Contains(r.stderr, tc.want) {
			t.Fatalf("want exit %d and %q:\n%v", tc.code, tc.want, r)
		}
	})
	noFilesLeft(t, dir)
}

// TestSolveOutStopped checks that a timeout or Ctrl-C while streaming
// exits 3 and leaves no file, not even a temporary one, and does not
// touch an existing file of the same name.
func TestSolveOutStopped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old := filepath.Join(dir, "old.bgp")
	testfix.WriteFile(t, old, []byte("keep me"))
	cancelled, cancel := context.WithCancel(t.Context())
	cancel()
	inParallel(t, []cliCase{
		{"timeout", []string{"--timeout", "1ns", "--out", filepath.Join(dir, "t.bgp")}, exitStopped, "timed out after 1ns while"},
		{"interrupt", []string{"--out", filepath.Join(dir, "i.txt")}, exitStopped, "interrupted"},
		{"existing file", []string{"--out", old}, exitStopped, "no file was written"},
	}, func(t *testing.T, tc cliCase) {
		// A case with --timeout runs until its deadline; the others are
		// interrupted at once.
		ctx := cancelled
		if slices.Contains(tc.args, "--timeout") {
			ctx = t.Context()
		}
		r := cliCtx(t, ctx, "", append([]string{"solve", "--moves", "king", "1500x1500"}, tc.args...)...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.want) {
			t.Fatalf("want exit %d and %q:\n%v", tc.code, tc.want, r)
		}
	})
	got := testfix.DirNames(t, dir)
	if len(got) != 1 {
		t.Fatalf("files in %s: %v", dir, got)
	}
	if b, _ := os.ReadFile(old); string(b) != "keep me" {
		t.Fatalf("old file changed to %q", b)
	}
}

// TestStreamProgress checks that long writes and checks report progress
// on stderr and that --quiet silences it.
func TestStreamProgress(t *testing.T) {
	testfix.SkipShort(t, "writes and verifies a 2000x2000 path: a minute under the race run")
	t.Parallel()
	dir := t.TempDir()
	name := filepath.Join(dir, "p.txt")
	run1 := func(args ...string) result {
		var out, errb bytes.Buffer
		code := run(&env{ctx: t.Context(), args: args, stdin: strings.NewReader(""), stdout: &out, stderr: &errb, progressEvery: time.Millisecond})
		return result{code, out.String(), errb.String()}
	}
	r := run1("solve", "--moves", "king", "2000x2000", "--out", name)
	// The ticker may first run in either phase on a busy machine.
	if r.code != exitOK || !(strings.Contains(r.stderr, "solve: writing") || strings.Contains(r.stderr, "solve: verifying")) || !strings.Contains(r.stderr, "cells/s") {
		t.Fatalf("%v", r)
	}
	v := run1("verify", "--moves", "king", "2000x2000", name)
	if v.code != exitOK || !strings.Contains(v.stderr, "verify: checked") || !strings.Contains(v.stderr, "peak memory") {
		t.Fatalf("%v", v)
	}
	q := run1("verify", "--moves", "king", "2000x2000", name, "--quiet")
	if q.code != exitOK || q.stderr != "" {
		t.Fatalf("--quiet: %v", q)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if c := cliCtx(t, ctx, "", "verify", "--moves", "king", "2000x2000", name); c.code != exitStopped || !strings.Contains(c.stderr, "interrupted after checking 1048576 cells") {
		t.Fatalf("interrupted verify: %v", c)
	}
}

// TestVerifyBinary checks the verify command on binary files: valid ones
// with what the header says, and each kind of damage with a one-line
// reason and the documented exit code.
func TestVerifyBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "good.bgp")
	if r := cli(t, "", "solve", "--moves", "knight", "--closed", "6x6", "--out", good); r.code != exitOK {
		t.Fatalf("%v", r)
	}
	data := testfix.ReadFile(t, good)
	hs := 40 + len("knight") + 8*8
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		testfix.WriteFile(t, p, b)
		return p
	}
	edit := func(fn func([]byte) []byte) []byte { return fn(bytes.Clone(data)) }
	// A file naming an unknown move set, written with pathio.
	var unk bytes.Buffer
	w, err := pathio.NewBinaryWriter(&unk, pathio.Header{Rows: 1, Cols: 2, Length: 2, Name: "grasshopper", Moves: [][2]int{{0, 1}, {0, -1}}})
	if err != nil {
		t.Fatal(err)
	}
	w.Cell(0, 0)
	w.Cell(0, 1)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		file string
		args []string
		code int
		want string
	}{
		{"valid", good, nil, exitOK, "valid: a closed tour of 6x6 with knight (1,2), read as a binary path file (36 cells, CRC-32C"},
		{"valid with board and moves", good, []string{"6x6", "--moves", "1,2", "--closed"}, exitOK, "valid: a closed tour"},
		{"stdin", "-", nil, exitOK, "valid: a closed tour"},
		{"json", good, []string{"--format", "json"}, exitOK, `{"version":"devel","problem":{"command":"verify","board":"6x6","open":36,"moves":"knight","leapers":"1,2","closed":true,"start":null,"end":null},"valid":true,"kind":"binary","board":"6x6","moves":"1,2","closed":true,"cells":36}`},
		{"other moves", good, []string{"--moves", "hopido"}, exitNone, "invalid: the file declares the move"},
		{"other board", good, []string{"6x7"}, exitNone, "invalid: the file holds a path on 6x6 but the board is 6x7"},
		{"start", good, []string{"--start", "6,6"}, exitNone, "invalid: step 1: the path starts at"},
		{"checksum", write("crc.bgp", edit(func(b []byte) []byte { b[len(b)-1] ^= 0x40; return b })), nil, exitNone, "invalid: the file is corrupt: its checksum is"},
		{"payload", write("pay.bgp", edit(func(b []byte) []byte { b[hs+3] ^= 0x08; return b })), nil, exitNone, "invalid: the file is corrupt"},
		{"truncated", write("cut.bgp", data[:len(data)-7]), nil, exitUsage, "cut short"},
		{"trailing", write("long.bgp", append(bytes.Clone(data), '\n')), nil, exitUsage, "bytes follow the checksum"},
		{"version", write("ver.bgp", edit(func(b []byte) []byte { b[8] = 9; return b })), nil, exitUsage, "version 9"},
		{"unknown moves", write("unk.bgp", unk.Bytes()), nil, exitUsage, `the file names its moves "grasshopper"`},
		{"unknown moves given", filepath.Join(dir, "unk.bgp"), []string{"--moves", "wazir"}, exitOK, "valid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			stdin := ""
			if tc.file == "-" {
				stdin = string(data)
			}
			r := cli(t, stdin, append([]string{"verify", tc.file}, tc.args...)...)
			out := r.stdout
			if tc.code == exitUsage {
				out = r.stderr
			}
			if r.code != tc.code || !strings.Contains(out, tc.want) || strings.Count(out, "\n") != 1 {
				t.Fatalf("want exit %d and one line with %q:\n%v", tc.code, tc.want, r)
			}
		})
	}
}

// TestVerifyTextStreamsLargeFiles checks a path file larger than the
// in-memory limit for grids, which is only possible by streaming.
func TestVerifyTextStreamsLargeFiles(t *testing.T) {
	testfix.SkipShort(t, "writes a 70 MB file")
	t.Parallel()
	name := filepath.Join(t.TempDir(), "big.txt")
	if r := cli(t, "", "solve", "--moves", "king", "2800x2800", "--out", name, "--quiet"); r.code != exitOK {
		t.Fatalf("%v", r)
	}
	if fi, err := os.Stat(name); err != nil || fi.Size() <= maxSolutionBytes {
		t.Fatalf("the file has %d bytes, want more than %d (err %v)", fi.Size(), maxSolutionBytes, err)
	}
	r := cli(t, "", "verify", "2800x2800", "--moves", "king", name, "--quiet")
	if r.code != exitOK || !strings.Contains(r.stdout, "(7840000 cells)") {
		t.Fatalf("%v", r)
	}
}

// cliCase is one command line of a table test: its name, the arguments,
// the exit code it must end with and a text its stderr must hold.
type cliCase struct {
	name string
	args []string
	code int
	want string
}

// inParallel runs check on each case as a parallel subtest. The subtests
// run inside one group, so inParallel returns only when all have finished:
// the caller can then look at what they left behind.
func inParallel(t *testing.T, cases []cliCase, check func(t *testing.T, tc cliCase)) {
	t.Helper()
	t.Run("cases", func(t *testing.T) {
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				t.Parallel()
				check(t, tc)
			})
		}
	})
}

// noFilesLeft fails t when dir holds a file: a refused or failed command
// must leave nothing behind, not even a temporary file.
func noFilesLeft(t *testing.T, dir string) {
	t.Helper()
	if got := testfix.DirNames(t, dir); len(got) != 0 {
		t.Fatalf("files left in %s: %v", dir, got)
	}
}
