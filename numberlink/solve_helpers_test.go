package numberlink

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// Test-only helpers for the solver tests: a reader for Coelho .has files, a
// Tatham game-ID reader, an independent solution checker and a naive
// enumerator. They share no code with the solver.

// readHasTest reads a Coelho .has file with NL-A's ParseHas and checks the
// header's island count.
func readHasTest(path string) (*Grid, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	g, err := parseHas(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var r, c, isl int
	if _, err := fmt.Sscan(string(data), &r, &c, &isl); err != nil || isl != len(g.Nodes) || g.K != 2 {
		return nil, fmt.Errorf("%s: header %d islands, parsed %d (k=%d)", path, isl, len(g.Nodes), g.K)
	}
	return g, nil
}

type coelhoInstance struct {
	name    string
	islands int
	g       *Grid
}

var (
	coelhoOnce sync.Once
	coelhoAll  []coelhoInstance
	coelhoErr  error
)

// loadCoelho reads all instances once, sorted by size then name.
func loadCoelho(tb testing.TB) []coelhoInstance {
	tb.Helper()
	root := testfix.Coelho(tb)
	coelhoOnce.Do(func() {
		for _, size := range []int{100, 200, 300, 400} {
			files, err := filepath.Glob(filepath.Join(root, strconv.Itoa(size), "*.has"))
			if err != nil {
				coelhoErr = err
				return
			}
			sort.Strings(files)
			for _, f := range files {
				g, err := readHasTest(f)
				if err != nil {
					coelhoErr = err
					return
				}
				coelhoAll = append(coelhoAll, coelhoInstance{filepath.Base(f), size, g})
			}
		}
	})
	if coelhoErr != nil {
		tb.Fatal(coelhoErr)
	}
	return coelhoAll
}

// checkSolution checks sol with NL-A's independent verifier (VerifySolution,
// which shares no code with the solver) and with localCheck, and reports ""
// when both accept it, else what was broken (or that they disagree).
func checkSolution(g *Grid, sol Solution, rules Rules) string {
	local := localCheck(g, sol, rules)
	err := VerifySolution(g, rules, sol)
	switch {
	case err != nil && local != "":
		return err.Error()
	case err != nil:
		return "Verify rejects what localCheck accepts: " + err.Error()
	case local != "":
		return "localCheck rejects what Verify accepts: " + local
	}
	return ""
}

// localCheck is a second test-only checker: it recomputes neighbours,
// crossings and connectivity from the node coordinates alone. It returns ""
// when sol solves g under rules, else the first broken rule.
func localCheck(g *Grid, sol Solution, rules Rules) string {
	if len(sol) != len(g.Pairs) {
		return fmt.Sprintf("solution has %d entries for %d pairs", len(sol), len(g.Pairs))
	}
	at := map[[2]int]int{}
	for i, nd := range g.Nodes {
		at[[2]int{nd.Row, nd.Col}] = i
	}
	type seg struct{ a, b, v int }
	var segs []seg
	deg := make([]int, len(g.Nodes))
	for p, pr := range g.Pairs {
		v := int(sol[p])
		if v < 0 || v > g.K {
			return fmt.Sprintf("pair %d has %d connections, limit %d", p, v, g.K)
		}
		a, b := g.Nodes[pr.A], g.Nodes[pr.B]
		// Re-derive that the pair is a nearest-neighbour pair.
		if a.Row == b.Row {
			for c := min(a.Col, b.Col) + 1; c < max(a.Col, b.Col); c++ {
				if _, ok := at[[2]int{a.Row, c}]; ok {
					return fmt.Sprintf("pair %d is not a neighbour pair", p)
				}
			}
		} else if a.Col == b.Col {
			for r := min(a.Row, b.Row) + 1; r < max(a.Row, b.Row); r++ {
				if _, ok := at[[2]int{r, a.Col}]; ok {
					return fmt.Sprintf("pair %d is not a neighbour pair", p)
				}
			}
		} else {
			return fmt.Sprintf("pair %d is not straight", p)
		}
		deg[pr.A] += v
		deg[pr.B] += v
		if v > 0 {
			segs = append(segs, seg{int(pr.A), int(pr.B), v})
		}
	}
	for i, nd := range g.Nodes {
		if deg[i] != nd.Mag {
			return fmt.Sprintf("node %d,%d has %d connections, needs %d", nd.Row+1, nd.Col+1, deg[i], nd.Mag)
		}
	}
	for x := range segs {
		for y := x + 1; y < len(segs); y++ {
			a1, b1 := g.Nodes[segs[x].a], g.Nodes[segs[x].b]
			a2, b2 := g.Nodes[segs[y].a], g.Nodes[segs[y].b]
			if a1.Row == b1.Row && a2.Col == b2.Col {
				// x horizontal, y vertical
			} else if a1.Col == b1.Col && a2.Row == b2.Row {
				a1, b1, a2, b2 = a2, b2, a1, b1
			} else {
				continue
			}
			r, c := a1.Row, a2.Col
			if min(a1.Col, b1.Col) < c && c < max(a1.Col, b1.Col) && min(a2.Row, b2.Row) < r && r < max(a2.Row, b2.Row) {
				return "two connections cross"
			}
		}
	}
	parent := make([]int, len(g.Nodes))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		if parent[x] != x {
			parent[x] = find(parent[x])
		}
		return parent[x]
	}
	comps := len(g.Nodes)
	for _, s := range segs {
		a, b := find(s.a), find(s.b)
		if a == b {
			if rules.NoLoops {
				return "the connections form a loop"
			}
			continue
		}
		parent[a] = b
		comps--
	}
	if !rules.AllowDisconnected && comps > 1 {
		return "the nodes are not all connected"
	}
	return ""
}

