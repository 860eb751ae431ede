package request

import (
	"errors"
	"math/big"
	"strings"
	"testing"
)

// c4 is the 4-cycle a-b-c-d-a as an edge list: 4 undirected Hamiltonian
// paths (drop one edge), 8 directed ones.
const c4 = "a b\nb c\nc d\nd a\n"

// c4Graph returns the 4-cycle c4, read from stdin.
func c4Graph(t *testing.T) *Graph {
	t.Helper()
	g, err := NewGraph(GraphFlags{File: "-"}, files(c4, nil))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestNewGraph(t *testing.T) {
	t.Parallel()
	src := files(c4, map[string]string{"c4.txt": c4})
	for _, file := range []string{"c4.txt", "-"} {
		g, err := NewGraph(GraphFlags{File: file}, src)
		if err != nil {
			t.Fatal(err)
		}
		if g.Named.G.N() != 4 || g.Named.G.M() != 4 || len(g.rules().Edges) != 4 || g.Problem.FixStart {
			t.Fatalf("%s: %d vertices, %d edges, %d rule edges", file, g.Named.G.N(), g.Named.G.M(), len(g.rules().Edges))
		}
		src = files(c4, map[string]string{"c4.txt": c4})
	}
	// Start and end on one vertex: refused by every method alike (the DP
	// counted 0, the search refused it in its own words).
	for _, f := range []GraphFlags{{File: "none.txt"}, {File: "c4.txt", Start: "z"}, {File: "c4.txt", Closed: true, End: "a"}, {File: "c4.txt", Start: "a", End: "a"}} {
		if _, err := NewGraph(f, src); !errors.Is(err, ErrInput) {
			t.Errorf("%+v: %v, want an input error", f, err)
		}
	}
	g, err := NewGraph(GraphFlags{File: "c4.txt", Start: "b"}, src)
	if err != nil || !g.Problem.FixStart || g.Named.VertexName(g.Problem.Start) != "b" {
		t.Fatalf("start b: %v", err)
	}
}

func TestGraphCount(t *testing.T) {
	t.Parallel()
	g := c4Graph(t)
	for _, tc := range []struct {
		method     string
		undirected bool
		want       uint64
	}{{"dfs", false, 8}, {"dp", false, 8}, {"auto", true, 4}} {
		res, err := g.Count(t.Context(), GraphCountOptions{Method: tc.method, Undirected: tc.undirected})
		if err != nil || res.Count.Cmp(new(big.Int).SetUint64(tc.want)) != 0 || !res.Complete {
			t.Errorf("%+v: %+v, %v", tc, res, err)
		}
		if tc.undirected != strings.HasPrefix(res.Convention, "undirected") {
			t.Errorf("%+v: convention %q", tc, res.Convention)
		}
	}
	if _, err := g.Count(t.Context(), GraphCountOptions{Method: "magic"}); !errors.Is(err, ErrInput) {
		t.Errorf("unknown method: %v", err)
	}
}

func TestGraphSolution(t *testing.T) {
	t.Parallel()
	g := c4Graph(t)
	for _, tc := range []struct {
		text, kind string
		valid      bool
	}{
		{"a\nb\nc\nd\n", "path", true},
		{"# comment\na\nc\nb\nd\n", "path", false}, // a-c is no edge
		{"TOUR_SECTION\n1\n2\n3\n4\n-1\nEOF\n", "TSPLIB tour", true},
		{"TOUR_SECTION\n1\n3\n2\n4\n-1\n", "TSPLIB tour", false},
		// The JSON of solve --graph: it was read as one vertex name.
		{`{"graph":"-","closed":false,"path":["a","b","c","d"],"verified":true}`, "JSON path", true},
		{`{"closed":true,"path":["a","b","c","d"]}`, "JSON cycle", true},
		{`{"closed":false,"path":["a","c","b","d"]}`, "JSON path", false},
	} {
		sol, err := g.ReadSolution([]byte(tc.text), "s")
		if err != nil || sol.Kind != tc.kind {
			t.Fatalf("%q: %+v, %v", tc.text, sol, err)
		}
		if _, err := g.Verify(sol); (err == nil) != tc.valid {
			t.Errorf("%q: verify %v, want valid=%v", tc.text, err, tc.valid)
		}
	}
	for _, bad := range []string{"a\nq\n", "TOUR_SECTION\nx\n", `{"path":["a","q"]}`, `{"count":"4"}`, `{"path":`,
		// several solutions (enumerate's output) or none: unreadable, not invalid
		"a\nb\nc\nd\n\nb\nc\nd\na\n", `{"path":["a","b","c","d"]}` + "\n" + `{"path":["b","c","d","a"]}`, "", "\n# nothing\n", "TOUR_SECTION\n-1\nEOF\n"} {
		if _, err := g.ReadSolution([]byte(bad), "s"); !errors.Is(err, ErrInput) {
			t.Errorf("%q: %v, want an input error", bad, err)
		}
	}
	// A TSPLIB tour of a graph without a name is named after its file
	// (it was ".tour").
	var tour strings.Builder
	if err := g.WriteSolution(&tour, "tour", []int32{0, 1, 2, 3}, nil); err != nil || !strings.HasPrefix(tour.String(), "NAME : graph.tour\n") {
		t.Errorf("tour of stdin: %q, %v", tour.String(), err)
	}
	f, err := g.Facts()
	if err != nil || f.Components != 1 || !f.Bipartite || f.Degrees["2"] != 4 || f.Unsolvable {
		t.Fatalf("facts %+v, %v", f, err)
	}
	var sb strings.Builder
	if err := f.WriteText(&sb); err != nil || !strings.Contains(sb.String(), "degrees     2:4 (degree:vertices)") {
		t.Fatalf("%q, %v", sb.String(), err)
	}
}

func TestBoardFacts(t *testing.T) {
	t.Parallel()
	s := searchOf(t, LeaperFlags{Spec: "4x4"}, Source{}, solveNames)
	f, err := s.Facts("info")
	if err != nil {
		t.Fatal(err)
	}
	// Diplomatico on 4x4: four corner-adjacent cells of degree 1
	// (Proposition II.1), so no Hamiltonian path.
	if f.Cells != 16 || len(f.EndCells) != 4 || !f.Unsolvable || f.Problem.Command != "info" {
		t.Fatalf("%+v", f)
	}
	var sb strings.Builder
	if err := f.WriteText(&sb); err != nil || !strings.Contains(sb.String(), "verdict     no solution\n") || !strings.Contains(sb.String(), "board       4x4: 16 cells, 16 open, 0 blocked\n") {
		t.Fatalf("%q, %v", sb.String(), err)
	}
}

// TestGraphLabelNamesDropped: the self-loops and repeated edges the reader
// dropped are named in the graph's label (solve and count print it), not
// dropped silently (issue #10); a clean graph's label has no note.
func TestGraphLabelNamesDropped(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"p edge 3 4\ne 1 2\ne 2 3\ne 3 3\ne 2 1\n": "- (dimacs, 3 vertices, 2 edges; 1 self-loop ignored, 1 repeated edge merged)",
		"a a\na b\nb a\nb c\nc c\nb c\n":           "- (edgelist, 3 vertices, 2 edges; 2 self-loops ignored, 2 repeated edges merged)",
		"p edge 3 2\ne 1 2\ne 2 3\n":               "- (dimacs, 3 vertices, 2 edges)",
	} {
		g, err := NewGraph(GraphFlags{File: "-"}, Source{Stdin: strings.NewReader(in)})
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if got := g.Label(); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// TestGraphProof: Graph.Proof finds the immediate proofs count and solve
// ask before any search (issue 33): fewer than n-1 edges first (with the
// number of components it implies), then hamilton.Precheck's rules; a
// graph with a solution has none. count answers 0 by the proof.
func TestGraphProof(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text string
		closed     bool
		rule, in   string // "" rule: no proof
	}{
		{"few edges", "p edge 1000 2\ne 1 2\ne 3 4\n", false, "disconnected", "1000 vertices and only 2 edges, fewer than the 999 a connected graph needs, so it falls apart into at least 998 components"},
		{"two triangles", "a b\nb c\nc a\nd e\ne f\nf d\n", false, "disconnected", "2 components"},
		{"star", "c a\nc b\nc d\n", false, "dead-ends", "3 cells have only one move"},
		{"path as cycle", "a b\nb c\nc d\n", true, "dead-ends", "a closed tour has no ends"},
		{"bowtie cycle", "a b\nb c\nc a\nc d\nd e\ne c\n", true, "cut-cell", "vertex c"},
		{"c4", c4, false, "", ""},
		{"c4 cycle", c4, true, "", ""},
	} {
		gr, err := NewGraph(GraphFlags{File: "-", Closed: tc.closed}, files(tc.text, nil))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		r, err := gr.Proof()
		switch {
		case err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.rule == "" && r != nil:
			t.Errorf("%s: proof %s: %s, want none", tc.name, r.Rule, r.Text)
		case tc.rule != "" && (r == nil || r.Rule != tc.rule || !strings.Contains(r.Text, tc.in)):
			t.Errorf("%s: proof %+v, want %s with %q", tc.name, r, tc.rule, tc.in)
		}
		if tc.rule == "" {
			continue
		}
		res, err := gr.Count(t.Context(), GraphCountOptions{})
		if err != nil || res.Count.Sign() != 0 || !res.Complete || res.Method != "proof" || res.Proof != r.Text {
			t.Errorf("%s: count %+v, %v; want 0 by the proof", tc.name, res, err)
		}
	}
}
