package count

import (
	"fmt"
	"math"

	"github.com/boardgraph/boardgraph/graph"

	"github.com/boardgraph/boardgraph/hamilton"
)

// Choice is the method Choose picks for a count, and why.
type Choice struct {
	DP     bool   // count with Count (else with hamilton.Count)
	Reason string // one line for a person
	// Width is the frontier of the order, Cost the sum over steps of
	// 3^(frontier width), the order's proxy for the states the dynamic
	// program visits (0 when the plan could not be made).
	Width int
	Cost  float64
}

// Thresholds of Choose, measured on this module's counters (2 cores): the
// search counts every board of up to 30 cells in well under a second, and
// the dynamic program handles a cost of 10^8 (knight 7x7 open: 3^14 at its
// widest) in minutes.
const (
	autoSmall   = 30
	autoMaxCost = 1e9
)

// Choose picks the faster counter for p processed in order (nil: vertex
// order; pass BoardOrder for a board), from the frontier alone, without
// counting: the search (hamilton.Count) for problems with givens, for
// graphs of at most 30 vertices, and where the dynamic program's frontier
// is too wide (its cost, the sum over steps of 3^width, above 10^9);
// otherwise the dynamic program, whose time grows with that cost while the
// search's grows with the number of paths. It costs one pass over the
// order (no annealing: pass an order you already have), linear in the
// vertices and edges.
func Choose(p hamilton.Problem, order []int32) Choice {
	if p.Givens != nil {
		return Choice{Reason: "givens: only the search takes them"}
	}
	req, err := check(&p)
	if err != nil {
		return Choice{Reason: err.Error()}
	}
	w, cost, err := orderWidth(p.G, order, !p.Closed && len(req) < 2)
	if err != nil {
		return Choice{Reason: fmt.Sprintf("the dynamic program cannot run: %v", err)}
	}
	c := Choice{Width: w, Cost: cost}
	switch n := p.G.N(); {
	case n <= autoSmall:
		c.Reason = fmt.Sprintf("%d vertices: the search is instant", n)
	case cost > autoMaxCost:
		c.Reason = fmt.Sprintf("frontier %d wide (cost %.3g > %.0g): too wide for the dynamic program", w, cost, autoMaxCost)
	default:
		c.DP = true
		c.Reason = fmt.Sprintf("%d vertices, frontier %d wide (cost %.3g): the dynamic program", n, w, cost)
	}
	return c
}

// orderWidth returns the widest frontier of g processed in order (nil:
// vertex order) and the sum over steps of orderCostBase^width, failing
// as newPlan would (ErrInvalid, ErrTooWide), in time linear in the
// vertices and edges, without building the plan.
func orderWidth(g *graph.Graph, order []int32, freeEnds bool) (int, float64, error) {
	n := g.N()
	if order == nil {
		order = identity(n)
	}
	rank, err := orderRank(n, order)
	if err != nil {
		return 0, 0, err
	}
	width, cost, prev := 0, 0.0, 0
	for w := range frontierWidths(g, order, rank, make([]int, n+1)) {
		if prev+1 > maxWidth {
			break
		}
		width = max(width, w)
		cost += math.Pow(orderCostBase, float64(w))
		prev = w
	}
	if prev+1 > maxWidth {
		return 0, 0, fmt.Errorf("%w: more than %d vertices on the frontier; at most %d are supported", ErrTooWide, maxWidth-1, maxWidth)
	}
	fb := 0
	if freeEnds {
		fb = 2
	}
	if kb := fb + width*int(bitsPerCell(width)); kb > 128 {
		return 0, 0, fmt.Errorf("%w: a frontier of %d vertices needs %d-bit states; at most 128 are supported (try an order with a narrower frontier)", ErrTooWide, width, kb)
	}
	return width, cost, nil
}
