package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	fmtpkg "github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/verify"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

type result struct {
	code           int
	stdout, stderr string
}

// cli runs the command in-process with the given stdin.
func cli(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	return cliCtx(t, t.Context(), stdin, args...)
}

func cliCtx(t *testing.T, ctx context.Context, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(&env{ctx: ctx, args: args, stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb})
	return result{code, out.String(), errb.String()}
}

// cliProblem is a board problem as the command line takes it, for tables
// that run it through several commands: a name for the subtest, the board
// map on stdin ("" for none) and the arguments after the command.
type cliProblem struct {
	name  string
	stdin string
	args  []string
}

// refuses runs the command and fails t unless it exits with code, prints
// nothing on stdout and one line on stderr naming msg (the rule for bad
// input: a one-line error, no partial output).
func refuses(t *testing.T, code int, msg string, args ...string) {
	t.Helper()
	r := cli(t, "", args...)
	if r.code != code || r.stdout != "" || !strings.Contains(r.stderr, msg) || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("%q: want exit %d, no stdout, one line naming %q:\n%v", args, code, msg, r)
	}
}

// badInput reports whether r is how a command refuses bad input: exit 2,
// nothing on stdout and one line on stderr.
func (r result) badInput() bool {
	return r.code == exitUsage && r.stdout == "" && strings.Count(r.stderr, "\n") == 1
}

func (r result) String() string {
	return "exit " + strconv.Itoa(r.code) + "\nstdout:\n" + r.stdout + "\nstderr:\n" + r.stderr
}

// TestCountAcceptance checks the counts of issue 2's acceptance list
// against their sources in docs/references.md.
func TestCountAcceptance(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
		slow bool
	}{
		{[]string{"count", "4x5"}, "144", false},                                                   // Diplomatico paper, §IV
		{[]string{"count", "4x6"}, "128", false},                                                   // paper
		{[]string{"count", "4x7"}, "72", false},                                                    // paper
		{[]string{"count", "5x5"}, "12400", false},                                                 // paper
		{[]string{"count", "1x1"}, "1", false},                                                     // paper, Figure 2
		{[]string{"count", "4x4"}, "0", false},                                                     // paper, Proposition II.1
		{[]string{"count", "--moves", "knight", "5x5"}, "1728", false},                             // OEIS A165134
		{[]string{"count", "5x5", "--moves", "knight"}, "1728", false},                             // flags after the spec
		{[]string{"count", "--closed", "--undirected", "--moves", "knight", "6x6"}, "9862", false}, // OEIS A001230
		{[]string{"count", "--closed", "--moves", "knight", "6x6"}, "19724", false},                // each tour twice
		{[]string{"count", "4x5", "--undirected"}, "72", false},
		{[]string{"count", "5x5", "--start", "3,3"}, "352", false},                   // puzzling.SE q/52429
		{[]string{"count", "5x5", "--start", "3,3", "--undirected"}, "352", false},   // a fixed start pins the direction
		{[]string{"count", "5x5", "--start", "1,1"}, "552", false},                   // PyCSP3 CalvinPuzzle
		{[]string{"count", "--moves", "knight", "--undirected", "4x5"}, "82", false}, // OEIS A079137
		{[]string{"count", "--moves", "knight", "3x4"}, "16", false},                 // A169696 x2
		{[]string{"count", "--moves", "knight", "6x6"}, "6637920", true},             // OEIS A165134
		{[]string{"count", "6x6", "--format", "json"}, "", true},
	} {
		name := strings.Join(tc.args[1:], " ")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if tc.slow && testing.Short() {
				t.Skip("6x6 counts take seconds; run without -short")
			}
			r := cli(t, "", tc.args...)
			if r.code != exitOK {
				t.Fatalf("%v", r)
			}
			if tc.want != "" && r.stdout != tc.want+"\n" {
				t.Fatalf("stdout %q, want %q", r.stdout, tc.want+"\n")
			}
			// The last line states the convention (progress lines may come
			// before it on a slow machine).
			lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
			if last := lines[len(lines)-1]; !strings.Contains(last, "directed") || !strings.HasPrefix(last, strings.TrimSpace(r.stdout)+" ") && tc.want != "" {
				t.Errorf("stderr should end with the count and its convention: %q", r.stderr)
			}
		})
	}
}

