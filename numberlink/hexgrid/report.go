package hexgrid

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/numberlink"
)

// Convention is how every hex count is counted, for reports.
const Convention = "solutions counted as assignments of 0..k connections to unordered neighbouring pairs (bridges are undirected; no symmetry reduction)"

// ErrSelfCheck reports a solver output the independent verifier rejected
// (a bug, never bad input).
var ErrSelfCheck = errors.New("hexgrid: internal error: the verifier rejected the solver's output")

// SolveReport is what SolveAndReport returns: the puzzle with a verified
// solution as its bridges, and whether it is unique. Its JSON keys are
// stable and follow the square solver's report; Parse and ParseSolution
// read it back (numberlink check takes it).
type SolveReport struct {
	Grid   string     `json:"grid"` // always "hex"
	Puzzle PuzzleJSON `json:"puzzle"`
	// Uniqueness is "unique", "not_unique" or "not_checked".
	Uniqueness string `json:"uniqueness"`
	Verified   bool   `json:"verified"`
	Nodes      uint64 `json:"nodes"`
	ElapsedMS  int64  `json:"elapsed_ms"`
	// Sol is the solution as pair counts (for pictures).
	Sol Solution `json:"-"`
	g   *Grid
}

// SolveAndReport solves g, checks the solution with the independent
// verifier and, unless skipUnique, decides uniqueness with a count up to
// two. It returns ErrNoSolution, ctx.Err() when stopped, or an error
// wrapping ErrSelfCheck if the verifier rejects the solver.
func SolveAndReport(ctx context.Context, g *Grid, opt SolveOptions, skipUnique bool) (*SolveReport, error) {
	limit := uint64(2)
	if skipUnique {
		limit = 1
	}
	n, sol, st, err := numberlink.Count(ctx, g, limit, opt)
	rep := &SolveReport{Grid: "hex", Puzzle: ToJSON(g, opt.Rules, nil), Uniqueness: "not_checked", Nodes: st.Nodes, ElapsedMS: st.Elapsed.Milliseconds(), g: g}
	if sol == nil {
		if err != nil {
			return rep, err
		}
		return rep, ErrNoSolution
	}
	if verr := numberlink.VerifySolution(g, opt.Rules, sol); verr != nil {
		return rep, fmt.Errorf("%w: %w", ErrSelfCheck, verr)
	}
	rep.Sol, rep.Verified = sol, true
	rep.Puzzle = ToJSON(g, opt.Rules, sol)
	switch {
	case skipUnique || err != nil:
	case n == 1:
		rep.Uniqueness = "unique"
	default:
		rep.Uniqueness = "not_unique"
	}
	return rep, nil
}

// WriteText writes the puzzle, the solution lines and the uniqueness.
func (r *SolveReport) WriteText(w io.Writer) error {
	if _, err := w.Write(Format(r.g, Rules{NoLoops: r.Puzzle.NoLoops, AllowDisconnected: r.Puzzle.AllowDisconnected})); err != nil {
		return err
	}
	fmt.Fprintln(w, "# solution: R1,C1 R2,C2 N (1-based cells, odd-r offset layout)")
	w.Write(FormatSolution(r.g, r.Sol))
	switch r.Uniqueness {
	case "unique":
		fmt.Fprintln(w, "# unique: yes (a complete search found no second solution)")
	case "not_unique":
		fmt.Fprintln(w, "# unique: no (a second solution exists)")
	default:
		fmt.Fprintln(w, "# uniqueness not checked")
	}
	return nil
}

// CountReport is the result of a count.
type CountReport struct {
	Grid       string `json:"grid"`
	Solutions  uint64 `json:"solutions"`
	Complete   bool   `json:"complete"`
	AtLeast    bool   `json:"at_least"` // a lower bound: stopped or at the limit
	Stopped    bool   `json:"stopped"`  // stopped early (timeout, interrupt)
	Unique     bool   `json:"unique"`
	Convention string `json:"convention"`
	Nodes      uint64 `json:"nodes"`
	ElapsedMS  int64  `json:"elapsed_ms"`
}

// CountAndReport counts g's solutions up to limit (0: all), verifying the
// first. A count stopped by ctx or the limit is a lower bound (AtLeast);
// the error is then nil.
func CountAndReport(ctx context.Context, g *Grid, limit uint64, opt SolveOptions) (*CountReport, error) {
	n, first, st, err := numberlink.Count(ctx, g, limit, opt)
	if err != nil && ctx.Err() == nil {
		return nil, err
	}
	if first != nil {
		if verr := numberlink.VerifySolution(g, opt.Rules, first); verr != nil {
			return nil, fmt.Errorf("%w: %w", ErrSelfCheck, verr)
		}
	}
	stopped := err != nil
	hitLimit := limit > 0 && n >= limit
	return &CountReport{Grid: "hex", Solutions: n, Complete: !stopped && !hitLimit, AtLeast: stopped || hitLimit, Stopped: stopped,
		Unique: n == 1 && !stopped && !(hitLimit && limit == 1), Convention: Convention, Nodes: st.Nodes, ElapsedMS: st.Elapsed.Milliseconds()}, nil
}

