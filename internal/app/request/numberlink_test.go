package request

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
	"github.com/boardgraph/boardgraph/numberlink/report"
)

const phiFigure4 = "k=2\n....2\n..3.3\n2.54.\n2....\n2.23.\n"

func loadText(t *testing.T, text string) *Puzzle {
	t.Helper()
	g, rules, err := puzzleio.ParseText([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return &Puzzle{Grid: g, Rules: rules, Data: []byte(text)}
}

// TestPhiFlags: the node and the builder steps are read 1-based; each bad
// value is ErrInput naming its flag.
func TestPhiFlags(t *testing.T) {
	t.Parallel()
	p := loadText(t, phiFigure4)
	rep, err := Phi(p, PhiFlags{Node: "3, 3", After: []string{"5,1:12"}})
	if err != nil || rep.Node != [2]int{3, 3} || len(rep.Feasible) != 4 {
		t.Fatalf("%+v %v", rep, err)
	}
	for f, want := range map[*PhiFlags]string{
		{Node: "x"}:                                "--node \"x\": give the node as ROW,COL",
		{Node: "1,1"}:                              "--node 1,1 is not a node of the 5x5 grid",
		{Node: "3,3", After: []string{"1,1:1"}}:    "--after \"1,1:1\": write ROW,COL:WORD",
		{Node: "3,3", After: []string{"5,1:1111"}}: "--after \"5,1:1111\": ",
	} {
		if _, err := Phi(p, *f); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: %v, want %q", *f, err, want)
		}
	}
}

// TestFigure5Flags: the range checks of numberlink table.
func TestFigure5Flags(t *testing.T) {
	t.Parallel()
	if tb, err := Figure5(3, 0, 4); err != nil || len(tb.Rows) != 4 || tb.Rows[3].K != 4 {
		t.Fatalf("%+v %v", tb, err)
	}
	if tb, err := Figure5(4, 2, 10); err != nil || len(tb.Rows) != 1 || tb.Rows[0].Counts[3] != 19 {
		t.Fatalf("k=2: %+v %v", tb, err)
	}
	for _, c := range [][3]int{{5, 0, 10}, {4, 101, 10}, {4, 0, 0}} {
		if _, err := Figure5(c[0], c[1], c[2]); !errors.Is(err, ErrInput) {
			t.Errorf("%v: %v", c, err)
		}
	}
}

// TestGenerateFlags: sizes are rows x columns; bad values name the flag.
func TestGenerateFlags(t *testing.T) {
	t.Parallel()
	opt, err := GenerateFlags{Size: "7X9", K: 3, Style: "puzzledom", Difficulty: "hard", NoLoops: true}.GenerateOptions()
	if err != nil || opt.Rows != 7 || opt.Cols != 9 || opt.K != 3 || !opt.Rules.NoLoops || opt.Difficulty == 0 {
		t.Fatalf("%+v %v", opt, err)
	}
	for f, want := range map[GenerateFlags]string{
		{Size: "7y7", K: 2, Style: "hashi"}:                      "size \"7y7\"",
		{Size: "7x7", K: 0, Style: "hashi"}:                      "--k 0",
		{Size: "7x7", K: 2, Style: "odd"}:                        "--style",
		{Size: "7x7", K: 2, Style: "hashi", Difficulty: "awful"}: "--difficulty",
		{Size: "7x7", K: 2, Style: "hashi", Density: 0.7}:        "--density 0.7",
		{Size: "1001x7", K: 2, Style: "hashi"}:                   "1..1000",
	} {
		if _, err := f.GenerateOptions(); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: %v, want %q", f, err, want)
		}
	}
}

// TestSolutionBridges: a solution is read from the puzzle's own JSON, a
// second JSON file of the same puzzle or a drawing; a JSON solution of
// another puzzle is refused.
func TestSolutionBridges(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := loadText(t, phiFigure4)
	if _, err := SolutionBridges(p, "fig4.txt", "", Source{}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "fig4.txt holds no solution") {
		t.Errorf("no solution: %v", err)
	}
	sol, _, err := numberlink.Solve(t.Context(), p.Grid, numberlink.SolveOptions{Rules: p.Rules})
	if err != nil {
		t.Fatal(err)
	}
	js, err := puzzleio.MarshalPuzzle(p.Grid, p.Rules, sol)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "s.json")
	os.WriteFile(file, js, 0o644)
	drawing := filepath.Join(dir, "s.txt")
	os.WriteFile(drawing, []byte(puzzleio.Draw(p.Grid, sol)), 0o644)
	own := &Puzzle{Grid: p.Grid, Rules: p.Rules, Data: js}
	for _, c := range []struct {
		p   *Puzzle
		arg string
	}{{own, ""}, {p, file}, {p, drawing}} {
		b, err := SolutionBridges(c.p, "puzzle", c.arg, Source{})
		if err != nil || report.Check(p.Grid, p.Rules, b).Err != nil {
			t.Errorf("%q: %v", c.arg, err)
		}
	}
	other := loadText(t, "2.2\n...\n2.2\n")
	if _, err := SolutionBridges(other, "sq.txt", file, Source{}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "solution of another puzzle") {
		t.Errorf("other puzzle: %v", err)
	}
}

// TestFormulaArgs: numberlink formula's three numbers; bad ones are
// refused naming the fix.
func TestFormulaArgs(t *testing.T) {
	t.Parallel()
	if r, err := Formula([]string{"4", "2", "4"}); err != nil || r.Configurations != "19" {
		t.Fatalf("4 2 4: %+v %v", r, err)
	}
	for _, args := range [][]string{{"4", "2"}, {"4", "2", "x"}, {"4", "-1", "4"}, {"10001", "2", "4"}} {
		if _, err := Formula(args); !errors.Is(err, ErrInput) {
			t.Errorf("%q: %v", args, err)
		}
	}
}

// TestTauStepsFailure: τ not completing the grid is said once (no doubled
// "numberlink:"), and a stop before any order was finished says so
// instead of "best so far 0 steps".
func TestTauStepsFailure(t *testing.T) {
	t.Parallel()
	err := PuzzleError(TauStepsFailure(fmt.Errorf("wrapped: %w", numberlink.ErrTauIncomplete), nil, false, ""))
	if msg, code := Classify(err); code != KindNoSolution || strings.Count(msg, "numberlink") != 1 || !strings.Contains(msg, "τ does not solve this grid") {
		t.Errorf("incomplete: %q %d", msg, code)
	}
	for _, c := range []struct {
		rep  *report.TauStepsReport
		want string
	}{
		{nil, "timed out after 1s before any order of τ steps was finished; nothing to report"},
		{&report.TauStepsReport{}, "before any order of τ steps was finished"},
		{&report.TauStepsReport{Fewest: 1, TauSteps: 4}, "the best order finished so far takes 1 step (τ in the seed's order: 4)"},
	} {
		msg, code := Classify(PuzzleError(TauStepsFailure(context.DeadlineExceeded, c.rep, true, "timed out after 1s")))
		if code != KindStopped || !strings.Contains(msg, c.want) || strings.Contains(msg, " 0 steps") {
			t.Errorf("%+v: %q %d, want %q", c.rep, msg, code, c.want)
		}
	}
}
