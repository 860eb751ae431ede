package render

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"github.com/boardgraph/boardgraph/board"
)

// ErrInput reports data a picture cannot be drawn from (a cell off the
// board, a slice of the wrong length).
var ErrInput = errors.New("cannot draw")

// Show selects what a path picture shows.
type Show int

// What a path picture shows. The zero value, ShowAuto, draws the numbers
// and the path when the numbers are legible at the chosen cell size and
// the path alone otherwise.
const (
	ShowAuto    Show = iota // numbers and path; numbers dropped when illegible
	ShowNumbers             // the numbered grid only, start and end cells tinted
	ShowPath                // the path only, start and end marked
)

// Layout sets the size of a board picture. The zero value fits the board
// in DefaultMaxSize pixels with cells of at most DefaultCellSize pixels.
type Layout struct {
	// CellSize is the side of a cell in pixels; 0 chooses it from MaxSize.
	CellSize float64
	// MaxSize bounds the longer side of the board when CellSize is 0;
	// 0 means DefaultMaxSize.
	MaxSize float64
}

// Default sizes of a board picture.
const (
	DefaultCellSize = 48
	DefaultMaxSize  = 1600
	// MinLabel is the smallest font size, in pixels, at which labels are
	// drawn when the picture chooses for itself.
	MinLabel = 7
)

// cell returns the cell size for a board of rows x cols.
func (l Layout) cell(rows, cols int) float64 {
	if l.CellSize > 0 {
		return l.CellSize
	}
	m := l.MaxSize
	if m <= 0 {
		m = DefaultMaxSize
	}
	cs := math.Floor(m / float64(max(rows, cols)))
	return min(max(cs, 1), DefaultCellSize)
}

// frame holds the geometry shared by board pictures: cell size, margin and
// the origin of the board.
type frame struct {
	rows, cols int
	cs, x0, y0 float64
}

func newFrame(rows, cols int, cs, top float64) frame {
	m := math.Max(2, math.Round(cs*0.25))
	return frame{rows: rows, cols: cols, cs: cs, x0: m, y0: m + top}
}

func (f frame) centre(row, col int) (x, y float64) {
	return f.x0 + (float64(col)+0.5)*f.cs, f.y0 + (float64(row)+0.5)*f.cs
}

func (f frame) width() float64  { return float64(f.cols)*f.cs + 2*f.x0 }
func (f frame) boardW() float64 { return float64(f.cols) * f.cs }
func (f frame) boardH() float64 { return float64(f.rows) * f.cs }

// board draws the board: background, blocked cells and, when cells are
// large enough to see them, the grid lines.
func (f frame) board(p *Picture, blocked func(r, c int) bool) {
	p.rect(f.x0, f.y0, f.boardW(), f.boardH(), white, none, 0)
	for r := range f.rows {
		for c := 0; c < f.cols; {
			if !blocked(r, c) {
				c++
				continue
			}
			c0 := c
			for c < f.cols && blocked(r, c) {
				c++
			}
			p.rect(f.x0+float64(c0)*f.cs, f.y0+float64(r)*f.cs, float64(c-c0)*f.cs, f.cs, blockedC, none, 0)
		}
	}
	f.grid(p)
}

// grid draws the inner cell borders (cells of 10 pixels or more) and the
// outer border.
func (f frame) grid(p *Picture) {
	lw := min(max(f.cs/32, 0.5), 2)
	if f.cs >= 10 {
		for r := 1; r < f.rows; r++ {
			y := f.y0 + float64(r)*f.cs
			p.line([]float64{f.x0, y, f.x0 + f.boardW(), y}, gridLine, lw)
		}
		for c := 1; c < f.cols; c++ {
			x := f.x0 + float64(c)*f.cs
			p.line([]float64{x, f.y0, x, f.y0 + f.boardH()}, gridLine, lw)
		}
	}
	p.rect(f.x0, f.y0, f.boardW(), f.boardH(), none, ink, max(lw, 1))
}

// PathOptions configures Path. The zero value draws numbers and path with
// automatic sizing.
type PathOptions struct {
	Layout
	// Show selects numbers, path or both (see Show).
	Show Show
	// Arrows puts an arrowhead on every move, pointing from step s to
	// s+1 (drawn when cells are at least 10 pixels).
	Arrows bool
	// Closed draws the move from the last cell back to the first.
	Closed bool
	// Gradient colours the path by step along the heatmap scale (Scale),
	// dark purple at the start to yellow-green at the end, so that the eye
	// can follow it where the numbers are too small to print. ShowAuto
	// turns it on by itself when it drops the numbers.
	Gradient bool
	// Highlight lists steps s (1-based) whose move s -> s+1 is drawn in
	// blue, like the 'link' between two tiles in the Diplomatico paper's
	// Figures 4 and 5.
	Highlight []int
}

