package request

// Predicting solvability: the Diplomatico paper's closing question (§V)
// answered for boards no engine decides within info's budget.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
)

// DefaultDecideBudget is how long info lets the portfolio try to decide a
// board that no immediate proof refutes, when --timeout is not given.
const DefaultDecideBudget = time.Second

// Decide completes f, the facts of s's board, with a decision: when no
// immediate proof refutes the board, solve's portfolio (SolveDecided) runs
// within budget: a verified path makes it "solvable", a proof (its
// certificate checked) "impossible" with the proof added; otherwise it is
// "undecided" with the probability of a path from the calibration table
// (PathProbability). A path or certificate the checkers reject is an
// *UnverifiedError.
func (s *Search) Decide(ctx context.Context, f *BoardFacts, budget time.Duration) error {
	if f.Unsolvable {
		f.Decided = "impossible"
		return nil
	}
	if budget <= 0 {
		budget = DefaultDecideBudget
	}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	_, _, dec, err := s.SolveDecided(ctx, s.Options())
	var ue *UnverifiedError
	switch {
	case errors.As(err, &ue):
		return err
	case err == nil:
		f.Decided, f.Engine = "solvable", dec.String()
	case errors.Is(err, hamilton.ErrNoSolution):
		f.Decided, f.Engine, f.Unsolvable = "impossible", dec.String(), true
		text := err.Error()
		rule := "search"
		if dec.Reason != nil {
			rule, text = dec.Reason.Rule, dec.Reason.Text
		}
		f.Proofs = append(f.Proofs, Proof{Rule: rule, Text: text})
	default:
		f.Decided = "undecided"
		density := float64(f.Blocked) / float64(f.Cells)
		if p, _, ok := PathProbability(s.LeaperSpec(), density); ok {
			f.PathProbability = &p
		}
		f.Engine = predictionText(s.LeaperSpec(), density)
	}
	return nil
}

// DensityBands are the bands of blocked share that info's calibration
// table is kept in: 5% to 40% of cells blocked, in five bands.
var DensityBands = [][2]float64{{0, 0.12}, {0.12, 0.19}, {0.19, 0.26}, {0.26, 0.33}, {0.33, 1}}

// DensityBand returns the index of the band of DensityBands that holds
// the blocked share d.
func DensityBand(d float64) int {
	for i, b := range DensityBands {
		if d < b[1] {
			return i
		}
	}
	return len(DensityBands) - 1
}

// calibration is one row of the calibration table: of the random boards
// of a family in a density band that no immediate proof (hamilton.Prove)
// refutes and that the portfolio decided, Paths had a path out of Boards.
// Made by go run ./scripts/blocked -calibrate -boards 300 -seed 7
// (docs/results.md, "Predicting solvability").
type calibration struct {
	Moves         string
	Band          int
	Paths, Boards int
}

// calibrationTable is scripts/blocked -calibrate's output (go run
// ./scripts/blocked -calibrate -boards 300 -seed 7 -timeout 1s), keyed by
// the canonical leaper spec: knight 1,2; Hopido 3,0+2,2; king 1,0+1,1;
// zebra 2,3. Every zebra board of the sample was refuted by a proof.
var calibrationTable = []calibration{
	{"1,2", 0, 9, 9},       // 0.0% to 12.0% blocked: 9 of 9 boards no proof refutes have a path
	{"1,2", 1, 3, 3},       // 12.0% to 19.0% blocked: 3 of 3 boards no proof refutes have a path
	{"1,2", 2, 3, 3},       // 19.0% to 26.0% blocked: 3 of 3 boards no proof refutes have a path
	{"3,0+2,2", 0, 66, 66}, // 0.0% to 12.0% blocked: 66 of 66 boards no proof refutes have a path
	{"3,0+2,2", 1, 46, 46}, // 12.0% to 19.0% blocked: 46 of 46 boards no proof refutes have a path
	{"3,0+2,2", 2, 29, 29}, // 19.0% to 26.0% blocked: 29 of 29 boards no proof refutes have a path
	{"3,0+2,2", 3, 2, 2},   // 26.0% to 33.0% blocked: 2 of 2 boards no proof refutes have a path
	{"3,0+2,2", 4, 3, 3},   // 33.0% to 100.0% blocked: 3 of 3 boards no proof refutes have a path
	{"1,0+1,1", 0, 65, 65}, // 0.0% to 12.0% blocked: 65 of 65 boards no proof refutes have a path
	{"1,0+1,1", 1, 48, 48}, // 12.0% to 19.0% blocked: 48 of 48 boards no proof refutes have a path
	{"1,0+1,1", 2, 50, 50}, // 19.0% to 26.0% blocked: 50 of 50 boards no proof refutes have a path
	{"1,0+1,1", 3, 33, 33}, // 26.0% to 33.0% blocked: 33 of 33 boards no proof refutes have a path
	{"1,0+1,1", 4, 11, 11}, // 33.0% to 100.0% blocked: 11 of 11 boards no proof refutes have a path
}

// PathProbability returns the probability that a board of the family
// moves (a canonical leaper spec, Leaper.LeaperSpec: 1,2 for the knight)
// with the blocked share
// density has a path, given that no immediate proof refutes it: the
// calibration table's share with a Laplace correction ((paths+1) /
// (boards+2)), and how many boards it rests on. ok is false for a family
// the table does not hold.
func PathProbability(moves string, density float64) (p float64, boards int, ok bool) {
	band := DensityBand(density)
	for _, c := range calibrationTable {
		if strings.EqualFold(c.Moves, moves) && c.Band == band {
			return float64(c.Paths+1) / float64(c.Boards+2), c.Boards, true
		}
	}
	return 0, 0, false
}

// predictionText words a prediction for info's verdict line.
func predictionText(moves string, density float64) string {
	p, boards, ok := PathProbability(moves, density)
	if !ok {
		return "undecided; no calibration for this move set and density (knight, hopido, king and 2,3 boards have one)"
	}
	b := DensityBands[DensityBand(density)]
	return fmt.Sprintf("undecided; probability of a path about %.2f (of %d random %s boards with %.0f%% to %.0f%% blocked that no immediate proof refutes; docs/results.md)", p, boards, moves, 100*b[0], 100*b[1])
}
