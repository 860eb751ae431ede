package hidato

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Hinter gives a player hint steps on one puzzle: first the mistakes
// (numbers and pencil marks the puzzle's unique solution does not keep),
// then the next number the grader's stages can place, said in words. It
// keeps the solution, found once when the Hinter is made, so a hint never
// solves the puzzle again. A Hinter is safe for concurrent use.
type Hinter struct {
	p     *Puzzle
	m     *model
	given []int32 // per vertex: the 0-based given, -1 none
	sol   []int32 // per number: its vertex in the unique solution; nil if not unique or unknown
	depth int
}

// HintOptions tune NewHinter. The zero value is the default.
type HintOptions struct {
	// Solution, if not nil, is the puzzle's unique solution (board cells
	// of 1..N), as Generate proved it; NewHinter verifies it and does not
	// solve the puzzle. Without it NewHinter grades the puzzle and, when
	// the stages stall, counts its solutions (limit 2).
	Solution []int32
	// MaxDepth is the deepest lookahead a step may use (0: DefaultMaxDepth,
	// the depth Generate grades with).
	MaxDepth int
	// NoSolve makes a Hinter without a solution, as for a puzzle with
	// several (a caller whose time to solve ran out uses it).
	NoSolve bool
}

// NewHinter prepares hints for p. It finds p's solution unless
// opt.Solution gives it: Grade first, then Count with limit 2 when the
// stages stall. A puzzle with several solutions (a board without givens,
// say) gets a Hinter without a solution: its steps deduce from the
// numbers written, which cannot be checked for mistakes beyond the
// contradictions the stages find. It returns ErrNoSolution when p has
// none, ErrPuzzle for a malformed puzzle or solution, and ctx.Err() when
// the count is cancelled.
func NewHinter(ctx context.Context, p *Puzzle, opt HintOptions) (*Hinter, error) {
	m, given, err := p.compile()
	if err != nil {
		return nil, err
	}
	h := &Hinter{p: p, m: m, given: given, depth: opt.MaxDepth}
	if h.depth <= 0 {
		h.depth = DefaultMaxDepth
	}
	sol := opt.Solution
	if sol == nil && !p.Board.HasGivens() && m.n > 1 {
		// Without givens every solution read backwards is another: a
		// free board is never unique, so there is nothing to solve.
		opt.NoSolve = true
	}
	if sol == nil && !opt.NoSolve {
		g, err := Grade(ctx, p, GradeOptions{MaxDepth: h.depth})
		switch {
		case err == nil:
			sol = g.Solution
		case errors.Is(err, ErrUnsolved):
			c, err := Count(ctx, p, 2)
			if err != nil {
				return nil, err
			}
			switch c.Solutions {
			case 0:
				return nil, ErrNoSolution
			case 1:
				sol = c.First
			}
		default:
			return nil, err
		}
	} else if sol != nil {
		if err := p.Check(sol); err != nil {
			return nil, fmt.Errorf("%w: the solution given is not one: %w", ErrPuzzle, err)
		}
	}
	if sol != nil {
		h.sol = make([]int32, len(sol))
		for k, c := range sol {
			h.sol[k] = m.bg.VertexOf[c]
		}
	}
	return h, nil
}

// Unique reports whether the Hinter knows the puzzle's unique solution
// (and so checks the player's numbers against it).
func (h *Hinter) Unique() bool { return h.sol != nil }

// Solution returns the unique solution (board cells of 1..N), or nil.
func (h *Hinter) Solution() []int32 {
	if h.sol == nil {
		return nil
	}
	return h.m.bg.Cells(h.sol)
}

// Puzzle returns the puzzle the Hinter was made for.
func (h *Hinter) Puzzle() *Puzzle { return h.p }

// Position is what a player has on the board: Numbers holds the number
// written in each board cell (row-major, 0 for none; a given's cell holds
// 0 or its given), Marks the pencil marks of each cell (nil or empty for
// none). A nil Numbers is the givens alone.
type Position struct {
	Numbers []int32
	Marks   [][]int32
}

// StepKind says what a Step is.
type StepKind int