func parseTable(t *testing.T, s string) [][]string {
	t.Helper()
	var rows [][]string
	for line := range strings.SplitSeq(strings.TrimRight(s, "\n"), "\n") {
		rows = append(rows, strings.Fields(line))
	}
	return rows
}

func TestCountPerStart(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		args    []string
		total   int
		corner  string
		centre  string
		spotR   int
		spotC   int
		spotVal string
	}{
		// 5x5 Diplomatico: 552 at each corner (PyCSP3), 352 at the centre
		// (puzzling.SE); knight: 304 at corners, 64 at the centre, 56 at
		// (1,3) (OEIS A165134).
		{"hopido", []string{"count", "--per-start", "5x5"}, 12400, "552", "352", 0, 1, "548"},
		{"knight", []string{"count", "--per-start", "--moves", "knight", "5x5"}, 1728, "304", "64", 0, 2, "56"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := cli(t, "", tc.args...)
			if r.code != exitOK {
				t.Fatalf("%v", r)
			}
			tab := parseTable(t, r.stdout)
			if len(tab) != 5 || len(tab[0]) != 5 {
				t.Fatalf("table is not 5x5:\n%s", r.stdout)
			}
			sum := 0
			for _, row := range tab {
				for _, x := range row {
					n, err := strconv.Atoi(x)
					if err != nil {
						t.Fatal(err)
					}
					sum += n
				}
			}
			if sum != tc.total {
				t.Errorf("table sums to %d, want %d", sum, tc.total)
			}
			for _, rc := range [][2]int{{0, 0}, {0, 4}, {4, 0}, {4, 4}} {
				if got := tab[rc[0]][rc[1]]; got != tc.corner {
					t.Errorf("corner %d,%d = %s, want %s", rc[0]+1, rc[1]+1, got, tc.corner)
				}
			}
			if tab[2][2] != tc.centre {
				t.Errorf("centre = %s, want %s", tab[2][2], tc.centre)
			}
			if tab[tc.spotR][tc.spotC] != tc.spotVal {
				t.Errorf("%d,%d = %s, want %s", tc.spotR+1, tc.spotC+1, tab[tc.spotR][tc.spotC], tc.spotVal)
			}
		})
	}
}

// TestGivensAgreeWithStart: a 1 given on a cell counts the same paths as
// --start at that cell.
func TestGivensAgreeWithStart(t *testing.T) {
	t.Parallel()
	r := cli(t, "1....\n.....\n.....\n.....\n.....\n", "count", "--board", "-")
	if r.code != exitOK || r.stdout != "552\n" {
		t.Fatalf("%v", r)
	}
	r = cli(t, "1....\n.....\n.....\n.....\n.....\n", "count", "--board", "-", "--start", "2,2")
	if r.code != exitUsage || !strings.Contains(r.stderr, "already taken") && !strings.Contains(r.stderr, "position 1") {
		t.Fatalf("a start that clashes with the given 1 should be exit 2:\n%v", r)
	}
}

func TestSolveNoSolution(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{"2x2", "3x3", "4x4", "3x10"} {
		t.Run(spec, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			r := cli(t, "", "solve", spec)
			if r.code != exitNone || r.stdout != "" {
				t.Fatalf("want exit 1 and no stdout:\n%v", r)
			}
			if !strings.HasPrefix(r.stderr, "boardgraph: no solution on "+spec) || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("want one line naming the reason: %q", r.stderr)
			}
			if time.Since(start) > 10*time.Second {
				t.Errorf("took %v: should be immediate", time.Since(start))
			}
		})
	}
}

// solved checks that a solve printed a grid the verifier accepts under r.
func solved(t *testing.T, res result, r verify.Rules) verify.Grid {
	t.Helper()
	if res.code != exitOK {
		t.Fatalf("%v", res)
	}
	g, err := verify.ParseGrid(strings.NewReader(res.stdout))
	if err != nil {
		t.Fatalf("%v\n%s", err, res.stdout)
	}
	if err := verify.CheckGrid(r, g); err != nil {
		t.Fatalf("printed solution fails verification: %v\n%s", err, res.stdout)
	}
	return g
}