// Path draws a board with a path on it, as in the Diplomatico paper's
// Figures 4 and 5: the grid numbered in visiting order, blocked cells
// shaded, the path through the centres of consecutive cells (a jump that
// would pass through another cell's centre curved, see bend),
// the start ringed in green and the end in red. Cells carrying a given are
// numbered in bold. path lists cell indices of b in visiting order; it may
// be partial (unvisited open cells stay blank). It is not checked against
// any move set: verify it first.
//
// With ShowAuto the numbers are dropped when they would be smaller than
// MinLabel pixels (a 200x200 board at the default size), and the path kept.
// The cost is O(cells + len(path)).
func Path(b *board.Board, path []int32, opt PathOptions) (*Picture, error) {
	step, err := pathSteps(b, path, opt.Highlight)
	if err != nil {
		return nil, err
	}
	cs := opt.cell(b.Rows, b.Cols)
	f := newFrame(b.Rows, b.Cols, cs, 0)
	p := &Picture{Width: f.width(), Height: f.boardH() + 2*f.y0}
	p.rect(0, 0, p.Width, p.Height, white, none, 0)
	f.board(p, func(r, c int) bool { return b.Blocked(b.Cell(r, c)) })

	digits := len(strconv.Itoa(len(path)))
	fs := min(0.42*cs, 0.99*cs/float64(digits))
	numbers, line := true, true
	switch opt.Show {
	case ShowAuto:
		numbers = fs >= MinLabel
		opt.Gradient = opt.Gradient || !numbers
	case ShowNumbers:
		line = false
	case ShowPath:
		numbers = false
	}
	lw := min(max(cs*0.09, 1), 6)
	xy := make([]float64, 0, 2*len(path)+2)
	for _, c := range path {
		r, col := b.RowCol(c)
		x, y := f.centre(r, col)
		xy = append(xy, x, y)
	}
	if len(path) == 0 {
		return p, nil
	}
	first, last := xy[:2], xy[len(xy)-2:]
	if !line {
		// Numbers only: tint the start and end cells.
		p.rect(first[0]-cs/2, first[1]-cs/2, cs, cs, startFill, none, 0)
		p.rect(last[0]-cs/2, last[1]-cs/2, cs, cs, endFill, none, 0)
		f.grid(p)
	}
	if line {
		pts := p.pathLine(xy, opt, cs, lw)
		if opt.Arrows && cs >= 10 {
			p.pathArrows(pts, cs, lw, numbers)
		}
	}
	p.pathEnds(xy, cs, lw, numbers, line)
	if numbers {
		for _, c := range path {
			r, col := b.RowCol(c)
			x, y := f.centre(r, col)
			p.text(x, y, strconv.Itoa(int(step[c])), fs, ink, anchorMiddle, b.Given(c) != 0)
		}
	}
	return p, nil
}

// pathSteps checks path (cells of b, none blocked) and the highlighted
// moves, and returns the 1-based step of each cell (0: unvisited).
func pathSteps(b *board.Board, path []int32, highlight []int) ([]int32, error) {
	n := int32(b.Cells())
	step := make([]int32, n) // 1-based step of each cell, 0 if unvisited
	for i, c := range path {
		if c < 0 || c >= n {
			return nil, fmt.Errorf("%w: step %d is cell %d, outside the %s board", ErrInput, i+1, c, b.Spec())
		}
		if b.Blocked(c) {
			return nil, fmt.Errorf("%w: step %d is on the blocked cell %s", ErrInput, i+1, b.FormatCell(c))
		}
		step[c] = int32(i + 1)
	}
	for _, s := range highlight {
		if s < 1 || s >= len(path) {
			return nil, fmt.Errorf("%w: highlight step %d: a path of %d steps has moves from steps 1 to %d; give a step in that range", ErrInput, s, len(path), len(path)-1)
		}
	}
	return step, nil
}

// pathLine draws the path through the cell centres xy (closed with
// opt.Closed, in a colour scale with opt.Gradient) and its highlighted
// moves, and returns the points drawn.
func (p *Picture) pathLine(xy []float64, opt PathOptions, cs, lw float64) []float64 {
	first := xy[:2]
	pts := xy
	if opt.Closed && len(xy) > 4 { // more than two cells
		pts = append(pts[:len(pts):len(pts)], first...)
	}
	if opt.Gradient && len(pts) >= 4 {
		// gradientSteps runs of equal length, sharing their end points,
		// coloured over [0, 0.85] of the scale (its top is too pale on
		// white).
		const gradientSteps = 64
		moves := len(pts)/2 - 1
		for k := range gradientSteps {
			lo, hi := k*moves/gradientSteps, (k+1)*moves/gradientSteps
			if hi > lo {
				rp, ops := leapRoute(pts, lo, hi, cs)
				p.route(rp, ops, Scale(0.85*(float64(k)+0.5)/gradientSteps), lw)
			}
		}
	} else {
		rp, ops := leapRoute(pts, 0, len(pts)/2-1, cs)
		p.route(rp, ops, pathC, lw)
	}
	for _, s := range opt.Highlight {
		rp, ops := leapRoute(xy, s-1, s, cs)
		p.route(rp, ops, linkC, lw*1.8)
	}
	return pts
}