// The kinds of step.
const (
	// StepPlace: write Number at Cell.
	StepPlace StepKind = iota + 1
	// StepMistake: the number written at Cell (Number) is not the
	// solution's, or (Mark) the cell's pencil marks leave out its number.
	// The fix takes it away.
	StepMistake
	// StepStuck: no stage sees a step from here (possible after a
	// player's own correct guesses, or on a puzzle with several
	// solutions); reveal a cell.
	StepStuck
	// StepDone: every cell is numbered and the numbering is right.
	StepDone
	// StepNoSolution: the numbers written admit no solution (found by the
	// stages on a puzzle without a known unique solution).
	StepNoSolution
)

var kindNames = [...]string{"", "place", "mistake", "stuck", "done", "no-solution"}

// String returns the kind's name.
func (k StepKind) String() string {
	if k >= StepPlace && k <= StepNoSolution {
		return kindNames[k]
	}
	return fmt.Sprintf("StepKind(%d)", int(k))
}

// Step is one hint, a ladder of three rungs: Look says where to look
// (LookCells mark it), Reason says why in a few sentences, and the step
// itself writes Number at Cell (for a mistake: takes it away). Claims are
// the facts the reason states, in a form a test can check; Stage is the
// hardest stage they needed.
type Step struct {
	Kind      StepKind
	Cell      int32 // board cell (-1 when none)
	Number    int32
	Mark      bool // a mistake in the pencil marks of Cell, not a number
	Stage     Stage
	Look      string
	LookCells []int32
	Reason    string
	Study     string
	Claims    []Claim
}

// Claim is one fact a step's reason states about the position, in board
// cells and 1-based numbers. Rule names the argument:
//
//	distance  Number lies within Gaps[i] moves of the number written at
//	          From[i] (moving through free cells; on a board whose moves
//	          change colour, on the colour the gap's parity demands):
//	          Cells is every free cell that meets that
//	dead-end  each cell of Cells has at most one neighbour the path can
//	          still use (those in From), so it holds 1 or N
//	squeeze   Number-1 and Number+1 would both need From[0], the only
//	          cell one move from Cells[0] that can hold either
//	support   Ref can only be at From, and no cell of Cells is one move
//	          from any of them, so Number is not there
//	region    Cells lie in the closed region From (a connected group of
//	          free cells) that cannot hold the run Numbers of missing
//	          consecutive numbers
//	hall      the region From (or its cells of one colour) can be reached
//	          by exactly the missing numbers Numbers, as many as its cells,
//	          so they all lie there and Number is not at Cells
//	pair      the numbers Numbers can only be at the cells From (two of
//	          each), so Number is not at Cells
//	lookahead if Number went to Cells[0], a contradiction would follow
//	          (Cause words it): Number is not there
//	only-one  Cells[0] can hold no missing number but Number
//	other     a stage struck Cells for Number (no finer words)
//
// Except for distance, Cells are cells struck from Number's candidates.
// Each rule is a stage of Grade (see Stage): distance and support are
// StageReach (a), the breadth-first layers (Diplomatico paper, §I rule 2:
// consecutive numbers one move apart); dead-end and squeeze StageDeadEnds,
// the degree argument of the paper's Proposition II.1 (the path enters and
// leaves every cell but its ends); region StageReach (b), the path's
// continuity; hall StageReach (c) and StageColour (a), Hall's marriage
// condition (P. Hall, On representatives of subsets, 1935) for numbers and
// cells; pair StageColour (b); only-one StageForced (d); lookahead
// StageLookahead, a trial refuted by the stages below it (as in Simon
// Tatham's solvers, a deduction by contradiction of bounded depth).
type Claim struct {
	Rule    string
	Number  int32
	Cells   []int32
	From    []int32
	Gaps    []int32
	Ref     int32
	Numbers []int32
	Cause   string
	Stage   Stage
	// Parity (distance only): the colour parity left out cells within
	// the gaps (the moves keep a 2-colouring and every move changes it).
	Parity bool
}

