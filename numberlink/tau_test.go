package numberlink

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// randomSolvedGrid places nodes on a small board and draws random
// non-crossing bridges between neighbours; the clues are the resulting
// degrees (nodes left with degree 0 are dropped and the grid rebuilt, which
// can change neighbours, so the result need not be solvable).
func randomGrid(rng *rand.Rand) (*Grid, Rules) {
	rows, cols, k := 2+rng.IntN(4), 2+rng.IntN(4), 1+rng.IntN(3)
	occ := make([]int, rows*cols)
	for i := range occ {
		if rng.IntN(3) > 0 {
			occ[i] = 1
		}
	}
	g, _ := NewGrid(rows, cols, k, occ)
	sol := make(Solution, len(g.Pairs))
	for p := range sol {
		ok := true
		for _, q := range g.Crossings[p] {
			if sol[q] > 0 {
				ok = false
			}
		}
		if ok && rng.IntN(3) > 0 {
			sol[p] = int8(rng.IntN(k + 1))
		}
	}
	deg := make([]int, rows*cols)
	for p, n := range sol {
		a, b := g.Nodes[g.Pairs[p].A], g.Nodes[g.Pairs[p].B]
		deg[a.Row*cols+a.Col] += int(n)
		deg[b.Row*cols+b.Col] += int(n)
	}
	if rng.IntN(5) == 0 { // perturb: mostly unsolvable grids
		i := rng.IntN(len(deg))
		deg[i] = max(0, deg[i]+rng.IntN(3)-1)
	}
	g2, _ := NewGrid(rows, cols, k, deg)
	rules := Rules{}
	switch rng.IntN(4) {
	case 0:
		rules.NoLoops = true
	case 1:
		rules.AllowDisconnected = true
	}
	return g2, rules
}

// forEachSmallGrid calls f on n random small grids with their brute-force
// solutions.
func forEachSmallGrid(t *testing.T, n int, f func(*Grid, Rules, []Solution)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	for range n {
		g, rules := randomGrid(rng)
		if len(g.Nodes) == 0 {
			continue
		}
		f(g, rules, bruteSolutions(t, g, rules))
	}
}

// TestTauSound checks τ against brute force on random small grids: every
// connection τ draws is in every solution (§3.2's proof); when τ solves the
// grid the solution is the only one (the Theorem); when τ finds a
// contradiction there is no solution.
func TestTauSound(t *testing.T) {
	t.Parallel()
	solved, contradictions, partial := 0, 0, 0
	forEachSmallGrid(t, 1500, func(g *Grid, rules Rules, sols []Solution) {
		res, err := Tau(context.Background(), g, rules)
		if err != nil {
			t.Fatal(err)
		}
		for _, sol := range sols {
			for p, n := range res.State.Conn {
				if n > sol[p] {
					t.Fatalf("τ drew %d on pair %d, a solution has %d\n%s\nsolution: %v", n, p, sol[p], formatText(g, rules), sol)
				}
			}
		}
		switch {
		case res.Solved:
			solved++
			if len(sols) != 1 {
				t.Fatalf("τ solved a grid with %d solutions\n%s", len(sols), formatText(g, rules))
			}
		case res.Contradiction != nil:
			contradictions++
			if !errors.Is(res.Contradiction, ErrUnsolvable) || len(sols) != 0 {
				t.Fatalf("τ contradiction %v on a grid with %d solutions\n%s", res.Contradiction, len(sols), formatText(g, rules))
			}
		default:
			partial++
		}
		// Replaying the steps with the builder reproduces τ(Γ).
		s := NewState(g, rules)
		for _, st := range res.Steps {
			if err := s.Build(st.Node, st.Word); err != nil {
				t.Fatal(err)
			}
		}
		for p := range s.Conn {
			if s.Conn[p] != res.State.Conn[p] {
				t.Fatal("steps do not replay to τ(Γ)")
			}
		}
	})
	t.Logf("τ solved %d, refuted %d, stopped early on %d grids", solved, contradictions, partial)
	if solved == 0 || contradictions == 0 || partial == 0 {
		t.Errorf("the random grids do not exercise every outcome: %d %d %d", solved, contradictions, partial)
	}
}

// TestOmegaStarSound: for every node of random grids, ω*(p) in the grid with
// no connections drawn is below every solution's connections at p, and
// Φ_Γk[p] contains every solution's configuration of p.
func TestOmegaStarSound(t *testing.T) {
	t.Parallel()
	forEachSmallGrid(t, 600, func(g *Grid, rules Rules, sols []Solution) {
		s := NewState(g, rules)
		for p := range g.Nodes {
			feasible, _ := s.FeasibleWords(p)
			w, _, ok := s.OmegaStar(p)
			for _, sol := range sols {
				var used Word
				for d := range 4 {
					if pr := g.PairAt[p][d]; pr >= 0 {
						used[d] = int(sol[pr])
					}
				}
				found := false
				for _, f := range feasible {
					found = found || f == used
				}
				if !ok || !found {
					t.Fatalf("node %d: a solution uses %v, not in Φ_Γk = %v\n%s", p, used, feasible, formatText(g, rules))
				}
				for d := range 4 {
					if w[d] > used[d] {
						t.Fatalf("ω* = %v exceeds the solution's %v", w, used)
					}
				}
			}
		}
	})
}