var hopido = [][2]int{{3, 0}, {2, 2}}

func rosettaRules() verify.Rules {
	m := []string{"#..#..#", ".......", ".......", "#.....#", "##...##", "###.###"}
	r := verify.Rules{Rows: 6, Cols: 7, Leapers: hopido, Blocked: make([]bool, 42)}
	for i, row := range m {
		for j, ch := range row {
			r.Blocked[i*7+j] = ch == '#'
		}
	}
	return r
}

func TestSolve(t *testing.T) {
	t.Parallel()
	at := func(r, c int) *verify.Cell { return &verify.Cell{Row: r, Col: c} }
	for _, tc := range []struct {
		name string
		args []string
		r    verify.Rules
	}{
		{"1x1", []string{"solve", "1x1"}, verify.Rules{Rows: 1, Cols: 1, Leapers: hopido}},
		{"10x10", []string{"solve", "10x10"}, verify.Rules{Rows: 10, Cols: 10, Leapers: hopido}},
		{"5x5-corners", []string{"solve", "5x5", "--start", "1,1", "--end", "5,5"}, verify.Rules{Rows: 5, Cols: 5, Leapers: hopido, Start: at(1, 1), End: at(5, 5)}},
		{"knight-closed-8x8", []string{"solve", "--moves", "knight", "--closed", "8x8"}, verify.Rules{Rows: 8, Cols: 8, Leapers: [][2]int{{1, 2}}, Closed: true}},
		{"king-union", []string{"solve", "--moves", "1,0+1,1", "4x6", "--seed", "7"}, verify.Rules{Rows: 4, Cols: 6, Leapers: [][2]int{{1, 0}, {1, 1}}}},
		{"rosetta", []string{"solve", "--board", "testdata/rosetta.txt"}, rosettaRules()},
		{"rosetta-given", []string{"solve", "--board", "testdata/rosetta-given.txt"}, func() verify.Rules {
			r := rosettaRules()
			r.Givens = make([]int, 42)
			r.Givens[5*7+3] = 1
			return r
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			g := solved(t, cli(t, "", tc.args...), tc.r)
			if tc.name == "rosetta-given" && g.Numbers[5][3] != 1 {
				t.Errorf("the given 1 at 6,4 holds %d", g.Numbers[5][3])
			}
		})
	}
}

