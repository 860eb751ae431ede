package hidato

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
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
	if s.Kind == StepPlace && len(s.Claims) == 0 && !strings.Contains(s.Reason, "only free cell") {
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
					if !seen || d > gap {
						ok[x] = false
					}
					if side, bip := bg.Bipartition(); bip && ok[x] {
						// Every move changes colour: gap moves end on
						// from's colour when gap is even.
						if (side[bg.VertexOf[x]] != side[bg.VertexOf[from]]) != (gap%2 == 1) {
							ok[x] = false
						}
					}
				}
			}
			var cells []int32
			for x := range int32(b.Cells()) {
				if ok[x] {
					cells = append(cells, x)
				}
			}
			if !slices.Equal(cells, c.Cells) {
				fail("the cells that meet the distances are %v", cells)
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
		case "squeeze":
			for _, x := range c.Cells {
				if !slices.Contains(nb(x), c.From[0]) || !free(c.From[0]) && num(c.From[0]) != c.Number-1 && num(c.From[0]) != c.Number+1 {
					fail("%s is not a usable neighbour of %s", CellName(b.Cols, c.From[0]), CellName(b.Cols, x))
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
			// The contradiction follows: no numbering keeps the position
			// with the number on the cell tried, by package hamilton's
			// search (which shares no code with the stages), on boards
			// small enough to search in full.
			if bg.N() <= 64 {
				prob := hamilton.Problem{G: bg.Graph, Givens: make([]int32, bg.N())}
				for v := range prob.Givens {
					prob.Givens[v] = num(bg.CellOf[v]) - 1
				}
				prob.Givens[bg.VertexOf[c.Cells[0]]] = c.Number - 1
				if r, err := hamilton.Precheck(&prob); err == nil && r == nil {
					_, _, err := hamilton.Find(context.Background(), prob, hamilton.Options{Workers: 1, MaxNodes: 2_000_000})
					if !errors.Is(err, hamilton.ErrNoSolution) && !errors.Is(err, hamilton.ErrLimit) {
						fail("a numbering with %d at %s exists (%v)", c.Number, CellName(b.Cols, c.Cells[0]), err)
					}
				} else if err != nil {
					fail("precheck: %v", err)
				}
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
// and its claims hold. On each puzzle it then writes one wrong but locally
// legal number (wrongFirst) and expects the first hint to point at it. The default run keeps a sample; BOARDGRAPH_LONG=1
// runs seeds 1-50 of 6x6, 8x8, 10x10 and 12x12 at every level, and the
// knight and king moves on 5x5 to 12x12 (seeds 1-3 up to 8x8, seed 1
// above).
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
			for _, spec := range []string{"5x5", "6x6", "8x8", "10x10", "12x12"} {
				for l := LevelEasy; l <= LevelExpert; l++ {
					seeds := uint64(3) // and one seed on 10x10 and 12x12
					if len(spec) > 3 {
						seeds = 1
					}
					for seed := uint64(1); seed <= seeds; seed++ {
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
			g := c.generate(t)
			ladder(t, g, stats[c.level])
			wrongFirst(t, g, c.seed)
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

// wrongFirst writes on g's givens one wrong number that breaks no visible
// rule (a number k the solution puts elsewhere, written on a free cell one
// move from where the solution puts k+1 or k-1), together with a few right
// numbers, and expects the first hint to be that mistake, with a reason
// whose claims hold, and the hint after taking it away to be a true step.
func wrongFirst(t *testing.T, g *Generated, seed uint64) {
	t.Helper()
	ctx := context.Background()
	p := g.Puzzle
	b := p.Board
	bg := moves.Build(b, p.Moves)
	sol := g.Grading.Solution
	want := make([]int32, b.Cells())
	for k, c := range sol {
		want[c] = int32(k + 1)
	}
	h, err := NewHinter(ctx, p, HintOptions{Solution: sol})
	if err != nil {
		t.Fatal(err)
	}
	n := len(sol)
	tried := 0
	for i := range n {
		k := (i + int(seed)*7) % n // a different number first on each seed
		if b.Given(sol[k]) > 0 {
			continue
		}
		for _, j := range []int{k + 1, k - 1} {
			if j < 0 || j >= n {
				continue
			}
			for _, u := range bg.Neighbors(bg.VertexOf[sol[j]]) {
				c := bg.CellOf[u]
				if c == sol[k] || b.Given(c) > 0 {
					continue
				}
				pos := Position{Numbers: make([]int32, b.Cells())}
				pos.Numbers[c] = int32(k + 1)
				s, err := h.Step(ctx, pos)
				if err != nil {
					t.Fatal(err)
				}
				if s.Kind != StepMistake || s.Cell != c || s.Number != int32(k+1) || s.Mark {
					t.Fatalf("%d written at %s (the solution has it at %s): first hint %s %d at %s: %s", k+1, CellName(b.Cols, c), CellName(b.Cols, sol[k]), s.Kind, s.Number, CellName(b.Cols, s.Cell), s.Reason)
				}
				if !strings.Contains(s.Look, fmt.Sprintf("%d (%s)", k+1, CellName(b.Cols, c))) || s.Reason == "" {
					t.Errorf("mistake words: look %q, reason %q", s.Look, s.Reason)
				}
				// The claims are about the position without the mistake.
				checkClaims(t, p, Position{Numbers: make([]int32, b.Cells())}, want, s)
				// A pencil mark without the true number is the next mistake.
				free := sol[(k+n/2)%n]
				if b.Given(free) == 0 && free != c {
					pos.Numbers[c] = 0
					pos.Marks = make([][]int32, b.Cells())
					pos.Marks[free] = []int32{int32((k+n/2)%n + 2)}
					if pos.Marks[free][0] > int32(n) {
						pos.Marks[free][0] = 1
					}
					s, err := h.Step(ctx, pos)
					if err != nil {
						t.Fatal(err)
					}
					if s.Kind != StepMistake || !s.Mark || s.Cell != free {
						t.Fatalf("a mark without the true number at %s: first hint %s at %s (%s)", CellName(b.Cols, free), s.Kind, CellName(b.Cols, s.Cell), s.Look)
					}
				}
				if tried++; tried >= 2 {
					return
				}
				break
			}
		}
	}
	if tried == 0 {
		t.Fatalf("no locally legal wrong number on this puzzle")
	}
}

// TestHinterInputs: the errors of NewHinter and Step, and the puzzles
// without a unique solution.
func TestHinterInputs(t *testing.T) {
	ctx := context.Background()
	g := ladderCase{"6x6", "hopido", LevelEasy, 1}.generate(t)
	p := g.Puzzle
	// A wrong solution is refused.
	bad := slices.Clone(g.Grading.Solution)
	bad[0], bad[1] = bad[1], bad[0]
	if _, err := NewHinter(ctx, p, HintOptions{Solution: bad}); !errors.Is(err, ErrPuzzle) {
		t.Errorf("a wrong solution: %v, want ErrPuzzle", err)
	}
	// Without a solution given, NewHinter finds the same one.
	h, err := NewHinter(ctx, p, HintOptions{})
	if err != nil || !h.Unique() || !slices.Equal(h.Solution(), g.Grading.Solution) {
		t.Fatalf("solved: %v, unique %v", err, h != nil && h.Unique())
	}
	if _, err := h.Step(ctx, Position{Numbers: make([]int32, 5)}); !errors.Is(err, ErrPuzzle) {
		t.Errorf("5 numbers for 36 cells: %v, want ErrPuzzle", err)
	}
	nums := make([]int32, 36)
	nums[0] = 99
	if _, err := h.Step(ctx, Position{Numbers: nums}); !errors.Is(err, ErrPuzzle) || !strings.Contains(err.Error(), "1 to 36") {
		t.Errorf("99 on a 6x6: %v", err)
	}
	// Givens with no solution: 1 and 2 two moves apart.
	b, _ := board.New(5, 5)
	b.SetGiven(0, 1)
	b.SetGiven(1, 2)
	if _, err := NewHinter(ctx, &Puzzle{Board: b, Moves: moves.Hopido()}, HintOptions{}); !errors.Is(err, ErrNoSolution) {
		t.Errorf("1 at A1, 2 at B1: %v, want ErrNoSolution", err)
	}
	// No givens: no solution is kept, and nothing is a step.
	free, _ := board.New(5, 5)
	h, err = NewHinter(ctx, &Puzzle{Board: free, Moves: moves.Hopido()}, HintOptions{})
	if err != nil || h.Unique() {
		t.Fatalf("free board: %v, unique %v", err, h != nil && h.Unique())
	}
	if s, err := h.Step(ctx, Position{}); err != nil || s.Kind != StepStuck {
		t.Errorf("free board: %v %v, want stuck", s, err)
	}
	// A full numbering that is no path (row by row: 1 and 2 are not one
	// move apart) is no solution, though no number is repeated.
	full := make([]int32, 25)
	for c := range full {
		full[c] = int32(c + 1)
	}
	if s, err := h.Step(ctx, Position{Numbers: full}); err != nil || s.Kind != StepNoSolution {
		t.Errorf("free board numbered row by row: %v %v, want no solution", s, err)
	}
}

// TestHinterConcurrent asks one Hinter for steps from several goroutines
// (the server shares it between requests): the answers are those of one
// goroutine alone (run with -race to check the sharing).
func TestHinterConcurrent(t *testing.T) {
	ctx := context.Background()
	g := ladderCase{"8x8", "hopido", LevelExpert, 4}.generate(t)
	h, err := NewHinter(ctx, g.Puzzle, HintOptions{Solution: g.Grading.Solution})
	if err != nil {
		t.Fatal(err)
	}
	want, err := h.Step(ctx, Position{})
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan string, 8)
	for range 8 {
		go func() {
			s, err := h.Step(ctx, Position{})
			switch {
			case err != nil:
				errs <- err.Error()
			case s.Cell != want.Cell || s.Number != want.Number || s.Reason != want.Reason:
				errs <- fmt.Sprintf("%d at %d: %s", s.Number, s.Cell, s.Reason)
			default:
				errs <- ""
			}
		}()
	}
	for range 8 {
		if e := <-errs; e != "" {
			t.Errorf("concurrent step: %s; alone: %d at %d: %s", e, want.Number, want.Cell, want.Reason)
		}
	}
}
