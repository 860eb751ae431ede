package hamilton_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// Problem.Symmetries promises that a wrong entry costs speed, never
// correctness. Entries of the wrong length, out of range, random
// permutations and the identity, mixed with the board's true automorphisms,
// must leave every count of the table unchanged.
func TestBogusSymmetries(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(13, 14))
	ctx := context.Background()
	// Open cases without a fixed end, where per-start counts apply.
	open := func(c *oracle.Case) bool { return !c.Closed && c.End < 0 }
	eachCase(t, 1, open, func(t *testing.T, c *oracle.Case) {
		p, bg := problem(t, c, false)
		n := bg.N()
		ident := make([]int32, n)
		for v := range ident {
			ident[v] = int32(v)
		}
		random := make([]int32, n)
		for v, w := range rng.Perm(n) {
			random[v] = int32(w)
		}
		outOfRange := append([]int32(nil), ident...)
		outOfRange[n-1] = int32(n + 7)
		negative := append([]int32(nil), ident...)
		negative[0] = -3
		p.Symmetries = append([][]int32{random, ident[:n-1], outOfRange, negative, ident, nil}, bg.Automorphisms()...)
		got, _, err := hamilton.Count(ctx, p, hamilton.Options{Workers: 1, MemoBits: 6})
		if err != nil || got != c.Want() {
			t.Errorf("%s: Count = %d, %v; want %d", c.Name, got, err, c.Want())
		}
		if !p.FixStart {
			per, _, err := hamilton.CountPerStart(ctx, p, hamilton.Options{Workers: 2, MemoBits: 6})
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			for v, x := range per {
				if want := c.Counts().Open(v, -1); x != want {
					t.Errorf("%s: vertex %d: %d, want %d", c.Name, v, x, want)
				}
			}
		}
	})
}

// A map that sends edges to edges and keeps every degree but is not a
// bijection is not an automorphism, yet hamilton accepts it as one and
// counts vertex 5 as if it were in vertex 1's orbit (found by exhaustive
// search over the self-maps of random 6-vertex graphs). Found by this test:
// the per-start count of vertex 5 comes back 0 instead of 10, the total 50
// instead of 60.
func TestSymmetriesMustBeBijections(t *testing.T) {
	t.Parallel()
	g := testfix.FromEdges(t, 6, [][2]int32{{0, 2}, {0, 3}, {0, 4}, {1, 3}, {1, 4}, {1, 5}, {2, 3}, {2, 5}, {4, 5}})
	ctx := context.Background()
	plain := hamilton.Problem{G: g}
	base, _, err := hamilton.CountPerStart(ctx, plain, hamilton.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var total uint64
	for _, x := range base {
		total += x
	}
	if total != 60 {
		t.Fatalf("total without symmetries %d, want 60", total)
	}
	bogus := plain
	bogus.Symmetries = [][]int32{{4, 5, 5, 1, 1, 4}}
	per, _, err := hamilton.CountPerStart(ctx, bogus, hamilton.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for v := range per {
		if per[v] != base[v] {
			t.Errorf("vertex %d: %d paths with the bogus symmetry, %d without", v, per[v], base[v])
		}
	}
	if got, _, err := hamilton.Count(ctx, bogus, hamilton.Options{Workers: 1}); err != nil || got != total {
		t.Errorf("Count with the bogus symmetry = %d, %v; want %d", got, err, total)
	}
}
