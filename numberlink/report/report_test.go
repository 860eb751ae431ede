package report

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// reportFigure4 is the Figure 4 grid of the seed (§2.3), k = 2.
const reportFigure4 = "k=2\n....2\n..3.3\n2.54.\n2....\n2.23.\n"

func parseReport(t *testing.T, text string) (*numberlink.Grid, numberlink.Rules) {
	t.Helper()
	g, rules, err := puzzleio.ParseText([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return g, rules
}

// TestFigure5TableReport: the text rows are the Figure 5 counts (k = 2, four
// neighbours: 4 10 16 19 16 10 4 1), with the magnitude header on request.
func TestFigure5TableReport(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	Figure5(4, 2, 2).WriteText(&b)
	if got, want := b.String(), "2\t4\t10\t16\t19\t16\t10\t4\t1\n"; got != want {
		t.Errorf("row: %q, want %q", got, want)
	}
	b.Reset()
	tb := Figure5(2, 1, 3)
	tb.Header = true
	tb.WriteText(&b)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 5 || lines[0] != "p has 2 neighbours\tn" || !strings.HasPrefix(lines[1], "k\t1\t2\t") || !strings.HasSuffix(lines[1], "\t40") {
		t.Errorf("table:\n%s", b.String())
	}
}

// TestReportTau: τ solves Figure 4 (§2.3), the report counts every
// connection and the JSON names each step's node 1-based.
func TestReportTau(t *testing.T) {
	t.Parallel()
	g, rules := parseReport(t, reportFigure4)
	rep, err := Tau(context.Background(), g, rules)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Solved || !rep.Unique || rep.Drawn != rep.Needed || rep.Needed == 0 || len(rep.Steps) == 0 {
		t.Fatalf("report %+v", rep)
	}
	for _, st := range rep.Steps {
		if g.NodeAt(st.Node[0]-1, st.Node[1]-1) < 0 || len(st.Drawn) == 0 {
			t.Errorf("step %+v: not a node, or nothing drawn", st)
		}
	}
	var b strings.Builder
	rep.Trace = true
	rep.WriteText(&b)
	if !strings.Contains(b.String(), "solved by τ in") || !strings.Contains(b.String(), "\n\n") {
		t.Errorf("text:\n%s", b.String())
	}
	// A grid that Proposition part 5 refutes comes back as the violation.
	g1, r1 := parseReport(t, "k=1\n4.1\n...\n1..\n")
	if _, err := Tau(context.Background(), g1, r1); err == nil || !errors.Is(err, numberlink.ErrUnsolvable) {
		t.Errorf("unsolvable: %v", err)
	}
}

// TestCheckReport: a solution verifies, a solution with a bridge missing
// does not, and the JSON keys are the ones numberlink check writes.
func TestCheckReport(t *testing.T) {
	t.Parallel()
	g, rules := parseReport(t, reportFigure4)
	sol, _, err := numberlink.Solve(context.Background(), g, numberlink.SolveOptions{Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	bridges := puzzleio.ToJSON(g, rules, sol)
	p, err := puzzleio.UnmarshalPuzzle(mustJSON(t, bridges))
	if err != nil {
		t.Fatal(err)
	}
	ok := Check(g, rules, p.Bridges)
	var b strings.Builder
	ok.WriteText(&b)
	if !ok.Valid || ok.Err != nil || !strings.HasPrefix(b.String(), "ok: ") {
		t.Fatalf("valid: %+v %q", ok, b.String())
	}
	bad := Check(g, numberlink.Rules{NoLoops: true}, p.Bridges[1:])
	b.Reset()
	bad.WriteText(&b)
	if bad.Valid || bad.Error == "" || !strings.HasPrefix(b.String(), "invalid: ") || strings.Count(b.String(), "\n") != 1 {
		t.Fatalf("invalid: %+v %q", bad, b.String())
	}
	if got := string(mustJSON(t, bad)); !strings.HasPrefix(got, `{"allow_disconnected":false,"bridges":`) || !strings.Contains(got, `"no_loops":true,"valid":false}`) {
		t.Errorf("JSON %s", got)
	}
	if !SameClues(g, p.Grid) {
		t.Error("SameClues: the JSON round trip changed the clues")
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestSolveUnique: a square of 2s is unique when connected and has a
// second solution (two double bridges) when connectivity is dropped.
func TestSolveUnique(t *testing.T) {
	t.Parallel()
	g, rules := parseReport(t, "2.2\n...\n2.2\n")
	ctx := context.Background()
	rep, err := Solve(ctx, g, numberlink.SolveOptions{Rules: rules}, UniqueOptions{})
	if err != nil || rep.Uniqueness != Unique || !rep.Verified || rep.Second != nil {
		t.Fatalf("connected: %+v %v", rep, err)
	}
	rules.AllowDisconnected = true
	rep, err = Solve(ctx, g, numberlink.SolveOptions{Rules: rules}, UniqueOptions{Second: true})
	if err != nil || rep.Uniqueness != NotUnique || rep.Second == nil || len(rep.SecondBridges) == 0 {
		t.Fatalf("disconnected: %+v %v", rep, err)
	}
	if numberlink.VerifySolution(g, rules, rep.Second) != nil || slices.Equal(rep.Second, rep.Solution) {
		t.Error("the second solution is not a different valid solution")
	}
	var b strings.Builder
	rep.WriteText(&b)
	if !strings.Contains(b.String(), "(shown below)") || !strings.Contains(b.String(), "a second solution:") {
		t.Errorf("text:\n%s", b.String())
	}
	rep, _ = Solve(ctx, g, numberlink.SolveOptions{Rules: rules}, UniqueOptions{Skip: true})
	if rep.Uniqueness != NotChecked || rep.Sentence() != "uniqueness not checked (--unique=false)" {
		t.Errorf("skip: %+v", rep)
	}
}

// TestCountUpTo: statuses complete, limit and stopped.
func TestCountUpTo(t *testing.T) {
	t.Parallel()
	g, rules := parseReport(t, "2.2\n...\n2.2\n")
	rules.AllowDisconnected = true
	ctx := context.Background()
	rep, err := Count(ctx, g, 0, numberlink.SolveOptions{Rules: rules})
	if err != nil || rep.Status != CountComplete || rep.Solutions != 3 || rep.AtLeast || rep.Unique {
		t.Fatalf("all: %+v %v", rep, err)
	}
	rep, _ = Count(ctx, g, 2, numberlink.SolveOptions{Rules: rules})
	var b strings.Builder
	rep.WriteText(&b)
	if rep.Status != CountLimit || !rep.AtLeast || b.String() != "at least 2 solutions (stopped at --limit 2)\n" {
		t.Errorf("limit: %+v %q", rep, b.String())
	}
	stopped, cancel := context.WithCancel(ctx)
	cancel()
	rep, err = Count(stopped, g, 0, numberlink.SolveOptions{Rules: rules})
	if err != nil || rep.Status != CountStopped || !rep.AtLeast {
		t.Errorf("stopped: %+v %v", rep, err)
	}
}

// TestGradeWithTau: τ alone solves Figure 4, so its grade is "tau".
func TestGradeWithTau(t *testing.T) {
	t.Parallel()
	g, rules := parseReport(t, reportFigure4)
	rep, err := Grade(context.Background(), g, numberlink.SolveOptions{Rules: rules})
	if err != nil || rep.Grade != "tau" || !rep.TauSolves || rep.TauSteps == 0 || rep.Solutions != 1 {
		t.Fatalf("%+v %v", rep, err)
	}
	var b strings.Builder
	rep.WriteText(&b)
	if !strings.HasPrefix(b.String(), "grade: tau (") {
		t.Errorf("text %q", b.String())
	}
}

// TestPhiReport replays §2.3: p = (5,1) has Φ_Γk[p] = {12}, and after
// u(p, 12) the node q = (3,3) has four feasible words.
func TestPhiReport(t *testing.T) {
	t.Parallel()
	g, rules := parseReport(t, reportFigure4)
	rep, err := Phi(g, rules, 4, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Phi) != 10 || strings.Join(rep.Feasible, " ") != "12" || rep.OmegaStar != "12" || rep.RejectedBy["11"] != 4 {
		t.Errorf("p: %+v", rep)
	}
	rep, err = Phi(g, rules, 2, 2, []PhiBuild{{Row: 4, Col: 0, Word: numberlink.Word{1, 1, 0, 0}}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.WriteText(&b)
	if strings.Join(rep.Feasible, " ") != "11223 11224 11234 12234" || !strings.Contains(b.String(), "excluded by condition 5: 11244") {
		t.Errorf("q:\n%s", b.String())
	}
	if _, err := Phi(g, rules, 0, 0, nil); !errors.Is(err, ErrNotNode) {
		t.Errorf("empty cell: %v", err)
	}
	_, err = Phi(g, rules, 2, 2, []PhiBuild{{Row: 4, Col: 0, Word: numberlink.Word{4, 0, 0, 0}}})
	var be *PhiBuildError
	if !errors.As(err, &be) || be.Index != 0 {
		t.Errorf("refused step: %v", err)
	}
}

// TestGenerateUniqueReport: the generated grid has exactly one solution, the one
// returned.
func TestGenerateUniqueReport(t *testing.T) {
	t.Parallel()
	g, sol, err := Generate(context.Background(), numberlink.GenerateOptions{Rows: 7, Cols: 7, K: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	n, _, _, err := numberlink.Count(context.Background(), g, 0, numberlink.SolveOptions{})
	if err != nil || n != 1 || numberlink.VerifySolution(g, numberlink.Rules{}, sol) != nil {
		t.Errorf("%d solutions (%v)", n, err)
	}
}

// TestOpenQuestionReports: the formula gives Figure 5's 19, min-k of
// Figure 4 is 2 with a verified solution, and τ's steps on Figure 4 can be
// reordered into no more than τ's own count.
func TestOpenQuestionReports(t *testing.T) {
	t.Parallel()
	f := Formula(4, 2, 4)
	var b strings.Builder
	f.WriteText(&b)
	if f.Configurations != "19" || !strings.HasSuffix(b.String(), " = "+f.Sum+"\n") {
		t.Errorf("formula %+v %q", f, b.String())
	}
	g, rules := parseReport(t, reportFigure4)
	ctx := context.Background()
	mk, err := MinK(ctx, g, numberlink.SolveOptions{Rules: rules})
	if err != nil || mk.MinK != 2 || !mk.Verified || len(mk.Puzzle.Bridges) == 0 {
		t.Fatalf("min-k %+v %v", mk, err)
	}
	ts, err := TauSteps(ctx, g, rules, 0)
	if err != nil || ts.Fewest > ts.TauSteps || ts.Fewest != len(ts.Order) || ts.Fewest < ts.LowerBound {
		t.Fatalf("tau-steps %+v %v", ts, err)
	}
	b.Reset()
	ts.WriteText(&b)
	if strings.Count(b.String(), "\n") != ts.Fewest+1 {
		t.Errorf("tau-steps text:\n%s", b.String())
	}
}
