package hexgrid_test

import (
	"context"
	"fmt"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/hexgrid"
)

// Solve a hex 2-grid given in the text format with numberlink's solver
// and check the solution with the independent verifier.
func Example() {
	p, err := hexgrid.Parse([]byte("hex k=2\n2 . 4 . 1\n . 2 . . .\n2 . 5 . 2\n"))
	if err != nil {
		panic(err)
	}
	n, sol, _, err := numberlink.Count(context.Background(), p.Grid, 0, numberlink.SolveOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println("solutions:", n)
	fmt.Print(string(hexgrid.FormatSolution(p.Grid, sol)))
	fmt.Println("verified:", hexgrid.Verify(p.Grid, p.Rules, sol) == nil)
	// Output:
	// solutions: 1
	// 1,1 1,3 2
	// 1,3 1,5 1
	// 1,3 2,2 1
	// 2,2 3,3 1
	// 3,1 3,3 2
	// 3,3 3,5 2
	// verified: true
}
