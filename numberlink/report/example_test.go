package report_test

import (
	"context"
	"os"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
	"github.com/boardgraph/boardgraph/numberlink/report"
)

// Solve a puzzle, decide whether its solution is unique and print both
// forms that boardgraph numberlink solve prints.
func ExampleSolve() {
	g, rules, err := puzzleio.ParseText([]byte("2.2\n...\n2.2\n"))
	if err != nil {
		panic(err)
	}
	rep, err := report.Solve(context.Background(), g, numberlink.SolveOptions{Rules: rules}, report.UniqueOptions{})
	if err != nil {
		panic(err)
	}
	rep.WriteText(os.Stdout)
	rep.ElapsedMS = 0 // keep the example's output fixed
	format.Version = "example"
	format.WriteJSON(os.Stdout, rep)
	// Output:
	// 2---2
	// |   |
	// | . |
	// |   |
	// 2---2
	// the solution is unique (a complete search found no other)
	// {"version":"example","elapsed_ms":0,"nodes":1,"puzzle":{"rows":3,"cols":3,"k":2,"clues":[[2,0,2],[0,0,0],[2,0,2]],"bridges":[{"from":[1,1],"to":[1,3],"n":1},{"from":[1,1],"to":[3,1],"n":1},{"from":[1,3],"to":[3,3],"n":1},{"from":[3,1],"to":[3,3],"n":1}]},"uniqueness":"unique","verified":true}
}
