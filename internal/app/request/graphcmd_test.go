package request

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
)

// star is the star a-b, a-c, a-d: no Hamiltonian path (three leaves).
const star = "a b\na c\na d\n"

// TestGraphSolveAndWrite: a solution of the 4-cycle is found, verified and
// written in every format (the TSPLIB tour only for cycles); the star has
// none, with the reason, as an error wrapping hamilton.ErrNoSolution.
func TestGraphSolveAndWrite(t *testing.T) {
	t.Parallel()
	for _, closed := range []bool{false, true} {
		g, err := NewGraph(GraphFlags{File: "-", Closed: closed}, files(c4, nil))
		if err != nil {
			t.Fatal(err)
		}
		strat, err := g.Strategy("auto")
		if err != nil || (strat.Kind == hamilton.KindOkunoMiyano) != closed {
			t.Fatalf("closed %v: strategy %v %v", closed, strat, err)
		}
		path, _, err := g.Solve(t.Context(), hamilton.Options{Strategy: strat})
		if err != nil || len(path) != 4 {
			t.Fatalf("closed %v: %v %v", closed, path, err)
		}
		for _, f := range []string{"path", "json", "tour"} {
			if err := g.CheckFormat("solve", f); (err != nil) != (f == "tour" && !closed) {
				t.Errorf("closed %v: format %s: %v", closed, f, err)
				continue
			}
			if f == "tour" && !closed {
				continue
			}
			var buf bytes.Buffer
			if err := g.WriteSolution(&buf, f, path, nil); err != nil {
				t.Fatal(err)
			}
			sol, err := g.ReadSolution(buf.Bytes(), "out")
			if f != "json" && (err != nil || len(sol.Path) != 4) {
				t.Errorf("closed %v, %s does not read back: %v %q", closed, f, err, buf.String())
			}
			if f == "json" && !strings.Contains(buf.String(), `"verified":true`) {
				t.Errorf("json: %s", buf.String())
			}
		}
	}
	g, err := NewGraph(GraphFlags{File: "star"}, files("", map[string]string{"star": star}))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Solve(t.Context(), hamilton.Options{}); !errors.Is(err, hamilton.ErrNoSolution) || !strings.HasPrefix(err.Error(), "no Hamiltonian path in star: ") {
		t.Fatalf("star: %v", err)
	}
	if err := g.Verified([]int32{1, 0, 2}); !errors.As(err, new(*UnverifiedError)) {
		t.Fatalf("a path missing a vertex: %v", err)
	}
	if err := g.CheckFormat("count", "xml"); !errors.Is(err, ErrInput) {
		t.Fatalf("xml: %v", err)
	}
}

// TestGraphVerifyFile: a valid and an invalid solution file get their
// verdicts; a TSPLIB tour is checked as a cycle.
func TestGraphVerifyFile(t *testing.T) {
	t.Parallel()
	src := files("", map[string]string{"c4": c4, "good": "a\nb\nc\nd\n", "bad": "a\nc\n", "tour": "TOUR_SECTION\n1\n2\n3\n4\n-1\n"})
	g, err := NewGraph(GraphFlags{File: "c4"}, src)
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{"good": "valid: a Hamiltonian path", "bad": "invalid: ", "tour": "valid: a Hamiltonian cycle"} {
		v, err := g.VerifyFile(file, src)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := v.Write(&buf, "text"); err != nil || !strings.HasPrefix(buf.String(), want) || (v.Err == nil) != (file != "bad") {
			t.Errorf("%s: %q %v; want %q", file, buf.String(), v.Err, want)
		}
	}
	if _, err := g.VerifyFile("missing", src); !errors.Is(err, ErrInput) {
		t.Errorf("missing: %v", err)
	}
}

// TestGraphCountAuto: auto picks by predicted cost as for boards (the
// 4-cycle's DP is cheap), and a search over more than MaxCountOpen
// vertices without a start or deadline is refused where the DP is not.
func TestGraphCountAuto(t *testing.T) {
	t.Parallel()
	g := c4Graph(t)
	res, err := g.Count(t.Context(), GraphCountOptions{})
	if err != nil || res.Count.Int64() != 8 || !strings.HasPrefix(res.Method, "dp") {
		t.Fatalf("c4: %+v %v", res, err)
	}
	var path strings.Builder
	for i := range 70 {
		fmt.Fprintf(&path, "v%d v%d\n", i, i+1)
	}
	g, err = NewGraph(GraphFlags{File: "-"}, files(path.String(), nil))
	if err != nil {
		t.Fatal(err)
	}
	if res, err := g.Count(t.Context(), GraphCountOptions{}); err != nil || res.Count.Int64() != 2 || !strings.HasPrefix(res.Method, "dp") {
		t.Fatalf("a path of 71 vertices by auto: %+v %v", res, err)
	}
	if _, err := g.Count(t.Context(), GraphCountOptions{Method: "dfs"}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "would not finish") {
		t.Fatalf("a search over 71 vertices: %v", err)
	}
}

