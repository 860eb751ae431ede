package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// ErrSelfCheck reports a result that failed the independent verifier: a
// bug, never bad input. Reports are built only from verified solutions.
var ErrSelfCheck = errors.New("numberlink: a result failed the independent verifier")

func selfCheck(what string, err error) error {
	return fmt.Errorf("%w: %s fails verification: %w", ErrSelfCheck, what, err)
}

// TableRow is one row of a Figure 5 table (§3.1): Counts[n-1] is the number
// of connection configurations of a node of magnitude n with bridge limit
// K.
type TableRow struct {
	K      int      `json:"k"`
	Counts []uint64 `json:"counts"`
}

// Figure5Table is a Figure 5 table (§3.1) for nodes with Neighbours
// neighbours, rows k = lo..hi.
type Figure5Table struct {
	Neighbours int        `json:"neighbours"`
	Note       string     `json:"note"`
	Rows       []TableRow `json:"rows"`
	// Header asks WriteText for the line naming the magnitudes.
	Header bool `json:"-"`
}

// Figure5 computes the rows k = lo..hi of the Figure 5 table for r
// neighbours (r in 2..4, 1 <= lo <= hi).
func Figure5(r, lo, hi int) *Figure5Table {
	t := &Figure5Table{Neighbours: r, Note: "counts[n-1] = configurations of a node of magnitude n (seed Figure 5)"}
	for k := lo; k <= hi; k++ {
		t.Rows = append(t.Rows, TableRow{k, numberlink.Figure5Row(r, k)})
	}
	return t
}