// WriteText writes the count in one line with its convention.
func (r *CountReport) WriteText(w io.Writer) error {
	switch {
	case r.Stopped:
		_, err := fmt.Fprintf(w, "at least %s (stopped early; %s)\n", format.Plural(int(r.Solutions), "solution"), r.Convention)
		return err
	case r.AtLeast:
		_, err := fmt.Fprintf(w, "at least %s (the limit; %s)\n", format.Plural(int(r.Solutions), "solution"), r.Convention)
		return err
	}
	_, err := fmt.Fprintf(w, "%s (complete search; %s)\n", format.Plural(int(r.Solutions), "solution"), r.Convention)
	return err
}

// CheckReport is the verdict on a proposed solution.
type CheckReport struct {
	Grid   string `json:"grid"`
	Valid  bool   `json:"valid"`
	Reason string `json:"reason,omitempty"`
	// K and Bridges (the pairs that carry connections) word a valid
	// solution as the square grid's report does.
	K       int `json:"k"`
	Bridges int `json:"bridges"`
}

// Check maps bridges onto g and verifies them independently.
func Check(g *Grid, rules Rules, bridges []Bridge) *CheckReport {
	rep := &CheckReport{Grid: "hex"}
	sol, err := SolutionFromBridges(g, bridges)
	if err == nil {
		err = numberlink.VerifySolution(g, rules, sol)
	}
	if err != nil {
		rep.Reason = err.Error()
		return rep
	}
	rep.Valid, rep.K = true, g.K
	for _, b := range bridges {
		if b.N > 0 {
			rep.Bridges++
		}
	}
	return rep
}

// WriteText writes "ok: N bridges, every rule holds (k=K, hex)", as the
// square grid's check does, or "invalid: reason".
func (r *CheckReport) WriteText(w io.Writer) error {
	if r.Valid {
		_, err := fmt.Fprintf(w, "ok: %d bridges, every rule holds (k=%d, hex)\n", r.Bridges, r.K)
		return err
	}
	_, err := fmt.Fprintf(w, "invalid: %s\n", r.Reason)
	return err
}

// TauReport is the outcome of τ for printing.
type TauReport struct {
	Grid   string    `json:"grid"`
	Solved bool      `json:"solved"`
	Steps  []TauStep `json:"steps"`
	// Drawn lists the connections τ drew (all forced).
	Drawn         []BridgeJSON `json:"drawn"`
	Contradiction string       `json:"contradiction,omitempty"`
}

// TauStep is one drawing step of τ as the report shows it.
type TauStep struct {
	Step int    `json:"step"` // the algorithm's step, 1 to 4
	Rule string `json:"rule"`
	// Text describes the step with 1-based cells.
	Text string `json:"text"`
}

// Tau runs the seed's τ algorithm (§3.2, numberlink.Tau) on a hex grid.
func Tau(ctx context.Context, g *Grid, rules Rules) (numberlink.TauResult, error) {
	return numberlink.Tau(ctx, g, rules)
}

// NewTauReport wraps a τ result.
func NewTauReport(g *Grid, res numberlink.TauResult) *TauReport {
	r := &TauReport{Grid: "hex", Solved: res.Solved, Steps: []TauStep{}, Drawn: ToJSON(g, res.State.Rules, res.State.Conn).Bridges}
	at := func(p int32) string { return fmt.Sprintf("(%d,%d)", g.Nodes[p].Row+1, g.Nodes[p].Col+1) }
	for _, st := range res.Steps {
		var parts []string
		for d, x := range st.Word {
			if x > 0 {
				parts = append(parts, fmt.Sprintf("%d to %s", x, at(g.Nbr[st.Node][d])))
			}
		}
		text := fmt.Sprintf("step %d: node %s magn %d: %s: draws %s", st.Step, at(int32(st.Node)), g.Nodes[st.Node].Mag, st.Rule, strings.Join(parts, ", "))
		r.Steps = append(r.Steps, TauStep{Step: st.Step, Rule: st.Rule, Text: text})
	}
	if res.Contradiction != nil {
		r.Contradiction = res.Contradiction.Error()
	}
	return r
}

// WriteText writes one line per step and the verdict.
func (r *TauReport) WriteText(w io.Writer) error {
	for _, st := range r.Steps {
		fmt.Fprintln(w, st.Text)
	}
	switch {
	case r.Contradiction != "":
		fmt.Fprintf(w, "τ proves the grid unsolvable: %s\n", r.Contradiction)
	case r.Solved:
		fmt.Fprintf(w, "τ solved the grid in %d steps: the solution is unique (the seed's Theorem, §3.2)\n", len(r.Steps))
	default:
		fmt.Fprintf(w, "τ stopped after %d steps with ω* = ∅ at every incomplete node (%d bridges forced)\n", len(r.Steps), len(r.Drawn))
	}
	return nil
}