// naiveCount enumerates every assignment of 0..K connections to the pairs,
// pruning only when a node already has more connections than its magnitude,
// and counts those checkSolution accepts.
func naiveCount(g *Grid, rules Rules) uint64 {
	deg := make([]int, len(g.Nodes))
	sol := make(Solution, len(g.Pairs))
	var count uint64
	var rec func(p int)
	rec = func(p int) {
		if p == len(g.Pairs) {
			if localCheck(g, sol, rules) == "" {
				count++
			}
			return
		}
		pr := g.Pairs[p]
		for v := 0; v <= g.K; v++ {
			if deg[pr.A]+v > g.Nodes[pr.A].Mag || deg[pr.B]+v > g.Nodes[pr.B].Mag {
				break
			}
			sol[p] = int8(v)
			deg[pr.A] += v
			deg[pr.B] += v
			rec(p + 1)
			deg[pr.A] -= v
			deg[pr.B] -= v
		}
		sol[p] = 0
	}
	rec(0)
	return count
}

// randomSolvedGrid builds a random small grid whose clues come from a random
// assignment of connections, so it often has solutions; with perturb it may
// change one clue so that it often has none.
func randomSolvedGrid(rng *rand.Rand, rows, cols, k int, density float64, perturb bool) *Grid {
	for {
		mask := make([]int, rows*cols)
		for i := range mask {
			if rng.Float64() < density {
				mask[i] = 1
			}
		}
		g0, err := NewGrid(rows, cols, k, mask)
		if err != nil || len(g0.Nodes) == 0 {
			continue
		}
		// Random assignment respecting crossings.
		val := make([]int, len(g0.Pairs))
		for _, p := range rng.Perm(len(g0.Pairs)) {
			ok := true
			for _, q := range g0.Crossings[p] {
				if val[q] > 0 {
					ok = false
				}
			}
			if ok && rng.IntN(3) > 0 {
				val[p] = rng.IntN(k) + 1
			}
		}
		clues := make([]int, rows*cols)
		for p, pr := range g0.Pairs {
			a, b := g0.Nodes[pr.A], g0.Nodes[pr.B]
			clues[a.Row*cols+a.Col] += val[p]
			clues[b.Row*cols+b.Col] += val[p]
		}
		for i, m := range mask {
			if m == 1 && clues[i] == 0 {
				clues[i] = rng.IntN(k) + 1
			}
		}
		if perturb {
			for i := range clues {
				if clues[i] > 0 && rng.IntN(len(g0.Nodes)) == 0 {
					clues[i] += rng.IntN(3) - 1
					if clues[i] == 0 {
						clues[i] = 1
					}
				}
			}
		}
		g, err := NewGrid(rows, cols, k, clues)
		if err != nil {
			continue
		}
		return g
	}
}
