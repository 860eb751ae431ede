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

// Ask for hints on a generated puzzle: the first from the givens, then one
// after a wrong number is written.
func ExampleHinter_Step() {
	ctx := context.Background()
	shape, _ := board.New(6, 6)
	g, _ := hidato.Generate(ctx, shape, hidato.Options{Level: hidato.LevelMedium, Seed: 2})
	h, _ := hidato.NewHinter(ctx, g.Puzzle, hidato.HintOptions{Solution: g.Grading.Solution})
	pos := hidato.Position{Numbers: make([]int32, 36)}
	s, _ := h.Step(ctx, pos)
	fmt.Println(s.Kind, s.Number, "at", hidato.CellName(6, s.Cell))
	fmt.Println(s.Reason)
	// Write 3 where the solution has 4.
	pos.Numbers[g.Grading.Solution[3]] = 3
	s, _ = h.Step(ctx, pos)
	fmt.Println(s.Kind, s.Look)
	// Output:
	// place 29 at C6
	// 29 comes between 28 at F6 and 30 at E4, so it is one move from both. The only free cell that fits is C6: 29 goes there.
	// mistake Look again at 3 (D2).
}
