package request

import (
	"context"
	"io"
	"iter"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/verify"
)

// PathHeader returns the path-file header of the request: its board size,
// open cells, closed flag and move set.
func (l *Leaper) PathHeader() pathio.Header {
	h := pathio.Header{Rows: l.Board.Rows, Cols: l.Board.Cols, Length: int64(l.Board.Open()), Closed: l.Closed, Name: l.Moves.Name}
	for _, v := range l.Moves.Vectors() {
		h.Moves = append(h.Moves, [2]int{v.DR, v.DC})
	}
	return h
}

// BinaryHolds refuses, before any search, a request whose move set the
// binary path format cannot hold (more than 4096 vectors, a name over 255
// bytes), so that a long search does not end in a file that cannot be
// written.
func (l *Leaper) BinaryHolds() error {
	h := l.PathHeader()
	if err := pathio.CheckMoves(h.Name, h.Moves); err != nil {
		return inputf("--moves: %w; use --format path", err)
	}
	return nil
}

// WritePath writes walk (0-based row, col pairs), a solution of the
// request, to the path file --out in the request's format (path or
// binary) with pathio.WriteVerified: atomically, and only after the
// independent verifier has read the file back and accepted it.
func (l *Leaper) WritePath(ctx context.Context, walk iter.Seq2[int, int], opt pathio.VerifiedOptions) (pathio.Verified, error) {
	f := pathio.Text
	if l.Output.Format == "binary" {
		f = pathio.Binary
	}
	return pathio.WriteVerified(ctx, l.Output.Out, f, l.PathHeader(), l.Rules(), walk, opt)
}

// WriteSolution writes a verified path of the request in format f: the
// numbered grid ("grid", the default), the path, one row,col per line
// ("path"), or a JSON result ("json": res with the problem of command and
// the solution filled in).
func (l *Leaper) WriteSolution(w io.Writer, f, command string, path []verify.Cell, res format.Result) error {
	cells := make([]format.Cell, len(path))
	for i, c := range path {
		cells[i] = format.Cell{c.Row, c.Col}
	}
	g := format.NumberGrid(l.Board.Rows, l.Board.Cols, l.Blocked, cells)
	switch f {
	case "path":
		return format.WritePath(w, cells)
	case "json":
		res.Problem, res.Solution, res.Verified = l.Describe(command), format.NewSolution(g, cells), true
		return format.WriteJSON(w, res)
	}
	return format.WriteGrid(w, g)
}
