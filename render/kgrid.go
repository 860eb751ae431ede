package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/numberlink"
)

// KGridOptions configures KGrid and TauFrames.
type KGridOptions struct {
	Layout
	// Caption is written under the grid, wrapped to its width.
	Caption string
	// Highlight[p] > 0 draws that many of pair p's bridges in the
	// highlight colour (the connections a τ step just drew); nil for none.
	Highlight []int8
	// Node is ringed in the highlight colour when Highlight is not nil
	// (-1 for no node).
	Node int
}

var (
	kgNodeFill = white
	kgDone     = color3(178, 242, 187) // a node with all its connections
	kgOver     = color3(255, 201, 201) // a node with more than its number
	kgBridge   = ink
	kgNew      = pathC
)

// KGrid draws a numbered k-grid (numberlink.Grid) with the connections of
// sol: every node a circle with its number, every pair's connections as
// one to k parallel lines between the two circles. sol may be nil (the bare
// puzzle) or partial; in a partial drawing nodes that have all their
// connections are filled green and nodes with too many red. Empty cells are
// marked with a faint dot when cells are large enough.
// The cost is O(cells + pairs).
func KGrid(g *numberlink.Grid, sol numberlink.Solution, opt KGridOptions) (*Picture, error) {
	if err := checkKGrid(g, sol, ""); err != nil {
		return nil, err
	}
	if opt.Highlight != nil && len(opt.Highlight) != len(g.Pairs) {
		return nil, fmt.Errorf("%w: a highlight of %d pairs for a grid of %d", ErrInput, len(opt.Highlight), len(g.Pairs))
	}
	cs := opt.cell(g.Rows, g.Cols)
	f := newFrame(g.Rows, g.Cols, cs, 0)
	var caption []string
	capFont := 13.0
	if opt.Caption != "" {
		caption = wrap(opt.Caption, max(int(f.width()/(0.55*capFont)), 16))
	}
	p := &Picture{Width: f.width(), Height: f.boardH() + 2*f.y0 + float64(len(caption))*capFont*1.35}
	p.rect(0, 0, p.Width, p.Height, white, none, 0)
	p.rect(f.x0, f.y0, f.boardW(), f.boardH(), none, gridLine, 1)
	rad := cs * 0.36
	if cs >= 8 {
		for r := range g.Rows {
			for c := range g.Cols {
				if g.NodeAt(r, c) < 0 {
					x, y := f.centre(r, c)
					p.circle(x, y, max(cs*0.04, 0.75), gridLine, none, 0)
				}
			}
		}
	}
	d := kgDraw{p: p, g: g, sol: sol, centre: f.centre, cs: cs, rad: rad, lw: min(max(cs*0.045, 1), 3)}
	d.bridges(opt.Highlight)
	ring := -1
	if opt.Highlight != nil {
		ring = opt.Node
	}
	d.nodes(min(0.45*cs, 1.1*cs/float64(d.digits())), ring)
	for i, line := range caption {
		p.text(f.x0, f.boardH()+2*f.y0+(float64(i)+0.5)*capFont*1.35-f.y0/2, line, capFont, ink, anchorStart, false)
	}
	return p, nil
}

// checkKGrid checks that sol (nil for none) fits g's pairs and its bridge
// limit; what names the grid in the message ("hex " or "").
func checkKGrid(g *numberlink.Grid, sol numberlink.Solution, what string) error {
	if sol != nil && len(sol) != len(g.Pairs) {
		return fmt.Errorf("%w: a solution of %d pairs for a %sgrid of %d", ErrInput, len(sol), what, len(g.Pairs))
	}
	for p, x := range sol {
		if x < 0 || int(x) > g.K {
			return fmt.Errorf("%w: %d connections on pair %d; k = %d", ErrInput, x, p, g.K)
		}
	}
	return nil
}

// kgDraw draws the bridges and nodes of a k-grid on any lattice, given
// where the centre of each cell lies: what KGrid and HexGrid share.
type kgDraw struct {
	p           *Picture
	g           *numberlink.Grid
	sol         numberlink.Solution
	centre      func(r, c int) (float64, float64)
	cs, rad, lw float64
}

