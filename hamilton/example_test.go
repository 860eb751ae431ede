package hamilton_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// Count the directed Hamiltonian paths of the Diplomatico (Hopido) moves on
// a 4x5 board, the first nonzero entry of the paper's table.
func ExampleCount() {
	b, _ := board.ParseSpec("4x5")
	bg := moves.Build(b, moves.Hopido())
	p := hamilton.Problem{G: bg.Graph, Symmetries: bg.Automorphisms()}
	n, _, err := hamilton.Count(context.Background(), p, hamilton.Options{})
	fmt.Println(n, err)
	// Output: 144 <nil>
}

// Per-start counts of the knight on 5x5 (OEIS A165134): 304 from each corner.
func ExampleCountPerStart() {
	b, _ := board.ParseSpec("5x5")
	bg := moves.Build(b, moves.Knight())
	per, _, _ := hamilton.CountPerStart(context.Background(), hamilton.Problem{G: bg.Graph}, hamilton.Options{})
	for r := range b.Rows {
		for c := range b.Cols {
			fmt.Printf("%4d", per[bg.VertexOf[b.Cell(r, c)]])
		}
		fmt.Println()
	}
	// Output:
	//  304   0  56   0 304
	//    0  56   0  56   0
	//   56   0  64   0  56
	//    0  56   0  56   0
	//  304   0  56   0 304
}

// Find one solution of the 100 Squares Puzzle, or learn that none exists.
func ExampleFind() {
	for _, spec := range []string{"10x10", "4x4"} {
		b, _ := board.ParseSpec(spec)
		bg := moves.Build(b, moves.Hopido())
		path, _, err := hamilton.Find(context.Background(), hamilton.Problem{G: bg.Graph, Start: 0, FixStart: true}, hamilton.Options{})
		if errors.Is(err, hamilton.ErrNoSolution) {
			fmt.Println(spec + ": proved to have no solution")
			continue
		}
		fmt.Printf("%s: %d cells from %s\n", spec, len(path), b.FormatCell(bg.CellOf[path[0]]))
	}
	// Output:
	// 10x10: 100 cells from 1,1
	// 4x4: proved to have no solution
}