// WriteText writes the table tab-separated, one row per k, after a header
// naming the magnitudes when t.Header is set.
func (t *Figure5Table) WriteText(w io.Writer) error {
	var b strings.Builder
	if t.Header && len(t.Rows) > 0 {
		width := t.Neighbours * t.Rows[len(t.Rows)-1].K
		fmt.Fprintf(&b, "p has %d neighbours\tn\nk", t.Neighbours)
		for n := 1; n <= max(width, 40); n++ {
			fmt.Fprintf(&b, "\t%d", n)
		}
		b.WriteByte('\n')
	}
	for _, rw := range t.Rows {
		b.WriteString(strconv.Itoa(rw.K))
		for _, c := range rw.Counts {
			b.WriteByte('\t')
			b.WriteString(strconv.FormatUint(c, 10))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// TauReport is the outcome of the τ algorithm (§3.2) as reported: the
// drawing, the steps and whether τ solved the grid.
type TauReport struct {
	Puzzle        puzzleio.PuzzleJSON  `json:"puzzle"`
	Steps         []TauStepJSON        `json:"steps"`
	Solved        bool                 `json:"solved"`
	Unique        bool                 `json:"unique"`
	Contradiction string               `json:"contradiction,omitempty"`
	Drawn         int                  `json:"connections_drawn"`
	Needed        int                  `json:"connections_needed"`
	Result        numberlink.TauResult `json:"-"`
	// Trace asks WriteText for every step before the drawing.
	Trace   bool             `json:"-"`
	grid    *numberlink.Grid `json:"-"`
	stopped context.Context  `json:"-"`
}

// TauStepJSON is one τ step in a TauReport: the node (1-based [row, col]),
// the word drawn and the connections it draws.
type TauStepJSON struct {
	Step  int       `json:"step"`
	Rule  string    `json:"rule"`
	Node  [2]int    `json:"node"`
	Word  string    `json:"word"`
	Drawn []DrawnTo `json:"drawn"`
}

// DrawnTo is one connection group of a τ step: N connections to the node
// at To (1-based [row, col]).
type DrawnTo struct {
	To [2]int `json:"to"`
	N  int    `json:"n"`
}

// Tau checks the Proposition parts (§2.1, returning the violation),
// runs τ and verifies a solved grid independently. When ctx stops τ, the
// report of what τ drew so far comes with ctx's error.
func Tau(ctx context.Context, g *numberlink.Grid, rules numberlink.Rules) (*TauReport, error) {
	if v, err := numberlink.UnsolvableContext(ctx, g, rules); v != nil || err != nil {
		if v != nil {
			return nil, v
		}
		return nil, err
	}
	res, err := numberlink.Tau(ctx, g, rules)
	s := res.State
	rep := &TauReport{Puzzle: puzzleio.ToJSON(g, rules, s.Conn), Solved: res.Solved, Unique: res.Solved, Result: res, grid: g, Steps: []TauStepJSON{}}
	for _, n := range s.Conn {
		rep.Drawn += int(n)
	}
	for _, nd := range g.Nodes {
		rep.Needed += nd.Mag
	}
	rep.Needed /= 2
	if res.Solved {
		// Every reported solution passes the independent verifier.
		if verr := numberlink.VerifySolution(g, rules, s.Conn); verr != nil {
			return nil, selfCheck("τ's solution", verr)
		}
	}
	for _, st := range res.Steps {
		nd := g.Nodes[st.Node]
		sj := TauStepJSON{Step: st.Step, Rule: st.Rule, Node: [2]int{nd.Row + 1, nd.Col + 1}, Word: st.Word.String()}
		for d := range 4 {
			if st.Word[d] > 0 {
				q := g.Nodes[g.Nbr[st.Node][d]]
				sj.Drawn = append(sj.Drawn, DrawnTo{[2]int{q.Row + 1, q.Col + 1}, st.Word[d]})
			}
		}
		rep.Steps = append(rep.Steps, sj)
	}
	if res.Contradiction != nil {
		rep.Contradiction = res.Contradiction.Error()
	}
	return rep, err
}

// WriteText writes the drawing τ reached and a sentence on the outcome;
// with r.Trace, every step first.
func (r *TauReport) WriteText(w io.Writer) error {
	var b strings.Builder
	res := r.Result
	if r.Trace {
		for _, st := range res.Steps {
			b.WriteString(st.Format(r.grid) + "\n")
		}
		if len(res.Steps) > 0 {
			b.WriteByte('\n')
		}
	}
	b.WriteString(puzzleio.Draw(r.grid, res.State.Conn))
	switch {
	case res.Solved:
		fmt.Fprintf(&b, "solved by τ in %d steps: the solution is unique (Theorem, §3.2)\n", len(res.Steps))
	case res.Contradiction == nil:
		fmt.Fprintf(&b, "τ stopped after %d steps with %d of %d connections drawn: ω*(p) = ∅ for every incomplete node\n", len(res.Steps), r.Drawn, r.Needed)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// CheckReport is the verdict of the independent verifier on a proposed
// solution.
type CheckReport struct {
	AllowDisconnected bool   `json:"allow_disconnected"`
	Bridges           int    `json:"bridges"`
	Error             string `json:"error,omitempty"`
	K                 int    `json:"k"`
	NoLoops           bool   `json:"no_loops"`
	Valid             bool   `json:"valid"`
	// Err is the broken rule, nil when Valid.
	Err error `json:"-"`
}

// Check verifies bridges as a solution of g under rules (numberlink.Verify).
func Check(g *numberlink.Grid, rules numberlink.Rules, bridges []numberlink.Bridge) *CheckReport {
	verr := numberlink.Verify(g.Rows, g.Cols, g.Clues(), g.K, rules, bridges)
	r := &CheckReport{AllowDisconnected: rules.AllowDisconnected, Bridges: len(bridges), K: g.K, NoLoops: rules.NoLoops, Valid: verr == nil, Err: verr}
	if verr != nil {
		r.Error = verr.Error()
	}
	return r
}

// WriteText writes "ok: ..." or "invalid: ..." on one line.
func (r *CheckReport) WriteText(w io.Writer) error {
	var err error
	if r.Err != nil {
		_, err = fmt.Fprintf(w, "invalid: %s\n", strings.ReplaceAll(strings.TrimSpace(r.Err.Error()), "\n", "; "))
	} else {
		_, err = fmt.Fprintf(w, "ok: %d bridges, every rule holds (k=%d%s)\n", r.Bridges, r.K, rulesSuffix(numberlink.Rules{NoLoops: r.NoLoops, AllowDisconnected: r.AllowDisconnected}))
	}
	return err
}

func rulesSuffix(r numberlink.Rules) string {
	s := ""
	if r.NoLoops {
		s += ", no loops"
	}
	if r.AllowDisconnected {
		s += ", connectivity not required"
	}
	return s
}

// SameClues reports whether a and b are the same puzzle: same size and
// clues.
func SameClues(a, b *numberlink.Grid) bool {
	if a.Rows != b.Rows || a.Cols != b.Cols {
		return false
	}
	ca, cb := a.Clues(), b.Clues()
	for i := range ca {
		if ca[i] != cb[i] {
			return false
		}
	}
	return true
}

// Uniqueness verdicts of a SolveReport.
const (
	Unique     = "unique"
	NotUnique  = "not_unique"
	NotChecked = "not_checked"
)

// SolveReport is a verified solution with the verdict on its uniqueness.
type SolveReport struct {
	ElapsedMS      int64                 `json:"elapsed_ms"`
	Nodes          uint64                `json:"nodes"`
	Puzzle         puzzleio.PuzzleJSON   `json:"puzzle"`
	SecondBridges  []puzzleio.BridgeJSON `json:"second,omitempty"`
	Uniqueness     string                `json:"uniqueness"` // Unique, NotUnique or NotChecked
	UniquenessNote string                `json:"uniqueness_note,omitempty"`
	Verified       bool                  `json:"verified"`
	Solution       numberlink.Solution   `json:"-"`
	Second         numberlink.Solution   `json:"-"` // a second solution, when asked for and one exists
	Stats          numberlink.SolveStats `json:"-"`
	grid           *numberlink.Grid      `json:"-"`
}

// UniqueOptions says how Solve decides uniqueness.
type UniqueOptions struct {
	// Skip leaves uniqueness not checked.
	Skip bool
	// Second finds and reports a second solution when there is one.
	Second bool
}

// Solve solves g (numberlink.Solve), verifies the solution independently and
// decides whether it is unique (a second complete search counting up to
// two solutions). On failure the report still carries the search's
// statistics; numberlink.ErrNoSolution means the complete search found none.
func Solve(ctx context.Context, g *numberlink.Grid, opt numberlink.SolveOptions, u UniqueOptions) (*SolveReport, error) {
	sol, st, err := numberlink.Solve(ctx, g, opt)
	rep := &SolveReport{Stats: st, Nodes: st.Nodes, ElapsedMS: st.Elapsed.Milliseconds(), grid: g}
	if err != nil {
		return rep, err
	}
	if err := numberlink.VerifySolution(g, opt.Rules, sol); err != nil {
		return rep, selfCheck("the solver's solution", err)
	}
	rep.Solution, rep.Puzzle, rep.Verified, rep.Uniqueness = sol, puzzleio.ToJSON(g, opt.Rules, sol), true, NotChecked
	if u.Skip {
		return rep, nil
	}
	n, _, _, cerr := numberlink.Count(ctx, g, 2, numberlink.SolveOptions{Rules: opt.Rules})
	switch {
	case cerr != nil:
		rep.UniquenessNote = fmt.Sprintf("the search for a second solution stopped (%v)", cerr)
		return rep, nil
	case n < 2:
		rep.Uniqueness = Unique
		return rep, nil
	}
	rep.Uniqueness = NotUnique
	if u.Second {
		if sols, err := numberlink.Solutions(ctx, g, opt.Rules, 2); err == nil && len(sols) == 2 {
			if err := numberlink.VerifySolution(g, opt.Rules, sols[1]); err != nil {
				return rep, selfCheck("the second solution", err)
			}
			rep.Second = sols[1]
			rep.SecondBridges = puzzleio.ToJSON(g, opt.Rules, sols[1]).Bridges
		}
	}
	return rep, nil
}

// Sentence words the uniqueness verdict.
func (r *SolveReport) Sentence() string {
	switch r.Uniqueness {
	case Unique:
		return "the solution is unique (a complete search found no other)"
	case NotUnique:
		if r.Second != nil {
			return "the solution is not unique: a second solution exists (shown below)"
		}
		return "the solution is not unique: a second solution exists (--show-second prints it)"
	}
	if r.UniquenessNote != "" {
		return "uniqueness not checked: " + r.UniquenessNote
	}
	return "uniqueness not checked (--unique=false)"
}

// WriteText writes the solution's drawing, the uniqueness sentence and the
// second solution when there is one.
func (r *SolveReport) WriteText(w io.Writer) error {
	s := puzzleio.Draw(r.grid, r.Solution) + r.Sentence() + "\n"
	if r.Second != nil {
		s += "\na second solution:\n" + puzzleio.Draw(r.grid, r.Second)
	}
	_, err := io.WriteString(w, s)
	return err
}

// Count statuses of a CountReport.
const (
	CountComplete = "complete"
	CountLimit    = "limit"
	CountStopped  = "stopped"
)

// CountReport is a solution count, complete or a lower bound.
type CountReport struct {
	AtLeast   bool   `json:"at_least"`
	ElapsedMS int64  `json:"elapsed_ms"`
	Nodes     uint64 `json:"nodes"`
	Solutions uint64 `json:"solutions"`
	Status    string `json:"status"` // CountComplete, CountLimit or CountStopped
	Unique    bool   `json:"unique"`
	Limit     uint64 `json:"-"`
	// StopReason words why a stopped count stopped, for WriteText
	// ("interrupted").
	StopReason string `json:"-"`
}

// Count counts the solutions of g up to limit (0: all) and verifies the
// first independently. When ctx stops the count, the report says so
// (CountStopped, a lower bound) and the error is nil.
func Count(ctx context.Context, g *numberlink.Grid, limit uint64, opt numberlink.SolveOptions) (*CountReport, error) {
	n, first, st, err := numberlink.Count(ctx, g, limit, opt)
	if err != nil && ctx.Err() == nil {
		return nil, err
	}
	if first != nil {
		if verr := numberlink.VerifySolution(g, opt.Rules, first); verr != nil {
			return nil, selfCheck("the first solution", verr)
		}
	}
	r := &CountReport{Solutions: n, Status: CountComplete, Nodes: st.Nodes, ElapsedMS: st.Elapsed.Milliseconds(), Limit: limit}
	switch {
	case err != nil:
		r.Status = CountStopped
	case limit > 0 && n >= limit:
		r.Status = CountLimit
	}
	r.AtLeast = r.Status != CountComplete
	r.Unique = r.Status == CountComplete && n == 1
	return r, nil
}

// WriteText writes the count as a sentence.
func (r *CountReport) WriteText(w io.Writer) error {
	var err error
	switch r.Status {
	case CountComplete:
		if r.Solutions == 1 {
			_, err = fmt.Fprintln(w, "1 solution (unique)")
		} else {
			_, err = fmt.Fprintf(w, "%d solutions\n", r.Solutions)
		}
	case CountLimit:
		_, err = fmt.Fprintf(w, "at least %s (stopped at --limit %d)\n", format.Plural(int(r.Solutions), "solution"), r.Limit)
	default:
		_, err = fmt.Fprintf(w, "at least %s (%s)\n", format.Plural(int(r.Solutions), "solution"), r.StopReason)
	}
	return err
}

// GradeReport is a grid's difficulty: "tau" when τ alone solves it, else
// the solver stage that decides it (Rate).
type GradeReport struct {
	Grade     string           `json:"grade"`
	Level     string           `json:"level"`
	Solutions uint64           `json:"solutions"`
	TauSolves bool             `json:"tau_solves"`
	TauSteps  int              `json:"tau_steps"`
	Rating    numberlink.Grade `json:"-"`
}

// Grade runs τ, then rates g (numberlink.Rate). When ctx stops τ the report is
// nil; when it stops the rating, the report holds τ's part. A contradiction
// found by τ is returned as the error (it wraps numberlink.ErrUnsolvable).
func Grade(ctx context.Context, g *numberlink.Grid, opt numberlink.SolveOptions) (*GradeReport, error) {
	tau, err := numberlink.Tau(ctx, g, opt.Rules)
	if err != nil {
		return nil, err
	}
	if tau.Contradiction != nil {
		return nil, tau.Contradiction
	}
	r := &GradeReport{TauSolves: tau.Solved, TauSteps: len(tau.Steps)}
	gr, err := numberlink.Rate(ctx, g, opt)
	if err != nil {
		return r, err
	}
	r.Rating, r.Level, r.Solutions, r.Grade = gr, gr.Level.String(), gr.Solutions, gr.String()
	if tau.Solved {
		r.Grade = "tau"
	}
	return r, nil
}

// WriteText writes the grade as one sentence.
func (r *GradeReport) WriteText(w io.Writer) error {
	var err error
	if r.TauSolves {
		_, err = fmt.Fprintf(w, "grade: tau (the τ algorithm of §3.2 alone solves it, %d steps; unique); solver stage: %s\n", r.TauSteps, r.Rating.Level)
	} else {
		_, err = fmt.Fprintf(w, "grade: %s (τ stops after %d steps)\n", r.Rating, r.TauSteps)
	}
	return err
}

// PhiBuild is one builder step u(p, ω) (§2.2) applied before a PhiReport:
// Word drawn at the node at (Row, Col), 0-based.
type PhiBuild struct {
	Row, Col int
	Word     numberlink.Word
}

// PhiReport lists, for one node p, Φ_k[p], Φ_Γk[p] with the condition that
// excludes each other word, and ω*(p) (§2.2, as in the worked example of
// §2.3).
type PhiReport struct {
	Contradiction bool                  `json:"contradiction"`
	Feasible      []string              `json:"feasible"`
	K             int                   `json:"k"`
	Magnitude     int                   `json:"magnitude"`
	Node          [2]int                `json:"node"` // 1-based [row, col]
	OmegaStar     string                `json:"omega_star"`
	Phi           []string              `json:"phi"`
	RejectedBy    map[string]int        `json:"rejected_by"`
	Rejected      []numberlink.Rejected `json:"-"`
}

// PhiBuildError is a builder step of Phi that the builder refused.
type PhiBuildError struct {
	Index int // into the builds
	Err   error
}

func (e *PhiBuildError) Error() string { return fmt.Sprintf("step %d: %v", e.Index+1, e.Err) }

// Unwrap returns the builder's error.
func (e *PhiBuildError) Unwrap() error { return e.Err }

// ErrNotNode reports a cell that holds no node.
var ErrNotNode = errors.New("not a node")

// Phi applies the builder steps to the empty drawing of g and
// reports Φ for the node at (row, col), 0-based. A step or the node on a
// cell without a node is an error wrapping ErrNotNode; a step the builder
// refuses is a *PhiBuildError.
func Phi(g *numberlink.Grid, rules numberlink.Rules, row, col int, builds []PhiBuild) (*PhiReport, error) {
	p := g.NodeAt(row, col)
	if p < 0 {
		return nil, fmt.Errorf("%w: (%d,%d)", ErrNotNode, row+1, col+1)
	}
	s := numberlink.NewState(g, rules)
	for i, b := range builds {
		q := g.NodeAt(b.Row, b.Col)
		if q < 0 {
			return nil, fmt.Errorf("step %d: %w: (%d,%d)", i+1, ErrNotNode, b.Row+1, b.Col+1)
		}
		if err := s.Build(int(q), b.Word); err != nil {
			return nil, &PhiBuildError{Index: i, Err: err}
		}
	}
	feasible, rejected := s.PhiGammaAll(int(p))
	omega, _, ok := s.OmegaStar(int(p))
	r := &PhiReport{Contradiction: !ok, Feasible: wordNames(feasible), K: g.K, Magnitude: s.Rem[p], Node: [2]int{row + 1, col + 1},
		OmegaStar: omega.String(), Phi: wordNames(numberlink.Phi(g.K, s.Rem[p])), RejectedBy: map[string]int{}, Rejected: rejected}
	for _, x := range rejected {
		r.RejectedBy[x.Word.String()] = x.Condition
	}
	return r, nil
}

func wordNames(ws []numberlink.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.String()
	}
	return out
}

// WriteText writes the report as in §2.3: the node, Φ_k[p], Φ_Γk[p], the
// words each condition excludes and ω*(p).
func (r *PhiReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "node (%d,%d), magnitude %d, k = %d (1 up, 2 right, 3 down, 4 left)\n", r.Node[0], r.Node[1], r.Magnitude, r.K)
	fmt.Fprintf(&b, "Φ_k[p]  (%d words): %s\n", len(r.Phi), strings.Join(r.Phi, " "))
	fmt.Fprintf(&b, "Φ_Γk[p] (%d words): %s\n", len(r.Feasible), strings.Join(r.Feasible, " "))
	byCond := map[int][]string{}
	for _, x := range r.Rejected {
		byCond[x.Condition] = append(byCond[x.Condition], x.Word.String())
	}
	for cond := 1; cond <= 6; cond++ {
		if len(byCond[cond]) > 0 {
			fmt.Fprintf(&b, "  excluded by condition %d: %s\n", cond, strings.Join(byCond[cond], " "))
		}
	}
	if r.Contradiction {
		b.WriteString("ω*(p): none: no feasible configuration, the grid is unsolvable\n")
	} else {
		fmt.Fprintf(&b, "ω*(p) = %s\n", r.OmegaStar)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Generate is numberlink.Generate followed by an independent proof of the
// result: an exact count (limit 2) finds exactly one solution and the
// solution passes the independent verifier. When ctx stops the proof, the
// grid comes back with ctx's error.
func Generate(ctx context.Context, opt numberlink.GenerateOptions) (*numberlink.Grid, numberlink.Solution, error) {
	g, sol, err := numberlink.Generate(ctx, opt)
	if err != nil {
		return nil, nil, err
	}
	if n, _, _, err := numberlink.Count(ctx, g, 2, numberlink.SolveOptions{Rules: opt.Rules}); err != nil || n != 1 {
		if ctx.Err() != nil {
			return g, nil, ctx.Err()
		}
		return nil, nil, fmt.Errorf("%w: the generated puzzle has %d solutions (%w)", ErrSelfCheck, n, err)
	}
	if err := numberlink.VerifySolution(g, opt.Rules, sol); err != nil {
		return nil, nil, selfCheck("the generated solution", err)
	}
	return g, sol, nil
}
