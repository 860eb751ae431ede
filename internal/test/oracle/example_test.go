package oracle_test

import (
	"fmt"

	"github.com/boardgraph/boardgraph/internal/test/oracle"
)

// The brute force on the Diplomatico paper's 4x5 board: 144 directed paths,
// 4 directed closed tours (2 undirected), 6 paths from a corner.
func ExampleGraph_Count() {
	g := oracle.Build(4, 5, nil, [][2]int{{3, 0}, {2, 2}})
	c := g.Count()
	fmt.Println(c.Open(-1, -1), c.Closed(g, -1), c.Open(0, -1))
	// Output: 144 4 6
}

// Every counter runs the shared table.
func ExampleCases() {
	c := oracle.Cases[0]
	fmt.Println(len(oracle.Cases) > 5000, c.Name, c.Want())
	// Output: true hopido/1x1/open 1
}
