package hexgrid

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/verify"
)

// cubeOf is the tests' own offset-to-cube conversion (odd rows shifted
// right), written independently of ToAxial.
func cubeOf(r, c int) [3]int {
	x := c - (r-r%2)/2
	return [3]int{x, -x - r, r}
}

// naivePairs lists the nearest-neighbour node pairs by comparing every two
// nodes: on one hex line (a cube coordinate equal) and no node of that
// line strictly between them. O(nodes^3).
func naivePairs(rows, cols int, clues []int) [][2]int {
	var nodes []int
	for i, m := range clues {
		if m > 0 {
			nodes = append(nodes, i)
		}
	}
	var out [][2]int
	for x, a := range nodes {
		for _, b := range nodes[x+1:] {
			ca, cb := cubeOf(a/cols, a%cols), cubeOf(b/cols, b%cols)
			axis := -1
			for t := range 3 {
				if ca[t] == cb[t] {
					axis = t
				}
			}
			if axis < 0 {
				continue
			}
			between := false
			for _, c := range nodes {
				cc := cubeOf(c/cols, c%cols)
				if c == a || c == b || cc[axis] != ca[axis] {
					continue
				}
				u := (axis + 1) % 3
				if min(ca[u], cb[u]) < cc[u] && cc[u] < max(ca[u], cb[u]) {
					between = true
				}
			}
			if !between {
				out = append(out, [2]int{a, b})
			}
		}
	}
	return out
}

// bruteCount counts the solutions by trying every assignment of 0..k to
// the naive pairs (pruned only by node totals: a node's total may not
// exceed its number, and must equal it once its last pair is set) and
// asking verify.HexGrid about each complete one.
func bruteCount(rows, cols int, clues []int, k int, rules Rules) int {
	pairs := naivePairs(rows, cols, clues)
	deg := make([]int, len(clues))
	last := make([]int, len(clues))
	for i, p := range pairs {
		last[p[0]], last[p[1]] = i, i
	}
	x := make([]int, len(pairs))
	count := 0
	var rec func(i int)
	rec = func(i int) {
		if i == len(pairs) {
			var bs []verify.Bridge
			for j, p := range pairs {
				if x[j] > 0 {
					bs = append(bs, verify.Bridge{R1: p[0] / cols, C1: p[0] % cols, R2: p[1] / cols, C2: p[1] % cols, N: x[j]})
				}
			}
			err := verify.HexGrid(rows, cols, clues, k, verify.KGridRules{NoLoops: rules.NoLoops, AllowDisconnected: rules.AllowDisconnected}, bs)
			if err == nil || crossingOnly && errors.Is(err, verify.ErrCrossing) && crossingFree(rows, cols, clues, k, rules, bs) {
				count++
			}
			return
		}
		a, b := pairs[i][0], pairs[i][1]
		for v := 0; v <= k; v++ {
			if deg[a]+v > clues[a] || deg[b]+v > clues[b] {
				break
			}
			x[i] = v
			deg[a] += v
			deg[b] += v
			if (last[a] != i || deg[a] == clues[a]) && (last[b] != i || deg[b] == clues[b]) {
				rec(i + 1)
			}
			deg[a] -= v
			deg[b] -= v
		}
		x[i] = 0
	}
	rec(0)
	return count
}

// randomPuzzle makes a small random hex puzzle: half the time the clues
// are the degrees of random connections (often solvable), otherwise random
// numbers (often not).
func randomPuzzle(rng *rand.Rand) (rows, cols, k int, clues []int) {
	rows, cols, k = 2+rng.IntN(4), 2+rng.IntN(4), 1+rng.IntN(3)
	clues = make([]int, rows*cols)
	for i := range clues {
		if rng.IntN(100) < 55 {
			clues[i] = 1
		}
	}
	if rng.IntN(2) == 0 {
		for i := range clues {
			if clues[i] > 0 {
				clues[i] = 1 + rng.IntN(min(3*k, 8))
			}
		}
		return
	}
	// Degrees of random counts on the naive pairs (crossings ignored, so
	// some are unsolvable), with a floor of 1 for isolated nodes.
	deg := make([]int, len(clues))
	for _, p := range naivePairs(rows, cols, clues) {
		v := rng.IntN(k + 1)
		deg[p[0]] += v
		deg[p[1]] += v
	}
	for i := range clues {
		if clues[i] > 0 {
			clues[i] = max(deg[i], 1)
		}
	}
	return
}

func TestPairsMatchNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		rows, cols := 1+rng.IntN(7), 1+rng.IntN(7)
		clues := make([]int, rows*cols)
		for i := range clues {
			if rng.IntN(3) == 0 {
				clues[i] = 1
			}
		}
		g, err := NewGrid(rows, cols, 2, clues)
		if err != nil {
			t.Fatal(err)
		}
		var got [][2]int
		for _, p := range g.Pairs {
			a, b := g.Nodes[p.A], g.Nodes[p.B]
			got = append(got, [2]int{a.Row*cols + a.Col, b.Row*cols + b.Col})
		}
		want := naivePairs(rows, cols, clues)
		key := func(a, b [2]int) int {
			if a[0] != b[0] {
				return a[0] - b[0]
			}
			return a[1] - b[1]
		}
		slices.SortFunc(got, key)
		slices.SortFunc(want, key)
		if !slices.Equal(got, want) {
			t.Fatalf("%dx%d %v: pairs %v, naive %v", rows, cols, clues, got, want)
		}
	}
}

func TestCountMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 13))
	n := testfix.Scale(4000, 800, 4000)
	solvable, multi, crossed, tried := 0, 0, 0, 0
	for i := range n {
		rows, cols, k, clues := randomPuzzle(rng)
		if len(naivePairs(rows, cols, clues)) > 14 {
			continue // keep the brute force quick
		}
		tried++
		rules := Rules{}
		switch i % 5 {
		case 3:
			rules.NoLoops = true
		case 4:
			rules.AllowDisconnected = true
		}
		want := bruteCount(rows, cols, clues, k, rules)
		g, err := NewGrid(rows, cols, k, clues)
		if err != nil {
			t.Fatal(err)
		}
		got, first, _, err := numberlink.Count(context.Background(), g, 0, SolveOptions{Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		if int(got) != want {
			t.Fatalf("case %d: %dx%d k=%d %+v clues %v: Count %d, brute force %d", i, rows, cols, k, rules, clues, got, want)
		}
		if got > 1 {
			multi++
		}
		// Counted again without the crossing rule (by brute force only):
		// puzzles where crossing changes the count show the rule is tested.
		if want != bruteCountCrossingsAllowed(rows, cols, clues, k, rules) {
			crossed++
		}
		if got > 0 {
			solvable++
			if err := Verify(g, rules, first); err != nil {
				t.Fatalf("case %d: first solution rejected: %v", i, err)
			}
		}
		// Enumerate gives distinct verified solutions, as many as Count.
		seen := map[string]bool{}
		m, _, err := numberlink.Enumerate(context.Background(), g, numberlink.SolveOptions{Rules: rules}, func(s Solution) bool {
			if err := Verify(g, rules, s); err != nil {
				t.Fatalf("case %d: enumerated solution rejected: %v", i, err)
			}
			seen[fmt.Sprint(s)] = true
			return true
		})
		if err != nil || int(m) != want || len(seen) != want {
			t.Fatalf("case %d: Enumerate %d (%d distinct), want %d, err %v", i, m, len(seen), want, err)
		}
	}
	if solvable < tried/5 || multi < tried/20 || crossed < tried/50 {
		t.Fatalf("%d of %d random puzzles solvable, %d with several solutions, %d where crossing matters: the test is too weak", solvable, tried, multi, crossed)
	}
	t.Logf("%d of %d random puzzles solvable, %d with several solutions, %d where crossing matters", solvable, tried, multi, crossed)
}

// bruteCountCrossingsAllowed is bruteCount for a grid where bridges may
// cross: each solution verify.HexGrid rejects only for crossing counts.
func bruteCountCrossingsAllowed(rows, cols int, clues []int, k int, rules Rules) int {
	crossingOnly = true
	defer func() { crossingOnly = false }()
	return bruteCount(rows, cols, clues, k, rules)
}

var crossingOnly bool

func TestCrossingExample(t *testing.T) {
	// Row 1 is shifted right: (1,0)-(1,2) runs E-W over (1,1) and
	// (0,1)-(2,2) runs NW-SE over it.
	clues := []int{
		0, 1, 0,
		1, 0, 1,
		0, 0, 1,
	}
	g, err := NewGrid(3, 3, 1, clues)
	if err != nil {
		t.Fatal(err)
	}
	find := func(r1, c1, r2, c2 int) int32 {
		for p, pr := range g.Pairs {
			a, b := g.Nodes[pr.A], g.Nodes[pr.B]
			if a.Row == r1 && a.Col == c1 && b.Row == r2 && b.Col == c2 {
				return int32(p)
			}
		}
		t.Fatalf("no pair (%d,%d)-(%d,%d)", r1, c1, r2, c2)
		return -1
	}
	h, d := find(1, 0, 1, 2), find(0, 1, 2, 2)
	if !slices.Equal(g.Crossings[h], []int32{d}) || !slices.Equal(g.Crossings[d], []int32{h}) {
		t.Fatalf("crossings %v", g.Crossings)
	}
	if g.Pairs[h].Dir != numberlink.HexE || g.Pairs[d].Dir != numberlink.HexSE {
		t.Fatalf("directions %v %v", g.Pairs[h].Dir, g.Pairs[d].Dir)
	}
	err = verify.HexGrid(3, 3, clues, 1, verify.KGridRules{AllowDisconnected: true}, []verify.Bridge{{R1: 1, C1: 0, R2: 1, C2: 2, N: 1}, {R1: 0, C1: 1, R2: 2, C2: 2, N: 1}})
	if !errors.Is(err, verify.ErrCrossing) {
		t.Fatalf("verify: %v, want a crossing", err)
	}
}

// crossingFree reports whether bs passes every rule but crossing (degrees,
// connectivity, loops), checked here directly.
func crossingFree(rows, cols int, clues []int, k int, rules Rules, bs []verify.Bridge) bool {
	deg := make([]int, len(clues))
	parent := make([]int, len(clues))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int { // with path halving
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	cycle := false
	for _, b := range bs {
		a, c := b.R1*cols+b.C1, b.R2*cols+b.C2
		deg[a] += b.N
		deg[c] += b.N
		if find(a) == find(c) {
			cycle = true
		}
		parent[find(a)] = find(c)
	}
	root := -1
	for i, m := range clues {
		if m == 0 {
			continue
		}
		if deg[i] != m {
			return false
		}
		if !rules.AllowDisconnected {
			if root < 0 {
				root = find(i)
			} else if find(i) != root {
				return false
			}
		}
	}
	return !(rules.NoLoops && cycle)
}

var hexSeed = flag.Uint64("hexseed", 0, "seed of TestCountFreshPuzzles (0: the clock)")

// TestCountFreshPuzzles runs the brute-force comparison on puzzles no run
// has seen before: the seed comes from the clock (logged; -hexseed N
// repeats a run), and generated puzzles of that seed are checked too.
func TestCountFreshPuzzles(t *testing.T) {
	seed := *hexSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (repeat with -hexseed %d)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, 99))
	for i := range 300 {
		rows, cols, k, clues := randomPuzzle(rng)
		if len(naivePairs(rows, cols, clues)) > 14 {
			continue
		}
		rules := Rules{NoLoops: i%3 == 1}
		g, err := NewGrid(rows, cols, k, clues)
		if err != nil {
			t.Fatal(err)
		}
		got, _, _, err := numberlink.Count(context.Background(), g, 0, SolveOptions{Rules: rules})
		if want := bruteCount(rows, cols, clues, k, rules); err != nil || int(got) != want {
			t.Fatalf("seed %d case %d: %dx%d k=%d %v: Count %d, brute force %d (%v)", seed, i, rows, cols, k, clues, got, want, err)
		}
	}
	for i := range 4 {
		opt := GenerateOptions{Rows: 4 + rng.IntN(5), Cols: 4 + rng.IntN(5), K: 1 + rng.IntN(3), Seed: seed + uint64(i)}
		g, sol, err := Generate(context.Background(), opt)
		if err != nil {
			t.Fatalf("seed %d: %+v: %v", seed, opt, err)
		}
		if n, _, _, _ := numberlink.Count(context.Background(), g, 0, SolveOptions{}); n != 1 || Verify(g, Rules{}, sol) != nil {
			t.Fatalf("seed %d: %+v: %d solutions", seed, opt, n)
		}
	}
}
