package numberlink

import (
	"context"
	"errors"
	"testing"
)

// bfsTauSteps is an independent check of MinTauSteps: breadth-first search
// over all orders of builder steps, without bounds or pruning, returning
// the fewest steps that complete g (-1 if none within limit states).
func bfsTauSteps(g *Grid, limit int) int {
	level := []*State{NewState(g, Rules{})}
	seen := map[string]bool{string(solBytes(level[0].Conn)): true}
	for depth := 0; len(level) > 0; depth++ {
		var next []*State
		for _, s := range level {
			if s.complete() {
				if VerifySolution(g, Rules{}, s.Conn) == nil {
					return depth
				}
				continue
			}
			for p := range g.Nodes {
				if s.Rem[p] == 0 {
					continue
				}
				w, _, ok := s.OmegaStar(p)
				if !ok || w.empty() {
					continue
				}
				c := s.Clone()
				if c.Build(p, w) != nil {
					continue
				}
				if k := string(solBytes(c.Conn)); !seen[k] {
					seen[k] = true
					next = append(next, c)
				}
			}
		}
		if len(seen) > limit {
			return -1
		}
		level = next
	}
	return -1
}

// TestMinTauSteps: on Figure 4 and on small generated puzzles that τ
// solves, the plan replays from scratch to the verified solution, is no
// longer than τ's own order, and when reported exact matches the
// unpruned breadth-first search; the Pinwheel is refused.
func TestMinTauSteps(t *testing.T) {
	t.Parallel()
	grids := []*Grid{}
	g4, _, _ := Figure4()
	grids = append(grids, g4)
	for seed := range 40 {
		g, _, err := Generate(context.Background(), GenerateOptions{Rows: 5, Cols: 5, K: 2, Seed: int64(seed), Style: StylePuzzledom, Density: 0.3})
		if err != nil {
			t.Fatal(err)
		}
		grids = append(grids, g)
	}
	solved, shorter, exact := 0, 0, 0
	for i, g := range grids {
		plan, err := MinTauSteps(context.Background(), g, Rules{}, 0)
		if errors.Is(err, ErrTauIncomplete) {
			continue
		}
		if err != nil {
			t.Fatalf("grid %d: %v", i, err)
		}
		solved++
		s := NewState(g, Rules{})
		for _, st := range plan.Steps {
			w, _, ok := s.OmegaStar(st.Node)
			if !ok || w != st.Word {
				t.Fatalf("grid %d: step %v is not u(p, ω*(p)) (ω* = %v)", i, st, w)
			}
			if err := s.Build(st.Node, st.Word); err != nil {
				t.Fatalf("grid %d: %v", i, err)
			}
		}
		if !s.complete() || VerifySolution(g, Rules{}, s.Conn) != nil {
			t.Fatalf("grid %d: the plan does not solve the grid", i)
		}
		if len(plan.Steps) > plan.TauSteps || plan.Lower > len(plan.Steps) {
			t.Fatalf("grid %d: plan %d steps, τ %d, lower %d", i, len(plan.Steps), plan.TauSteps, plan.Lower)
		}
		if len(plan.Steps) < plan.TauSteps {
			shorter++
		}
		if plan.Exact {
			exact++
			if want := bfsTauSteps(g, 300000); want >= 0 && want != len(plan.Steps) {
				t.Fatalf("grid %d: exact plan %d steps, breadth-first search %d", i, len(plan.Steps), want)
			}
		}
	}
	if solved < 10 {
		t.Fatalf("only %d grids solved by τ", solved)
	}
	if exact < solved/2 {
		t.Errorf("only %d of %d plans proved minimal", exact, solved)
	}
	t.Logf("%d grids solved by τ; %d have a shorter order than τ's; %d proved minimal", solved, shorter, exact)
	if _, err := MinTauSteps(context.Background(), pinwheel(), Rules{}, 0); !errors.Is(err, ErrTauIncomplete) {
		t.Errorf("Pinwheel: %v", err)
	}
}
