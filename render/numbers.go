package render

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/boardgraph/boardgraph/board"
)

// NumbersOptions configures Numbers.
type NumbersOptions struct {
	Layout
	// Title is written above the board; empty for none.
	Title string
	// Solution, if not nil, holds the board cells of the numbers 1..N; the
	// numbers that are not givens are then drawn in a lighter colour.
	Solution []int32
}

// Numbers draws a numbering puzzle: the board's cells as a grid, blocked
// cells dark, the board's givens as bold numbers and, with opt.Solution,
// the other numbers in grey (a Hidato-style puzzle and its solution). The
// cost is O(cells).
func Numbers(b *board.Board, opt NumbersOptions) (*Picture, error) {
	if b == nil || b.Cells() == 0 {
		return nil, fmt.Errorf("%w: empty board", ErrInput)
	}
	cs := opt.Layout.cell(b.Rows, b.Cols)
	top := 0.0
	if opt.Title != "" {
		top = titleFont * 2
	}
	pic := &Picture{Width: float64(b.Cols)*cs + 2, Height: float64(b.Rows)*cs + 2 + top}
	num := make([]int32, b.Cells())
	for i, c := range opt.Solution {
		if c < 0 || int(c) >= len(num) || b.Blocked(c) {
			return nil, fmt.Errorf("%w: solution number %d is not on an open cell", ErrInput, i+1)
		}
		num[c] = int32(i + 1)
	}
	var (
		grid    = color.NRGBA{0x55, 0x55, 0x55, 0xff}
		blocked = color.NRGBA{0x33, 0x33, 0x33, 0xff}
		open    = color.NRGBA{0xff, 0xff, 0xff, 0xff}
		given   = color.NRGBA{0xe8, 0xf0, 0xfb, 0xff}
		ink     = color.NRGBA{0x10, 0x20, 0x40, 0xff}
		pale    = color.NRGBA{0x99, 0x99, 0x99, 0xff}
		none    = color.NRGBA{}
	)
	if opt.Title != "" {
		pic.text(pic.Width/2, titleFont, opt.Title, titleFont, ink, anchorMiddle, true)
	}
	font := cs * 0.42
	for cell := range int32(b.Cells()) {
		r, c := b.RowCol(cell)
		x, y := 1+float64(c)*cs, 1+top+float64(r)*cs
		fill := open
		switch {
		case b.Blocked(cell):
			fill = blocked
		case b.Given(cell) > 0:
			fill = given
		}
		pic.rect(x, y, cs, cs, fill, grid, 1)
		if font < MinLabel {
			continue
		}
		if g := b.Given(cell); g > 0 {
			pic.text(x+cs/2, y+cs/2, strconv.Itoa(int(g)), font, ink, anchorMiddle, true)
		} else if num[cell] > 0 {
			pic.text(x+cs/2, y+cs/2, strconv.Itoa(int(num[cell])), font, pale, anchorMiddle, false)
		}
	}
	pic.rect(1, 1+top, float64(b.Cols)*cs, float64(b.Rows)*cs, none, ink, 2)
	return pic, nil
}
