package hamilton_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// Graphs above 64 vertices take the engine's other code paths (no bit
// masks, local connectivity checks, no memo). Their counts come from closed
// forms: the ladder 2 x n (wazir moves) has 2(n^2-n+2) directed Hamiltonian
// paths for n >= 2 (fitted to the brute force for n = 2..10 and checked
// there by TestLadderFormula), n from a corner, one from corner to opposite
// corner when n is odd (none when even), and one Hamiltonian cycle (2
// directed); the clique chain's count is the product in cliqueChain.
func TestLargeGraphs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, n := range []int{33, 40, 51}[:testfix.Scale(3, 1, 3)] {
		bg := testfix.BoardGraph(t, 2, n, "wazir")
		far := bg.VertexOf[bg.Board.Cell(1, n-1)]
		nn := uint64(n)
		corner := uint64(0)
		if n%2 == 1 {
			corner = 1
		}
		for _, tc := range []struct {
			name       string
			start, end int32
			closed     bool
			want       uint64
		}{
			{"open", -1, -1, false, 2 * (nn*nn - nn + 2)},
			{"from a corner", 0, -1, false, nn},
			{"corner to opposite corner", 0, far, false, corner},
			{"closed", -1, -1, true, 2},
			{"closed from a corner", 0, -1, true, 2},
		} {
			name := fmt.Sprintf("ladder 2x%d %s", n, tc.name)
			p := hamilton.Problem{G: bg.Graph, Closed: tc.closed, Symmetries: bg.Automorphisms()}.WithEnds(tc.start, tc.end)
			checkAll(t, ctx, name, p, tc.want)
		}
		per, _, err := hamilton.CountPerStart(ctx, hamilton.Problem{G: bg.Graph}, hamilton.Options{Workers: 2})
		if err != nil || per[0] != nn || per[far] != nn {
			t.Errorf("ladder 2x%d: per-start at the corners %d, %d, %v; want %d", n, per[0], per[far], err, n)
		}
	}
	g, start, want := cliqueChain(t, 60, []int{5, 5, 5})
	checkAll(t, ctx, "clique chain 60+5+5+5 from the tail", hamilton.Problem{G: g}.WithEnds(start, -1), want.Uint64())
	// With the start free, every path has the tail's end as one end.
	checkAll(t, ctx, "clique chain 60+5+5+5", hamilton.Problem{G: g}, 2*want.Uint64())
	checkAll(t, ctx, "clique chain 60+5+5+5 to the tail", hamilton.Problem{G: g}.WithEnds(-1, start), want.Uint64())
}

// checkAll runs Count (1 and 2 workers), Enumerate and Find on p and
// compares them with want.
func checkAll(t *testing.T, ctx context.Context, name string, p hamilton.Problem, want uint64) {
	t.Helper()
	og := oracleGraphOfGraph(p.G)
	for _, workers := range []int{1, 2} {
		opt := hamilton.Options{Workers: workers}
		if got, _, err := hamilton.Count(ctx, p, opt); err != nil || got != want {
			t.Errorf("%s: workers=%d: Count = %d, %v; want %d", name, workers, got, err, want)
		}
		n, distinct, bad, err := enumerateChecked(ctx, og, p, opt)
		if bad != nil {
			t.Errorf("%s: workers=%d: Enumerate yielded an %v", name, workers, bad)
		}
		if err != nil || n != want || distinct != want {
			t.Errorf("%s: workers=%d: Enumerate = %d (%d distinct), %v; want %d", name, workers, n, distinct, err, want)
		}
		path, _, err := hamilton.Find(ctx, p, opt)
		switch {
		case want == 0 && err == nil:
			t.Errorf("%s: workers=%d: Find returned a path where none exists", name, workers)
		case want > 0 && err != nil:
			t.Errorf("%s: workers=%d: Find: %v", name, workers, err)
		case want > 0:
			if err := checkPath(og, p, path); err != nil {
				t.Errorf("%s: workers=%d: Find: %v", name, workers, err)
			}
		}
	}
}
