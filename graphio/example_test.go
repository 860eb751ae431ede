package graphio_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/boardgraph/boardgraph/graphio"
)

// Read detects the format by content and keeps the vertex names; Write
// streams the graph out in another format.
func Example() {
	in := "p edge 4 4\ne 1 2\ne 2 3\ne 3 4\ne 4 1\n" // a square, in DIMACS
	g, err := graphio.Read(strings.NewReader(in), graphio.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Format, g.G.N(), "vertices,", g.G.M(), "edges")
	graphio.Write(context.Background(), os.Stdout, graphio.TSPLIB, graphio.NamedSource(g), graphio.WriteOptions{})
	// Output:
	// dimacs 4 vertices, 4 edges
	// NAME : graph
	// COMMENT : written by boardgraph
	// TYPE : HCP
	// DIMENSION : 4
	// EDGE_DATA_FORMAT : EDGE_LIST
	// EDGE_DATA_SECTION
	// 1 2
	// 1 4
	// 2 3
	// 3 4
	// -1
	// EOF
}
