package numberlink_test

import (
	"context"
	"fmt"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

func ExampleTau() {
	g, p, _ := numberlink.Figure4()
	res, _ := numberlink.Tau(context.Background(), g, numberlink.Rules{})
	fmt.Println(res.Steps[0].Format(g))
	fmt.Println(len(res.Steps), "steps; solved:", res.Solved)
	fmt.Print(puzzleio.Draw(g, res.State.Conn))
	_ = p
	// Output:
	// step 1: node (1,5) magn 2: magn = rk = 1·2: u(p, 33) draws 2 to (2,5)
	// 9 steps; solved: true
	// . . . . 2
	//         "
	// . . 3---3
	//     "
	// 2---5=4 .
	// |     "
	// 2 . . " .
	// |     "
	// 2---2-3 .
}
