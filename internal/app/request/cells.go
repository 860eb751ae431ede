package request

import (
	"bytes"

	"github.com/boardgraph/boardgraph/verify"
)

// ParseCells reads a solution in any format the commands write, detected
// by content: a binary path file, a JSON solution, a text path file
// ("row,col" per line) or a numbered grid. It returns the path's 1-based
// cells, unchecked.
func ParseCells(text []byte) ([]verify.Cell, error) {
	var (
		cells []verify.Cell
		err   error
	)
	switch {
	case IsBinary(text):
		_, cells, err = FromBinary(text)
	case IsJSON(text):
		_, cells, err = FromJSON(text)
	case LooksLikePath(text):
		cells, err = verify.ParsePath(bytes.NewReader(text))
	default:
		var g verify.Grid
		g, err = verify.ParseGrid(bytes.NewReader(text))
		if err == nil {
			cells, err = verify.GridPath(g)
		}
	}
	return cells, err
}

// Vertices converts 1-based cells of the board to the move graph's
// vertices (-1 for a blocked or outside cell); the inverse of Cells.
func (s *Search) Vertices(cells []verify.Cell) []int32 {
	out := make([]int32, len(cells))
	for i, c := range cells {
		out[i] = -1
		if c.Row >= 1 && c.Col >= 1 && c.Row <= s.Board.Rows && c.Col <= s.Board.Cols {
			out[i] = s.Graph.VertexOf[s.Board.Cell(c.Row-1, c.Col-1)]
		}
	}
	return out
}
