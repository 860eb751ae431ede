package hamilton_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
)

// givensMaxPaths bounds the graphs whose paths are all listed for the
// givens tests.
const givensMaxPaths = 20000

// TestGivensOracle puts Hidato-style givens on every graph of the shared
// table with a manageable number of solutions: givens copied from a known
// solution (with and without its start or end, open and closed), which must
// keep that solution findable, and givens drawn at random, which may be
// contradictory. Every count must equal the brute force filtered by the
// givens, Find must succeed exactly when that count is positive, and
// Precheck must never claim a solvable problem unsolvable.
func TestGivensOracle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2, 3))
	// Open cases without fixed ends, with a few solutions to draw from.
	few := func(c *oracle.Case) bool {
		return !c.Closed && c.Start < 0 && c.End < 0 && c.Want() > 0 && c.Want() <= givensMaxPaths
	}
	eachCase(t, 3, few, func(t *testing.T, c *oracle.Case) {
		og := c.Graph()
		n := og.N()
		var paths [][]int32
		og.Paths(func(p []int) {
			q := make([]int32, n)
			for j, v := range p {
				q[j] = int32(v)
			}
			paths = append(paths, q)
		})
		var cycles [][]int32 // paths whose ends are adjacent
		for _, p := range paths {
			if n >= 3 && og.Adjacent(int(p[0]), int(p[n-1])) {
				cycles = append(cycles, p)
			}
		}
		type trial struct {
			name string
			p    hamilton.Problem
			from []int32 // the solution the givens were taken from, if any
		}
		var trials []trial
		for k := range 6 {
			p, _ := problem(t, c, false)
			p.Givens = make([]int32, n)
			for v := range p.Givens {
				p.Givens[v] = -1
			}
			var from []int32
			switch {
			case k < 3 || (k == 5 && len(cycles) == 0):
				from = paths[rng.IntN(len(paths))]
				for range 1 + rng.IntN(min(3, n)) {
					pos := rng.IntN(n)
					p.Givens[from[pos]] = int32(pos)
				}
				if rng.IntN(3) == 0 {
					p.FixStart, p.Start = true, from[0]
				}
				if rng.IntN(3) == 0 {
					p.FixEnd, p.End = true, from[n-1]
				}
			case k < 5:
				// Random givens: distinct vertices at distinct positions.
				verts, poss := rng.Perm(n), rng.Perm(n)
				for j := range 1 + rng.IntN(min(2, n)) {
					p.Givens[verts[j]] = int32(poss[j])
				}
			default:
				from = cycles[rng.IntN(len(cycles))]
				p.Closed = true
				p.FixStart, p.Start = true, from[0]
				for range 1 + rng.IntN(min(3, n)) {
					pos := rng.IntN(n)
					p.Givens[from[pos]] = int32(pos)
				}
			}
			trials = append(trials, trial{fmt.Sprint(k), p, from})
		}
		t.Run(c.Board+"/"+c.Moves, func(t *testing.T) {
			for _, tr := range trials {
				p := tr.p
				var want uint64
				for _, q := range paths {
					if checkPath(og, p, q) == nil {
						want++
					}
				}
				if tr.from != nil && want == 0 {
					t.Fatalf("trial %s: test bug: the source solution does not satisfy its givens", tr.name)
				}
				desc := fmt.Sprintf("trial %s (givens %v fixed start %v end %v closed %v)", tr.name, p.Givens, p.FixStart, p.FixEnd, p.Closed)
				for _, cfg := range countConfigs {
					q := p
					if cfg.sym {
						q.Symmetries = boardGraph(t, c).Automorphisms()
					}
					got, _, err := hamilton.Count(ctx, q, cfg.opt)
					if err != nil || got != want {
						t.Errorf("%s: %s: Count = %d, %v; want %d", desc, cfg.name, got, err, want)
					}
				}
				if !p.Closed && !p.FixStart {
					q := p
					q.Symmetries = boardGraph(t, c).Automorphisms()
					per, _, err := hamilton.CountPerStart(ctx, q, hamilton.Options{Workers: 2, MemoBits: 6})
					var sum uint64
					for _, x := range per {
						sum += x
					}
					if err != nil || sum != want {
						t.Errorf("%s: CountPerStart sums to %d, %v; want %d", desc, sum, err, want)
					}
				}
				if reason, err := hamilton.Precheck(&p); err != nil || (reason != nil && want > 0) {
					t.Errorf("%s: Precheck = %v, %v with %d solutions", desc, reason, err, want)
				}
				for _, workers := range []int{1, 2} {
					path, _, err := hamilton.Find(ctx, p, hamilton.Options{Workers: workers})
					switch {
					case want > 0 && err != nil:
						t.Errorf("%s: workers=%d: Find: %v; %d solutions exist", desc, workers, err, want)
					case want > 0:
						if err := checkPath(og, p, path); err != nil {
							t.Errorf("%s: workers=%d: Find returned %v: %v", desc, workers, path, err)
						}
					case !errors.Is(err, hamilton.ErrNoSolution):
						t.Errorf("%s: workers=%d: Find = %v, %v; want ErrNoSolution", desc, workers, path, err)
					}
				}
				if want <= 2000 {
					n, _, bad, err := enumerateChecked(ctx, og, p, hamilton.Options{Workers: 2})
					if bad != nil {
						t.Errorf("%s: Enumerate yielded an %v", desc, bad)
					}
					if err != nil || n != want {
						t.Errorf("%s: Enumerate = %d, %v; want %d", desc, n, err, want)
					}
				}
			}
		})
	})
}

