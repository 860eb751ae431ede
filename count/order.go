package count

import (
	"context"
	"iter"
	"math"
	"math/rand/v2"

	"github.com/boardgraph/boardgraph/graph"
)

// orderCostBase is the growth per frontier vertex assumed by the order
// search: a frontier of w vertices is charged orderCostBase^w states.
// Measured layers grow by a factor of about 3 per vertex of width (knight
// 6x6: a search order of width 11 peaks at 86 thousand states, row-major
// of width 13 at 1.9 million).
const orderCostBase = 3.0

// orderCost is the sum over steps of orderCostBase^width: a proxy for the
// states a count with this order visits. rank and delta are scratch space
// (len n and at least n+1), pow[w] = orderCostBase^w.
// It is the annealing's inner loop, so it sums the widths itself rather
// than through frontierWidths (whose iterator costs an allocation a call).
func orderCost(g *graph.Graph, order []int32, rank []int32, delta []int, pow []float64) float64 {
	widthDeltas(context.Background(), g, order, rank, delta)
	c, w := 0.0, 0
	for _, d := range delta[:len(order)] {
		w += d
		c += pow[w]
	}
	return c
}

// frontierWidths yields the frontier's width after each step of order:
// a vertex is on the frontier from its own step to its last neighbour's,
// so the widths are a running sum of interval starts and ends. rank and
// delta are scratch space (len n and at least n+1).
func frontierWidths(g *graph.Graph, order []int32, rank []int32, delta []int) iter.Seq[int] {
	widthDeltas(context.Background(), g, order, rank, delta)
	return func(yield func(int) bool) {
		w := 0
		for _, d := range delta[:len(order)] {
			w += d
			if !yield(w) {
				return
			}
		}
	}
}

// widthDeltas sets delta to the starts (+1) and ends (-1) of the
// frontier intervals of g processed in order (rank: scratch, len n), or
// returns ctx's error when ctx ends (it looks every 65536 vertices).
func widthDeltas(ctx context.Context, g *graph.Graph, order []int32, rank []int32, delta []int) error {
	for i, v := range order {
		rank[v] = int32(i)
	}
	clear(delta)
	for v := range int32(len(order)) {
		if v%(1<<16) == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		last := rank[v]
		for _, w := range g.Neighbors(v) {
			last = max(last, rank[w])
		}
		if last > rank[v] {
			delta[rank[v]]++
			delta[last]--
		}
	}
	return nil
}

// OptimizeOrder improves a vertex order for Count by simulated annealing
// on the sum over steps of 3^(frontier width), a proxy for the number of
// states the count visits: it moves single vertices a few places earlier
// or later and swaps nearby pairs, accepting worse orders with a
// probability that falls over the run (Kirkpatrick, Gelatt and Vecchi,
// Science 220, 1983). The layers of a frontier dynamic program grow
// exponentially with the frontier (a vertex separation, or pathwidth,
// ordering problem; see Bodlaender's surveys on pathwidth), so narrowing
// it by one vertex divides time and memory by about three. The search is
// deterministic for a given seed; iters <= 0 picks 1000 moves per vertex
// (at most 200,000, and fewer on graphs of more than 250 vertices). It never returns an order costlier than start.
func OptimizeOrder(g *graph.Graph, start []int32, seed uint64, iters int) []int32 {
	best, _ := optimizeOrder(context.Background(), g, start, seed, iters, orderCostBase)
	return best
}

