package count_test

import (
	"context"
	"fmt"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// Count the directed Hamiltonian paths of Diplomatico on 5x5 (the paper's
// 12,400) and the knight's closed tours on 6x6 (9,862 undirected, OEIS
// A001230).
func ExampleCount() {
	for _, c := range []struct {
		moves  string
		size   int
		closed bool
	}{{"hopido", 5, false}, {"knight", 6, true}} {
		b, _ := board.New(c.size, c.size)
		s, _ := moves.Parse(c.moves)
		bg := moves.Build(b, s)
		p := hamilton.Problem{G: bg.Graph, Closed: c.closed}
		n, _, err := count.Count(context.Background(), p, count.Options{Order: count.BoardOrder(bg)})
		if err != nil {
			fmt.Println(err)
			continue
		}
		if c.closed {
			fmt.Printf("%s %s: %d directed closed tours (%d undirected)\n", c.moves, b.Spec(), n, n/2)
		} else {
			fmt.Printf("%s %s: %d directed paths\n", c.moves, b.Spec(), n)
		}
	}
	// Output:
	// hopido 5x5: 12400 directed paths
	// knight 6x6: 19724 directed closed tours (9862 undirected)
}
