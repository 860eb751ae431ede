package count_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

// Count the Hamiltonian cycles of the generalized Petersen graph
// GP(1000,2), numbered at random, exactly (a number of 106 digits, past
// 2^128), and decide GP(1001,2), which has none (Alspach 1983: n = 5 mod
// 6), and GP(100,2), which has some, with Find.
func ExampleCountExact() {
	ctx := context.Background()
	g := gp(1000, 1)
	order, _ := count.GraphOrder(ctx, g, count.DefaultOrderSeed)
	n, st, err := count.CountExact(ctx, hamilton.Problem{G: g, Closed: true}, count.Options{Order: order})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("GP(1000,2): frontier %d, %d bits, %s... directed cycles\n", st.Width, n.BitLen(), n.String()[:12])
	for _, k := range []int{1001, 100} {
		g := gp(k, 1)
		order, _ := count.GraphOrder(ctx, g, count.DefaultOrderSeed)
		path, _, err := count.Find(ctx, hamilton.Problem{G: g, Closed: true}, count.Options{Order: order})
		switch {
		case errors.Is(err, hamilton.ErrNoSolution):
			fmt.Printf("GP(%d,2): no Hamiltonian cycle\n", k)
		case err != nil:
			fmt.Println(err)
		default:
			fmt.Printf("GP(%d,2): a cycle through %d vertices\n", k, len(path))
		}
	}
	// Output:
	// GP(1000,2): frontier 6, 350 bits, 124703923104... directed cycles
	// GP(1001,2): no Hamiltonian cycle
	// GP(100,2): a cycle through 200 vertices
}