func TestSolveFormats(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "solve", "5x5", "--format", "path", "--start", "3,3")
	if r.code != exitOK {
		t.Fatalf("%v", r)
	}
	p, err := verify.ParsePath(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatal(err)
	}
	if err := verify.Path(verify.Rules{Rows: 5, Cols: 5, Leapers: hopido, Start: &verify.Cell{Row: 3, Col: 3}}, p); err != nil {
		t.Fatal(err)
	}
	r = cli(t, "", "solve", "--format", "json", "6x6", "--moves", "knight")
	if r.code != exitOK || !strings.HasPrefix(r.stdout, `{"version":"devel","problem":{"command":"solve","board":"6x6"`) || !strings.Contains(r.stdout, `"verified":true`) {
		t.Fatalf("%v", r)
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  string // in the one-line error
	}{
		{"zero-rows", "", []string{"count", "0x5"}, "at least 1"},
		{"no-x", "", []string{"count", "5"}, "for example 5x5"},
		{"start-outside", "", []string{"count", "5x5", "--start", "9,9"}, "outside the 5x5 board"},
		{"start-junk", "", []string{"solve", "5x5", "--start", "a"}, "ROW,COL"},
		{"null-move", "", []string{"count", "5x5", "--moves", "0,0"}, "null move"},
		{"bad-moves", "", []string{"solve", "5x5", "--moves", "bishop"}, "neither a preset nor a leaper"},
		{"stray-char", "", []string{"count", "--board", "testdata/stray.txt"}, `unexpected "x"`},
		{"stray-stdin", "..\n.?\n", []string{"solve", "--board", "-"}, `unexpected "?"`},
		{"missing-file", "", []string{"solve", "--board", "testdata/nonexistent.txt"}, "cannot read the board"},
		{"huge", "", []string{"count", "100000x100000"}, "cells"},
		{"big-search", "", []string{"solve", "3000x3000"}, "use a smaller board"},
		{"too-big-to-count", "", []string{"count", "10x10"}, "--timeout"},
		{"no-board", "", []string{"solve"}, "no board"},
		{"two-boards", "", []string{"solve", "5x5", "6x6"}, "unexpected argument"},
		{"spec-and-file", "", []string{"solve", "5x5", "--board", "testdata/rosetta.txt"}, "not both"},
		{"unknown-flag", "", []string{"count", "5x5", "--bogus"}, "-bogus"},
		{"bad-format", "", []string{"solve", "5x5", "--format", "svg"}, "--format"},
		{"count-path-format", "", []string{"count", "5x5", "--format", "path"}, `unknown format "path": use text or json`},
		{"closed-end", "", []string{"solve", "6x6", "--closed", "--end", "1,1"}, "no end"},
		{"per-start-closed", "", []string{"count", "5x5", "--per-start", "--closed"}, "drop --closed"},
		{"blocked-start", "", []string{"solve", "--board", "testdata/rosetta.txt", "--start", "1,1"}, "blocked"},
		{"bad-timeout", "", []string{"count", "5x5", "--timeout", "soon"}, "-timeout"},
		{"unknown-command", "", []string{"sovle", "5x5"}, "unknown command"},
		{"verify-path-no-board", "1,1\n", []string{"verify"}, "needs its board"},
		{"verify-junk", "1 2\n3 x\n", []string{"verify"}, `"x" is not a cell`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := cli(t, tc.stdin, tc.args...)
			if r.code != exitUsage {
				t.Fatalf("want exit 2:\n%v", r)
			}
			if r.stdout != "" {
				t.Errorf("stdout should be empty: %q", r.stdout)
			}
			if strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "boardgraph") {
				t.Errorf("want one line on stderr: %q", r.stderr)
			}
			if !strings.Contains(r.stderr, tc.want) {
				t.Errorf("stderr %q does not mention %q", r.stderr, tc.want)
			}
		})
	}
}

func TestTimeoutOverridesSizeLimit(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "count", "9x9", "--timeout", "200ms", "--quiet")
	if r.code != exitStopped {
		t.Fatalf("%v", r)
	}
	if _, err := strconv.ParseUint(strings.TrimSpace(r.stdout), 10, 64); err != nil {
		t.Errorf("stdout should hold the partial count: %q", r.stdout)
	}
	if !strings.Contains(r.stderr, "timed out after 200ms") || !strings.Contains(r.stderr, "lower bound") {
		t.Errorf("stderr: %q", r.stderr)
	}
}

func TestInterruptReportsPartialCount(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	r := cliCtx(t, ctx, "", "count", "--moves", "knight", "6x6", "--method", "dfs", "--quiet")
	if r.code != exitStopped {
		t.Fatalf("%v", r)
	}
	n, err := strconv.ParseUint(strings.TrimSpace(r.stdout), 10, 64)
	if err != nil || n > 6637920 {
		t.Errorf("partial count %q should be a number at most 6637920", r.stdout)
	}
	if !strings.Contains(r.stderr, "lower bound") {
		t.Errorf("stderr should call it a lower bound: %q", r.stderr)
	}
	// JSON marks it incomplete.
	ctx2, cancel2 := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel2()
	r = cliCtx(t, ctx2, "", "count", "--moves", "knight", "6x6", "--method", "dfs", "--quiet", "--format", "json")
	if r.code != exitStopped || !strings.Contains(r.stdout, `"complete":false`) {
		t.Fatalf("%v", r)
	}
}

func TestSolveTimeout(t *testing.T) {
	t.Parallel()
	// A 300x300 knight's path takes far longer than a millisecond.
	r := cli(t, "", "solve", "--moves", "knight", "300x300", "--timeout", "1ms")
	if r.code != exitStopped || r.stdout != "" || !strings.Contains(r.stderr, "timed out after 1ms before a solution was found") {
		t.Fatalf("%v", r)
	}
}

