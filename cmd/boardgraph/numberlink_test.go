package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// runNL runs "boardgraph numberlink args..." in-process.
func runNL(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	r := cli(t, stdin, append([]string{"numberlink"}, args...)...)
	return r.code, r.stdout, r.stderr
}

// nlCase is one numberlink command line of a table test: the puzzle on
// stdin, the arguments after "numberlink", the exit code and a text that
// the output the test reads (stderr or stdout) must hold.
type nlCase struct {
	name, in string
	args     []string
	code     int
	want     string
}

const figure4 = "k=2\n....2\n..3.3\n2.54.\n2....\n2.23.\n"

// TestNLTableFigure5 checks that "numberlink table" reproduces every row of
// the seed's Figure 5 (testdata extracted from the seed text).
func TestNLTableFigure5(t *testing.T) {
	t.Parallel()
	want := map[string][]string{}
	r := ""
	for l := range strings.Lines(string(testfix.ReadFile(t, "../../numberlink/testdata/figure5.txt"))) {
		l = strings.TrimRight(l, "\r\n")
		if strings.HasPrefix(l, "#") {
			continue
		}
		if n, ok := strings.CutPrefix(l, "neighbours "); ok {
			r = n
			continue
		}
		want[r] = append(want[r], l)
	}
	for _, r := range []string{"2", "3", "4"} {
		code, out, _ := runNL(t, "", "table", "--neighbours", r)
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 12 || !strings.HasPrefix(lines[1], "k\t1\t2\t3") {
			t.Fatalf("neighbours %s: header/rows wrong:\n%s", r, out)
		}
		for i, l := range lines[2:] {
			if l != want[r][i] {
				t.Errorf("neighbours %s row %d: %q, seed %q", r, i+1, l, want[r][i])
			}
		}
		// --k K prints the single row.
		code, out, _ = runNL(t, "", "table", "--k", "7", "--neighbours", r)
		if code != 0 || strings.TrimSpace(out) != want[r][6] {
			t.Errorf("--k 7 --neighbours %s: %q", r, out)
		}
	}
	code, _, errs := runNL(t, "", "table", "--neighbours", "5")
	if code != 2 || !strings.Contains(errs, "2, 3 and 4") {
		t.Errorf("--neighbours 5: %d %q", code, errs)
	}
}

func TestNLTau(t *testing.T) {
	t.Parallel()
	code, out, errs := runNL(t, figure4, "tau", "--trace")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{"step 1: node (1,5) magn 2: magn = rk", "step 4: node (3,3) magn 5", "unique (Theorem, §3.2)", "2---5=4"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	// The Pinwheel: τ draws nothing.
	code, out, _ = runNL(t, "k=2\n2321\n.463\n3..3\n2432\n", "tau", "--format", "json")
	var res struct {
		Steps  []any `json:"steps"`
		Solved bool  `json:"solved"`
		Drawn  int   `json:"connections_drawn"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res.Steps) != 0 || res.Solved || res.Drawn != 0 {
		t.Errorf("pinwheel: exit %d %+v\n%s", code, res, out)
	}
}

// TestNLExitCodes covers the bad-input cases of the acceptance list: a
// malformed file (2), a clue above 4k, a node with no neighbour and an odd
// magnitude sum (1, naming the Proposition part).
func TestNLExitCodes(t *testing.T) {
	t.Parallel()
	tests := []nlCase{
		{"malformed", "1x\n", []string{"tau"}, 2, "character 'x'"},
		{"ragged file", "12\n1\n", []string{"tau"}, 2, "same width"},
		{"clue above 4k", "k=1\n232\n353\n222\n", []string{"tau"}, 1, "Proposition part 5 (§2.1): node (2,2) has magnitude 5 > 4·k"},
		{"no neighbour", "k=2\n2..\n...\n..2\n", []string{"tau"}, 1, "Proposition part 1"},
		{"odd sum", "k=2\n12\n22\n", []string{"tau"}, 1, "Proposition part 2"},
		{"tau contradiction", "k=2\n2.2\n...\n2.4\n", []string{"tau"}, 1, "unsolvable"},
		{"unknown subcommand", "", []string{"frobnicate"}, 2, "unknown subcommand"},
		{"bad flag", "", []string{"tau", "--bogus"}, 2, "bogus"},
		{"bad format", "", []string{"tau", "--format", "xml"}, 2, "text or json"},
		{"missing file", "", []string{"tau", "/nonexistent/x"}, 2, "cannot read the puzzle"},
		{"convert not encodable", "k=3\n1.1\n", []string{"convert", "--to", "has"}, 2, "k=2"},
		{"convert unknown", "1.1\n", []string{"convert", "--to", "svg"}, 2, `unknown format "svg"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, _, errs := runNL(t, tc.in, tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") > 1 {
				t.Errorf("exit %d stderr %q; want %d and %q on one line", code, errs, tc.code, tc.want)
			}
		})
	}
}

