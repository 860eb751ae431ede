package progress_test

import (
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/progress"
)

// A snapshot of a count a quarter done after 12 seconds.
func ExampleSearch() {
	st := hamilton.Stats{Elapsed: 12 * time.Second, UnitsDone: 32, Units: 128, Nodes: 1_200_000_000, Solutions: 3_456_789}
	fmt.Println("count: 12s, " + progress.Search(st))
	// Output:
	// count: 12s, 32 of 128 units, 25% done, about 36s left, 1.2G nodes (100M/s), 3.5M solutions so far
}