func TestSolveCutCell(t *testing.T) {
	t.Parallel()
	// testdata/lobes.txt: four lobes joined at one cell; with king moves
	// removing 5,5 leaves four parts, and a path can join only two.
	r := cli(t, "", "solve", "--board", "testdata/lobes.txt", "--moves", "king")
	if r.code != exitNone || r.stdout != "" || !strings.Contains(r.stderr, "removing cell 5,5 splits the move graph into 4 parts") {
		t.Fatalf("%v", r)
	}
}

func TestProgress(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := run(&env{ctx: t.Context(), args: []string{"count", "--moves", "knight", "6x6", "--method", "dfs", "--timeout", "400ms"},
		stdin: strings.NewReader(""), stdout: &out, stderr: &errb, progressEvery: 20 * time.Millisecond})
	if code != exitStopped {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "count: ") || !strings.Contains(errb.String(), "nodes (") {
		t.Errorf("no progress lines: %q", errb.String())
	}
	errb.Reset()
	code = run(&env{ctx: t.Context(), args: []string{"count", "--moves", "knight", "6x6", "--method", "dfs", "--timeout", "200ms", "--quiet"},
		stdin: strings.NewReader(""), stdout: &out, stderr: &errb, progressEvery: 20 * time.Millisecond})
	if code != exitStopped || strings.Contains(errb.String(), "count: ") {
		t.Errorf("--quiet printed progress: %q", errb.String())
	}
}

// A DP count whose order is annealed longer says so meanwhile (hopido
// 7x7: 0.14 s of annealing, lines every 20 ms here).
func TestProgressAnnealing(t *testing.T) {
	testfix.SkipShort(t, "a 7x7 DP count with annealing: minutes under the race run")
	t.Parallel()
	var out, errb bytes.Buffer
	code := run(&env{ctx: t.Context(), args: []string{"count", "--method", "dp", "7x7"},
		stdin: strings.NewReader(""), stdout: &out, stderr: &errb, progressEvery: 20 * time.Millisecond})
	if code != exitOK || out.String() != "8642871600\n" {
		t.Fatalf("exit %d: %q %s", code, out.String(), errb.String())
	}
	if !strings.Contains(errb.String(), "count (dp): annealing the vertex order") {
		t.Errorf("no line while the order was annealed: %q", errb.String())
	}
}

func TestEnumerate(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "enumerate", "4x5")
	if r.code != exitOK {
		t.Fatalf("%v", r)
	}
	blocks := strings.Split(strings.TrimRight(r.stdout, "\n"), "\n\n")
	if len(blocks) != 144 {
		t.Fatalf("%d solutions, want 144", len(blocks))
	}
	seen := map[string]bool{}
	for _, b := range blocks {
		g, err := verify.ParseGrid(strings.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := verify.CheckGrid(verify.Rules{Rows: 4, Cols: 5, Leapers: hopido}, g); err != nil {
			t.Fatal(err)
		}
		if seen[b] {
			t.Fatalf("solution printed twice:\n%s", b)
		}
		seen[b] = true
	}
	r = cli(t, "", "enumerate", "5x5", "--limit", "3", "--format", "json")
	if r.code != exitStopped || strings.Count(r.stdout, "\n") != 3 || !strings.Contains(r.stderr, "--limit 3") {
		t.Fatalf("%v", r)
	}
	r = cli(t, "", "enumerate", "4x5", "--start", "1,1", "--end", "4,5")
	if r.code != exitNone || r.stdout != "" || !strings.Contains(r.stderr, "no solution") {
		t.Fatalf("4x5 has no corner-to-corner path (brute force agrees):\n%v", r)
	}
}