func TestNLHelp(t *testing.T) {
	t.Parallel()
	for _, sub := range nlSubs {
		code, out, _ := runNL(t, "", sub.name, "-h")
		if code != 0 || !strings.Contains(out, "Examples:") || !strings.Contains(out, "boardgraph numberlink "+sub.name) {
			t.Errorf("%s -h: exit %d\n%s", sub.name, code, out)
		}
	}
	code, out, _ := runNL(t, "", "-h")
	if code != 0 || !strings.Contains(out, "table --neighbours") {
		t.Errorf("numberlink -h: %d %q", code, out)
	}
}

// TestNLConvertRoundTrip converts the Figure 4 grid through every format and
// back to text; flags may follow the file argument. Tatham's format refuses
// it: its islands touch, which Tatham's Bridges rejects.
func TestNLConvertRoundTrip(t *testing.T) {
	t.Parallel()
	file := testfix.TempFile(t, "fig4.txt", figure4)
	if code, _, errs := runNL(t, "", "convert", file, "--to", "tatham"); code != 2 || !strings.Contains(errs, "joined islands") {
		t.Errorf("--to tatham of touching islands: %d %s", code, errs)
	}
	for _, to := range []string{"text", "has", "puzzlink", "json"} {
		code, out, errs := runNL(t, "", "convert", file, "--to", to)
		if code != 0 {
			t.Fatalf("--to %s: %d %s", to, code, errs)
		}
		code, back, errs := runNL(t, out, "convert", "--to", "text")
		if code != 0 || back != figure4 {
			t.Errorf("--to %s and back: %d %q %s\n%s", to, code, back, errs, out)
		}
	}
}

func TestNLCheck(t *testing.T) {
	t.Parallel()
	puzzle := testfix.TempFile(t, "p.txt", figure4)
	good := "" +
		". . . . 2\n" +
		"        \"\n" +
		". . 3---3\n" +
		"    \"\n" +
		"2---5=4 .\n" +
		"|     \"\n" +
		"2 . . \" .\n" +
		"|     \"\n" +
		"2---2-3 .\n"
	tests := []struct {
		name    string
		drawing string
		code    int
		out     string
	}{
		{"solution", good, 0, "ok: 10 bridges"},
		{"incomplete", strings.Replace(good, "2---5=4", "2---5-4", 1), 1, "node does not have its number of connections: (3,3)"},
		{"broken drawing", strings.Replace(good, "2---5=4", "2-.-5=4", 1), 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sol := testfix.TempFile(t, "s.txt", tc.drawing)
			code, out, errs := runNL(t, "", "check", puzzle, sol)
			if code != tc.code || !strings.Contains(out, tc.out) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, errs, tc.code, tc.out)
			}
		})
	}
	// A JSON puzzle with bridges checks on its own; τ's JSON output is one.
	_, js, _ := runNL(t, figure4, "tau", "--format", "json")
	var wrap struct {
		Puzzle json.RawMessage `json:"puzzle"`
	}
	if err := json.Unmarshal([]byte(js), &wrap); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runNL(t, string(wrap.Puzzle), "check", "-")
	if code != 0 || !strings.Contains(out, "ok") {
		t.Errorf("JSON check: %d %q %q", code, out, errs)
	}
	// Its solution has a cycle (3,1)-(3,3)-(3,4)-(5,4)-(5,3)-(5,1)-(3,1).
	code, out, _ = runNL(t, string(wrap.Puzzle), "check", "--noloops", "-")
	if code != 1 || !strings.Contains(out, "invalid: bridges form a loop") {
		t.Errorf("--noloops: exit %d %q", code, out)
	}
}