func TestBuild(t *testing.T) {
	t.Parallel()
	g, _ := mustText(t, "k=2\n2.2\n...\n2.2\n")
	s := NewState(g, Rules{})
	w, _ := ParseWord("23")
	if err := s.Build(0, w); err != nil {
		t.Fatal(err)
	}
	if s.Rem[0] != 0 || s.Rem[1] != 1 || s.Rem[2] != 1 || s.Rem[3] != 2 {
		t.Errorf("magnitudes after u(p, 23): %v", s.Rem)
	}
	if s.Conn[g.PairAt[0][Right]] != 1 || s.Conn[g.PairAt[0][Down]] != 1 {
		t.Errorf("connections after u(p, 23): %v", s.Conn)
	}
	if err := s.Build(1, Word{0, 0, 0, 2}); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("overdrawing: %v", err)
	}
	if err := s.Build(3, Word{2}); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("towards a complete node: %v", err)
	}
}

// TestTauTatham runs τ on puzzles from Tatham's generator (k = 1..4, with and
// without L, difficulties 0..2). They are uniquely solvable, so τ must never
// report a contradiction, whatever it draws must be consistent (no crossing,
// at most k per pair, no node over its magnitude), and when τ completes the
// grid the result must verify.
func TestTauTatham(t *testing.T) {
	t.Parallel()
	for _, bp := range testfix.TathamParams("8x8") {
		t.Run(bp.Params, func(t *testing.T) {
			t.Parallel()
			solved := 0
			for _, id := range tathamIDs(t, bp.Params, 10) {
				g, rules := tathamGrid(t, id)
				if v := Unsolvable(g, rules); v != nil {
					t.Fatalf("%s: %v", id, v)
				}
				res, err := Tau(context.Background(), g, rules)
				if err != nil || res.Contradiction != nil {
					t.Fatalf("%s: τ: %v %v", id, err, res.Contradiction)
				}
				s := res.State
				for p, n := range s.Conn {
					if int(n) > g.K {
						t.Fatalf("%s: pair over k", id)
					}
					if n > 0 {
						for _, q := range g.Crossings[p] {
							if s.Conn[q] > 0 {
								t.Fatalf("%s: τ drew crossing bridges", id)
							}
						}
					}
				}
				for i, r := range s.Rem {
					if r < 0 || r > g.Nodes[i].Mag {
						t.Fatalf("%s: node %d remaining %d", id, i, r)
					}
				}
				if res.Solved {
					solved++
					if err := VerifySolution(g, rules, s.Conn); err != nil {
						t.Fatalf("%s: %v", id, err)
					}
				}
				// The puzzle's one solution (the complete solver's)
				// contains every connection τ drew.
				n, sol, _, err := Count(context.Background(), g, 2, SolveOptions{Rules: rules})
				if err != nil || n != 1 {
					t.Fatalf("%s: Count = %d, %v; Tatham's puzzles are unique", id, n, err)
				}
				for p, c := range s.Conn {
					if c > sol[p] {
						t.Fatalf("%s: τ drew %d on a pair the solution gives %d", id, c, sol[p])
					}
				}
			}
			t.Logf("%s: τ alone solves %d of 10", bp.Params, solved)
		})
	}
}

// BenchmarkTau runs τ on the first 100-island and 400-island Coelho
// instances.
func BenchmarkTau(b *testing.B) {
	dir := testfix.Coelho(b)
	for _, size := range []string{"100", "400"} {
		m, _ := filepath.Glob(filepath.Join(dir, size, "*_25_00_001.has"))
		if len(m) != 1 {
			b.Fatalf("%d %s-island instances *_25_00_001.has", len(m), size)
		}
		g, err := readHasTest(m[0])
		if err != nil {
			b.Fatal(err)
		}
		b.Run("islands="+size, func(b *testing.B) {
			steps := 0
			for b.Loop() {
				res, _ := Tau(context.Background(), g, Rules{})
				steps = len(res.Steps)
			}
			b.ReportMetric(float64(steps), "steps")
		})
	}
}

// TestTauCoelho runs the Proposition checks and τ on the Coelho et al.
// instances (those numbered 001-003 of every group; all 480 with
// BOARDGRAPH_LONG=1; the 100-island 001s with -short). They
// are solvable, so no Proposition part may fire and τ may not report a
// contradiction; what τ draws must be consistent and contained in the
// solution the complete solver finds.
func TestTauCoelho(t *testing.T) {
	t.Parallel()
	files := testfix.CoelhoFiles(t, testfix.Scale("*/*_00[123].has", "100/*_001.has", "*/*.has"))
	solved := 0
	for _, f := range files {
		g, err := readHasTest(f)
		if err != nil {
			t.Fatal(err)
		}
		if v := Unsolvable(g, Rules{}); v != nil {
			t.Errorf("%s: %v", f, v)
			continue
		}
		res, err := Tau(context.Background(), g, Rules{})
		if err != nil || res.Contradiction != nil {
			t.Errorf("%s: τ: %v %v", f, err, res.Contradiction)
			continue
		}
		for p, n := range res.State.Conn {
			if n > 0 {
				for _, q := range g.Crossings[p] {
					if res.State.Conn[q] > 0 {
						t.Fatalf("%s: τ drew crossing bridges", f)
					}
				}
			}
		}
		if res.Solved {
			solved++
		}
		// Every connection τ draws is in every solution, so in the one the
		// complete solver finds.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		sol, _, err := Solve(ctx, g, SolveOptions{})
		cancel()
		if err != nil {
			t.Errorf("%s: Solve: %v", f, err)
			continue
		}
		for p, c := range res.State.Conn {
			if c > sol[p] {
				t.Fatalf("%s: τ drew %d on a pair a solution gives %d", f, c, sol[p])
			}
		}
	}
	t.Logf("τ alone solves %d of %d instances", solved, len(files))
}