// Step returns the next hint for the player's position: the first mistake
// when the solution is known and the position breaks it (numbers in number
// order, then pencil marks in cell order), else the next number the
// stages place, with its reasons. It never deduces from a wrong number.
// The cost is that of the stages up to the first placement: polynomial,
// times the candidates tried at each lookahead.
func (h *Hinter) Step(ctx context.Context, pos Position) (*Step, error) {
	b := h.p.Board
	if pos.Numbers != nil && len(pos.Numbers) != b.Cells() {
		return nil, fmt.Errorf("%w: %d numbers for a %s board of %d cells", ErrPuzzle, len(pos.Numbers), b.Spec(), b.Cells())
	}
	if pos.Marks != nil && len(pos.Marks) != b.Cells() {
		return nil, fmt.Errorf("%w: %d mark lists for a %s board of %d cells", ErrPuzzle, len(pos.Marks), b.Spec(), b.Cells())
	}
	m := h.m
	n := int32(m.n)
	nums := slices.Clone(h.given) // per vertex, 0-based
	for c, x := range pos.Numbers {
		if x == 0 {
			continue
		}
		v := m.bg.VertexOf[c]
		if x < 0 || x > n || v < 0 {
			return nil, fmt.Errorf("%w: cell %s holds %d; the numbers run from 1 to %d on open cells", ErrPuzzle, b.FormatCell(int32(c)), x, n)
		}
		if h.given[v] >= 0 && h.given[v] != x-1 {
			return nil, fmt.Errorf("%w: cell %s holds the given %d, not %d", ErrPuzzle, b.FormatCell(int32(c)), h.given[v]+1, x)
		}
		nums[v] = x - 1
	}
	if h.sol != nil {
		if st := h.mistake(ctx, nums, pos.Marks); st != nil {
			return st, nil
		}
	} else if st := h.repeated(nums); st != nil {
		return st, nil
	}
	full := true
	for _, k := range nums {
		if k < 0 {
			full = false
		}
	}
	if full && h.sol != nil {
		return &Step{Kind: StepDone, Cell: -1, Look: "Every cell is numbered.", Reason: "Every cell is numbered and nothing is wrong."}, nil
	}
	d, err := deduce(ctx, m, nums, h.sol, h.depth, nil)
	if err != nil {
		return nil, err
	}
	w := h.words(nums)
	switch {
	case d.s.bad:
		return w.noSolution(d), nil
	case d.k < 0 && full:
		return &Step{Kind: StepDone, Cell: -1, Look: "Every cell is numbered.", Reason: "Every cell is numbered and nothing is wrong."}, nil
	case d.k < 0:
		return w.stuck(d), nil
	}
	if h.sol != nil && h.sol[d.k] != int32(d.v) {
		return nil, fmt.Errorf("hidato: the step puts %d at %s but the solution has it at %s (a bug)", d.k+1, w.name(d.v), w.name(int(h.sol[d.k])))
	}
	return w.place(d), nil
}

// repeated returns a mistake step for a number written twice (a puzzle
// without a known solution), or nil.
func (h *Hinter) repeated(nums []int32) *Step {
	seen := make([]int32, h.m.n)
	for i := range seen {
		seen[i] = -1
	}
	w := h.words(nums)
	for v, k := range nums {
		if k < 0 {
			continue
		}
		if u := seen[k]; u >= 0 {
			vv := int32(v)
			if h.given[v] >= 0 {
				vv = u
			}
			return &Step{Kind: StepMistake, Cell: h.m.bg.CellOf[vv], Number: k + 1, Stage: StageForced,
				Look:      fmt.Sprintf("Look again at %d (%s).", k+1, w.name(int(vv))),
				LookCells: h.m.bg.Cells([]int32{u, int32(v)}),
				Reason:    fmt.Sprintf("%d is written twice, at %s and %s: each number goes in one cell.", k+1, w.name(int(u)), w.name(v)),
				Study:     "mistake: a number written twice (StageForced (a))"}
		}
		seen[k] = int32(v)
	}
	return nil
}

