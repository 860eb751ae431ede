package numberlink

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestPinwheel: the Pinwheel fixture is uniquely solvable (brute force), τ
// draws nothing on it, and ω*(p) = ∅ at every node (§3.2, Figure 6).
func TestPinwheel(t *testing.T) {
	t.Parallel()
	g := pinwheel()
	sols := bruteSolutions(t, g, Rules{})
	if len(sols) != 1 {
		t.Fatalf("Pinwheel has %d solutions, want 1", len(sols))
	}
	res, err := Tau(context.Background(), g, Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) != 0 || res.Solved || res.Contradiction != nil {
		t.Errorf("τ on the Pinwheel: %d steps, solved=%v, %v", len(res.Steps), res.Solved, res.Contradiction)
	}
	for _, n := range res.State.Conn {
		if n != 0 {
			t.Fatal("τ drew a connection on the Pinwheel")
		}
	}
	// The complete solver solves it and proves it unique.
	n, sol, _, err := Count(context.Background(), g, 2, SolveOptions{})
	if err != nil || n != 1 || VerifySolution(g, Rules{}, sol) != nil || !slices.Equal(sol, sols[0]) {
		t.Errorf("Count(limit 2) on the Pinwheel = %d, %v; want the brute-force solution", n, err)
	}
	s := NewState(g, Rules{})
	for p, nd := range g.Nodes {
		r := g.Degree(p)
		if r < 2 || nd.Mag >= r*g.K {
			t.Errorf("node %s: r=%d magn=%d: steps 1-3 would apply", at(g, p), r, nd.Mag)
		}
		if w, _, ok := s.OmegaStar(p); !ok || !w.empty() {
			t.Errorf("ω*(%s) = %v, want ∅", at(g, p), w)
		}
	}
}

// TestSection23 replays §2.3 on the reconstructed Figure 4 grid.
func TestSection23(t *testing.T) {
	t.Parallel()
	g, p, q := Figure4()
	if g.Nodes[p].Mag != 2 || g.Nodes[q].Mag != 5 || g.Degree(q) != 4 {
		t.Fatalf("fixture: p=%+v q=%+v", g.Nodes[p], g.Nodes[q])
	}
	s := NewState(g, Rules{})
	if got := wordStrings(Phi(2, s.Rem[p])); len(got) != 10 {
		t.Errorf("|Φ_2[p]| = %d, want 10", len(got))
	}
	feasible, rejected := s.PhiGammaAll(p)
	if got := wordStrings(feasible); !slices.Equal(got, []string{"12"}) {
		t.Fatalf("Φ_Γ2[p] = %v, want {12}", got)
	}
	for _, r := range rejected {
		want := CondNeighbour
		if r.Word.String() == "11" || r.Word.String() == "22" {
			want = CondDisjoint
		}
		if r.Condition != want {
			t.Errorf("word %v rejected by condition %d, §2.3 says %d", r.Word, r.Condition, want)
		}
	}
	if w, _, _ := s.OmegaStar(p); w.String() != "12" {
		t.Errorf("ω*(p) = %v, want 12", w)
	}
	if err := s.Build(p, Word{1, 1, 0, 0}); err != nil {
		t.Fatal(err)
	}
	if got := wordStrings(Phi(2, s.Rem[q])); len(got) != 16 {
		t.Errorf("|Φ_2[q]| = %d, want 16", len(got))
	}
	feasible, rejected = s.PhiGammaAll(q)
	if got := wordStrings(feasible); !slices.Equal(got, []string{"11223", "11224", "11234", "12234"}) {
		t.Fatalf("Φ_Γ'2[q] = %v", got)
	}
	for _, r := range rejected {
		ws := r.Word.String()
		want := CondStranded
		if strings.Contains(ws, "33") {
			want = CondNeighbour
		}
		if !strings.Contains(ws, "33") && !strings.Contains(ws, "44") {
			t.Errorf("word %s rejected, §2.3 keeps it", ws)
		}
		if r.Condition != want {
			t.Errorf("word %s rejected by condition %d, §2.3 says %d", ws, r.Condition, want)
		}
	}
	if w, _, _ := s.OmegaStar(q); w.String() != "12" {
		t.Errorf("ω*(q) = %v, want 12", w)
	}
	if n := len(bruteSolutions(t, g, Rules{})); n != 1 {
		t.Errorf("Figure 4 grid has %d solutions, want 1", n)
	}
}