// RefineOrder anneals order (from BoardOrder or OptimizeOrder) again for
// as long as the count it is for is worth: OptimizeOrder's default budget
// is sized to take milliseconds, which leaves the orders of large counts
// far from the best it can find (hopido 7x7: frontier 12 wide, 14.0
// million states in all; annealed 100 times longer, 11 wide and 5.1 to
// 5.7 million, 2.5 times faster; docs/results.md). Its budget grows
// with the order's cost (sum over steps of 3^width, about the states the
// count visits): about 3 cost/n moves, so that the annealing takes a few
// percent of the count's time (a move costs about 10 ns a vertex, a state
// about 1 us), at most refineMaxMoves and refineMaxWork/n moves (seconds).
// An order the default budget already suits (a count of about a second or
// less), or one whose count is out of reach whatever the order (cost past
// refineMaxCost), is returned as it is. The result is deterministic for a given
// seed and never costlier than order; when ctx ends it returns the best
// order so far with ctx's error.
func RefineOrder(ctx context.Context, g *graph.Graph, order []int32, seed uint64) ([]int32, error) {
	n := len(order)
	if n < 3 {
		return order, nil
	}
	c := orderCost(g, order, make([]int32, n), make([]int, n+1), powers(orderCostBase, n))
	moves := min(3*c/float64(n), refineMaxMoves, refineMaxWork/float64(n))
	if moves <= float64(defaultMoves(n)) || c > refineMaxCost {
		return order, nil
	}
	return optimizeOrder(ctx, g, order, seed, int(moves), orderCostBase)
}

// refineMaxMoves and refineMaxWork bound RefineOrder's annealing: moves,
// and moves times vertices (about 10 ns each: 20 seconds). Past
// refineMaxCost (centuries of counting) it does not anneal: the count is
// out of reach either way, and refused by its width or its prediction.
const (
	refineMaxMoves = 2e7
	refineMaxWork  = 2e9
	refineMaxCost  = 1e16
)

// powers returns base^0..base^n, orderCost's table.
func powers(base float64, n int) []float64 {
	pow := make([]float64, n+1)
	for i := range pow {
		pow[i] = math.Pow(base, float64(i))
	}
	return pow
}

// defaultMoves is OptimizeOrder's default budget on n vertices.
func defaultMoves(n int) int { return min(1000*n, 200000, 50_000_000/n) }

// optimizeOrder is OptimizeOrder with the growth per frontier vertex as a
// parameter; when ctx ends it returns the best order so far with ctx's
// error (it looks every 256 moves: a few milliseconds on the largest
// graph it is given).
func optimizeOrder(ctx context.Context, g *graph.Graph, start []int32, seed uint64, iters int, base float64) ([]int32, error) {
	n := len(start)
	if n < 3 {
		return append([]int32(nil), start...), nil
	}
	if iters <= 0 {
		iters = defaultMoves(n)
	}
	rank := make([]int32, n)
	delta := make([]int, n+1)
	pow := powers(base, n)
	cur := append([]int32(nil), start...)
	cc := orderCost(g, cur, rank, delta, pow)
	best, bc := append([]int32(nil), cur...), cc
	rng := rand.New(rand.NewPCG(seed, 0x636f756e74))
	temp := cc * 0.05
	cool := math.Pow(1e-4, 1/float64(iters)) // temp falls by 10^4 over the run
	trial := make([]int32, n)
	for it := range iters {
		if it%256 == 0 && ctx.Err() != nil {
			return best, ctx.Err()
		}
		copy(trial, cur)
		i := rng.IntN(n)
		j := min(n-1, max(0, i+rng.IntN(13)-6))
		if rng.IntN(2) == 0 {
			trial[i], trial[j] = trial[j], trial[i]
		} else if i < j { // move trial[i] to j
			x := trial[i]
			copy(trial[i:j], trial[i+1:j+1])
			trial[j] = x
		} else if j < i {
			x := trial[i]
			copy(trial[j+1:i+1], trial[j:i])
			trial[j] = x
		}
		c := orderCost(g, trial, rank, delta, pow)
		if c < cc || rng.Float64() < math.Exp((cc-c)/temp) {
			cur, trial = trial, cur
			cc = c
			if c < bc {
				copy(best, cur)
				bc = c
			}
		}
		temp *= cool
	}
	return best, nil
}
