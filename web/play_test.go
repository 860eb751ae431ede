package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hidato"
)

// genPuzzle makes a unique Hidato-style puzzle with package hidato and
// returns its board map and its solution as a number per cell.
func genPuzzle(t testing.TB, spec, mv string, level hidato.Level, seed uint64) (string, []int32) {
	t.Helper()
	L, err := leaperInput(&LeaperRequest{Board: spec, Moves: mv}, 1600)
	if err != nil {
		t.Fatal(err)
	}
	g, err := hidato.Generate(context.Background(), L.b, hidato.Options{Moves: L.ms, Level: level, Seed: seed, MaxTries: 200})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int32, L.b.Cells())
	for i, c := range g.Grading.Solution {
		want[c] = int32(i + 1)
	}
	return g.Puzzle.Board.Format(), want
}

// TestPlayStepsSolvePuzzles follows the plain-word hints from the givens
// alone: every step must agree with the puzzle's unique solution, and the
// steps finish the board with no reveal at every level (package hidato's
// stages grade the puzzles, and the hints use the same stages), which then
// passes the check.
func TestPlayStepsSolvePuzzles(t *testing.T) {
	cases := []struct {
		spec, moves string
		level       hidato.Level
		seed        uint64
	}{
		{"6x6", "hopido", hidato.LevelEasy, 1},
		{"6x6", "hopido", hidato.LevelMedium, 2},
		{"8x8", "knight", hidato.LevelEasy, 3},
		{"7x7", "hopido", hidato.LevelHard, 4},
		{"8x8", "hopido", hidato.LevelExpert, 5},
	}
	eng := NewEngine(0, 0, 0)
	for _, tc := range cases {
		t.Run(tc.spec+"-"+tc.moves+"-"+tc.level.String(), func(t *testing.T) {
			board, want := genPuzzle(t, tc.spec, tc.moves, tc.level, tc.seed)
			req := &PlayRequest{Board: board, Moves: tc.moves, Grid: make([]int32, len(want))}
			rules := map[string]int{}
			reveals := 0
			for range len(want) + 1 {
				p, err := playInput(req, 1600)
				if err != nil {
					t.Fatal(err)
				}
				h, err := eng.playStep(context.Background(), p, nil)
				if err != nil {
					t.Fatal(err)
				}
				if h.Status == "done" {
					break
				}
				switch h.Status {
				case "step":
					if want[h.Cell] != h.Number {
						t.Fatalf("step %s puts %d at %s; the solution has %d there (%s)", h.Rule, h.Number, cellLabel(p.L.b.Cols, h.Cell), want[h.Cell], h.Reason)
					}
					if strings.Contains(h.Reason, "node") || strings.Contains(h.Reason, "τ") {
						t.Errorf("plain reason uses jargon: %q", h.Reason)
					}
					rules[h.Rule]++
				case "stuck":
					r, err := playReveal(context.Background(), p, 1e6, false)
					if err != nil || r.Status != "reveal" || want[r.Cell] != r.Number {
						t.Fatalf("reveal %+v, %v", r, err)
					}
					h.Cell, h.Number = r.Cell, r.Number
					reveals++
				default:
					t.Fatalf("status %q: %s", h.Status, h.Reason)
				}
				req.Grid[h.Cell] = h.Number
			}
			p, err := playInput(req, 1600)
			if err != nil {
				t.Fatal(err)
			}
			chk, err := playCheck(p)
			if err != nil || !chk.Solved {
				t.Fatalf("after the hints: %+v, %v", chk, err)
			}
			if reveals > 0 {
				t.Errorf("%s puzzle needed %d reveals; the plain stages should finish it", tc.level, reveals)
			}
			t.Logf("rules used %v, reveals %d", rules, reveals)
		})
	}
}