// mistake returns the first mistake of the position against the unique
// solution, or nil: a written number the solution puts elsewhere (the
// smallest such number), then a free cell whose pencil marks leave out its
// number (the first in cell order).
func (h *Hinter) mistake(ctx context.Context, nums []int32, marks [][]int32) *Step {
	m := h.m
	at := make([]int32, m.n) // the solution's number per vertex
	for k, v := range h.sol {
		at[v] = int32(k)
	}
	wrongV, wrongK := -1, int32(-1)
	for v, k := range nums {
		if k >= 0 && k != at[v] && (wrongK < 0 || k < wrongK) {
			wrongV, wrongK = v, k
		}
	}
	w := h.words(nums)
	if wrongV >= 0 {
		st := &Step{Kind: StepMistake, Cell: m.bg.CellOf[wrongV], Number: wrongK + 1, Stage: StageForced,
			Look:      fmt.Sprintf("Look again at %d (%s).", wrongK+1, w.name(wrongV)),
			LookCells: m.bg.Cells([]int32{int32(wrongV)}),
			Study:     fmt.Sprintf("mistake: the unique solution has %d at %s, not %d", at[wrongV]+1, w.name(wrongV), wrongK+1)}
		right := slices.Clone(nums)
		for v, k := range right {
			if k >= 0 && k != at[v] {
				right[v] = -1
			}
		}
		why, claim := h.whyWrong(ctx, right, int(wrongK), wrongV)
		st.Reason = fmt.Sprintf("%d cannot go at %s. %s Take it away (Undo takes back the last number).", wrongK+1, w.name(wrongV), why)
		if claim != nil {
			st.Claims = []Claim{*claim}
			st.Stage = claim.Stage
		}
		return st
	}
	for c, ms := range marks {
		v := m.bg.VertexOf[c]
		if v < 0 || len(ms) == 0 || nums[v] >= 0 || slices.Contains(ms, at[v]+1) {
			continue
		}
		return &Step{Kind: StepMistake, Cell: int32(c), Mark: true, Stage: StageForced,
			Look:      fmt.Sprintf("Look again at the pencil marks in %s.", w.name(int(v))),
			LookCells: []int32{int32(c)},
			Reason:    fmt.Sprintf("The number that goes in %s is not among its pencil marks: one you left out can go there. Clear the marks of %s and look again.", w.name(int(v)), w.name(int(v))),
			Study:     fmt.Sprintf("mistake: the unique solution's number at %s is not among its marks", w.name(int(v)))}
	}
	return nil
}

// whyWrong words why number k cannot be at vertex v of the position right
// (the player's numbers that agree with the solution), with the claim it
// makes, when a short reason exists: v too far from the numbers written
// next to k, a dead end, or a trial of k at v that the stages below
// lookahead refute. Otherwise it says the solution has another number
// there.
func (h *Hinter) whyWrong(ctx context.Context, right []int32, k, v int) (string, *Claim) {
	w := h.words(right)
	if c := w.distanceClaim(k); c != nil && !slices.Contains(c.Cells, h.m.bg.CellOf[v]) {
		return w.distanceSentence(c, false) + fmt.Sprintf(" %s is not among them.", w.name(v)), c
	}
	s := newState(h.m, right)
	t := s.clone()
	t.assign(k, v)
	if cause, ok := w.contradiction(ctx, t, k, v); ok {
		c := &Claim{Rule: "lookahead", Number: int32(k + 1), Cells: []int32{h.m.bg.CellOf[v]}, Cause: cause, Stage: StageLookahead}
		return fmt.Sprintf("If %d went to %s, %s.", k+1, w.name(v), cause), c
	}
	// The stages, lookahead too, from the right numbers, until they
	// strike v from k: the claim of that strike.
	d, err := deduce(ctx, h.m, right, h.sol, h.depth, func(d *deduction) bool { return d.struckAt(k, v) >= 0 })
	if err == nil && !d.s.bad {
		if e := d.struckAt(k, v); e >= 0 {
			c := w.why(ctx, d, e, k, v)
			// Rules whose words hold whatever the stages placed on the
			// way (a region or a dead end would speak of cells the
			// player still sees free).
			if slices.Contains([]string{"support", "squeeze", "pair", "hall", "lookahead"}, c.Rule) {
				if s := w.sentences([]Claim{c}); len(s) == 1 {
					return "Following the numbers on: " + lowerFirst(s[0]), &c
				}
			}
		}
	}
	return fmt.Sprintf("The numbers around it do not show that at a glance, but the puzzle's one solution has another number at %s.", w.name(v)), nil
}

func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' || (len(s) > 1 && s[1] >= '0' && s[1] <= '9') {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
