package hamilton_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// knight12 is issue 39's 12x12 knight board as a problem.
func knight12(t testing.TB) (hamilton.Problem, *moves.BoardGraph) {
	t.Helper()
	b, err := board.Parse(strings.NewReader(testfix.Knight12x12))
	if err != nil {
		t.Fatal(err)
	}
	bg := testfix.Graph(t, b, "knight")
	return hamilton.Problem{G: bg.Graph, VertexName: func(v int32) string { return "cell " + b.FormatCell(bg.CellOf[v]) }}, bg
}

// The 12x12 knight board has 119 open cells and no path: none of
// the linear rules sees it, the 2-matching flow bound does, as a Hall-type
// witness (60 cells of one colour reached from 56 cells and 4 other
// moves), and Find stops with that proof at once instead of searching.
func TestProveKnight12x12(t *testing.T) {
	p, _ := knight12(t)
	if p.G.N() != 119 {
		t.Fatalf("%d open cells, want 119", p.G.N())
	}
	if r, err := hamilton.Precheck(&p); err != nil || r != nil {
		t.Fatalf("Precheck = %v, %v; the linear rules should not fire", r, err)
	}
	r, err := hamilton.Prove(&p)
	if err != nil || r == nil {
		t.Fatalf("Prove = %v, %v; want the flow bound", r, err)
	}
	if r.Rule != "flow" || r.Cert == nil || r.Cert.Kind != "hall" {
		t.Fatalf("Prove: rule %q certificate %+v, want flow with a Hall-type witness", r.Rule, r.Cert)
	}
	if c := r.Cert; len(c.Cells) != 60 || len(c.A) != 56 || c.Need != 118 || c.Value != 116 {
		t.Errorf("witness |X| %d |Y| %d need %d bound %d, want 60, 56, 118, 116", len(c.Cells), len(c.A), c.Need, c.Value)
	}
	for _, want := range []string{"60 cells marked X", "56 cells marked O", "4 other moves", "at most 116"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("reason %q lacks %q", r.Text, want)
		}
	}
	raw, err := hamilton.FlowCertificate(&p)
	if err != nil || raw == nil || raw.Kind != "flow" || raw.Value != 232 || raw.Need != 236 {
		t.Fatalf("FlowCertificate = %+v, %v; want a cut of 232 < 236", raw, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, st, err := hamilton.Find(ctx, p, hamilton.Options{Workers: 1})
	var reason *hamilton.Reason
	if !errors.Is(err, hamilton.ErrNoSolution) || !errors.As(err, &reason) || reason.Rule != "flow" {
		t.Fatalf("Find = %v after %d nodes; want the flow proof", err, st.Nodes)
	}
	if st.Nodes > 100_000 {
		t.Errorf("Find searched %d nodes before the proof; the first attempt's budget is a few thousand", st.Nodes)
	}
}

// The pair separator: two cells whose removal leaves four pieces of a
// plain graph (a "double star": two centres joined to each of four
// leaves' paths is too much for one path), and a closed tour refused by
// two cells leaving three pieces.
func TestSeparatorPair(t *testing.T) {
	// Centres 0 and 1; pieces {2,3}, {4,5}, {6,7}, {8,9}; every piece
	// touches both centres, so no single cell is a cut.
	var edges [][2]int32
	for k := int32(0); k < 4; k++ {
		a, b := 2+2*k, 3+2*k
		edges = append(edges, [2]int32{a, b}, [2]int32{0, a}, [2]int32{1, b})
	}
	g := testfix.FromEdges(t, 10, edges)
	p := hamilton.Problem{G: g}
	if r, _ := hamilton.Precheck(&p); r != nil {
		t.Fatalf("Precheck = %v; the linear rules should not fire", r)
	}
	r, err := hamilton.Prove(&p)
	if err != nil || r == nil {
		t.Fatalf("Prove = %v, %v", r, err)
	}
	if r.Rule == "separator" {
		if c := r.Cert; len(c.Cells) != 2 || c.Components != 4 || c.Cells[0] != 0 || c.Cells[1] != 1 {
			t.Errorf("separator certificate %+v, want cells 0 and 1 leaving 4 pieces", c)
		}
	}
	if r.Rule != "separator" && r.Rule != "flow" {
		t.Errorf("rule %q, want separator or flow", r.Rule)
	}
	n, _, _ := hamilton.Count(context.Background(), p, hamilton.Options{Workers: 1})
	if n != 0 {
		t.Fatalf("the double star has %d paths", n)
	}
}

// BenchmarkFindKnight12x12 is issue 39's 12x12 knight board decided by
// Find: the first attempts search 50,000 nodes, then the flow bound
// refutes it (goal: well under 100 ms).
func BenchmarkFindKnight12x12(b *testing.B) {
	p, _ := knight12(b)
	for b.Loop() {
		if _, _, err := hamilton.Find(context.Background(), p, hamilton.Options{}); !errors.Is(err, hamilton.ErrNoSolution) {
			b.Fatal(err)
		}
	}
}

// BenchmarkProveKnight12x12 is Prove alone on the same board.
func BenchmarkProveKnight12x12(b *testing.B) {
	p, _ := knight12(b)
	for b.Loop() {
		if r, _ := hamilton.Prove(&p); r == nil {
			b.Fatal("no proof")
		}
	}
}