// TestPlayCheckMistakes writes wrong numbers and expects each kind of
// mistake, with the cells it is about.
func TestPlayCheckMistakes(t *testing.T) {
	board, want := genPuzzle(t, "6x6", "hopido", hidato.LevelEasy, 1)
	p0, err := playInput(&PlayRequest{Board: board, Moves: "hopido"}, 1600)
	if err != nil {
		t.Fatal(err)
	}
	free := []int32{}
	for c := range int32(36) {
		if p0.L.b.Given(c) == 0 {
			free = append(free, c)
		}
	}
	// Repeat: the same missing number twice.
	var k int32
	for _, c := range free {
		k = want[c]
		break
	}
	grid := make([]int32, 36)
	grid[free[0]], grid[free[1]] = k, k
	p, err := playInput(&PlayRequest{Board: board, Moves: "hopido", Grid: grid}, 1600)
	if err != nil {
		t.Fatal(err)
	}
	chk, _ := playCheck(p)
	if len(chk.Errors) == 0 || chk.Errors[0].Kind != "repeat" || len(chk.Errors[0].Cells) != 2 {
		t.Fatalf("repeat: %+v", chk.Errors)
	}
	// Apart: a number next in sequence to a given, far from it.
	for c := range int32(36) {
		g := p0.L.b.Given(c)
		if g == 0 || g == 36 || p0.L.b.Given(0) != 0 {
			continue
		}
		for _, d := range free {
			if want[d] == g+1 || p0.L.adjacent(c, d) {
				continue
			}
			grid := make([]int32, 36)
			grid[d] = g + 1
			if p0.L.b.Given(d) != 0 || func() bool { // g+1 given elsewhere
				for e := range int32(36) {
					if p0.L.b.Given(e) == g+1 {
						return true
					}
				}
				return false
			}() {
				continue
			}
			p, err := playInput(&PlayRequest{Board: board, Moves: "hopido", Grid: grid}, 1600)
			if err != nil {
				t.Fatal(err)
			}
			chk, _ := playCheck(p)
			if len(chk.Errors) == 0 || chk.Errors[0].Kind != "apart" {
				t.Fatalf("apart: %+v", chk)
			}
			goto done
		}
	}
	t.Fatal("no apart case built")
done:
	// The full solution passes; one swapped pair does not.
	p, _ = playInput(&PlayRequest{Board: board, Moves: "hopido", Grid: want}, 1600)
	if chk, _ := playCheck(p); !chk.Solved || len(chk.Errors) != 0 {
		t.Fatalf("solution: %+v", chk)
	}
	// Bad requests are 400s with the cell named.
	for _, tc := range []struct {
		grid []int32
		want string
	}{
		{[]int32{1, 2}, "2 entries"},
		{append([]int32{99}, make([]int32, 35)...), "numbers run from 1 to 36"},
	} {
		if _, err := playInput(&PlayRequest{Board: board, Moves: "hopido", Grid: tc.grid}, 1600); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("grid %v: %v, want %q", tc.grid[:2], err, tc.want)
		}
	}
}

// TestPlayRevealWrong writes a number where the solution has another and
// asks for a reveal: it names that cell.
func TestPlayRevealWrong(t *testing.T) {
	board, want := genPuzzle(t, "6x6", "hopido", hidato.LevelEasy, 1)
	p0, _ := playInput(&PlayRequest{Board: board, Moves: "hopido"}, 1600)
	var a, b int32 = -1, -1
	for c := range int32(36) {
		if p0.L.b.Given(c) == 0 {
			if a < 0 {
				a = c
			} else {
				b = c
				break
			}
		}
	}
	grid := make([]int32, 36)
	grid[a] = want[b]
	p, _ := playInput(&PlayRequest{Board: board, Moves: "hopido", Grid: grid}, 1600)
	r, err := playReveal(context.Background(), p, 1e6, false)
	if err != nil || r.Status != "wrong" || len(r.Wrong) != 1 || r.Wrong[0] != a {
		t.Fatalf("reveal = %+v, %v; want cell %d wrong", r, err, a)
	}
	r, err = playReveal(context.Background(), p0, 1e6, true)
	if err != nil || r.Status != "reveal" {
		t.Fatal(r, err)
	}
	for c := range want {
		if r.Grid[c] != want[c] {
			t.Fatalf("solve: cell %d = %d, want %d", c, r.Grid[c], want[c])
		}
	}
}

func TestCellLabel(t *testing.T) {
	for _, tc := range []struct {
		cols int
		cell int32
		want string
	}{{8, 0, "A1"}, {8, 2 + 6*8, "C7"}, {30, 26, "AA1"}, {30, 29 + 30, "AD2"}} {
		if got := cellLabel(tc.cols, tc.cell); got != tc.want {
			t.Errorf("cellLabel(%d, %d) = %q, want %q", tc.cols, tc.cell, got, tc.want)
		}
	}
}

