package hidato

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/internal/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// ladderCase is a puzzle of the hint ladder tests: generate's puzzle for a
// board, moves, level and seed.
type ladderCase struct {
	spec, moves string
	level       Level
	seed        uint64
}

func (c ladderCase) String() string {
	return fmt.Sprintf("%s-%s-%s-%d", c.moves, c.spec, c.level, c.seed)
}

func (c ladderCase) generate(tb testing.TB) *Generated {
	tb.Helper()
	shape, err := board.ParseSpec(c.spec)
	if err != nil {
		tb.Fatal(err)
	}
	ms, err := moves.Parse(c.moves)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := Generate(context.Background(), shape, Options{Moves: ms, Level: c.level, Seed: c.seed})
	if err != nil {
		tb.Fatalf("%v: %v", c, err)
	}
	return g
}

// ladderStats sums what ladders used.
type ladderStats struct {
	steps  int
	stages [StageLookahead + 1]int
	times  []time.Duration
}

// ladder asks for the next step from the givens until the board is full,
// checking every step against the unique solution and its claims against
// the position (checkClaims), and returns the steps' stages and times.
func ladder(t *testing.T, g *Generated, st *ladderStats) {
	t.Helper()
	ctx := context.Background()
	p := g.Puzzle
	h, err := NewHinter(ctx, p, HintOptions{Solution: g.Grading.Solution})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int32, p.Board.Cells())
	for k, c := range g.Grading.Solution {
		want[c] = int32(k + 1)
	}
	pos := Position{Numbers: make([]int32, p.Board.Cells())}
	for range p.Board.Open() + 1 {
		t0 := time.Now()
		s, err := h.Step(ctx, pos)
		el := time.Since(t0)
		if err != nil {
			t.Fatal(err)
		}
		switch s.Kind {
		case StepDone:
			for c, k := range want {
				if k != 0 && p.Board.Given(int32(c)) == 0 && pos.Numbers[c] != k {
					t.Fatalf("done, but %s holds %d, want %d", CellName(p.Board.Cols, int32(c)), pos.Numbers[c], k)
				}
			}
			return
		case StepPlace:
		default:
			t.Fatalf("after %d steps: %s: %s %s\n%s", st.steps, s.Kind, s.Look, s.Reason, p.Board.Format())
		}
		if want[s.Cell] != s.Number {
			t.Fatalf("step puts %d at %s; the solution has %d there: %s", s.Number, CellName(p.Board.Cols, s.Cell), want[s.Cell], s.Reason)
		}
		checkClaims(t, p, pos, want, s)
		st.steps++
		st.stages[s.Stage]++
		st.times = append(st.times, el)
		pos.Numbers[s.Cell] = s.Number
	}
	t.Fatal("the ladder did not finish")
}

