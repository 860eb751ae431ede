package render

import (
	"fmt"
	"math"
	"strconv"

	"github.com/boardgraph/boardgraph/board"
)

// HeatOptions configures Heatmap and EdgeUsage.
type HeatOptions struct {
	Layout
	// Title is written above the board (for example "directed paths by
	// start cell"); empty for none.
	Title string
	// Labels prints each cell's value in the cell when it is legible:
	// NoLabels never, the zero value when the labels fit.
	NoLabels bool
}

// legend geometry shared by heatmaps and edge maps.
const (
	legendFont  = 12
	titleFont   = 15
	legendBar   = 14
	legendGap   = 14
	legendSteps = 64
)

// formatValue writes v the way a count is written: an integer without
// decimals, anything else with four significant digits.
func formatValue(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// valueRange returns the smallest and largest finite value.
func valueRange(values []float64) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		lo, hi, ok = min(lo, v), max(hi, v), true
	}
	return
}

// scaleOf maps v to [0, 1] over [lo, hi] (0.5 when the range is a point).
func scaleOf(v, lo, hi float64) float64 {
	if hi <= lo {
		return 0.5
	}
	return (v - lo) / (hi - lo)
}

// legendWidth is the room the legend needs right of the board.
func legendWidth(lo, hi float64) float64 {
	w := 0
	for i := range 5 {
		w = max(w, len(formatValue(tick(lo, hi, i))))
	}
	return legendGap + legendBar + 6 + float64(w)*0.62*legendFont + 4
}

// titleWidth is the picture width a title needs (bold Go font digits and
// letters average about 0.62 em).
func titleWidth(title string, margin float64) float64 {
	return 2*margin + float64(len([]rune(title)))*0.62*titleFont
}

// tick returns the i-th of five evenly spaced legend values, rounded to
// integers when the range is integral and wide enough.
func tick(lo, hi float64, i int) float64 {
	v := lo + (hi-lo)*float64(i)/4
	if lo == math.Trunc(lo) && hi == math.Trunc(hi) && hi-lo >= 8 {
		v = math.Round(v)
	}
	return v
}

// legend draws a vertical colour bar from lo (bottom) to hi (top) at x,
// from y0 to y1, with five value labels.
func legend(p *Picture, x, y0, y1, lo, hi float64) {
	h := (y1 - y0) / legendSteps
	for i := range legendSteps {
		t := (float64(i) + 0.5) / legendSteps
		y := y1 - float64(i+1)*h
		p.rect(x, y, legendBar, h+0.5, Scale(t), none, 0) // +0.5: no seams between steps
	}
	p.rect(x, y0, legendBar, y1-y0, none, ink, 1)
	if hi <= lo {
		p.text(x+legendBar+6, (y0+y1)/2, formatValue(lo), legendFont, ink, anchorStart, false)
		return
	}
	for i := range 5 {
		v := tick(lo, hi, i)
		y := y1 - (y1-y0)*scaleOf(v, lo, hi)
		p.line([]float64{x + legendBar, y, x + legendBar + 4, y}, ink, 1)
		p.text(x+legendBar+6, y, formatValue(v), legendFont, ink, anchorStart, false)
	}
}

// Heatmap draws a value per cell as a colour (see Scale) with a colour
// legend: for example the number of solutions starting at each cell, ending
// at each cell, or visiting each cell at step i. values has one entry per
// cell of b (row-major); NaN marks a cell without a value (drawn pale).
// Blocked cells are shaded grey. labels, when not nil, are printed in the
// cells instead of the values (for counts too wide for a float64); values
// and labels are printed only when they fit at MinLabel pixels or more.
// The cost is O(cells).
func Heatmap(b *board.Board, values []float64, labels []string, opt HeatOptions) (*Picture, error) {
	n := b.Cells()
	if len(values) != n {
		return nil, fmt.Errorf("%w: %d values for the %d cells of %s", ErrInput, len(values), n, b.Spec())
	}
	if labels != nil && len(labels) != n {
		return nil, fmt.Errorf("%w: %d labels for the %d cells of %s", ErrInput, len(labels), n, b.Spec())
	}
	p, f, lo, hi := legendCanvas(b, opt, values)
	cs := f.cs
	// Label size: the widest label must fit in 90% of a cell.
	text := make([]string, n)
	width := 1
	for i := range n {
		switch {
		case b.Blocked(int32(i)) || math.IsNaN(values[i]) && labels == nil:
		case labels != nil:
			text[i] = labels[i]
		default:
			text[i] = formatValue(values[i])
		}
		width = max(width, len(text[i]))
	}
	fs := min(0.36*cs, 0.9*cs/(0.6*float64(width)))
	showLabels := !opt.NoLabels && fs >= MinLabel
	p.rect(f.x0, f.y0, f.boardW(), f.boardH(), noValue, none, 0)
	for r := range b.Rows {
		for c := range b.Cols {
			i := b.Cell(r, c)
			x, y := f.x0+float64(c)*cs, f.y0+float64(r)*cs
			var col = noValue
			switch {
			case b.Blocked(i):
				col = blockedC
			case !math.IsNaN(values[i]):
				col = Scale(scaleOf(values[i], lo, hi))
			}
			p.rect(x, y, cs, cs, col, none, 0)
			if showLabels && text[i] != "" {
				p.text(x+cs/2, y+cs/2, text[i], fs, textOn(col), anchorMiddle, false)
			}
		}
	}
	f.grid(p)
	legend(p, f.x0+f.boardW()+legendGap, f.y0, f.y0+max(f.boardH(), 100), lo, hi)
	return p, nil
}

// legendCanvas starts a picture of board b that will carry a colour legend
// for values: the value range (0..0 when there is none), the white
// background, the title and the board's frame geometry. Heatmaps and edge
// maps share it.
func legendCanvas(b *board.Board, opt HeatOptions, values []float64) (p *Picture, f frame, lo, hi float64) {
	lo, hi, ok := valueRange(values)
	if !ok {
		lo, hi = 0, 0
	}
	top := 0.0
	if opt.Title != "" {
		top = titleFont * 1.8
	}
	f = newFrame(b.Rows, b.Cols, opt.cell(b.Rows, b.Cols), top)
	p = &Picture{Width: max(f.width()+legendWidth(lo, hi), titleWidth(opt.Title, f.x0)), Height: max(f.boardH(), 100) + f.y0 + f.x0}
	p.rect(0, 0, p.Width, p.Height, white, none, 0)
	if opt.Title != "" {
		p.text(f.x0, f.x0+titleFont*0.6, opt.Title, titleFont, ink, anchorStart, true)
	}
	return p, f, lo, hi
}
