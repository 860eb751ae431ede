package main

import (
	"io"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/request"
	"github.com/boardgraph/boardgraph/verify"
)

// writeSolution prints a verified path of l in format f: the numbered grid,
// the path (one row,col per line) or a JSON result (res, with the problem
// and the solution filled in).
func writeSolution(w io.Writer, l *request.Leaper, f, cmd string, path []verify.Cell, res format.Result) error {
	cells := cellsOf(path)
	g := format.NumberGrid(l.Board.Rows, l.Board.Cols, l.Blocked, cells)
	switch f {
	case "path":
		return format.WritePath(w, cells)
	case "json":
		res.Problem, res.Solution, res.Verified = l.Describe(cmd), format.NewSolution(g, cells), true
		return format.WriteJSON(w, res)
	}
	return format.WriteGrid(w, g)
}