// bridges draws each pair's connections as parallel lines along the
// segment between the two circles, spread across it over at most 60% of a
// node's diameter; highlight[p] (nil for none) of them in the highlight
// colour.
func (d kgDraw) bridges(highlight []int8) {
	for pi, pr := range d.g.Pairs {
		n := 0
		if d.sol != nil {
			n = int(d.sol[pi])
		}
		if n == 0 {
			continue
		}
		hl := 0
		if highlight != nil {
			hl = min(int(highlight[pi]), n)
		}
		a, b := d.g.Nodes[pr.A], d.g.Nodes[pr.B]
		x0, y0 := d.centre(a.Row, a.Col)
		x1, y1 := d.centre(b.Row, b.Col)
		l := math.Hypot(x1-x0, y1-y0)
		ux, uy := (x1-x0)/l, (y1-y0)/l // along the pair
		nx, ny := -uy, ux              // across it (rightwards on a vertical pair)
		if ny == 0 && nx < 0 {
			nx = -nx
		}
		gap := min(d.cs*0.14, 1.2*d.rad/float64(n))
		for i := range n {
			off := (float64(i) - float64(n-1)/2) * gap
			col, w := kgBridge, d.lw
			if i >= n-hl {
				col, w = kgNew, d.lw*1.4
			}
			d.p.line([]float64{x0 + ux*d.rad + nx*off, y0 + uy*d.rad + ny*off, x1 - ux*d.rad + nx*off, y1 - uy*d.rad + ny*off}, col, w)
		}
	}
}

// digits is the width of the longest clue.
func (d kgDraw) digits() int {
	n := 1
	for _, nd := range d.g.Nodes {
		n = max(n, len(strconv.Itoa(nd.Mag)))
	}
	return n
}

// nodes draws every node as a circle with its number in font size fs:
// green with all its connections, red with too many (when there is a
// solution), node ring ringed in the highlight colour (-1 for none).
func (d kgDraw) nodes(fs float64, ring int) {
	conn := make([]int, len(d.g.Nodes))
	for pi, x := range d.sol {
		conn[d.g.Pairs[pi].A] += int(x)
		conn[d.g.Pairs[pi].B] += int(x)
	}
	for i, nd := range d.g.Nodes {
		x, y := d.centre(nd.Row, nd.Col)
		fill := kgNodeFill
		switch {
		case d.sol == nil:
		case conn[i] > nd.Mag:
			fill = kgOver
		case conn[i] == nd.Mag:
			fill = kgDone
		}
		stroke, w := ink, d.lw
		if i == ring {
			stroke, w = kgNew, d.lw*2
		}
		d.p.circle(x, y, d.rad, fill, stroke, w)
		if fs >= MinLabel/2 {
			d.p.text(x, y, strconv.Itoa(nd.Mag), fs, ink, anchorMiddle, true)
		}
	}
}

// wrap breaks s into lines of at most width characters at spaces.
func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for w := range strings.FieldsSeq(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// TauFrames draws a τ trace (numberlink.Tau, the seed's §3.2) as a
// sequence of pictures: frame 0 is the bare grid, and frame i shows the
// connections drawn by steps 1..i, with those of step i and its node in the
// highlight colour and the step described in the caption. The steps are
// replayed on a fresh connection count, so the frames show exactly what the
// trace records. A step that would exceed k on a pair or point at a missing
// neighbour is an error.
// The cost is O(len(steps) * (cells + pairs)).
func TauFrames(g *numberlink.Grid, steps []numberlink.TauStep, opt KGridOptions) ([]*Picture, error) {
	conn := make(numberlink.Solution, len(g.Pairs))
	frames := make([]*Picture, 0, len(steps)+1)
	o := opt
	o.Node = -1
	o.Caption = fmt.Sprintf("τ on a %dx%d %d-grid: no connections drawn yet (%d steps follow)", g.Rows, g.Cols, g.K, len(steps))
	pic, err := KGrid(g, conn, o)
	if err != nil {
		return nil, err
	}
	frames = append(frames, pic)
	for si, st := range steps {
		if st.Node < 0 || st.Node >= len(g.Nodes) {
			return nil, fmt.Errorf("%w: τ step %d names node %d of %d", ErrInput, si+1, st.Node, len(g.Nodes))
		}
		hl := make([]int8, len(g.Pairs))
		for d := range 4 {
			if st.Word[d] == 0 {
				continue
			}
			pi := g.PairAt[st.Node][d]
			if pi < 0 || int(conn[pi])+st.Word[d] > g.K {
				nd := g.Nodes[st.Node]
				return nil, fmt.Errorf("%w: τ step %d draws %d %s from the node at %d,%d, which the grid does not allow (k = %d)", ErrInput, si+1, st.Word[d], numberlink.Direction(d), nd.Row+1, nd.Col+1, g.K)
			}
			conn[pi] += int8(st.Word[d])
			hl[pi] = int8(st.Word[d])
		}
		o := opt
		o.Highlight, o.Node = hl, st.Node
		o.Caption = fmt.Sprintf("%d/%d: %s", si+1, len(steps), st.Format(g))
		pic, err := KGrid(g, append(numberlink.Solution(nil), conn...), o)
		if err != nil {
			return nil, err
		}
		frames = append(frames, pic)
	}
	return frames, nil
}