// TestPlayStepMistakesFirst goes through the API as the page does: a puzzle
// from leaper/generate (its solution kept for the hints), a wrong number
// that breaks no visible rule, then a pencil mark list without the cell's
// number; each is the first hint, with the fields the page's third rung
// needs, and the engine never solves the generated puzzle again. A pasted
// puzzle (the same map, a fresh engine) is solved once on its first hint.
func TestPlayStepMistakesFirst(t *testing.T) {
	ctx := context.Background()
	for _, fresh := range []bool{false, true} {
		eng := NewEngine(0, 0, 0)
		ans, err := eng.Call(ctx, "leaper/generate", []byte(`{"board":"8x8","moves":"hopido","level":3,"seed":5}`))
		if err != nil {
			t.Fatal(err)
		}
		var g LeaperGenerated
		if err := json.Unmarshal(ans.Data, &g); err != nil {
			t.Fatal(err)
		}
		if fresh {
			eng = NewEngine(0, 0, 0)
		}
		p, err := playInput(&PlayRequest{Board: g.Board, Moves: g.Moves}, 1600)
		if err != nil {
			t.Fatal(err)
		}
		cached := eng.hints.get(hintKey(p.L)) != nil
		if cached == fresh {
			t.Errorf("fresh engine %v: hinter cached %v", fresh, cached)
		}
		h, err := eng.hinter(ctx, p)
		if err != nil || !h.Unique() {
			t.Fatalf("hinter: %v, unique %v", err, h != nil && h.Unique())
		}
		sol := h.Solution()
		// k written one move from the solution's k+1, where the solution
		// has another number.
		var grid []int32
		for k := 0; k+1 < len(sol) && grid == nil; k++ {
			if p.L.b.Given(sol[k]) > 0 {
				continue
			}
			for _, u := range p.L.bg.Neighbors(p.L.bg.VertexOf[sol[k+1]]) {
				c := p.L.bg.CellOf[u]
				if c != sol[k] && p.L.b.Given(c) == 0 {
					grid = make([]int32, 64)
					grid[c] = int32(k + 1)
					break
				}
			}
		}
		step := func(body PlayRequest) PlayStep {
			t.Helper()
			body.Board, body.Moves = g.Board, g.Moves
			data, _ := json.Marshal(body)
			ans, err := eng.Call(ctx, "leaper/step", data)
			if err != nil {
				t.Fatal(err)
			}
			var st PlayStep
			if err := json.Unmarshal(ans.Data, &st); err != nil {
				t.Fatal(err)
			}
			return st
		}
		st := step(PlayRequest{Grid: grid})
		wrong := int32(slices.IndexFunc(grid, func(x int32) bool { return x != 0 }))
		look := fmt.Sprintf("Look again at %d (%s).", grid[wrong], cellLabel(8, wrong))
		if st.Status != "error" || !st.Erase || st.Cell != wrong || st.Number != grid[wrong] || st.Look != look || st.Reason == "" {
			t.Fatalf("wrong number: %+v; want the error at %s with %q", st, cellLabel(8, wrong), look)
		}
		// Marks: a free cell whose marks leave out its number.
		marks := make([][]int32, 64)
		c := sol[len(sol)/2]
		if p.L.b.Given(c) > 0 {
			c = sol[len(sol)/2+1]
		}
		marks[c] = []int32{1}
		st = step(PlayRequest{Marks: marks})
		if st.Status != "error" || !st.ClearMarks || st.Cell != c || st.Erase {
			t.Fatalf("marks: %+v; want the marks of %s", st, cellLabel(8, c))
		}
		// A right number and right marks: a step.
		marks[c] = []int32{int32(slices.Index(sol, c) + 1), 1}
		if st = step(PlayRequest{Marks: marks}); st.Status != "step" || sol[st.Number-1] != st.Cell {
			t.Fatalf("right marks: %+v", st)
		}
	}
}

// TestPlayStepFreeBoard: a board without givens has many solutions, so the
// hints keep today's behaviour there: no step from an empty board (the
// page offers a reveal), a repeated number and numbers that cannot all be
// right are errors.
func TestPlayStepFreeBoard(t *testing.T) {
	eng := NewEngine(0, 0, 0)
	step := func(grid []int32) *PlayStep {
		t.Helper()
		p, err := playInput(&PlayRequest{Board: "6x6", Moves: "hopido", Grid: grid}, 1600)
		if err != nil {
			t.Fatal(err)
		}
		st, err := eng.playStep(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	if st := step(nil); st.Status != "stuck" {
		t.Errorf("empty board: %+v, want stuck", st)
	}
	grid := make([]int32, 36)
	grid[0], grid[35] = 5, 5
	if st := step(grid); st.Status != "error" || st.Rule != "repeat" {
		t.Errorf("5 twice: %+v, want the repeat", st)
	}
	// 1 at A1 and 3 at F6: no cell is one move from both, so 2 has none.
	grid[0], grid[35] = 1, 3
	if st := step(grid); st.Status != "error" || st.Rule != "contradiction" {
		t.Errorf("1 at A1, 3 at F6: %+v, want a contradiction", st)
	}
}
