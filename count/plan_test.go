package count

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// refWatch is the watch list of step i as first written (quadratic): every
// unprocessed vertex with a processed neighbour or fewer than two
// unprocessed neighbours, in ascending order.
func refWatch(g *graph.Graph, order []int32, i int) []watch {
	n := g.N()
	rank := make([]int32, n)
	for k, v := range order {
		rank[v] = int32(k)
	}
	var wide []int32 // the frontier before step i, then order[i]
	for _, u := range order[:i] {
		for _, x := range g.Neighbors(u) {
			if rank[x] >= int32(i) {
				wide = append(wide, u)
				break
			}
		}
	}
	wide = append(wide, order[i])
	var out []watch
	for u := range int32(n) {
		if rank[u] <= int32(i) {
			continue
		}
		var wu watch
		for _, x := range g.Neighbors(u) {
			if rank[x] > int32(i) {
				wu.unp++
			} else {
				wu.mask[wideMask] |= 1 << slices.Index(wide, x)
			}
		}
		wu.unp = min(wu.unp, 2)
		if wu.unp < 2 || wu.mask[wideMask] != 0 {
			out = append(out, wu)
		}
	}
	return out
}

// TestPlanWatch: the near-linear plan's watch lists are the quadratic
// definition's, except that of the vertices far from the frontier with
// fewer than two neighbours left it keeps the first three of each kind
// (more prune no more states).
func TestPlanWatch(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 60 {
		n := 6 + rng.IntN(30)
		var edges [][2]int32
		for range n + rng.IntN(2*n) {
			a, b := int32(rng.IntN(n)), int32(rng.IntN(n))
			if a != b {
				edges = append(edges, [2]int32{a, b})
			}
		}
		g, err := graph.FromEdges(n, edges)
		if err != nil {
			continue // a repeated edge
		}
		order := identity(n)
		rng.Shuffle(n, func(a, b int) { order[a], order[b] = order[b], order[a] })
		pl, err := newPlan(context.Background(), g, order, nil, true)
		if errors.Is(err, ErrTooWide) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			want := refWatch(g, order, i)
			var capped []watch
			seen := map[[2]int]int{}
			for _, w := range want {
				if w.mask[wideMask] == 0 {
					k := [2]int{int(w.unp), b2i(w.req)}
					if seen[k]++; seen[k] > 3 {
						continue
					}
				}
				capped = append(capped, w)
			}
			got := pl.steps[i].watch
			if len(got) != len(capped) {
				t.Fatalf("trial %d step %d: %d watch entries, want %d", trial, i, len(got), len(capped))
			}
			for j := range got {
				g, w := got[j], capped[j]
				if g.mask[wideMask] != w.mask[wideMask] || g.unp != w.unp || g.req != w.req {
					t.Fatalf("trial %d step %d entry %d: %+v, want %+v", trial, i, j, g, w)
				}
			}
		}
	}
}

// TestHugeThinBoardStops: planning and counting a board of a million
// cells in one row obey a short timeout (planning was quadratic, minutes
// long, with no look at the context); Choose is linear.
func TestHugeThinBoardStops(t *testing.T) {
	for _, spec := range []string{"knight", "king"} {
		b, err := board.New(1, 1_000_000)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := moves.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		bg := moves.Build(b, ms)
		p := hamilton.Problem{G: bg.Graph}
		t0 := time.Now()
		order := BoardOrder(bg)
		ch := Choose(p, order)
		if d := time.Since(t0); d > 20*time.Second {
			t.Errorf("%s: BoardOrder and Choose took %v", spec, d)
		}
		t.Logf("%s: %s", spec, ch.Reason)
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		t0 = time.Now()
		n, _, err := Count(ctx, p, Options{Order: order})
		cancel()
		d := time.Since(t0)
		t.Logf("%s: count %d, %v after %v", spec, n, err, d)
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: %v", spec, err)
		}
		if err == nil && (spec == "knight" && n != 0 || spec == "king" && n != 2) {
			t.Errorf("%s: count %d", spec, n)
		}
		if d > 5*time.Second {
			t.Errorf("%s: a 200 ms timeout was obeyed after %v", spec, d)
		}
	}
}
