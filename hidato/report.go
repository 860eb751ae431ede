package hidato

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/boardgraph/boardgraph/format"
)

// ErrNotUnique reports a puzzle with more than one solution.
var ErrNotUnique = errors.New("more than one solution")

// Report is the JSON form of a puzzle and its grade, as boardgraph generate
// and grade write it.
type Report struct {
	Moves      string   `json:"moves"`
	Board      string   `json:"board"`
	Difficulty string   `json:"difficulty"`
	Stage      string   `json:"stage"`
	Depth      int      `json:"lookahead_depth"`
	Givens     int      `json:"givens"`
	Open       int      `json:"open_cells"`
	Map        []string `json:"map"`
	Share      string   `json:"share"`
	Solutions  int      `json:"solutions"` // 1: proved by the exact counter
	Solution   [][]int  `json:"solution,omitempty"`
	Steps      []int    `json:"deductions"` // per stage: forced, dead-ends, reach, counts, lookahead
	Seed       *uint64  `json:"seed,omitempty"`
	Tries      int      `json:"tries,omitempty"`
	Beyond     bool     `json:"beyond_depth,omitempty"`
}

// NewReport describes p and its grading; with withSol it includes the
// solution as a grid of numbers (-1 for blocked cells).
func NewReport(p *Puzzle, g Grading, withSol bool) *Report {
	r := &Report{Moves: p.Moves.Name, Board: p.Board.Spec(), Difficulty: g.Level.String(), Stage: g.Stage.String(),
		Depth: g.Depth, Givens: p.Givens(), Open: p.Board.Open(), Share: p.Share(), Solutions: 1}
	r.Map = lines(p.Board.Format())
	for _, s := range g.Steps {
		r.Steps = append(r.Steps, int(s))
	}
	if withSol && g.Solution != nil {
		f := p.Filled(g.Solution)
		r.Solution = make([][]int, f.Rows)
		for row := range f.Rows {
			r.Solution[row] = make([]int, f.Cols)
			for c := range f.Cols {
				cell := f.Cell(row, c)
				if f.Blocked(cell) {
					r.Solution[row][c] = -1
				} else {
					r.Solution[row][c] = int(f.Given(cell))
				}
			}
		}
	}
	return r
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// WriteText writes p as its text map after comment lines ("// ...", which
// ParsePuzzle skips) naming the grade and the share string; with withSol
// the solution follows as comment lines.
func (p *Puzzle) WriteText(w io.Writer, g Grading, withSol bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "// %s %s, difficulty %s (hardest deduction: %s", p.Moves.Name, p.Board.Spec(), g.Level, g.Stage)
	if g.Depth > 0 {
		fmt.Fprintf(&b, ", depth %d", g.Depth)
	}
	fmt.Fprintf(&b, "), %s, one solution (proved by the exact counter)\n// share: %s\n", format.Plural(p.Givens(), "given"), p.Share())
	b.WriteString(p.Board.Format())
	if withSol && g.Solution != nil {
		b.WriteString("// solution:\n")
		for _, l := range lines(p.Filled(g.Solution).Format()) {
			fmt.Fprintf(&b, "// %s\n", l)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Assessment is a puzzle's grade as boardgraph grade reports it.
type Assessment struct {
	Puzzle *Puzzle
	Grading
	// Beyond reports that the deductions (up to MaxDepth) stalled and the
	// exact counter proved the solution unique.
	Beyond   bool
	MaxDepth int
}

// Assess grades p (Grade). When the deductions stall, the exact counter
// decides: an error wrapping ErrNoSolution or ErrNotUnique, or an
// Assessment with Beyond set and the counter's solution. Errors name how
// they were proved; a stop while counting comes with a non-nil Assessment
// (Beyond set) and ctx's error.
func Assess(ctx context.Context, p *Puzzle, opt GradeOptions) (*Assessment, error) {
	a := &Assessment{Puzzle: p, MaxDepth: opt.MaxDepth}
	if a.MaxDepth <= 0 {
		a.MaxDepth = DefaultMaxDepth
	}
	g, err := Grade(ctx, p, opt)
	a.Grading = g
	switch {
	case errors.Is(err, ErrUnsolved):
		a.Beyond = true
		c, cerr := Count(ctx, p, 2)
		switch {
		case cerr != nil:
			return a, cerr
		case c.Solutions == 0:
			return nil, fmt.Errorf("%w (proved by the exact counter)", ErrNoSolution)
		case c.Solutions > 1:
			return nil, fmt.Errorf("%w (found 2 by the exact counter)", ErrNotUnique)
		}
		a.Solution = c.First
	case errors.Is(err, ErrNoSolution):
		return nil, fmt.Errorf("%w (proved by the deductions)", ErrNoSolution)
	case err != nil:
		return nil, err
	}
	return a, nil
}

// Report is the JSON form of the assessment (NewReport; a puzzle beyond
// the lookahead depth is expert, stage "beyond").
func (a *Assessment) Report(withSol bool) *Report {
	r := NewReport(a.Puzzle, a.Grading, withSol)
	r.Beyond = a.Beyond
	if a.Beyond {
		r.Difficulty, r.Stage = LevelExpert.String(), "beyond"
	}
	return r
}

// WriteText writes the difficulty, the deductions used and the givens; with
// withSol the solved board follows.
func (a *Assessment) WriteText(w io.Writer, withSol bool) error {
	var b strings.Builder
	p, g := a.Puzzle, a.Grading
	names := []string{"forced", "dead-ends", "reach", "counts", "lookahead"}
	var used []string
	for i, s := range g.Steps {
		if s > 0 {
			used = append(used, fmt.Sprintf("%s %d", names[i], s))
		}
	}
	if a.Beyond {
		fmt.Fprintf(&b, "difficulty: beyond lookahead depth %d (one solution, proved by the exact counter)\n", a.MaxDepth)
	} else {
		fmt.Fprintf(&b, "difficulty: %s (hardest deduction: %s", g.Level, g.Stage)
		if g.Depth > 0 {
			fmt.Fprintf(&b, ", depth %d", g.Depth)
		}
		b.WriteString("); one solution, verified\n")
	}
	fmt.Fprintf(&b, "deductions: %s\n", strings.Join(used, ", "))
	fmt.Fprintf(&b, "givens: %d of %d cells; share: %s\n", p.Givens(), p.Board.Open(), p.Share())
	if withSol {
		b.WriteString(p.Filled(g.Solution).Format())
	}
	_, err := io.WriteString(w, b.String())
	return err
}
