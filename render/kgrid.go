package render

import (
	"fmt"
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
	if sol != nil && len(sol) != len(g.Pairs) {
		return nil, fmt.Errorf("%w: a solution of %d pairs for a grid of %d", ErrInput, len(sol), len(g.Pairs))
	}
	if opt.Highlight != nil && len(opt.Highlight) != len(g.Pairs) {
		return nil, fmt.Errorf("%w: a highlight of %d pairs for a grid of %d", ErrInput, len(opt.Highlight), len(g.Pairs))
	}
	for p, x := range sol {
		if x < 0 || int(x) > g.K {
			return nil, fmt.Errorf("%w: %d connections on pair %d; k = %d", ErrInput, x, p, g.K)
		}
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
	lw := min(max(cs*0.045, 1), 3)
	for pi, pr := range g.Pairs {
		n := 0
		if sol != nil {
			n = int(sol[pi])
		}
		if n == 0 {
			continue
		}
		hl := 0
		if opt.Highlight != nil {
			hl = min(int(opt.Highlight[pi]), n)
		}
		a, b := g.Nodes[pr.A], g.Nodes[pr.B]
		x0, y0 := f.centre(a.Row, a.Col)
		x1, y1 := f.centre(b.Row, b.Col)
		// Parallel lines across the pair, spread over at most 60% of a
		// node's diameter.
		gap := min(cs*0.14, 1.2*rad/float64(n))
		for i := range n {
			off := (float64(i) - float64(n-1)/2) * gap
			col, w := kgBridge, lw
			if i >= n-hl {
				col, w = kgNew, lw*1.4
			}
			if pr.Horizontal {
				p.line([]float64{x0 + rad, y0 + off, x1 - rad, y1 + off}, col, w)
			} else {
				p.line([]float64{x0 + off, y0 + rad, x1 + off, y1 - rad}, col, w)
			}
		}
	}
	conn := make([]int, len(g.Nodes))
	for pi, x := range sol {
		conn[g.Pairs[pi].A] += int(x)
		conn[g.Pairs[pi].B] += int(x)
	}
	digits := 1
	for _, nd := range g.Nodes {
		digits = max(digits, len(strconv.Itoa(nd.Mag)))
	}
	fs := min(0.45*cs, 1.1*cs/float64(digits))
	for i, nd := range g.Nodes {
		x, y := f.centre(nd.Row, nd.Col)
		fill := kgNodeFill
		switch {
		case sol == nil:
		case conn[i] > nd.Mag:
			fill = kgOver
		case conn[i] == nd.Mag:
			fill = kgDone
		}
		stroke, w := ink, lw
		if i == opt.Node && opt.Highlight != nil {
			stroke, w = kgNew, lw*2
		}
		p.circle(x, y, rad, fill, stroke, w)
		if fs >= MinLabel/2 {
			p.text(x, y, strconv.Itoa(nd.Mag), fs, ink, anchorMiddle, true)
		}
	}
	for i, line := range caption {
		p.text(f.x0, f.boardH()+2*f.y0+(float64(i)+0.5)*capFont*1.35-f.y0/2, line, capFont, ink, anchorStart, false)
	}
	return p, nil
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