func TestVerifyCommand(t *testing.T) {
	t.Parallel()
	fig4 := testfix.ReadFile(t, "testdata/fig4.grid")
	var fig4path strings.Builder
	g, _ := verify.ParseGrid(bytes.NewReader(fig4))
	p, _ := verify.GridPath(g)
	for _, c := range p {
		fig4path.WriteString(c.String() + "\n")
	}
	broken := strings.Replace(string(fig4), "17", "XX", 1)
	broken = strings.Replace(broken, "18", "17", 1)
	broken = strings.Replace(broken, "XX", "18", 1)
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"figure4", string(fig4), []string{"verify"}, exitOK, "valid: a Hamiltonian path of 5x10"},
		{"figure4-file", "", []string{"verify", "testdata/fig4.grid", "--start", "3,1"}, exitOK, "valid"},
		{"figure4-start", string(fig4), []string{"verify", "--start", "1,1"}, exitNone, "invalid: step 1: the path starts at 3,1 but must start at 1,1\n"},
		{"figure4-closed", string(fig4), []string{"verify", "--closed"}, exitNone, "so the tour is not closed"},
		{"figure4-knight", string(fig4), []string{"verify", "--moves", "knight"}, exitNone, "invalid: step 1 -> 2: 3,1 to 1,3 is not a move of 1,2\n"},
		{"broken", broken, []string{"verify"}, exitNone, "invalid: step 16 -> 17: 1,4 to 4,1 is not a move of 3,0+2,2\n"},
		{"path", fig4path.String(), []string{"verify", "5x10"}, exitOK, "read as a path file"},
		{"path-short", "3,1\n1,3\n", []string{"verify", "5x10"}, exitNone, "the path visits 2 of 50 open cells"},
		{"path-wrong-board", fig4path.String(), []string{"verify", "5x9"}, exitNone, "outside the 5x9 board"},
		{"json", broken, []string{"verify", "--format", "json"}, exitNone, `"step":17`},
		{"rosetta", "", []string{"verify", "--board", "testdata/rosetta.txt", "testdata/fig4.grid"}, exitNone, "the grid is 5x10 but the board is 6x7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := cli(t, tc.stdin, tc.args...)
			if r.code != tc.code || !strings.Contains(r.stdout, tc.want) {
				t.Fatalf("want exit %d and %q:\n%v", tc.code, tc.want, r)
			}
		})
	}
}

// TestSolutionsRoundTrip pipes solve's output into verify, as the README
// shows.
func TestSolutionsRoundTrip(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"grid", "path"} {
		s := cli(t, "", "solve", "7x9", "--format", format)
		v := cli(t, s.stdout, "verify", "7x9")
		if s.code != exitOK || v.code != exitOK {
			t.Fatalf("%s: %v\n%v", format, s, v)
		}
	}
}

func TestInfo(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "info", "4x4")
	if r.code != exitOK || !strings.Contains(r.stdout, "4 cells of degree 1 (can only be path ends): 2,2 2,3 3,2 3,3") ||
		!strings.Contains(r.stdout, "verdict     no solution") || !strings.Contains(r.stdout, "dead-ends: 4 cells have only one move") {
		t.Fatalf("%v", r)
	}
	r = cli(t, "", "info", "--moves", "knight", "5x5", "--closed")
	if r.code != exitOK || !strings.Contains(r.stdout, "yes: colour classes of 13 and 12 cells") || !strings.Contains(r.stdout, "proof       colour") {
		t.Fatalf("%v", r)
	}
	r = cli(t, "", "info", "5x5")
	if r.code != exitOK || !strings.Contains(r.stdout, "bipartite   no") || !strings.Contains(r.stdout, "verdict     solvable: a path was found and verified") {
		t.Fatalf("%v", r)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"solve", "count", "enumerate", "verify", "info"} {
		for _, args := range [][]string{{name, "-h"}, {name, "--help"}, {"help", name}, {name, "5x5", "-h"}} {
			r := cli(t, "", args...)
			if r.code != exitOK || !strings.Contains(r.stdout, "Usage: boardgraph "+name) || !strings.Contains(r.stdout, "Examples:\n  boardgraph ") || !strings.Contains(r.stdout, "--moves") {
				t.Errorf("%v: %v", args, r)
			}
		}
	}
	// Every command's -h shows its own help file (loaded by register).
	for name := range commands {
		if r := cli(t, "", name, "-h"); r.code != exitOK || !strings.Contains(r.stdout, "Usage: boardgraph "+name+" ") || !strings.Contains(r.stdout, "boardgraph "+name) {
			t.Errorf("%s -h: %v", name, r)
		}
	}
	if r := cli(t, "", "help", "foo"); r.code != exitUsage || !strings.Contains(r.stderr, `no command "foo"`) || r.stdout != "" {
		t.Errorf("help foo: exit %d, stdout %q, stderr %q; want exit 2 naming foo", r.code, r.stdout, r.stderr)
	}
	if r := cli(t, "", "help"); r.code != exitOK || !strings.Contains(r.stdout, "count") {
		t.Errorf("%v", r)
	}
	if r := cli(t, ""); r.code != exitUsage {
		t.Errorf("no arguments: %v", r)
	}
}

