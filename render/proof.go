package render

import (
	"fmt"

	"github.com/boardgraph/boardgraph/board"
)

// ProofOptions configures Proof. The zero value sizes the picture
// automatically.
type ProofOptions struct {
	Layout
}

// Proof draws the witness of a proof that a board has no path: the board
// with its blocked cells shaded, the cells of marks (the first set) filled
// red and ringed, the cells of others (a second set, say the few cells the
// first set can only be reached from) filled blue. A separator's cells, a
// flow's bottleneck or a set of dead ends are one set; a Hall-type witness
// (the Diplomatico paper's closing question, §V, on boards with blocked
// cells) is two. Cells are board cell indices; a blocked or outside cell is
// an error wrapping ErrInput. The cost is O(cells).
func Proof(b *board.Board, marks, others []int32, opt ProofOptions) (*Picture, error) {
	for _, set := range [][]int32{marks, others} {
		for _, c := range set {
			if c < 0 || int(c) >= b.Cells() || b.Blocked(c) {
				return nil, fmt.Errorf("%w: witness cell %d is not an open cell of the %s board", ErrInput, c, b.Spec())
			}
		}
	}
	cs := opt.cell(b.Rows, b.Cols)
	f := newFrame(b.Rows, b.Cols, cs, 0)
	p := &Picture{Width: f.width(), Height: f.boardH() + 2*f.y0}
	p.rect(0, 0, p.Width, p.Height, white, none, 0)
	f.board(p, func(r, c int) bool { return b.Blocked(b.Cell(r, c)) })
	lw := min(max(cs*0.08, 1), 4)
	for _, c := range others {
		r, col := b.RowCol(c)
		p.rect(f.x0+float64(col)*f.cs, f.y0+float64(r)*f.cs, f.cs, f.cs, linkFill, none, 0)
	}
	for _, c := range marks {
		r, col := b.RowCol(c)
		p.rect(f.x0+float64(col)*f.cs, f.y0+float64(r)*f.cs, f.cs, f.cs, endFill, none, 0)
	}
	f.grid(p)
	for _, c := range others {
		r, col := b.RowCol(c)
		x, y := f.centre(r, col)
		p.circle(x, y, cs*0.3, none, linkC, lw)
	}
	for _, c := range marks {
		r, col := b.RowCol(c)
		x, y := f.centre(r, col)
		d := cs * 0.25
		p.line([]float64{x - d, y - d, x + d, y + d}, endC, lw)
		p.line([]float64{x - d, y + d, x + d, y - d}, endC, lw)
	}
	return p, nil
}
