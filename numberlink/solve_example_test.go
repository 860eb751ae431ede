package numberlink

import (
	"context"
	"fmt"
)

// ExampleSolve solves a small 2-grid and checks the answer with the
// independent verifier.
func ExampleSolve() {
	g, _ := NewGrid(3, 3, 2, []int{
		2, 0, 2,
		0, 0, 0,
		2, 0, 2,
	})
	sol, _, err := Solve(context.Background(), g, SolveOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(VerifySolution(g, Rules{}, sol) == nil)
	for p, pr := range g.Pairs {
		a, b := g.Nodes[pr.A], g.Nodes[pr.B]
		fmt.Printf("(%d,%d)-(%d,%d): %d\n", a.Row+1, a.Col+1, b.Row+1, b.Col+1, sol[p])
	}
	// Output:
	// true
	// (1,1)-(1,3): 1
	// (1,1)-(3,1): 1
	// (1,3)-(3,3): 1
	// (3,1)-(3,3): 1
}

// ExampleCount checks uniqueness (limit 2) under the seed's rules and with
// Tatham's no-loops variant.
func ExampleCount() {
	g, _ := NewGrid(2, 2, 2, []int{3, 3, 3, 3})
	n, _, _, _ := Count(context.Background(), g, 2, SolveOptions{})
	fmt.Println("loops allowed:", n)
	n, _, _, _ = Count(context.Background(), g, 2, SolveOptions{Rules: Rules{NoLoops: true}})
	fmt.Println("no loops:", n)
	// Output:
	// loops allowed: 2
	// no loops: 0
}
