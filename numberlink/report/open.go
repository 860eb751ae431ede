package report

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// Reports of the seed's §4 open questions, as boardgraph numberlink
// formula, min-k and tau-steps print them (JSON keys in alphabetical order,
// as those commands have always written them).

// FormulaReport is the closed form of a Figure 5 count: the configurations
// of a node of magnitude N with bridge limit K and Neighbours neighbours.
type FormulaReport struct {
	Configurations string `json:"configurations"` // decimal
	K              int    `json:"k"`
	N              int    `json:"n"`
	Neighbours     int    `json:"neighbours"`
	Sum            string `json:"sum"` // the inclusion-exclusion sum written out
}

// Formula evaluates numberlink.ConfigFormula(n, k, r).
func Formula(n, k, r int) *FormulaReport {
	return &FormulaReport{Configurations: numberlink.ConfigFormula(n, k, r).String(), K: k, N: n, Neighbours: r, Sum: numberlink.ConfigFormulaString(n, k, r)}
}

// WriteText writes "N(n=.., k=.., r=..) = sum".
func (f *FormulaReport) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "N(n=%d, k=%d, r=%d) = %s\n", f.N, f.K, f.Neighbours, f.Sum)
	return err
}

// MinKReport is the smallest bridge limit that solves a grid's clues, with
// a verified solution at that limit.
type MinKReport struct {
	LowerBound int                   `json:"lower_bound"`
	MinK       int                   `json:"min_k"`
	Puzzle     puzzleio.PuzzleJSON   `json:"puzzle"`
	Refuted    []int                 `json:"refuted"`
	Verified   bool                  `json:"verified"`
	Result     numberlink.MinKResult `json:"-"`
}

// MinK runs numberlink.MinK and verifies its solution independently. When ctx
// stops the search, the report holds the limits refuted so far with ctx's
// error.
func MinK(ctx context.Context, g *numberlink.Grid, opt numberlink.SolveOptions) (*MinKReport, error) {
	res, err := numberlink.MinK(ctx, g, opt)
	r := &MinKReport{LowerBound: res.Lower, MinK: res.K, Refuted: res.Refuted, Result: res}
	if err != nil {
		return r, err
	}
	if err := numberlink.VerifySolution(res.Grid, opt.Rules, res.Solution); err != nil {
		return nil, selfCheck("the solver's solution", err)
	}
	r.Puzzle, r.Verified = puzzleio.ToJSON(res.Grid, opt.Rules, res.Solution), true
	return r, nil
}

// WriteText writes the limit found and the solution's drawing.
func (r *MinKReport) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "min k = %d (lower bound %d; proved unsolvable: %v)\n%s", r.MinK, r.LowerBound, r.Refuted, puzzleio.Draw(r.Result.Grid, r.Result.Solution))
	return err
}

// TauStepsReport is the fewest τ builder steps that solve a grid, and an
// order achieving them (MinTauSteps).
type TauStepsReport struct {
	Exact      bool               `json:"exact"`
	Fewest     int                `json:"fewest"`
	LowerBound int                `json:"lower_bound"`
	Order      []string           `json:"order"`
	States     int                `json:"states"`
	TauSteps   int                `json:"tau_steps"`
	Plan       numberlink.TauPlan `json:"-"`
}

// TauSteps runs numberlink.MinTauSteps; on an error the report holds the plan as
// far as it got.
func TauSteps(ctx context.Context, g *numberlink.Grid, rules numberlink.Rules, budget int) (*TauStepsReport, error) {
	plan, err := numberlink.MinTauSteps(ctx, g, rules, budget)
	r := &TauStepsReport{Exact: plan.Exact, Fewest: len(plan.Steps), LowerBound: plan.Lower, Order: make([]string, len(plan.Steps)),
		States: plan.States, TauSteps: plan.TauSteps, Plan: plan}
	for i, st := range plan.Steps {
		r.Order[i] = st.Format(g)
	}
	return r, err
}

// WriteText writes the two step counts and the order, one step a line.
func (r *TauStepsReport) WriteText(w io.Writer) error {
	var b strings.Builder
	how := "proved minimal"
	if !r.Exact {
		how = fmt.Sprintf("best found; at least %d", r.LowerBound)
	}
	fmt.Fprintf(&b, "τ in the seed's order: %s; fewest: %d (%s, %s searched)\n", format.Plural(r.TauSteps, "step"), r.Fewest, how, format.Plural(r.States, "state"))
	for i, st := range r.Order {
		fmt.Fprintf(&b, "%3d. %s\n", i+1, st)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
