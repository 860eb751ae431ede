package hidato

import (
	"context"
	"fmt"
	"strings"
)

// Level is a named difficulty: a band of stages (see Stage).
type Level int

// The levels. Each is defined by the highest stage a puzzle needs:
//
//	easy    StageForced: only forced moves and single candidates
//	medium  StageDeadEnds: a dead-end cell argument is needed
//	hard    StageReach or StageColour: distances, regions, colour counts
//	expert  StageLookahead: a trial of some depth (Grading.Depth) is needed
const (
	LevelEasy Level = iota + 1
	LevelMedium
	LevelHard
	LevelExpert
)

var levelNames = [...]string{"", "easy", "medium", "hard", "expert"}

// String returns the level's name.
func (l Level) String() string {
	if l >= LevelEasy && l <= LevelExpert {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// ParseLevel reads a level name as String writes it.
func ParseLevel(s string) (Level, error) {
	for l := LevelEasy; l <= LevelExpert; l++ {
		if strings.EqualFold(s, levelNames[l]) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("%w: unknown difficulty %q; use easy, medium, hard or expert", ErrPuzzle, s)
}

// LevelOf returns the level of a puzzle whose hardest needed stage is st.
func LevelOf(st Stage) Level {
	switch {
	case st <= StageForced:
		return LevelEasy
	case st == StageDeadEnds:
		return LevelMedium
	case st <= StageColour:
		return LevelHard
	}
	return LevelExpert
}

// DefaultMaxDepth is the deepest lookahead Grade tries by default.
const DefaultMaxDepth = 1

// GradeOptions tune Grade. The zero value is the default.
type GradeOptions struct {
	// MaxDepth is the deepest nested lookahead tried (0: DefaultMaxDepth).
	MaxDepth int
}

// Grading is the difficulty of a puzzle and the solution the deductions
// reached.
type Grading struct {
	Level Level
	// Stage is the hardest stage needed; Depth the deepest lookahead (0
	// when StageLookahead was not needed).
	Stage Stage
	Depth int
	// Steps[st-1] counts how often stage st made progress.
	Steps [StageLookahead]uint64
	// Solution lists the board cells of 1..N, verified by package verify.
	// Deductions only strike impossible cells, so a puzzle they finish has
	// this one solution and no other.
	Solution []int32
}

// Grade solves p by the named deductions alone, always using the cheapest
// stage that makes progress (Tatham's grading), and reports the hardest
// stage needed. It returns ErrNoSolution when the deductions prove the
// puzzle has no solution, and ErrUnsolved (with the stages used so far) when
// they stall, which happens when the puzzle has several solutions or needs a
// lookahead deeper than opt.MaxDepth. Each stage costs a polynomial number of
// set operations; lookahead of depth d multiplies that by the number of
// candidates to the power d.
func Grade(ctx context.Context, p *Puzzle, opt GradeOptions) (Grading, error) {
	m, given, err := p.compile()
	if err != nil {
		return Grading{}, err
	}
	depth := opt.MaxDepth
	if depth <= 0 {
		depth = DefaultMaxDepth
	}
	s := newState(m, given)
	var tr trace
	err = s.propagate(ctx, StageLookahead, depth, &tr)
	g := Grading{Stage: max(tr.stage, StageForced), Depth: tr.depth, Steps: tr.steps}
	g.Level = LevelOf(g.Stage)
	if err != nil {
		return g, err
	}
	if s.bad || (s.solved() && !s.validPath()) {
		return g, ErrNoSolution
	}
	if !s.solved() {
		return g, ErrUnsolved
	}
	g.Solution = m.bg.Cells(s.path())
	if err := p.Check(g.Solution); err != nil {
		return g, fmt.Errorf("hidato: the grader's solution fails verification (a bug): %w", err)
	}
	return g, nil
}
