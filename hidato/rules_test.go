package hidato

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// TestRulesAreSound runs every stage (and lookahead) on random puzzles that
// may have no, one or many solutions, and checks against package hamilton's
// enumeration that no cell a real solution uses was struck, and that a
// contradiction is only found when there is no solution.
func TestRulesAreSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	sets := []string{"hopido", "knight", "1,3", "3,0+1,1"}
	sizes := [][2]int{{4, 5}, {5, 5}, {4, 6}, {5, 6}}
	checked, withSolutions := 0, 0
	for _, set := range sets {
		ms, _ := moves.Parse(set)
		for _, sz := range sizes {
			for trial := range 15 {
				b, _ := board.New(sz[0], sz[1])
				if trial%4 == 3 {
					b.SetBlocked(int32(rng.IntN(b.Cells())), true)
				}
				p := &Puzzle{Board: b, Moves: ms}
				if trial%3 == 0 {
					randomGivens(b, 2+trial%5, rng)
				} else {
					// Givens taken from a real path: at least one solution.
					m, _, _ := p.compile()
					path, _, err := hamilton.Find(context.Background(), hamilton.Problem{G: m.bg.Graph}, hamilton.Options{Workers: 1, Seed: rng.Uint64() | 1})
					if err != nil {
						continue
					}
					for _, k := range rng.Perm(len(path))[:1+trial%6] {
						b.SetGiven(m.bg.CellOf[path[k]], int32(k+1))
					}
				}
				m, given, err := p.compile()
				if err != nil {
					t.Fatal(err)
				}
				var sols [][]int32
				pr := hamilton.Problem{G: m.bg.Graph, Givens: given}
				_, _, err = hamilton.Enumerate(context.Background(), pr, hamilton.Options{Workers: 1}, 500, func(path []int32) bool {
					sols = append(sols, append([]int32(nil), path...))
					return true
				})
				if err != nil && err != hamilton.ErrNoSolution {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%s/%dx%d/%d", set, sz[0], sz[1], trial)
				for _, top := range []Stage{StageForced, StageDeadEnds, StageReach, StageColour, StageLookahead} {
					s := newState(m, given)
					var tr trace
					if err := s.propagate(context.Background(), top, 2, &tr); err != nil {
						t.Fatal(err)
					}
					if s.bad {
						if len(sols) > 0 {
							t.Fatalf("%s: stage %v found a contradiction but there are %d solutions\n%s", name, top, len(sols), b.Format())
						}
						continue
					}
					for _, sol := range sols {
						for k, v := range sol {
							if !has(s.d(k), int(v)) {
								t.Fatalf("%s: stages up to %v struck number %d from cell %s, which a solution uses\n%s", name, top, k+1, b.FormatCell(m.bg.CellOf[v]), b.Format())
							}
						}
					}
					if s.solved() && len(sols) != 1 {
						t.Fatalf("%s: the stages finished a puzzle with %d solutions", name, len(sols))
					}
				}
				checked++
				if len(sols) > 0 {
					withSolutions++
				}
			}
		}
	}
	if withSolutions < checked/4 {
		t.Fatalf("only %d of %d random puzzles have a solution: the test checks little", withSolutions, checked)
	}
	t.Logf("%d puzzles, %d with solutions", checked, withSolutions)
}
