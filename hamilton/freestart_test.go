package hamilton_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/moves"
)

// hidatoEasy1 is the puzzle `boardgraph generate 10x10 --difficulty easy
// --seed 1` made: 31 givens, the earliest 3 at 5,10, so 1 is free. Before
// Find's ring of first vertices (driver.go, rootRing) it took 2 min 47 s:
// every restart spent its budget below the same wrong first vertex.
const hidatoEasy1 = `. 73 . . . 14 . . . .
. . . 18 . 66 . 77 . .
. 39 96 . 38 95 98 . . .
. . . . . . . . 16 35
. . . . 87 71 . . 70 3
. . 93 75 . . . . . .
. . . 68 . 79 . . . .
. . 27 . . . 44 89 . .
. . 56 . . 61 . 33 . 59
. . 85 . . 80 . . 45 31
`

// givensProblem is the Problem of a board with givens: positions are the
// numbers less one, the start and end free.
func givensProblem(t *testing.T, b *board.Board, ms moves.Set) (hamilton.Problem, *moves.BoardGraph) {
	t.Helper()
	bg := moves.Build(b, ms)
	givens := make([]int32, bg.N())
	for v := range givens {
		givens[v] = b.Given(bg.CellOf[v]) - 1
	}
	return hamilton.Problem{G: bg.Graph, Givens: givens}, bg
}

// checkGivensPath checks a path against the graph and the givens.
func checkGivensPath(p hamilton.Problem, path []int32) error {
	if len(path) != p.G.N() {
		return fmt.Errorf("%d vertices, want %d", len(path), p.G.N())
	}
	seen := make([]bool, len(path))
	for i, v := range path {
		if seen[v] {
			return fmt.Errorf("vertex %d twice", v)
		}
		seen[v] = true
		if i > 0 && !p.G.HasEdge(path[i-1], v) {
			return fmt.Errorf("no edge %d-%d", path[i-1], v)
		}
		if g := p.Givens[v]; g >= 0 && g != int32(i) {
			return fmt.Errorf("vertex %d at position %d, given %d", v, i, g)
		}
	}
	return nil
}

// TestFindGivensFreeStart solves Hidato puzzles that fix no start with
// Find under a node budget that the restarts below one wrong first vertex
// exceeded many times over (the fixed puzzle needed about 30 million nodes;
// the ring needs under one million, deterministic with one worker).
func TestFindGivensFreeStart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b, err := board.Parse(strings.NewReader(hidatoEasy1))
	if err != nil {
		t.Fatal(err)
	}
	puzzles := map[string]*board.Board{"10x10 easy seed 1": b}
	for seed := range uint64(4) {
		shape, _ := board.New(8, 8)
		g, err := hidato.Generate(ctx, shape, hidato.Options{Level: hidato.LevelHard, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		puzzles[fmt.Sprintf("8x8 hard seed %d", seed)] = g.Puzzle.Board
	}
	for name, b := range puzzles {
		p, _ := givensProblem(t, b, moves.Hopido())
		if p.Givens[0] == 0 { // keep the start free
			continue
		}
		for _, w := range []int{1, 2} {
			path, st, err := hamilton.Find(ctx, p, hamilton.Options{Workers: w, MaxNodes: 3_000_000})
			if err != nil {
				t.Fatalf("%s: workers=%d: Find: %v after %d nodes", name, w, err, st.Nodes)
			}
			if err := checkGivensPath(p, path); err != nil {
				t.Fatalf("%s: workers=%d: %v", name, w, err)
			}
		}
	}
}