func TestInternalErrorNeverPrints(t *testing.T) {
	t.Parallel()
	pf := problemFlags{request.LeaperFlags{Moves: "hopido", Format: "grid"}}
	j, err := pf.load(t.Context(), &env{}, []string{"5x5"}, request.SolveFormats)
	if err != nil {
		t.Fatal(err)
	}
	_, err = j.Verified([]int32{0, 1, 2}) // 1,1 -> 1,2 is no Diplomatico move
	var errb bytes.Buffer
	if code := fail(&env{stderr: &errb}, err); code != exitInternal || !strings.Contains(errb.String(), "INTERNAL ERROR") ||
		!strings.Contains(errb.String(), "1,1 to 1,2 is not a move") {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}

// golden compares got with testdata/name.golden (rewritten with -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		testfix.WriteFile(t, path, []byte(got))
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

// TestGoldenFormats renders the paper's Figure 4 solution, and results
// whose content is fixed, in every format.
func TestGoldenFormats(t *testing.T) {
	hideStats = true
	t.Cleanup(func() { hideStats = false })
	fig4 := testfix.ReadFile(t, "testdata/fig4.grid")
	g, _ := verify.ParseGrid(bytes.NewReader(fig4))
	path, _ := verify.GridPath(g)
	for _, format := range []string{"grid", "path", "json"} {
		pf := problemFlags{request.LeaperFlags{Moves: "hopido", Format: format}}
		j, err := pf.load(t.Context(), &env{}, []string{"5x10"}, request.SolveFormats)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := j.WriteSolution(&out, format, "solve", path, fmtpkg.Result{}); err != nil {
			t.Fatal(err)
		}
		golden(t, "fig4."+format, out.String())
	}
	rosetta := cli(t, "", "solve", "--board", "testdata/rosetta-given.txt", "--workers", "1", "--format", "json")
	if rosetta.code != exitOK {
		t.Fatalf("%v", rosetta)
	}
	for _, tc := range []struct {
		name, stdin string
		args        []string
	}{
		{"info-4x4", "", []string{"info", "4x4"}},
		{"info-4x4.json", "", []string{"info", "4x4", "--format", "json"}},
		{"info-rosetta", "", []string{"info", "--board", "testdata/rosetta.txt"}},
		{"count-per-start-5x5", "", []string{"count", "--per-start", "5x5"}},
		{"count-per-start-knight-5x5.json", "", []string{"count", "--per-start", "--moves", "knight", "5x5", "--format", "json"}},
		{"count-closed-knight-6x6.json", "", []string{"count", "--closed", "--undirected", "--moves", "knight", "6x6", "--format", "json"}},
		{"verify-broken.json", strings.Replace(string(fig4), "47", "99", 1), []string{"verify", "--format", "json"}},
	} {
		r := cli(t, tc.stdin, tc.args...)
		golden(t, tc.name, r.stdout)
	}
}

// FuzzVerifyInput feeds arbitrary solution text to verify: it must answer
// valid (0), invalid (1) or unreadable (2), never panic, and print nothing
// on stdout when it cannot read the input.
func FuzzVerifyInput(f *testing.F) {
	for _, name := range []string{"testdata/fig4.grid", "testdata/fig4.path.golden"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("1 2\n# 3\n")
	f.Add("1,1\n2,3\n")
	f.Fuzz(func(t *testing.T, stdin string) {
		for _, args := range [][]string{{"verify"}, {"verify", "5x10", "--closed"}} {
			if r := cli(t, stdin, args...); r.code != exitOK && r.code != exitNone && !r.badInput() {
				t.Fatalf("%v", r)
			}
		}
	})
}

// FuzzBoardMap feeds arbitrary board maps to info: exit 0 with a report or
// exit 2 with one line, never a panic.
func FuzzBoardMap(f *testing.F) {
	for _, name := range []string{"testdata/rosetta.txt", "testdata/rosetta-given.txt", "testdata/stray.txt", "testdata/lobes.txt"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, stdin string) {
		r := cli(t, stdin, "info", "--board", "-", "--start", "1,1")
		if !(r.code == exitOK && strings.HasPrefix(r.stdout, "board ")) && !r.badInput() {
			t.Fatalf("%v", r)
		}
	})
}

// TestUndirectedMatchesEnumeration checks the --undirected convention
// against an independent reckoning: enumerate every directed solution, fold
// each with its reverse (for closed tours: the reverse written from the same
// first cell) and count the distinct results.
func TestUndirectedMatchesEnumeration(t *testing.T) {
	t.Parallel()
	for _, tc := range []cliProblem{
		{"hopido-4x5", "", []string{"4x5"}},
		{"knight-3x4", "", []string{"3x4", "--moves", "knight"}},
		{"king-2x3-start", "", []string{"2x3", "--moves", "king", "--start", "1,1"}},
		{"king-2x3-end", "", []string{"2x3", "--moves", "king", "--end", "2,2"}},
		{"king-3x3-middle-given", "...\n.5.\n...\n", []string{"--board", "-", "--moves", "king"}},
		{"king-3x3-other-given", "...\n.4.\n...\n", []string{"--board", "-", "--moves", "king"}},
		{"king-3x3-closed", "", []string{"3x4", "--moves", "king", "--closed"}},
		{"king-2x4-closed-start", "", []string{"2x4", "--moves", "king", "--closed", "--start", "1,2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			closed := false
			for _, a := range tc.args {
				closed = closed || a == "--closed"
			}
			en := cli(t, tc.stdin, append([]string{"enumerate", "--format", "path"}, tc.args...)...)
			if en.code != exitOK {
				t.Fatalf("%v", en)
			}
			paths := strings.Split(strings.TrimSpace(en.stdout), "\n\n")
			classes := map[string]bool{}
			for _, p := range paths {
				cells := strings.Fields(p)
				rev := make([]string, len(cells))
				for i := range cells {
					rev[i] = cells[len(cells)-1-i]
				}
				if closed {
					rev = append([]string{cells[0]}, rev[:len(rev)-1]...)
				}
				a, b := strings.Join(cells, " "), strings.Join(rev, " ")
				classes[min(a, b)] = true
			}
			directed := cli(t, tc.stdin, append([]string{"count"}, tc.args...)...)
			undirected := cli(t, tc.stdin, append([]string{"count", "--undirected"}, tc.args...)...)
			if directed.stdout != strconv.Itoa(len(paths))+"\n" {
				t.Errorf("count %q, enumerate printed %d", directed.stdout, len(paths))
			}
			if undirected.stdout != strconv.Itoa(len(classes))+"\n" {
				t.Errorf("count --undirected %q, want %d distinct up to reversal (of %d directed)", undirected.stdout, len(classes), len(paths))
			}
		})
	}
}

// TestPerStartWithEnd: the per-start table with a fixed end sums to the
// count from that end (reversal), and its 1,1 entry is the corner-to-corner
// count of the paper's third table.
func TestPerStartWithEnd(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "count", "--per-start", "5x5", "--end", "5,5")
	if r.code != exitOK {
		t.Fatalf("%v", r)
	}
	tab := parseTable(t, r.stdout)
	sum := 0
	for _, row := range tab {
		for _, x := range row {
			n, _ := strconv.Atoi(x)
			sum += n
		}
	}
	from := cli(t, "", "count", "5x5", "--start", "5,5")
	corner := cli(t, "", "count", "5x5", "--start", "1,1", "--end", "5,5")
	if strconv.Itoa(sum)+"\n" != from.stdout || tab[0][0]+"\n" != corner.stdout || tab[4][4] != "0" {
		t.Fatalf("per-start sum %d, from 5,5 %q; 1,1 entry %s, corner count %q; 5,5 entry %s", sum, from.stdout, tab[0][0], corner.stdout, tab[4][4])
	}
}
