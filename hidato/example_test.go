package hidato_test

import (
	"context"
	"fmt"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hidato"
)

// Generate a Diplomatico puzzle of a chosen difficulty, prove its solution
// unique with the counter and read its share string back.
func ExampleGenerate() {
	shape, _ := board.New(6, 6)
	g, err := hidato.Generate(context.Background(), shape, hidato.Options{Level: hidato.LevelHard, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, _ := hidato.Count(context.Background(), g.Puzzle, 2)
	back, _ := hidato.ParseShare(g.Puzzle.Share())
	fmt.Println("level:", g.Grading.Level)
	fmt.Println("solutions:", c.Solutions)
	fmt.Println("share reads back:", back.Share() == g.Puzzle.Share())
	fmt.Println("solution verified:", g.Puzzle.Check(g.Grading.Solution) == nil)
	// Output:
	// level: hard
	// solutions: 1
	// share reads back: true
	// solution verified: true
}
