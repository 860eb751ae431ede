package analysis_test

import (
	"context"
	"fmt"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// Analyze the 5x5 Diplomatico board: every directed path, by start cell,
// and the solutions up to the square's symmetries and reversal.
func ExampleAnalyze() {
	b, _ := board.ParseSpec("5x5")
	bg := moves.Build(b, moves.Hopido())
	p := hamilton.Problem{G: bg.Graph, Symmetries: bg.Automorphisms()}
	res, err := analysis.Analyze(context.Background(), p, analysis.Options{})
	if err != nil {
		panic(err)
	}
	corner, centre := bg.VertexOf[b.Cell(0, 0)], bg.VertexOf[b.Cell(2, 2)]
	fmt.Println("directed paths:", res.Total)
	fmt.Println("from a corner:", res.PerStart[corner], "from the centre:", res.PerStart[centre])
	fmt.Println("up to symmetry and reversal:", res.Orbits, "orbit sizes:", res.OrbitSizes)
	fmt.Println("undirected closed tours:", res.UndirectedTours)
	// Output:
	// directed paths: 12400
	// from a corner: 552 from the centre: 352
	// up to symmetry and reversal: 777 orbit sizes: map[8:4 16:773]
	// undirected closed tours: 48
}
