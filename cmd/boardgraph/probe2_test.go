package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestProbe2Quiet: --quiet means no summary line on stderr, for every path
// of count (the whole count, the DP, and a count written with --out).
func TestProbe2Quiet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, args := range [][]string{
		{"count", "5x5", "--quiet"},
		{"count", "4x4", "--moves", "king", "--method", "dfs", "--quiet"},
		{"count", "4x4", "--moves", "king", "--out", filepath.Join(dir, "a.json"), "--quiet"},
		{"count", "4x4", "--moves", "king", "--method", "dp", "--out", filepath.Join(dir, "b.json"), "--quiet"},
	} {
		r := cli(t, "", args...)
		if r.code != 0 || r.stderr != "" || strings.TrimSpace(r.stdout) == "" {
			t.Errorf("%v: want exit 0, a count and an empty stderr; got %v", args, r)
		}
	}
}

// TestProbe2Help: the general help names every numberlink subcommand, and
// 'help -h' is the general help (not "no command -h").
func TestProbe2Help(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "help")
	for _, s := range nlSubs {
		if !strings.Contains(r.stdout, " "+s.name+",") && !strings.Contains(r.stdout, " "+s.name+"\n") {
			t.Errorf("'boardgraph help' does not name numberlink %s:\n%s", s.name, r.stdout)
		}
	}
	for _, h := range []string{"-h", "--help"} {
		r := cli(t, "", "help", h)
		if r.code != 0 || !strings.Contains(r.stdout, "Commands:") {
			t.Errorf("help %s: want the general help, exit 0; got %v", h, r)
		}
	}
}

// TestProbe2RenderMessages: render's refusals of tables name the fix.
func TestProbe2RenderMessages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct{ in, want string }{
		{`{"board":"5x5","values":[[1,2]]}`, "give one row of values per board row"},
		{`{"board":"2x2","values":[[1,2],[3]]}`, "give one value per column"},
	} {
		r := cli(t, tc.in, "render", "--svg", filepath.Join(dir, "x.svg"))
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("render of %s: want exit 2 and one line naming %q; got %v", tc.in, tc.want, r)
		}
	}
}

// TestProbe2ExportNoSolution: the refusal says "no solution" once.
func TestProbe2ExportNoSolution(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "export", "4x4", "--to", "dot", "--with-solution")
	if r.code != 1 || strings.Count(r.stderr, "no solution") != 1 || !strings.Contains(r.stderr, "only one move") {
		t.Errorf("want exit 1 and one 'no solution' with the reason; got %v", r)
	}
}

// TestProbe2AnalyzeCarriedBoard: analyze --path reads the board and moves
// from what solve writes when they are carried (JSON, binary .bgp), as
// verify does; a numbered grid or text path still needs a board.
func TestProbe2AnalyzeCarriedBoard(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	js := cli(t, "", "solve", "5x5", "--moves", "knight", "--workers", "1", "--format", "json")
	bgp := filepath.Join(dir, "k.bgp")
	if r := cli(t, "", "solve", "5x5", "--moves", "knight", "--workers", "1", "--out", bgp, "--quiet"); r.code != 0 {
		t.Fatal(r)
	}
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{js.stdout, []string{"analyze", "--path", "-", "--format", "json"}},
		{"", []string{"analyze", "--path", bgp, "--format", "json"}},
	} {
		r := cli(t, tc.stdin, tc.args...)
		if r.code != 0 || !strings.Contains(r.stdout, `"total":1728`) && !strings.Contains(r.stdout, `"total":"1728"`) {
			t.Errorf("%v: want the 1728 knight paths of 5x5; got %v", tc.args, r)
		}
	}
	grid := cli(t, "", "solve", "5x5", "--workers", "1")
	r := cli(t, grid.stdout, "analyze", "--path", "-")
	if r.code != 2 || !strings.Contains(r.stderr, "give a size such as 5x5") {
		t.Errorf("numbered grid without a board: want exit 2 naming the fix; got %v", r)
	}
}

// TestProbe2FlagValueWords: a bad numeric or boolean flag value names what
// the flag takes (the flag package says only "parse error").
func TestProbe2FlagValueWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "5x5", "--seed", "-1"}, `"-1" for flag -seed: give a whole number, 0 or more`},
		{[]string{"solve", "5x5", "--workers", "x"}, `"x" for flag -workers: give a whole number`},
		{[]string{"numberlink", "generate", "5x5", "--density", "abc"}, `flag -density: give a number such as 0.2`},
		{[]string{"count", "5x5", "--workers", "99999999999999999999"}, "out of range; give a smaller number"},
		{[]string{"solve", "5x5", "--closed=maybe"}, "give true or false"},
	} {
		r := cli(t, "", tc.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || strings.Contains(r.stderr, "parse error") {
			t.Errorf("%v: want exit 2 and %q; got %v", tc.args, tc.want, r)
		}
	}
}
