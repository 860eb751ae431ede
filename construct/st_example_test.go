package construct_test

import (
	"fmt"

	"github.com/boardgraph/boardgraph/construct"
)

func ExampleKnightPathBetween() {
	// A knight's path over a 1000x1000 board from the top-left corner to a
	// cell next to the bottom-right one, streamed without storing it.
	w, err := construct.KnightPathBetween(1000, 1000, [2]int{0, 0}, [2]int{999, 998})
	if err != nil {
		fmt.Println(err)
		return
	}
	cells, last := 0, [2]int{}
	for r, c := range w {
		cells++
		last = [2]int{r + 1, c + 1}
	}
	fmt.Println(cells, "cells, ending at", last)

	// Same-coloured ends on an even board are refused.
	_, err = construct.KnightPathBetween(8, 8, [2]int{0, 0}, [2]int{7, 7})
	fmt.Println(err)
	// Output:
	// 1000000 cells, ending at [1000 999]
	// no knight's path from 1,1 to 8,8 on 8x8: the board has an even number of cells, so start and end must have different colours (Conrad, Hindrichs, Morsy and Wegener 1994)
}