// pathArrows draws an arrow on each move of pts.
func (p *Picture) pathArrows(pts []float64, cs, lw float64, numbers bool) {
	// With numbers the tip touches the next cell's disc; without,
	// it sits 60% of the way along the move (the middle of a
	// (2,2) move is the centre of the cell it jumps over).
	back := -1.0
	if numbers {
		back = cs*0.31 + lw*0.6
	}
	for i := 0; i+3 < len(pts); i += 2 {
		x0, y0, x1, y1 := pts[i], pts[i+1], pts[i+2], pts[i+3]
		cx, cy, curved := bend(i/2+1, x0, y0, x1, y1, cs)
		switch {
		case !curved:
			arrow(p, x0, y0, x1, y1, cs*0.2, back, pathC)
		case back >= 0: // along the curve's last tangent
			arrow(p, cx, cy, x1, y1, cs*0.2, back, pathC)
		default: // 60% of the way along the curve, along its tangent
			const t = 0.6
			a, b, c := (1-t)*(1-t), 2*(1-t)*t, t*t
			tx, ty := a*x0+b*cx+c*x1, a*y0+b*cy+c*y1
			dx, dy := 2*(1-t)*(cx-x0)+2*t*(x1-cx), 2*(1-t)*(cy-y0)+2*t*(y1-cy)
			arrow(p, tx-dx, ty-dy, tx, ty, cs*0.2, 0, pathC)
		}
	}
}

// pathEnds marks the path's cells: a disc on each cell with numbers,
// else a green disc on the start and a red square on the end.
func (p *Picture) pathEnds(xy []float64, cs, lw float64, numbers, line bool) {
	first, last := xy[:2], xy[len(xy)-2:]
	switch {
	case numbers && line:
		rad := cs * 0.31
		for i := range len(xy) / 2 {
			x, y := xy[2*i], xy[2*i+1]
			fill, stroke, w := white, pathC, lw*0.6
			switch i {
			case 0:
				fill, stroke, w = startFill, startC, lw*1.2
			case len(xy)/2 - 1:
				fill, stroke, w = endFill, endC, lw*1.2
			}
			p.circle(x, y, rad, fill, stroke, w)
		}
	case line:
		rad := max(cs*0.22, lw*1.6, 4)
		p.circle(first[0], first[1], rad, startC, white, max(lw*0.5, 0.5))
		p.rect(last[0]-rad, last[1]-rad, 2*rad, 2*rad, endC, white, max(lw*0.5, 0.5))
	}
}

// bend decides how move s (1-based: from step s to s+1) from the cell
// centre (x0, y0) to (x1, y1) on cells of side cs is drawn, so that
// collinear jumps do not lie on top of each other. A jump (dr, dc) with
// gcd(|dr|, |dc|) > 1, such as (3,0) or (2,2), would pass straight
// through the centre of another cell (and along the next (3,0) jump in
// the same line), so it is drawn as a quadratic curve whose control point
// is the move's midpoint moved 0.3 cell perpendicular to it: to the left
// of the direction of travel for odd s, to the right for even s. Other
// moves ((1,2), king steps) stay straight (curved false). The page draws
// its paths by the same rule (web/assets/app.js).
func bend(s int, x0, y0, x1, y1, cs float64) (cx, cy float64, curved bool) {
	dx, dy := x1-x0, y1-y0
	dr, dc := int(math.Round(math.Abs(dy)/cs)), int(math.Round(math.Abs(dx)/cs))
	if gcd(dr, dc) <= 1 {
		return 0, 0, false
	}
	l := math.Hypot(dx, dy)
	side := 0.3 * cs / l
	if s%2 == 0 {
		side = -side
	}
	// On screen (y down) the left of travel (dx, dy) is (dy, -dx).
	return (x0+x1)/2 + side*dy, (y0+y1)/2 - side*dx, true
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// leapRoute returns the moves lo..hi-1 (0-based; move i is step i+1) of
// the polyline pts as a route for Picture.route: the start point, then
// each move straight or curved as bend decides.
func leapRoute(pts []float64, lo, hi int, cs float64) ([]float64, []byte) {
	out := append(make([]float64, 0, 4*(hi-lo)+2), pts[2*lo], pts[2*lo+1])
	ops := make([]byte, 0, hi-lo)
	for i := lo; i < hi; i++ {
		x0, y0, x1, y1 := pts[2*i], pts[2*i+1], pts[2*i+2], pts[2*i+3]
		if cx, cy, ok := bend(i+1, x0, y0, x1, y1, cs); ok {
			out = append(out, cx, cy, x1, y1)
			ops = append(ops, 'Q')
		} else {
			out = append(out, x1, y1)
			ops = append(ops, 'L')
		}
	}
	return out, ops
}

// arrow draws an arrowhead of the given size on the move from (x0, y0) to
// (x1, y1), pointing towards (x1, y1), its tip back pixels before
// (x1, y1), or 60% of the way along when back is negative.
func arrow(p *Picture, x0, y0, x1, y1, size, back float64, c color.NRGBA) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	if back < 0 {
		back = 0.4 * l
	}
	ux, uy := dx/l, dy/l
	mx, my := x1-ux*back, y1-uy*back
	bx, by := mx-ux*size, my-uy*size
	w := size * 0.55
	p.polygon([]float64{mx, my, bx - uy*w, by + ux*w, bx + uy*w, by - ux*w}, c)
}