func TestNLCheckJSON(t *testing.T) {
	t.Parallel()
	puzzle := testfix.TempFile(t, "p.txt", "k=2\n2.2\n...\n2.2\n")
	sol := testfix.TempFile(t, "s.txt", "2---2\n|   |\n| . |\n|   |\n2---2\n")
	code, out, _ := runNL(t, "", "check", "--format", "json", puzzle, sol)
	var res struct {
		Valid   bool `json:"valid"`
		Bridges int  `json:"bridges"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || !res.Valid || res.Bridges != 4 {
		t.Errorf("exit %d %q", code, out)
	}
	code, out, _ = runNL(t, "", "check", puzzle, sol, "--format", "json", "--noloops")
	if code != 1 || !strings.Contains(out, `"valid":false`) || !strings.Contains(out, "loop") {
		t.Errorf("noloops: exit %d %q", code, out)
	}
}

const pinwheel = "k=2\n2321\n.463\n3..3\n2432\n"

func coelhoFile(t *testing.T, size string) string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(testfix.Coelho(t), size, "*_001.has"))
	if len(m) == 0 {
		t.Fatalf("no %s-island Coelho instance numbered 001", size)
	}
	return m[0]
}

// TestNLSolve solves the Pinwheel (which τ cannot touch) and a Coelho
// instance; the printed drawing must verify through "check".
func TestNLSolve(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, file string }{
		{"pinwheel", pinwheel, ""},
		{"coelho100", "", coelhoFile(t, "100")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			args := []string{"solve", "--quiet"}
			puzzle := tc.file
			if tc.file == "" {
				puzzle = testfix.TempFile(t, "p.txt", tc.in)
			}
			code, out, errs := runNL(t, "", append(args, puzzle)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			sol := testfix.TempFile(t, "sol.txt", out)
			code, out, errs = runNL(t, "", "check", puzzle, sol)
			if code != 0 || !strings.HasPrefix(out, "ok:") {
				t.Errorf("check of the printed solution: exit %d %q %q", code, out, errs)
			}
		})
	}
	if code, out, errs := runNL(t, "k=2\n...\n442\n2.2\n", "solve", "--quiet"); code != 1 || out != "" || !strings.Contains(errs, "no solution") {
		t.Errorf("unsolvable by search: exit %d %q %q", code, out, errs)
	}
	// JSON output carries the puzzle and its bridges and checks on its own.
	code, out, _ := runNL(t, pinwheel, "solve", "--quiet", "--format", "json")
	var res struct {
		Puzzle   json.RawMessage `json:"puzzle"`
		Verified bool            `json:"verified"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || !res.Verified {
		t.Fatalf("json: %d %q", code, out)
	}
	if code, out, _ := runNL(t, string(res.Puzzle), "check", "-"); code != 0 {
		t.Errorf("check of the JSON solution: %d %q", code, out)
	}
}

func TestNLCount(t *testing.T) {
	t.Parallel()
	tests := []nlCase{
		{"pinwheel unique", pinwheel, []string{"--limit", "2"}, 0, "1 solution (unique)"},
		{"pinwheel all", pinwheel, nil, 0, "1 solution (unique)"},
		// A 2x2 square of 2s: the ring, or two doubles (disconnected): one
		// solution; without connectivity, three.
		{"square", "k=2\n22\n22\n", nil, 0, "1 solution"},
		{"square disconnected", "k=2\n22\n22\n", []string{"--disconnected"}, 0, "3 solutions"},
		{"square disconnected limit", "k=2\n22\n22\n", []string{"--disconnected", "--limit", "2"}, 3, "at least 2 solutions"},
		{"no solution", "k=2\n2.2\n...\n2.4\n", nil, 1, ""},
		// No Proposition part fires; the complete search finds nothing.
		{"no solution by search", "k=2\n...\n442\n2.2\n", nil, 1, ""},
		{"proposition", "k=2\n12\n22\n", nil, 1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, out, errs := runNL(t, tc.in, append([]string{"count", "--quiet"}, tc.args...)...)
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d out %q err %q; want %d %q", code, out, errs, tc.code, tc.want)
			}
		})
	}
	code, out, _ := runNL(t, pinwheel, "count", "--quiet", "--format", "json", "--limit", "2")
	var res struct {
		Solutions uint64 `json:"solutions"`
		Unique    bool   `json:"unique"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || res.Solutions != 1 || !res.Unique {
		t.Errorf("json: %d %q", code, out)
	}
}

func TestNLGrade(t *testing.T) {
	t.Parallel()
	code, out, _ := runNL(t, figure4, "grade")
	if code != 0 || !strings.HasPrefix(out, "grade: tau") {
		t.Errorf("figure 4: %d %q", code, out)
	}
	code, out, _ = runNL(t, pinwheel, "grade")
	if code != 0 || strings.HasPrefix(out, "grade: tau") || !strings.Contains(out, "τ stops after 0 steps") {
		t.Errorf("pinwheel: %d %q", code, out)
	}
}

// TestNLTathamUnique: Tatham's puzzles (unique by construction) count
// exactly 1 through the CLI, for k = 1..4 with and without L.
func TestNLTathamUnique(t *testing.T) {
	t.Parallel()
	bin := testfix.Tool(t, "sgt-puzzles", "/usr/games/sgt-bridges", "sgt-bridges")
	for _, params := range []string{"10x10m1d0", "10x10m2d2", "10x10m3Ld2", "10x10m4d1"} {
		out, err := exec.Command(bin, "--generate", "3", params).Output()
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range strings.Fields(string(out)) {
			code, res, errs := runNL(t, id, "count", "--quiet", "--limit", "2")
			if code != 0 || !strings.Contains(res, "1 solution (unique)") {
				t.Errorf("%s: exit %d %q %q", id, code, res, errs)
			}
		}
	}
}

// TestNLCoelho: Coelho instances are solved, the printed solution
// re-verified by "check", and "count --limit 2" finishes (exit 0 for a unique
// instance, 3 at the limit). By default the 48 instances numbered 001 (one
// per size and group); all 480 with BOARDGRAPH_LONG=1; the 100-island 001s
// with -short.
func TestNLCoelho(t *testing.T) {
	t.Parallel()
	files := testfix.CoelhoFiles(t, testfix.Scale("100/*_001.has", "100/*_001.has", "*/*.has"))
	unique := 0
	for _, f := range files {
		code, out, errs := runNL(t, "", "solve", "--quiet", "--format", "json", f)
		if code != 0 {
			t.Errorf("%s: solve exit %d %s", f, code, errs)
			continue
		}
		var res struct {
			Puzzle json.RawMessage `json:"puzzle"`
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		if code, out, _ := runNL(t, string(res.Puzzle), "check", "-"); code != 0 {
			t.Errorf("%s: check: %s", f, out)
		}
		code, out, errs = runNL(t, "", "count", "--quiet", "--limit", "2", f)
		switch {
		case code == 0 && strings.Contains(out, "(unique)"):
			unique++
		case code == 3 && strings.Contains(out, "at least 2"):
		default:
			t.Errorf("%s: count exit %d %q %q", f, code, out, errs)
		}
	}
	t.Logf("%d instances, %d unique", len(files), unique)
}

// TestNLProgress: with a tiny progress interval, count on a grid with many
// solutions prints progress lines on stderr, and --quiet silences them.
func TestNLProgress(t *testing.T) {
	t.Parallel()
	// A 7x7 block of 4s with 2s and 3s on the border, connectivity dropped:
	// a huge number of solutions.
	var b strings.Builder
	b.WriteString("k=2 disconnected\n")
	for r := range 7 {
		for c := range 7 {
			n := 4
			if r == 0 || r == 6 {
				n--
			}
			if c == 0 || c == 6 {
				n--
			}
			b.WriteByte(byte('0' + n))
		}
		b.WriteByte('\n')
	}
	for _, quiet := range []bool{false, true} {
		var out bytes.Buffer
		// Without --quiet the run is stopped by the first progress line
		// (the minute's --timeout is a safety net), so load cannot make
		// the line miss a deadline; with --quiet a short timeout stops it.
		ctx, cancel := context.WithCancel(t.Context())
		errb := &cancelOn{marker: "nodes,", cancel: cancel}
		args := []string{"numberlink", "count", "--timeout", "60s"}
		if quiet {
			args = []string{"numberlink", "count", "--timeout", "300ms", "--quiet"}
		}
		code := run(&env{ctx: ctx, args: args, stdin: strings.NewReader(b.String()), stdout: &out, stderr: errb, progressEvery: time.Millisecond})
		cancel()
		if code != 3 || !strings.Contains(out.String(), "at least") {
			t.Errorf("quiet=%v: exit %d %q %q", quiet, code, out.String(), errb.String())
		}
		hasProgress := strings.Contains(errb.String(), "nodes,")
		if hasProgress == quiet {
			t.Errorf("quiet=%v: progress on stderr = %v:\n%s", quiet, hasProgress, errb.String())
		}
	}
}

// TestNLPhi replays §2.3 for the node p of the reconstructed Figure 4 grid.
func TestNLPhi(t *testing.T) {
	t.Parallel()
	code, out, errs := runNL(t, figure4, "phi", "--node", "5,1")
	if code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	for _, w := range []string{"Φ_k[p]  (10 words)", "Φ_Γk[p] (1 words): 12", "excluded by condition 4: 11 22", "ω*(p) = 12"} {
		if !strings.Contains(out, w) {
			t.Errorf("lacks %q:\n%s", w, out)
		}
	}
	// The second half of §2.3: q after u(p, 12).
	code, out, errs = runNL(t, figure4, "phi", "--node", "3,3", "--after", "5,1:12")
	if code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	for _, w := range []string{"Φ_k[p]  (16 words)", "Φ_Γk[p] (4 words): 11223 11224 11234 12234", "excluded by condition 3: 11233", "excluded by condition 5: 11244", "ω*(p) = 12"} {
		if !strings.Contains(out, w) {
			t.Errorf("lacks %q:\n%s", w, out)
		}
	}
	if code, _, errs := runNL(t, figure4, "phi", "--node", "3,3", "--after", "5,1:1111"); code != 2 || !strings.Contains(errs, "--after") {
		t.Errorf("bad --after: %d %q", code, errs)
	}
	if code, _, errs := runNL(t, figure4, "phi", "--node", "1,1"); code != 2 || !strings.Contains(errs, "not a node") {
		t.Errorf("empty cell: %d %q", code, errs)
	}
}

// TestNLGenerate: deterministic for a seed, and the output re-parses to a
// grid the solver counts exactly once.
func TestNLGenerate(t *testing.T) {
	t.Parallel()
	for _, k := range []string{"1", "2", "3"} {
		t.Run("k="+k, func(t *testing.T) {
			t.Parallel()
			args := []string{"generate", "7x7", "--k", k, "--seed", "42"}
			code, a, errs := runNL(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			_, b, _ := runNL(t, "", args...)
			if a != b {
				t.Errorf("seed 42 gave two different puzzles:\n%s\n%s", a, b)
			}
			g, _, err := puzzleio.Parse([]byte(a))
			if err != nil || g.Rows != 7 || g.Cols != 7 || strconv.Itoa(g.K) != k {
				t.Fatalf("output does not parse as 7x7 k=%s: %v\n%s", k, err, a)
			}
			code, out, _ := runNL(t, a, "count", "--quiet", "--limit", "2")
			if code != 0 || !strings.Contains(out, "(unique)") {
				t.Errorf("generated puzzle: %d %q", code, out)
			}
		})
	}
	for _, to := range []string{"tatham", "puzzlink", "has", "json"} {
		code, out, errs := runNL(t, "", "generate", "8x6", "--seed", "3", "--to", to)
		if code != 0 {
			t.Fatalf("--to %s: %d %s", to, code, errs)
		}
		if g, _, err := puzzleio.Parse([]byte(out)); err != nil || g.Rows != 8 || g.Cols != 6 {
			t.Errorf("--to %s: %v\n%s", to, err, out)
		}
	}
	if code, _, errs := runNL(t, "", "generate", "7by7"); code != 2 || !strings.Contains(errs, "ROWSxCOLS") {
		t.Errorf("bad size: %d %q", code, errs)
	}
}

// TestNLGenerateRoundTrip: for several seeds at 15x15 with k = 2 and 3, the
// puzzle written in every format converts back to the same text, and counts
// exactly once; with --difficulty bounds, grade reports bounds (or tau).
func TestNLGenerateRoundTrip(t *testing.T) {
	t.Parallel()
	for _, k := range []string{"2", "3"} {
		for seed := 1; seed <= 5; seed++ {
			base := []string{"generate", "15x15", "--k", k, "--seed", strconv.Itoa(seed)}
			code, text, errs := runNL(t, "", base...)
			if code != 0 {
				t.Fatalf("%v: %d %s", base, code, errs)
			}
			for _, to := range []string{"tatham", "json"} {
				_, out, _ := runNL(t, "", append(base, "--to", to)...)
				if code, back, errs := runNL(t, out, "convert", "--to", "text"); code != 0 || back != text {
					t.Errorf("%v --to %s: back to text: %d %s\n%s\nwant\n%s", base, to, code, errs, back, text)
				}
			}
			if code, out, _ := runNL(t, text, "count", "--quiet", "--limit", "2"); code != 0 || !strings.Contains(out, "(unique)") {
				t.Errorf("%v: count %d %q", base, code, out)
			}
		}
	}
	code, text, errs := runNL(t, "", "generate", "10x10", "--seed", "9", "--difficulty", "bounds")
	if code != 0 {
		t.Fatalf("--difficulty bounds: %d %s", code, errs)
	}
	if code, out, _ := runNL(t, text, "grade"); code != 0 || !(strings.HasPrefix(out, "grade: tau") || strings.HasPrefix(out, "grade: bounds")) {
		t.Errorf("--difficulty bounds graded %q", out)
	}
	if code, _, errs := runNL(t, "", "generate", "10x10", "--difficulty", "impossible"); code != 2 || !strings.Contains(errs, "--difficulty") {
		t.Errorf("bad difficulty: %d %q", code, errs)
	}
}

// TestNLSolvePicture: numberlink solve --svg/--png draws the verified
// solution (one SVG line per bridge stroke), and a bad picture name is
// refused before solving, leaving no file.
func TestNLSolvePicture(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	svg, png := filepath.Join(dir, "s.svg"), filepath.Join(dir, "s.png")
	code, _, errs := runNL(t, "k=2\n2.3.1\n.....\n3.4.1\n", "solve", "--quiet", "--svg", svg, "--png", png)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(svg)
	if err != nil || !strings.HasPrefix(string(data), "<svg") || !strings.Contains(string(data), "<line") {
		t.Fatalf("svg: %v\n%.200s", err, data)
	}
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		t.Fatalf("png: %v", err)
	}
	bad := filepath.Join(dir, "x.gif")
	code, _, errs = runNL(t, "k=2\n2.3.1\n.....\n3.4.1\n", "solve", "--svg", bad)
	if code != exitUsage || !strings.Contains(errs, "--svg") {
		t.Fatalf("bad name: exit %d: %s", code, errs)
	}
	if _, err := os.Stat(bad); err == nil {
		t.Fatalf("%s was written", bad)
	}
}

// TestNLSolveUniqueness: solve says whether its solution is unique, in
// text and JSON, and shows a second solution on request; the puzzle can be
// a Tatham game ID or URL given as the argument.
func TestNLSolveUniqueness(t *testing.T) {
	t.Parallel()
	sq := testfix.TempFile(t, "sq.txt", "2.2\n...\n2.2\n") // a square: unique when connected
	code, out, errs := runNL(t, "", "solve", sq, "--quiet")
	if code != 0 || !strings.Contains(out, "the solution is unique") || errs != "" {
		t.Fatalf("unique: %d %q %q", code, out, errs)
	}
	code, out, _ = runNL(t, "", "solve", "--disconnected", "--show-second", sq, "--quiet")
	if code != 0 || !strings.Contains(out, "a second solution exists (shown below)") || strings.Count(out, "2") < 8 {
		t.Fatalf("not unique: %d %q", code, out)
	}
	code, out, _ = runNL(t, "", "solve", "--disconnected", "--format", "JSON", sq, "--quiet")
	if code != 0 || !strings.Contains(out, `"uniqueness":"not_unique"`) || !strings.HasPrefix(out, `{"version":`) {
		t.Fatalf("json: %d %q", code, out)
	}
	code, out, _ = runNL(t, "", "solve", "--unique=false", sq, "--quiet")
	if code != 0 || !strings.Contains(out, "uniqueness not checked") {
		t.Fatalf("not checked: %d %q", code, out)
	}
	const id = "7x7m2:a1a3b42d2b2d4o3c2a3b3b3"
	for _, arg := range []string{id, "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/bridges.html#" + id} {
		code, out, errs = runNL(t, "", "solve", arg, "--quiet")
		if code != 0 || !strings.Contains(out, "the solution is unique") {
			t.Fatalf("%s: %d %q %q", arg, code, out, errs)
		}
	}
	// The JSON and the text drawing of a solution are read back by check.
	code, out, _ = runNL(t, "", "solve", "--format", "json", id, "--quiet")
	js := testfix.TempFile(t, "s.json", out)
	if code != 0 {
		t.Fatal(out)
	}
	if code, out, errs := runNL(t, "", "check", js); code != 0 || !strings.HasPrefix(out, "ok:") {
		t.Fatalf("check of the JSON: %d %q %q", code, out, errs)
	}
	code, _, errs = runNL(t, "", "solve", id, "--timeout", "10")
	if code != 2 || !strings.Contains(errs, "10s") {
		t.Fatalf("--timeout 10: %d %q", code, errs)
	}
}