// TestCheckGraphArgs: board-only flags are refused by name, --method only
// for solve, and verify alone takes an argument (the solution file).
func TestCheckGraphArgs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd   string
		flags []string
		pos   []string
		want  string // "" for no error
	}{
		{"count", []string{"method", "timeout"}, nil, ""},
		{"count", []string{"closed", "per-start"}, nil, "--per-start needs a table laid out on the board"},
		{"solve", []string{"method"}, nil, "solve always searches"},
		{"solve", nil, []string{"5x5"}, `unexpected argument "5x5"`},
		{"verify", nil, []string{"p.txt"}, ""},
		{"verify", []string{"moves"}, []string{"p.txt"}, "--moves needs a move set"},
		{"verify", nil, nil, ""}, // the solution from stdin, as without --graph (#10)
		{"verify", nil, []string{"a", "b"}, "give one solution file"},
	} {
		err := CheckGraphArgs(tc.cmd, tc.flags, tc.pos)
		if (err == nil) != (tc.want == "") || err != nil && (!strings.Contains(err.Error(), tc.want) || !IsInput(err)) {
			t.Errorf("%s %v %v: %v, want %q", tc.cmd, tc.flags, tc.pos, err, tc.want)
		}
	}
}

// TestGraphSummaries: the summaries name the graph, the count's
// convention and whether it is complete.
func TestGraphSummaries(t *testing.T) {
	t.Parallel()
	// K4 is searched; the 4-cycle is answered by reading it.
	k4, err := NewGraph(GraphFlags{File: "-", Closed: true}, files("a b\na c\na d\nb c\nb d\nc d\n", nil))
	if err != nil {
		t.Fatal(err)
	}
	path, st, err := k4.Solve(t.Context(), hamilton.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := k4.SolveSummary(path, st), fmt.Sprintf("solved %s: a %s, verified; %d nodes, ", k4.Label(), k4.Kind(), st.Nodes); !strings.HasPrefix(got, want) {
		t.Errorf("SolveSummary = %q, want it to begin %q", got, want)
	}
	g, err := NewGraph(GraphFlags{File: "-", Closed: true}, files(c4, nil))
	if err != nil {
		t.Fatal(err)
	}
	if path, st, err = g.Solve(t.Context(), hamilton.Options{}); err != nil {
		t.Fatal(err)
	}
	if got, want := g.SolveSummary(path, st), fmt.Sprintf("solved %s: a %s, verified; found by reading the graph, which is itself one cycle, ", g.Label(), g.Kind()); !strings.HasPrefix(got, want) {
		t.Errorf("SolveSummary = %q, want it to begin %q", got, want)
	}
	res := GraphCount{Count: big.NewInt(2), Convention: "directed cycles", Method: "dfs (search)", Nodes: 9}
	if got, want := g.CountSummary(res), "2 directed cycles so far in "+g.Label()+" is a lower bound"; got != want {
		t.Errorf("stopped CountSummary = %q, want %q", got, want)
	}
	res.Complete = true
	if got, want := g.CountSummary(res), "2 directed cycles in "+g.Label()+"; method dfs (search); 9 nodes, 0s"; got != want {
		t.Errorf("CountSummary = %q, want %q", got, want)
	}
}

// TestGraphJSONProblem: solve --graph --format json carries the problem
// (graph, size, ends); verify --graph reads it back and checks the ends
// it names, refuses it against another graph, and the leaper reader
// (verify without --graph) refuses it naming the fix.
func TestGraphJSONProblem(t *testing.T) {
	t.Parallel()
	src := files("", map[string]string{"c4": c4, "path3": "a b\nb c\nc d\n"})
	g, err := NewGraph(GraphFlags{File: "c4", Start: "b"}, src)
	if err != nil {
		t.Fatal(err)
	}
	path, _, err := g.Solve(t.Context(), hamilton.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.WriteSolution(&buf, "json", path, nil); err != nil {
		t.Fatal(err)
	}
	sol := buf.String()
	if !strings.Contains(sol, `"problem":{"command":"solve","kind":"graph","graph":"c4","vertices":4,"edges":4,"closed":false,"start":"b","end":null}`) {
		t.Fatalf("no problem object: %s", sol)
	}
	free, err := NewGraph(GraphFlags{File: "c4"}, src)
	if err != nil {
		t.Fatal(err)
	}
	src = files("", map[string]string{"c4": c4, "path3": "a b\nb c\nc d\n", "sol": sol,
		"moved": strings.Replace(sol, `"start":"b"`, `"start":"c"`, 1)})
	for file, want := range map[string]string{"sol": "valid: a Hamiltonian path", "moved": "invalid: the path starts at b, not at c"} {
		v, err := free.VerifyFile(file, src)
		if err != nil {
			t.Fatal(err)
		}
		buf.Reset()
		if v.Write(&buf, "text"); !strings.HasPrefix(buf.String(), want) {
			t.Errorf("%s: %q, want %q", file, buf.String(), want)
		}
	}
	other, err := NewGraph(GraphFlags{File: "path3"}, src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.VerifyFile("sol", src); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "give the graph it was solved on") {
		t.Errorf("another graph: %v", err)
	}
	if _, _, err := FromJSON([]byte(sol)); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "run boardgraph verify --graph c4") {
		t.Errorf("read as a leaper solution: %v", err)
	}
}
