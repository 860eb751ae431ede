package cypherq

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

// BoardRows returns the rows Load stores for a board graph: nodes named
// n_i_j with row i and column j (1-based, Appendix B), and its edges.
func BoardRows(bg *moves.BoardGraph) LoadRows {
	var rows LoadRows
	name := func(v int32) (string, int, int) {
		r, c := bg.Board.RowCol(bg.CellOf[v])
		return fmt.Sprintf("n_%d_%d", r+1, c+1), r + 1, c + 1
	}
	for v := range int32(bg.N()) {
		id, r, c := name(v)
		rows.Nodes = append(rows.Nodes, Node{ID: id, Row: r, Col: c})
		for _, w := range bg.Neighbors(v) {
			if v < w {
				a, _, _ := name(v)
				b, _, _ := name(w)
				rows.Edges = append(rows.Edges, [2]string{a, b})
			}
		}
	}
	return rows
}

// Result is one strategy's run, a row of the paper's tables (Section IV).
type Result struct {
	Strategy Strategy
	Query    string
	Paths    int           // paths returned, each verified
	Elapsed  time.Duration // wall time of the query, reading every row
	TimedOut bool          // stopped by the timeout; Paths is a lower bound
	Err      error         // the server refused the query (APOC missing, ...)
}

// RunBoard runs each strategy on a server holding bg (Load(BoardRows(bg))),
// each under its own timeout, and checks every returned path with the
// independent verifier against the board, the moves, and the fixed start
// and end. A path that fails is an error, not a row.
func RunBoard(ctx context.Context, srv *Server, bg *moves.BoardGraph, opt Options, strategies []Strategy, timeout time.Duration) ([]Result, error) {
	rules := verify.Rules{Rows: bg.Board.Rows, Cols: bg.Board.Cols}
	for _, l := range bg.Moves.Leapers {
		rules.Leapers = append(rules.Leapers, [2]int{l.A, l.B})
	}
	if bg.Board.Open() != bg.Board.Cells() {
		rules.Blocked = make([]bool, bg.Board.Cells())
		for c := range int32(bg.Board.Cells()) {
			rules.Blocked[c] = bg.Board.Blocked(c)
		}
	}
	if opt.Start != nil {
		rules.Start = &verify.Cell{Row: opt.Start.Row, Col: opt.Start.Col}
	}
	if opt.End != nil {
		rules.End = &verify.Cell{Row: opt.End.Row, Col: opt.End.Col}
	}
	var out []Result
	for _, s := range strategies {
		q, err := Query(s, bg.N(), opt)
		if err != nil {
			return out, err
		}
		qctx, cancel := context.WithTimeout(ctx, timeout)
		t0 := time.Now()
		paths, err := srv.Paths(qctx, q)
		el := time.Since(t0)
		cancel()
		r := Result{Strategy: s, Query: q, Elapsed: el}
		switch {
		case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
			r.TimedOut = true
		case err != nil && ctx.Err() != nil:
			return out, ctx.Err()
		case err != nil:
			r.Err = err
		}
		for _, p := range paths {
			cells := make([]verify.Cell, len(p))
			for i, n := range p {
				cells[i] = verify.Cell{Row: n.Row, Col: n.Col}
			}
			if err := verify.Path(rules, cells); err != nil {
				return out, fmt.Errorf("neo4j %s returned a path that fails verification: %v", s, err)
			}
		}
		r.Paths = len(paths)
		out = append(out, r)
	}
	return out, nil
}
