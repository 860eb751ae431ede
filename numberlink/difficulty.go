package numberlink

import (
	"fmt"
	"strconv"
)

// The named difficulties a setter asks for, each one deduction stage of the
// grader (grade.go), in the manner of Simon Tatham's puzzles, whose levels
// are the solver stages a puzzle needs:
//
//   - Easy: LevelCrossing. Counting at each island (bounds) and "a drawn
//     bridge blocks the bridges it crosses" decide every pair.
//   - Medium: LevelIsolation. Also "do not close off a group of islands".
//   - Hard: LevelBridges. Also the cut argument: a bridge of the potential
//     graph carries what one side needs.
//   - Expert: LevelProbe. Also one-step lookahead: try a value, follow the
//     cheaper rules to a contradiction.
//
// A puzzle has difficulty L when the stages up to L decide it and the
// stages below L do not: the grader (Rate) then reports exactly L.
const (
	Easy   = LevelCrossing
	Medium = LevelIsolation
	Hard   = LevelBridges
	Expert = LevelProbe
)

var difficultyNames = [...]string{"", "trivial", "easy", "medium", "hard", "expert", "unsolvable-by-deduction"}

// DifficultyName returns the setter's name of a level: "easy", "medium",
// "hard" or "expert" for the four named levels, "trivial" for LevelBounds
// and "unsolvable-by-deduction" for LevelSearch.
func (l Level) DifficultyName() string {
	if l >= LevelBounds && l <= LevelSearch {
		return difficultyNames[l]
	}
	return l.String()
}

// ParseDifficulty reads a difficulty: a name (easy, medium, hard, expert), a
// stage name (bounds, crossing, isolation, bridges, probe, search) or a
// stage number 1..6.
func ParseDifficulty(s string) (Level, error) {
	switch s {
	case "easy":
		return Easy, nil
	case "medium":
		return Medium, nil
	case "hard":
		return Hard, nil
	case "expert":
		return Expert, nil
	}
	if n, err := strconv.Atoi(s); err == nil && n >= int(LevelBounds) && n <= int(LevelSearch) {
		return Level(n), nil
	}
	if l, err := parseLevel(s); err == nil {
		return l, nil
	}
	return 0, fmt.Errorf("unknown difficulty %q: use easy, medium, hard, expert, a stage (bounds, crossing, isolation, bridges, probe, search) or 1..6", s)
}