// checkClaims checks that the claims of step s are facts about the
// position pos (want: the solution's number per board cell), recomputed
// here without the package's stages: distance sets by a breadth-first
// search of their own, dead ends and regions from the board graph, and
// every struck cell against the unique solution.
func checkClaims(t *testing.T, p *Puzzle, pos Position, want []int32, s *Step) {
	t.Helper()
	b := p.Board
	bg := moves.Build(b, p.Moves)
	num := func(c int32) int32 {
		if g := b.Given(c); g > 0 {
			return g
		}
		return pos.Numbers[c]
	}
	free := func(c int32) bool { return !b.Blocked(c) && num(c) == 0 }
	where := map[int32]int32{}
	for c := range int32(b.Cells()) {
		if k := num(c); k > 0 {
			where[k] = c
		}
	}
	n := int32(bg.N())
	nb := func(c int32) []int32 { return bg.Cells(bg.Neighbors(bg.VertexOf[c])) }
	if len(s.Claims) == 0 && !strings.Contains(s.Reason, "only free cell") {
		t.Errorf("step %d at %s has no claims: %s", s.Number, CellName(b.Cols, s.Cell), s.Reason)
	}
	for _, c := range s.Claims {
		fail := func(format string, a ...any) {
			t.Helper()
			t.Errorf("claim %+v: %s (step %q)", c, fmt.Sprintf(format, a...), s.Reason)
		}
		for _, x := range c.Cells {
			if !free(x) {
				fail("names %s, which is not free", CellName(b.Cols, x))
			}
		}
		if c.Rule != "distance" && c.Rule != "only-one" {
			for _, x := range c.Cells {
				if want[x] == c.Number {
					fail("strikes %d from %s, where the solution has it", c.Number, CellName(b.Cols, x))
				}
			}
		}
		switch c.Rule {
		case "distance":
			// Every free cell within the gaps (through free cells) and on
			// the right colour, by a search of its own.
			ok := map[int32]bool{}
			for x := range int32(b.Cells()) {
				ok[x] = free(x)
			}
			for i, from := range c.From {
				if where[c.Numbers[i]] != from {
					fail("%d is not written at %s", c.Numbers[i], CellName(b.Cols, from))
				}
				dist := map[int32]int32{from: 0}
				queue := []int32{from}
				for len(queue) > 0 {
					u := queue[0]
					queue = queue[1:]
					for _, x := range nb(u) {
						if _, seen := dist[x]; !seen && free(x) {
							dist[x] = dist[u] + 1
							queue = append(queue, x)
						}
					}
				}
				gap := c.Gaps[i]
				for x := range ok {
					d, seen := dist[x]
					r0, c0 := b.RowCol(from)
					r1, c1 := b.RowCol(x)
					colourOK := true
					if p.Moves.Name == "hopido" || p.Moves.Name == "knight" {
						// Both change the colour (r+c parity on hopido's
						// (3,0),(2,2)? hopido keeps it: use the board graph's
						// own parity by distance instead).
						colourOK = true
					}
					_ = r0 + c0 + r1 + c1
					if !seen || d > gap || !colourOK {
						ok[x] = false
					}
				}
			}
			var cells []int32
			for x := range int32(b.Cells()) {
				if ok[x] {
					cells = append(cells, x)
				}
			}
			// The claim may also use the colour parity: its cells are a
			// subset of the distance set, and every cell left out is on
			// the wrong colour (checked against the solution below).
			for _, x := range c.Cells {
				if !slices.Contains(cells, x) {
					fail("%s is not within the distances", CellName(b.Cols, x))
				}
			}
			if !slices.Contains(c.Cells, where[c.Number]) && where[c.Number] != 0 {
				fail("leaves out the written %d", c.Number)
			}
			if sc := solCell(want, c.Number); !slices.Contains(c.Cells, sc) {
				fail("leaves out %s, where the solution has %d", CellName(b.Cols, sc), c.Number)
			}
		case "dead-end":
			for _, x := range c.Cells {
				if want[x] != 1 && want[x] != n {
					fail("%s is a dead end but the solution has %d there", CellName(b.Cols, x), want[x])
				}
				use := 0
				for _, u := range nb(x) {
					if free(u) || slices.Contains(c.From, u) {
						use++
					}
				}
				if use > 1 {
					fail("%s has %d free or usable neighbours", CellName(b.Cols, x), use)
				}
			}
		case "support", "pair":
			for _, x := range c.Cells {
				for _, u := range c.From {
					if c.Rule == "support" && slices.Contains(nb(x), u) {
						fail("%s is one move from %s", CellName(b.Cols, x), CellName(b.Cols, u))
					}
				}
			}
			ks := c.Numbers
			if c.Rule == "support" {
				ks = []int32{c.Ref}
			}
			for _, k := range ks {
				if !slices.Contains(c.From, solCell(want, k)) {
					fail("says %d can only be at %v; the solution has it at %s", k, c.From, CellName(b.Cols, solCell(want, k)))
				}
			}
		case "region", "hall":
			var got []int32
			for _, x := range c.From {
				if !free(x) {
					fail("region cell %s is not free", CellName(b.Cols, x))
				}
				got = append(got, want[x])
			}
			if c.Rule == "hall" {
				slices.Sort(got)
				if !slices.Equal(got, c.Numbers) {
					fail("the solution puts %v in the cells, not %v", got, c.Numbers)
				}
				continue
			}
			// A closed region: no free cell outside it is one move away.
			for _, x := range c.From {
				for _, u := range nb(x) {
					if free(u) && !slices.Contains(c.From, u) {
						fail("%s is one move from %s, outside the region", CellName(b.Cols, u), CellName(b.Cols, x))
					}
				}
			}
		case "lookahead":
			if c.Cause == "" {
				fail("no cause")
			}
		case "only-one":
			if want[c.Cells[0]] != c.Number {
				fail("the solution has %d there", want[c.Cells[0]])
			}
		}
	}
}

func solCell(want []int32, k int32) int32 {
	return int32(slices.Index(want, k))
}

// TestLadderFinishesGenerated asks for steps from the givens of generated
// puzzles until the board is full: every step writes the solution's number
// and its claims hold. The default run keeps a sample; BOARDGRAPH_LONG=1
// runs seeds 1-50 of 6x6, 8x8, 10x10 and 12x12 at every level, and the
// knight and king moves.
func TestLadderFinishesGenerated(t *testing.T) {
	var cases []ladderCase
	if testfix.Long() {
		for _, spec := range []string{"6x6", "8x8", "10x10", "12x12"} {
			for l := LevelEasy; l <= LevelExpert; l++ {
				for seed := uint64(1); seed <= 50; seed++ {
					cases = append(cases, ladderCase{spec, "hopido", l, seed})
				}
			}
		}
		for _, mv := range []string{"knight", "king"} {
			for _, spec := range []string{"5x5", "6x6", "8x8"} {
				for l := LevelEasy; l <= LevelExpert; l++ {
					for seed := uint64(1); seed <= 3; seed++ {
						cases = append(cases, ladderCase{spec, mv, l, seed})
					}
				}
			}
		}
	} else {
		cases = []ladderCase{
			{"6x6", "hopido", LevelEasy, 1}, {"6x6", "hopido", LevelMedium, 2},
			{"8x8", "hopido", LevelHard, 3}, {"8x8", "hopido", LevelExpert, 4},
			{"10x10", "hopido", LevelHard, 1}, {"10x10", "hopido", LevelExpert, 1},
			{"6x6", "knight", LevelHard, 1}, {"5x5", "king", LevelExpert, 1},
		}
		if testing.Short() {
			cases = cases[:4]
		}
	}
	stats := map[Level]*ladderStats{}
	for l := LevelEasy; l <= LevelExpert; l++ {
		stats[l] = &ladderStats{}
	}
	for _, c := range cases {
		t.Run(c.String(), func(t *testing.T) {
			ladder(t, c.generate(t), stats[c.level])
		})
	}
	for l := LevelEasy; l <= LevelExpert; l++ {
		st := stats[l]
		if st.steps == 0 {
			continue
		}
		slices.Sort(st.times)
		t.Logf("%s: %d steps, stages %v, step time p50 %v p99 %v max %v", l, st.steps, st.stages[1:],
			st.times[len(st.times)/2], st.times[len(st.times)*99/100], st.times[len(st.times)-1])
	}
}
