package board_test

import (
	"fmt"
	"strings"

	"github.com/boardgraph/boardgraph/board"
)

func ExampleParseSpec() {
	b, err := board.ParseSpec("4x7")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Rows, "rows,", b.Cols, "columns,", b.Cells(), "cells")
	fmt.Println("last cell:", b.FormatCell(int32(b.Cells()-1)))
	_, err = board.ParseSpec("0x5")
	fmt.Println(err)
	// Output:
	// 4 rows, 7 columns, 28 cells
	// last cell: 4,7
	// bad board spec: 0x5: rows and columns must both be at least 1
}

func ExampleParse() {
	b, err := board.Parse(strings.NewReader(`
// the Rosetta Code Hopido board, with a 1 at the bottom tip
#..#..#
.......
.......
#.....#
##...##
###1###
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s board, %d open cells, %d symmetries\n", b.Spec(), b.Open(), len(b.Symmetries()))
	fmt.Print(b.Format())
	// Output:
	// 6x7 board, 27 open cells, 2 symmetries
	// #..#..#
	// .......
	// .......
	// #.....#
	// ##...##
	// ###1###
}
