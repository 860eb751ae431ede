package hexgrid

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink"
)

// TestUnsolvableSound: whenever a Proposition part fires, the complete
// counter finds no solution; each part fires on some random grid.
func TestUnsolvableSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	fired := map[string]int{}
	n := testfix.Scale(3000, 600, 3000)
	for range n {
		rows, cols, k, clues := randomPuzzle(rng)
		g, _ := NewGrid(rows, cols, k, clues)
		if len(g.Nodes) == 0 {
			continue
		}
		err := Unsolvable(g)
		if err == nil {
			continue
		}
		if !errors.Is(err, ErrUnsolvable) {
			t.Fatalf("%v does not wrap ErrUnsolvable", err)
		}
		for _, part := range []string{"part 1", "part 2", "part 3", "part 5"} {
			if strings.Contains(err.Error(), part+" ") {
				fired[part]++
			}
		}
		for _, rules := range []Rules{{}, {AllowDisconnected: true}} {
			if n, _, _, _ := numberlink.Count(context.Background(), g, 1, SolveOptions{Rules: rules}); n != 0 {
				t.Fatalf("%v, but a solution exists under %+v: %v", err, rules, clues)
			}
		}
	}
	for _, part := range []string{"part 1", "part 2", "part 3", "part 5"} {
		if fired[part] == 0 {
			t.Errorf("%s never fired: %v", part, fired)
		}
	}
	t.Logf("parts fired: %v", fired)
}

// TestUnsolvablePart6: the seed's incompatible-nodes example shape, a
// node needing j = 2 connections from a neighbour of magnitude 1, is
// caught (by the capped part 3, which implies part 6).
func TestUnsolvablePart6(t *testing.T) {
	// The 4 at (1,2) has two neighbours, (1,1) and (1,3); with k = 2 it
	// needs 2 from each, and (1,1) has magnitude 1.
	g, err := NewGrid(1, 4, 2, []int{1, 4, 2, 1})
	if err != nil {
		t.Fatal(err)
	}
	err = Unsolvable(g)
	if err == nil || !strings.Contains(err.Error(), "part 3") || !strings.Contains(err.Error(), "its neighbours can take only 3") {
		t.Fatalf("%v", err)
	}
}
