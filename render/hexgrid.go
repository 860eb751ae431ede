package render

import (
	"math"

	"github.com/boardgraph/boardgraph/numberlink"
)

// HexGridOptions configures HexGrid.
type HexGridOptions struct {
	// Cell is the distance in pixels between the centres of two
	// neighbouring cells (0: 40).
	Cell float64
	// Caption is written under the board, wrapped to its width.
	Caption string
}

var hexCellFill = color3(233, 236, 239)

// HexGrid draws a hexagonal k-grid (numberlink.Hex, odd-r offset layout) with
// the connections of sol: every cell a pale hexagon (pointy top, so rows
// run across the picture and odd rows sit half a cell to the right), every
// node a circle with its number, and every pair's connections as one to k
// parallel lines along the segment between the two centres, on the
// pair's axis (E-W, NW-SE or NE-SW). sol may be nil (the bare puzzle) or
// partial; nodes with all their connections are then filled green, nodes
// with too many red. The cost is O(cells + pairs).
func HexGrid(g *numberlink.Grid, sol numberlink.Solution, opt HexGridOptions) (*Picture, error) {
	if err := checkKGrid(g, sol, "hex "); err != nil {
		return nil, err
	}
	cs := opt.Cell
	if cs <= 0 {
		cs = 40
	}
	if float64(g.Rows)*float64(g.Cols)*cs*cs > 1<<26 {
		cs = math.Max(4, math.Sqrt(float64(1<<26)/(float64(g.Rows)*float64(g.Cols))))
	}
	dy := cs * math.Sqrt(3) / 2
	margin := cs * 0.75
	centre := func(r, c int) (float64, float64) {
		x := margin + cs/2 + float64(c)*cs
		if r%2 == 1 {
			x += cs / 2
		}
		return x, margin + cs/2 + float64(r)*dy
	}
	width := 2*margin + float64(g.Cols)*cs + cs/2
	if g.Rows == 1 {
		width -= cs / 2
	}
	boardH := 2*margin + cs + float64(g.Rows-1)*dy
	var caption []string
	capFont := 13.0
	if opt.Caption != "" {
		caption = wrap(opt.Caption, max(int(width/(0.55*capFont)), 16))
	}
	p := &Picture{Width: width, Height: boardH + float64(len(caption))*capFont*1.35}
	p.rect(0, 0, p.Width, p.Height, white, none, 0)
	// A pointy-top hexagon of width cs has circumradius cs/√3.
	hr := cs / math.Sqrt(3) * 0.97
	for r := range g.Rows {
		for c := range g.Cols {
			x, y := centre(r, c)
			pts := make([]float64, 0, 12)
			for i := range 6 {
				a := math.Pi/6 + float64(i)*math.Pi/3
				pts = append(pts, x+hr*math.Cos(a), y+hr*math.Sin(a))
			}
			p.polygon(pts, hexCellFill)
		}
	}
	d := kgDraw{p: p, g: g, sol: sol, centre: centre, cs: cs, rad: cs * 0.34, lw: min(max(cs*0.045, 1), 3)}
	d.bridges(nil)
	d.nodes(min(0.42*cs, 1.0*cs/float64(d.digits())), -1)
	for i, line := range caption {
		p.text(margin/2, boardH+(float64(i)+0.5)*capFont*1.35, line, capFont, ink, anchorStart, false)
	}
	return p, nil
}
