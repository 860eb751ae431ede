package count

import (
	"container/heap"
	"context"
	"math/rand/v2"

	"github.com/boardgraph/boardgraph/graph"
)

// GraphOrder returns a vertex order for counting on any graph, whatever
// its numbering: the graph's own numbering decides nothing (GP(47,2)
// numbered outer ring then inner ring has a frontier of 47 vertices; any
// numbering of it gets one of 6 here).
//
// It grows the order greedily, a small-frontier (vertex separation)
// heuristic for pathwidth in the manner of Cuthill and McKee's
// bandwidth ordering (Proc. 24th ACM National Conference, 1969): from a
// pseudo-peripheral vertex (the far end of a breadth-first search from
// the far end of another), it adds at each step the vertex next to the
// processed ones that widens the frontier least (a vertex with
// unprocessed neighbours joins it; processed neighbours whose last
// unprocessed neighbour it was leave it), ties going to the vertex that
// became a candidate first (breadth-first) or last (depth-first). A new
// component starts at its own pseudo-peripheral vertex. Of several
// starts and both tie rules, and the graph's own numbering, it keeps the
// order of least cost (the sum
// over steps of 3^width, about the states a count visits), then anneals
// it with OptimizeOrder's moves when the graph has at most maxOptimize
// vertices, for about 3 cost/n moves (at most OptimizeOrder's default;
// none below 1000): a few percent of the count's time, as RefineOrder
// budgets it, which a caller may run next for a long count. Each greedy pass takes O(m d log n) time for m edges and
// largest degree d. The result is deterministic for a seed; when ctx
// ends it returns the best order so far with ctx's error.
func GraphOrder(ctx context.Context, g *graph.Graph, seed uint64) ([]int32, error) {
	n := g.N()
	if n < 3 {
		return identity(n), nil
	}
	a := farthest(g, 0)
	b := farthest(g, a)
	starts := []int32{b, a}
	if n <= 200_000 {
		rng := rand.New(rand.NewPCG(seed, 0x6f72646572))
		starts = append(starts, int32(rng.IntN(n)), int32(rng.IntN(n)))
	}
	rank, delta, pow := make([]int32, n), make([]int, n+1), powers(orderCostBase, n)
	var best []int32
	bestCost := 0.0
	for _, s := range starts {
		for _, lifo := range []bool{false, true} {
			if err := ctx.Err(); err != nil {
				if best == nil {
					return identity(n), err
				}
				return best, err
			}
			o := greedyOrder(ctx, g, s, lifo)
			if o == nil { // stopped
				continue
			}
			if c := orderCost(g, o, rank, delta, pow); best == nil || c < bestCost {
				best, bestCost = o, c
			}
		}
	}
	// The file's numbering competes too: it wins only where it is
	// cheaper (a board numbered row by row, say).
	if c := orderCost(g, identity(n), rank, delta, pow); c < bestCost {
		best, bestCost = identity(n), c
	}
	// Annealing as RefineOrder budgets it (about 3 cost/n moves, a few
	// percent of the count's time), at most OptimizeOrder's default: a
	// greedy order of a narrow graph is left as it is.
	moves := min(3*bestCost/float64(n), float64(defaultMoves(n)))
	if n > maxOptimize || moves < 1000 {
		return best, nil
	}
	return optimizeOrder(ctx, g, best, seed, int(moves), orderCostBase)
}

// farthest returns a vertex farthest from s by breadth-first search
// (the last one reached, of the component of s).
func farthest(g *graph.Graph, s int32) int32 {
	seen := make([]bool, g.N())
	q := []int32{s}
	seen[s] = true
	for i := 0; i < len(q); i++ {
		for _, w := range g.Neighbors(q[i]) {
			if !seen[w] {
				seen[w] = true
				q = append(q, w)
			}
		}
	}
	return q[len(q)-1]
}

// greedyOrder is GraphOrder's greedy pass from start; lifo breaks ties in
// favour of the latest candidate. When ctx ends it returns nil.
func greedyOrder(ctx context.Context, g *graph.Graph, start int32, lifo bool) []int32 {
	n := g.N()
	done := make([]bool, n)
	unp := make([]int32, n) // unprocessed neighbours
	seq := make([]int64, n) // when a vertex became a candidate (0: not yet)
	for v := range int32(n) {
		unp[v] = int32(len(g.Neighbors(v)))
	}
	// grow is the change of the frontier's width if v were next.
	grow := func(v int32) int32 {
		d := int32(0)
		if unp[v] > 0 {
			d = 1
		}
		for _, w := range g.Neighbors(v) {
			if done[w] && unp[w] == 1 {
				d--
			}
		}
		return d
	}
	h := &candHeap{}
	var clock int64
	push := func(v int32) {
		t := seq[v]
		if lifo {
			t = -t
		}
		heap.Push(h, cand{grow: grow(v), tie: t, v: v})
	}
	order := make([]int32, 0, n)
	next := int32(0) // the lowest vertex maybe not processed (new components)
	take := start
	for len(order) < n {
		if len(order)%4096 == 0 && ctx.Err() != nil {
			return nil
		}
		if take < 0 {
			for h.Len() > 0 {
				c := heap.Pop(h).(cand)
				if !done[c.v] && c.grow == grow(c.v) {
					take = c.v
					break
				}
			}
		}
		if take < 0 { // a new component
			for done[next] {
				next++
			}
			take = farthestUndone(g, next, done)
		}
		v := take
		take = -1
		done[v] = true
		order = append(order, v)
		for _, w := range g.Neighbors(v) {
			unp[w]--
		}
		// Neighbours become candidates; the growth of every unprocessed
		// vertex within two steps of v may have changed.
		for _, w := range g.Neighbors(v) {
			if !done[w] && seq[w] == 0 {
				clock++
				seq[w] = clock
			}
		}
		for _, w := range g.Neighbors(v) {
			if !done[w] {
				push(w)
			}
			for _, x := range g.Neighbors(w) {
				if !done[x] && seq[x] != 0 {
					push(x)
				}
			}
		}
	}
	return order
}

// farthestUndone is farthest within the vertices not done.
func farthestUndone(g *graph.Graph, s int32, done []bool) int32 {
	seen := map[int32]bool{s: true}
	q := []int32{s}
	for i := 0; i < len(q); i++ {
		for _, w := range g.Neighbors(q[i]) {
			if !done[w] && !seen[w] {
				seen[w] = true
				q = append(q, w)
			}
		}
	}
	return q[len(q)-1]
}

// cand is a candidate of greedyOrder: its growth of the frontier when it
// was pushed (stale entries are skipped) and its tie-break.
type cand struct {
	grow int32
	tie  int64
	v    int32
}

type candHeap []cand

func (h candHeap) Len() int { return len(h) }
func (h candHeap) Less(i, j int) bool {
	if h[i].grow != h[j].grow {
		return h[i].grow < h[j].grow
	}
	return h[i].tie < h[j].tie
}
func (h candHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *candHeap) Push(x any)   { *h = append(*h, x.(cand)) }
func (h *candHeap) Pop() (x any) { x, *h = (*h)[len(*h)-1], (*h)[:len(*h)-1]; return x }
