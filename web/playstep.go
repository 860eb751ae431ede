package web

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/boardgraph/boardgraph/hidato"
)

// PlayStep is the next step for a person, as a hint ladder: Look and
// LookCells say where to look, Reason says why in plain words, Cell and
// Number are what to write. Status is "step", "error" (something written is
// wrong: Cells of the mistake in LookCells), "stuck" (no stage sees a step:
// the page offers to reveal a cell) or "done". Rule names the deduction;
// Study words it in the grader's terms, for the study panel.
//
// A mistake the puzzle's solution shows (status "error" with Erase or
// ClearMarks) is a ladder too: Look points at the number ("Look again at
// 93 (H1)"), Reason says why where a reason exists, and the third rung
// takes it away: with Erase, write 0 at Cell (Number is the wrong number
// written there); with ClearMarks, clear the pencil marks of Cell. Stage is
// the hardest of package hidato's stages the step needed.
type PlayStep struct {
	Status     string  `json:"status"`
	Look       string  `json:"look"`
	LookCells  []int32 `json:"lookCells"`
	Reason     string  `json:"reason"`
	Cell       int32   `json:"cell"`
	Number     int32   `json:"number"`
	Rule       string  `json:"rule,omitempty"`
	Study      string  `json:"study,omitempty"`
	Stage      string  `json:"stage,omitempty"`
	Erase      bool    `json:"erase,omitempty"`
	ClearMarks bool    `json:"clearMarks,omitempty"`
	Millis     float64 `json:"ms"`
}

// solveBudget bounds the time a step spends finding a loaded puzzle's
// solution (once per puzzle: the Hinter keeps it). A puzzle not solved in
// time is hinted without a solution, as one with several.
const solveBudget = 2 * time.Second

// hinters keeps a hidato.Hinter per puzzle (board map with its givens, and
// moves), so the solution is found once, or taken from leaper/generate.
// It is bounded (hintCacheSize entries, oldest out first).
type hinters struct {
	mu    sync.Mutex
	m     map[string]*hidato.Hinter
	order []string
}

const hintCacheSize = 32

func hintKey(L *leaper) string { return L.ms.Spec() + "\n" + L.b.Format() }

func (c *hinters) get(key string) *hidato.Hinter {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[key]
}

func (c *hinters) put(key string, h *hidato.Hinter) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*hidato.Hinter{}
	}
	if _, ok := c.m[key]; ok {
		c.m[key] = h
		return
	}
	if len(c.order) >= hintCacheSize {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.m[key] = h
	c.order = append(c.order, key)
}

// hinter returns the Hinter of the puzzle of p, making it (and finding
// the solution, within solveBudget) on first use. It returns
// hidato.ErrNoSolution when the givens have no solution.
func (s *Engine) hinter(ctx context.Context, p *position) (*hidato.Hinter, error) {
	key := hintKey(p.L)
	if h := s.hints.get(key); h != nil {
		return h, nil
	}
	puz := &hidato.Puzzle{Board: p.L.b, Moves: p.L.ms}
	sctx, cancel := context.WithTimeout(ctx, solveBudget)
	h, err := hidato.NewHinter(sctx, puz, hidato.HintOptions{})
	cancel()
	if err != nil && ctx.Err() == nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)) {
		h, err = hidato.NewHinter(ctx, puz, hidato.HintOptions{NoSolve: true})
	}
	if err != nil {
		return nil, err
	}
	s.hints.put(key, h)
	return h, nil
}

// playStep finds the next step for a person from position p (pencil marks
// per board cell in marks, or nil) with package hidato's Hinter: mistakes
// against the puzzle's solution first, then the next number its stages
// place. On a puzzle without a known unique solution the mistakes the
// position shows on its face (a number twice, consecutive numbers not one
// move apart) come first.
func (s *Engine) playStep(ctx context.Context, p *position, marks [][]int32) (*PlayStep, error) {
	t0 := time.Now()
	out := &PlayStep{Cell: -1, LookCells: []int32{}}
	defer func() { out.Millis = float64(time.Since(t0).Microseconds()) / 1000 }()
	if err := checkMarks(marks, p); err != nil {
		return nil, err
	}
	h, err := s.hinter(ctx, p)
	if errors.Is(err, hidato.ErrNoSolution) {
		out.Status, out.Rule = "error", "none"
		out.Look = "This puzzle has no solution."
		out.Reason = "This puzzle has no solution: its givens cannot be joined into one path."
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	if !h.Unique() {
		if errs := p.mistakes(nil); len(errs) > 0 {
			e := errs[0]
			out.Status, out.LookCells, out.Rule = "error", e.Cells, e.Kind
			out.Look = "Look at the cells marked in red: something written there is wrong."
			out.Reason = capital(e.Text) + ". Change or erase a number there (Undo takes back the last one)."
			out.Study = fmt.Sprintf("check %q: %s", e.Kind, e.Text)
			return out, nil
		}
	}
	nums := make([]int32, p.L.b.Cells())
	for v, k := range p.num {
		nums[p.L.bg.CellOf[v]] = k
	}
	st, err := h.Step(ctx, hidato.Position{Numbers: nums, Marks: marks})
	if err != nil {
		if errors.Is(err, hidato.ErrPuzzle) {
			return nil, badf("%v", err)
		}
		return nil, err
	}
	out.Look, out.Reason, out.Study = st.Look, st.Reason, st.Study
	if st.LookCells != nil {
		out.LookCells = st.LookCells
	}
	if st.Stage > 0 {
		out.Stage = st.Stage.String()
	}
	switch st.Kind {
	case hidato.StepPlace:
		out.Status, out.Cell, out.Number = "step", st.Cell, st.Number
		if len(st.Claims) > 0 {
			out.Rule = st.Claims[len(st.Claims)-1].Rule
		} else {
			out.Rule = "distance"
		}
	case hidato.StepMistake:
		out.Status, out.Cell, out.Number, out.Rule = "error", st.Cell, st.Number, "mistake"
		out.Erase, out.ClearMarks = !st.Mark, st.Mark
		if st.Mark {
			out.Number = 0
		}
	case hidato.StepNoSolution:
		out.Status, out.Rule = "error", "contradiction"
	case hidato.StepDone:
		out.Status = "done"
	default:
		out.Status = "stuck"
	}
	return out, nil
}

// checkMarks refuses pencil marks that do not fit position p, as the
// grid's numbers are refused: it takes one list per board cell (or none),
// each mark a number from 1 to the path's length.
func checkMarks(marks [][]int32, p *position) error {
	if marks == nil {
		return nil
	}
	b := p.L.b
	if len(marks) != b.Cells() {
		return badf("marks: %d entries for a %s board of %d cells; send one list of pencil marks per cell", len(marks), b.Spec(), b.Cells())
	}
	for c, ms := range marks {
		for _, m := range ms {
			if m < 1 || m > p.n {
				return badf("marks: cell %s has the pencil mark %d; the numbers run from 1 to %d", cellLabel(b.Cols, int32(c)), m, p.n)
			}
		}
	}
	return nil
}
