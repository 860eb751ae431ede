package render

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/boardgraph/boardgraph/board"
)

// Edge is a move between two cells (indices of the board) with a weight,
// for example the number of solutions that use the move.
type Edge struct {
	A, B   int32
	Weight float64
}

// EdgeUsage draws every move edge of a board with its width and colour
// given by its weight (see Scale): heavy edges wide and yellow, light ones
// thin and dark, and edges of weight 0 (moves no solution uses) thin and
// pale grey. Each edge is drawn as a shallow arc bent towards the middle
// of the board, so that collinear moves (a (3,0) leaper's hops along a row
// overlap) stay apart and no arc leaves the board. Heavier
// edges are drawn over lighter ones. A colour legend gives the weights.
// The cost is O(cells + edges log edges).
func EdgeUsage(b *board.Board, edges []Edge, opt HeatOptions) (*Picture, error) {
	n := int32(b.Cells())
	ws := make([]float64, 0, len(edges))
	for i, e := range edges {
		if e.A < 0 || e.A >= n || e.B < 0 || e.B >= n || e.A == e.B {
			return nil, fmt.Errorf("%w: edge %d joins cells %d and %d; want two different cells of the %s board", ErrInput, i+1, e.A, e.B, b.Spec())
		}
		if math.IsNaN(e.Weight) || e.Weight < 0 {
			return nil, fmt.Errorf("%w: edge %d (%s-%s) has weight %v; weights are counts, 0 or more", ErrInput, i+1, b.FormatCell(e.A), b.FormatCell(e.B), e.Weight)
		}
		ws = append(ws, e.Weight)
	}
	p, f, lo, hi := legendCanvas(b, opt, ws)
	cs := f.cs
	f.board(p, func(r, c int) bool { return b.Blocked(b.Cell(r, c)) })
	order := make([]int, len(edges))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(edges[i].Weight, edges[j].Weight) })
	minW, maxW := max(0.5, cs*0.03), max(1.5, cs*0.22)
	for _, i := range order {
		e := edges[i]
		a, z := min(e.A, e.B), max(e.A, e.B)
		ra, ca := b.RowCol(a)
		rz, cz := b.RowCol(z)
		x0, y0 := f.centre(ra, ca)
		x1, y1 := f.centre(rz, cz)
		col, w := unusedC, minW
		if e.Weight > 0 {
			t := scaleOf(e.Weight, lo, hi)
			col, w = Scale(t), minW+(maxW-minW)*t
		}
		// Bend towards the board's middle: flip the arc when its left side
		// faces away from the middle.
		mx, my := f.x0+f.boardW()/2, f.y0+f.boardH()/2
		bend := 0.12
		if (y1-y0)*(mx-(x0+x1)/2)-(x1-x0)*(my-(y0+y1)/2) < 0 {
			bend = -bend
		}
		p.line(arc(x0, y0, x1, y1, bend), col, w)
	}
	if cs >= 8 {
		for c := range n {
			if !b.Blocked(c) {
				r, col := b.RowCol(c)
				x, y := f.centre(r, col)
				p.circle(x, y, max(cs*0.06, 1), ink, none, 0)
			}
		}
	}
	legend(p, f.x0+f.boardW()+legendGap, f.y0, f.y0+max(f.boardH(), 100), lo, hi)
	return p, nil
}

// arc returns a polyline of 9 points on the quadratic curve from (x0, y0)
// to (x1, y1) whose middle is pushed bend times the chord's length to the
// left of the direction of travel.
func arc(x0, y0, x1, y1, bend float64) []float64 {
	dx, dy := x1-x0, y1-y0
	// Control point: the middle plus twice the wanted offset (a quadratic
	// curve reaches half way to its control point).
	cx, cy := (x0+x1)/2+2*bend*dy, (y0+y1)/2-2*bend*dx
	const k = 8
	pts := make([]float64, 0, 2*(k+1))
	for i := range k + 1 {
		t := float64(i) / k
		u := 1 - t
		pts = append(pts, u*u*x0+2*u*t*cx+t*t*x1, u*u*y0+2*u*t*cy+t*t*y1)
	}
	return pts
}
