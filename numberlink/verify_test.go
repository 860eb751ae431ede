package numberlink

import (
	"errors"
	"fmt"
	"testing"
)

// bruteSolutions lists every solution of a small grid: a plain backtracking
// over the pairs (0..K each) that only prunes a node over its magnitude, a
// node whose pairs are all decided below it, and crossing bridges, and keeps
// the leaves Verify accepts. It is the tests' slow, obvious oracle.
func bruteSolutions(t testing.TB, g *Grid, rules Rules) []Solution {
	t.Helper()
	n := len(g.Pairs)
	deg := make([]int, len(g.Nodes))
	last := make([]int, len(g.Nodes)) // last pair index touching the node
	for p, pr := range g.Pairs {
		last[pr.A], last[pr.B] = p, p
	}
	var out []Solution
	sol := make(Solution, n)
	leaves := 0
	var rec func(p int)
	rec = func(p int) {
		if p == n {
			leaves++
			if leaves > 5_000_000 {
				t.Fatalf("grid too big for brute force")
			}
			if VerifySolution(g, rules, sol) == nil {
				out = append(out, append(Solution(nil), sol...))
			}
			return
		}
		a, b := g.Pairs[p].A, g.Pairs[p].B
		for c := 0; c <= g.K; c++ {
			if c > 0 {
				if deg[a]+c > g.Nodes[a].Mag || deg[b]+c > g.Nodes[b].Mag {
					break
				}
				crosses := false
				for _, q := range g.Crossings[p] {
					if int(q) < p && sol[q] > 0 {
						crosses = true
					}
				}
				if crosses {
					break
				}
			}
			deg[a] += c
			deg[b] += c
			sol[p] = int8(c)
			if !(last[a] == p && deg[a] != g.Nodes[a].Mag || last[b] == p && deg[b] != g.Nodes[b].Mag) {
				rec(p + 1)
			}
			deg[a] -= c
			deg[b] -= c
		}
		sol[p] = 0
	}
	for i := range g.Nodes {
		if g.Degree(i) == 0 {
			return nil
		}
	}
	rec(0)
	return out
}

// TestVerifyAgreesWithGrid: on small grids, the bridges Verify accepts are
// exactly the assignments that meet the rules as computed from the Grid model
// (degrees from Nbr/PairAt, crossings from Crossings, connectivity by DFS):
// two independent implementations of §2's "solved".
func TestVerifyAgreesWithGrid(t *testing.T) {
	t.Parallel()
	grids := []*Grid{
		gridOf(t, 3, 3, 2, 2, 0, 2, 0, 0, 0, 2, 0, 2),
		gridOf(t, 3, 3, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0),
		gridOf(t, 3, 3, 2, 1, 3, 0, 2, 4, 2, 0, 2, 1),
		gridOf(t, 2, 4, 3, 3, 2, 0, 4, 0, 1, 5, 3),
	}
	for gi, g := range grids {
		for _, rules := range []Rules{{}, {NoLoops: true}, {AllowDisconnected: true}} {
			t.Run(fmt.Sprintf("grid%d/%+v", gi, rules), func(t *testing.T) {
				n := len(g.Pairs)
				total := 1
				for range n {
					total *= g.K + 1
				}
				sol := make(Solution, n)
				for code := range total {
					c := code
					for p := range n {
						sol[p] = int8(c % (g.K + 1))
						c /= g.K + 1
					}
					want := modelSolved(g, rules, sol)
					got := VerifySolution(g, rules, sol) == nil
					if got != want {
						t.Fatalf("%v: Verify says %v, model says %v\n%s", sol, got, want, formatText(g, Rules{}))
					}
				}
			})
		}
	}
}

// modelSolved decides "solved" from the Grid's own tables.
func modelSolved(g *Grid, rules Rules, sol Solution) bool {
	for p := range g.Pairs {
		if sol[p] > 0 {
			for _, q := range g.Crossings[p] {
				if sol[q] > 0 {
					return false
				}
			}
		}
	}
	for i, nd := range g.Nodes {
		s := 0
		for d := range 4 {
			if p := g.PairAt[i][d]; p >= 0 {
				s += int(sol[p])
			}
		}
		if s != nd.Mag {
			return false
		}
	}
	seen := make([]bool, len(g.Nodes))
	edges := 0
	for p := range g.Pairs {
		if sol[p] > 0 {
			edges++
		}
	}
	comps := 0
	for s := range g.Nodes {
		if seen[s] {
			continue
		}
		comps++
		stack := []int{s}
		seen[s] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for d := range 4 {
				if p := g.PairAt[i][d]; p >= 0 && sol[p] > 0 && !seen[g.Nbr[i][d]] {
					seen[g.Nbr[i][d]] = true
					stack = append(stack, int(g.Nbr[i][d]))
				}
			}
		}
	}
	if !rules.AllowDisconnected && comps > 1 {
		return false
	}
	if rules.NoLoops && edges != len(g.Nodes)-comps {
		return false
	}
	return true
}

func TestSolutionFromBridges(t *testing.T) {
	t.Parallel()
	g := gridOf(t, 3, 3, 2, 2, 0, 2, 0, 0, 0, 2, 0, 2)
	sols := bruteSolutions(t, g, Rules{})
	if len(sols) != 1 {
		t.Fatalf("ring: %d solutions, want 1", len(sols))
	}
	back, err := SolutionFromBridges(g, Bridges(g, sols[0]))
	if err != nil || fmt.Sprint(back) != fmt.Sprint(sols[0]) {
		t.Errorf("round trip: %v %v", back, err)
	}
	if _, err := SolutionFromBridges(g, []Bridge{{R1: 0, C1: 0, R2: 2, C2: 2, N: 1}}); !errors.Is(err, ErrNotNeighbours) {
		t.Errorf("diagonal: %v", err)
	}
	if _, err := SolutionFromBridges(g, []Bridge{{R1: 0, C1: 0, R2: 0, C2: 2, N: 2}, {R1: 0, C1: 2, R2: 0, C2: 0, N: 1}}); !errors.Is(err, ErrOverLimit) {
		t.Errorf("3 on a pair: %v", err)
	}
}

func FuzzVerify(f *testing.F) {
	f.Add(3, 3, []byte{2, 0, 2, 0, 0, 0, 2, 0, 2}, 2, []byte{0, 0, 0, 2, 1, 0, 2, 2, 2, 1})
	f.Fuzz(func(t *testing.T, rows, cols int, clueBytes []byte, k int, bridgeBytes []byte) {
		if rows < 1 || cols < 1 || rows > 8 || cols > 8 || len(clueBytes) < rows*cols || k > MaxK {
			return
		}
		clues := make([]int, rows*cols)
		for i := range clues {
			clues[i] = int(clueBytes[i] % 10)
		}
		var br []Bridge
		for i := 0; i+5 <= len(bridgeBytes); i += 5 {
			b := bridgeBytes[i : i+5]
			br = append(br, Bridge{R1: int(b[0] % 9), C1: int(b[1] % 9), R2: int(b[2] % 9), C2: int(b[3] % 9), N: int(b[4]%5) - 1})
		}
		err := Verify(rows, cols, clues, k, Rules{}, br)
		if err == nil {
			// An accepted list must also satisfy the Grid model's view.
			g, gerr := NewGrid(rows, cols, max(k, 1), clues)
			if gerr != nil {
				return
			}
			sol, serr := SolutionFromBridges(g, br)
			if serr != nil || !modelSolved(g, Rules{}, sol) {
				t.Fatalf("Verify accepted %v, the model does not (%v)", br, serr)
			}
		}
	})
}