// Malformed problems are rejected with ErrInvalid by every entry point.
func TestInvalidProblems(t *testing.T) {
	t.Parallel()
	c := findCase(t, "hopido/4x5/open")
	base, _ := problem(t, c, false)
	n := int32(base.G.N())
	givens := func(pairs ...int32) []int32 {
		g := make([]int32, n)
		for i := range g {
			g[i] = -1
		}
		for i := 0; i < len(pairs); i += 2 {
			g[pairs[i]] = pairs[i+1]
		}
		return g
	}
	tests := []struct {
		name string
		mod  func(p *hamilton.Problem)
	}{
		{"start out of range", func(p *hamilton.Problem) { p.FixStart, p.Start = true, n }},
		{"fixed start below 0", func(p *hamilton.Problem) { p.FixStart, p.Start = true, -1 }},
		{"start set without FixStart", func(p *hamilton.Problem) { p.Start = 2 }},
		{"end out of range", func(p *hamilton.Problem) { p.FixEnd, p.End = true, n+5 }},
		{"closed with an end", func(p *hamilton.Problem) { p.Closed, p.FixEnd, p.End = true, true, 3 }},
		{"start equals end", func(p *hamilton.Problem) { *p = p.WithEnds(4, 4) }},
		{"givens too short", func(p *hamilton.Problem) { p.Givens = []int32{0} }},
		{"given position out of range", func(p *hamilton.Problem) { p.Givens = givens(0, n) }},
		{"two vertices at one position", func(p *hamilton.Problem) { p.Givens = givens(0, 3, 1, 3) }},
		{"given clashes with start", func(p *hamilton.Problem) { p.FixStart, p.Start = true, 2; p.Givens = givens(5, 0) }},
		{"given clashes with end", func(p *hamilton.Problem) { p.FixEnd, p.End = true, 2; p.Givens = givens(5, n-1) }},
		{"start given elsewhere", func(p *hamilton.Problem) { p.FixStart, p.Start = true, 2; p.Givens = givens(2, 7) }},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := base
			tc.mod(&p)
			if _, err := hamilton.Precheck(&p); !errors.Is(err, hamilton.ErrInvalid) {
				t.Errorf("Precheck: err = %v, want ErrInvalid", err)
			}
			if _, _, err := hamilton.Count(ctx, p, hamilton.Options{}); !errors.Is(err, hamilton.ErrInvalid) {
				t.Errorf("Count: err = %v, want ErrInvalid", err)
			}
			if _, _, err := hamilton.Find(ctx, p, hamilton.Options{}); !errors.Is(err, hamilton.ErrInvalid) {
				t.Errorf("Find: err = %v, want ErrInvalid", err)
			}
			if _, _, err := hamilton.Enumerate(ctx, p, hamilton.Options{}, 0, func([]int32) bool { return true }); !errors.Is(err, hamilton.ErrInvalid) {
				t.Errorf("Enumerate: err = %v, want ErrInvalid", err)
			}
		})
	}
}

// A closed tour numbered 1..n (n next to 1) with givens but no fixed start:
// the givens fix where the numbering begins, so the solutions are the
// directed Hamiltonian paths with adjacent ends that satisfy the givens
// (each directed cycle at most once: a given fixes its rotation). Givens
// copied from such a path must keep it findable, and Count must equal the
// filtered brute force.
func TestClosedGivensWithoutStart(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 32))
	ctx := context.Background()
	// Closed cases without a fixed start, with a few tours to draw from.
	few := func(c *oracle.Case) bool { return c.Closed && c.Start < 0 && c.Want() > 0 && c.Want() <= 2000 }
	eachCase(t, 1, few, func(t *testing.T, c *oracle.Case) {
		og := c.Graph()
		n := og.N()
		var cycles [][]int32
		og.Paths(func(p []int) {
			if og.Adjacent(p[0], p[n-1]) {
				q := make([]int32, n)
				for j, v := range p {
					q[j] = int32(v)
				}
				cycles = append(cycles, q)
			}
		})
		for range 3 {
			from := cycles[rng.IntN(len(cycles))]
			p, _ := problem(t, c, false)
			p.Givens = make([]int32, n)
			for v := range p.Givens {
				p.Givens[v] = -1
			}
			for range 1 + rng.IntN(2) {
				pos := 1 + rng.IntN(n-1)
				p.Givens[from[pos]] = int32(pos)
			}
			var want uint64
			for _, q := range cycles {
				if checkPath(og, p, q) == nil {
					want++
				}
			}
			desc := fmt.Sprintf("%s givens %v from %v", c.Name, p.Givens, from)
			if got, _, err := hamilton.Count(ctx, p, hamilton.Options{Workers: 1}); err != nil || got != want {
				t.Errorf("%s: Count = %d, %v; want %d", desc, got, err, want)
			}
			path, _, err := hamilton.Find(ctx, p, hamilton.Options{Workers: 1})
			if err != nil {
				t.Errorf("%s: Find: %v", desc, err)
			} else if err := checkPath(og, p, path); err != nil {
				t.Errorf("%s: Find returned %v: %v", desc, path, err)
			}
		}
	})
}
