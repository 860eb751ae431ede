package verify_test

import (
	"fmt"

	"github.com/boardgraph/boardgraph/verify"
)

func ExampleKGrid() {
	clues := []int{
		2, 0, 2,
		0, 0, 0,
		2, 0, 1,
	}
	err := verify.KGrid(3, 3, clues, 2, verify.KGridRules{}, []verify.Bridge{
		{R1: 0, C1: 0, R2: 0, C2: 2, N: 1},
		{R1: 0, C1: 2, R2: 2, C2: 2, N: 1},
		{R1: 2, C1: 2, R2: 2, C2: 0, N: 1},
	})
	fmt.Println(err)
	// Output:
	// node does not have its number of connections: (1,1) has 1 connection, its number is 2
}
