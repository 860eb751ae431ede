package construct_test

import (
	"fmt"

	"github.com/boardgraph/boardgraph/construct"
)

// A closed knight's tour of a 1000x1000 board, streamed: only the first
// cells are printed, and the walk is counted without being stored.
func ExampleKnightClosed() {
	w, err := construct.KnightClosed(1000, 1000)
	if err != nil {
		fmt.Println(err)
		return
	}
	cells := 0
	for range w {
		cells++
	}
	fmt.Println(cells, "cells")

	_, err = construct.KnightClosed(5, 7)
	fmt.Println(err)
	// Output:
	// 1000000 cells
	// no knight closed tour on 5x7: both sides are odd, and a knight's tour alternates colours (Schwenk 1991)
}
