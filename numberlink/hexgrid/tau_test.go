package hexgrid

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink"
)

// TestPhiSizes: |Φ_k[p]| over r of the six directions is the closed
// formula numberlink.ConfigFormula(n, k, r) for every r = 0..6 (Figure 5's
// tables for r = 2, 3, 4, continued to the hex lattice's r = 5 and 6).
func TestPhiSizes(t *testing.T) {
	for k := 1; k <= 3; k++ {
		for mask := range 1 << 6 {
			r := 0
			for d := range 6 {
				r += mask >> d & 1
			}
			for n := 0; n <= 6*k+1; n++ {
				got := len(numberlink.PhiOver(k, n, mask))
				if want := numberlink.ConfigFormula(n, k, r); want.Int64() != int64(got) {
					t.Fatalf("k=%d mask %06b n=%d: %d words, formula %v", k, mask, n, got, want)
				}
			}
		}
	}
	// Hex rows of Figure 5's kind: six neighbours, k = 2.
	want := []int{1, 6, 21, 50, 90, 126, 141, 126, 90, 50, 21, 6, 1}
	for n, w := range want {
		if got := len(numberlink.PhiOver(2, n, 63)); got != w {
			t.Fatalf("r=6 k=2 n=%d: %d, want %d", n, got, w)
		}
	}
}

// TestTauSound: every connection τ draws is in every solution (checked
// against all solutions from Enumerate, which the brute force confirms),
// a τ that completes the grid means exactly one solution, and τ never
// claims a contradiction on a solvable grid.
func TestTauSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	solved, drew := 0, 0
	n := testfix.Scale(1500, 400, 1500)
	for i := range n {
		rows, cols, k, clues := randomPuzzle(rng)
		g, err := NewGrid(rows, cols, k, clues)
		if err != nil {
			t.Fatal(err)
		}
		rules := Rules{NoLoops: i%4 == 3}
		var sols []Solution
		numberlink.Enumerate(context.Background(), g, numberlink.SolveOptions{Rules: rules}, func(s Solution) bool { sols = append(sols, s); return true })
		res, err := Tau(context.Background(), g, rules)
		if err != nil {
			t.Fatal(err)
		}
		if len(sols) > 0 && res.Contradiction != nil {
			t.Fatalf("case %d: %d solutions but τ says %v", i, len(sols), res.Contradiction)
		}
		for _, s := range sols {
			for p, x := range res.State.Conn {
				if x > s[p] {
					t.Fatalf("case %d: τ drew %d on pair %d, a solution has %d", i, x, p, s[p])
				}
			}
		}
		if res.Solved {
			solved++
			if len(sols) != 1 {
				t.Fatalf("case %d: τ solved a grid with %d solutions", i, len(sols))
			}
		}
		if len(res.Steps) > 0 {
			drew++
		}
	}
	if solved < n/20 || drew < n/5 {
		t.Fatalf("τ solved %d and drew on %d of %d: too weak a test", solved, drew, n)
	}
	t.Logf("τ solved %d and drew something on %d of %d random grids", solved, drew, n)
}

func TestTauSmall(t *testing.T) {
	data, _ := os.ReadFile("testdata/small.hex")
	p, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Tau(context.Background(), p.Grid, p.Rules)
	if err != nil || !res.Solved {
		t.Fatalf("τ: %v %+v", err, res.Contradiction)
	}
	// Step 1 first: the 2 at (1,1) has one neighbour and magn = 1·k.
	rep := NewTauReport(p.Grid, res)
	if rep.Steps[0].Step != 1 || rep.Steps[0].Text != "step 1: node (1,1) magn 2: magn = rk = 1·2: draws 2 to (1,3)" {
		t.Fatalf("first step %+v", rep.Steps[0])
	}
}
