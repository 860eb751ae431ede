package testfix

import (
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/moves"
)

// BoardGraph builds the product's board graph of a rows x cols board with
// the blocked cells (row-major indices) under the move set spec (such as
// "knight" or "1,2"), failing the test on a bad board or spec. The tests
// of packages board and moves cannot use these builders from inside their
// own package (they would import themselves); moves_test can.
func BoardGraph(tb testing.TB, rows, cols int, spec string, blocked ...int) *moves.BoardGraph {
	tb.Helper()
	b, err := board.New(rows, cols)
	if err != nil {
		tb.Fatal(err)
	}
	for _, x := range blocked {
		b.SetBlocked(int32(x), true)
	}
	return Graph(tb, b, spec)
}

// SpecGraph builds the board graph of a board spec (board.ParseSpec:
// "8x8", with blocked cells and holes as it reads them) under the move set
// spec ms, failing the test on a bad spec.
func SpecGraph(tb testing.TB, spec, ms string) *moves.BoardGraph {
	tb.Helper()
	b, err := board.ParseSpec(spec)
	if err != nil {
		tb.Fatal(err)
	}
	return Graph(tb, b, ms)
}

// Graph builds the board graph of b under the move set spec ms, failing
// the test on a bad spec.
func Graph(tb testing.TB, b *board.Board, ms string) *moves.BoardGraph {
	tb.Helper()
	s, err := moves.Parse(ms)
	if err != nil {
		tb.Fatal(err)
	}
	return moves.Build(b, s)
}

// FromEdges builds the graph of n vertices with the undirected edges
// (graph.FromEdges), failing the test on a bad edge.
func FromEdges(tb testing.TB, n int, edges [][2]int32) *graph.Graph {
	tb.Helper()
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}
