package request

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/hexgrid"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
	"github.com/boardgraph/boardgraph/numberlink/report"
	"github.com/boardgraph/boardgraph/render"
)

// Numberlink puzzles on either grid: a square k-grid (package numberlink,
// four neighbours) or a hexagonal one (package hexgrid, six neighbours),
// told apart by content (hexgrid.IsHex) unless --grid names one. The
// Puzzle methods below give each numberlink subcommand one body for both
// grids: they return a Report to print and the facts the caller words.

// The names PuzzleFlags.Grid and GenerateFlags.Grid take ("" detects the
// grid from the puzzle's content; generate then makes a square one).
const (
	GridSquare = "square"
	GridHex    = "hex"
)

// Report is a numberlink result on either grid: WriteText writes its text
// form, and the value itself is its JSON form (format.WriteJSON).
type Report interface{ WriteText(io.Writer) error }

// WriteReport writes rep to w as JSON (format.WriteResult: snake_case
// keys, the program version, and problem, when not nil, as the "problem"
// object) when json is set, else in its text form.
func WriteReport(w io.Writer, rep Report, json bool, problem any) error {
	if json {
		return format.WriteResult(w, problem, rep)
	}
	return rep.WriteText(w)
}

// Problem returns the "problem" object of the numberlink command (for
// example "numberlink solve") run on p.
func (p *Puzzle) Problem(command string) format.PuzzleProblem {
	if p.Hex != nil {
		pr := format.NewPuzzleProblem(command, GridHex, p.Hex.Grid.Rows, p.Hex.Grid.Cols, p.Hex.Grid.K, p.Source)
		pr.NoLoops, pr.Disconnected = p.Hex.Rules.NoLoops, p.Hex.Rules.AllowDisconnected
		return pr
	}
	pr := format.NewPuzzleProblem(command, GridSquare, p.Grid.Rows, p.Grid.Cols, p.Grid.K, p.Source)
	pr.NoLoops, pr.Disconnected = p.Rules.NoLoops, p.Rules.AllowDisconnected
	return pr
}

// hexGrid resolves --grid for the input data: whether it is read as a hex
// puzzle. grid "" detects it from the content.
func hexGrid(grid string, data []byte) (bool, error) {
	switch strings.ToLower(grid) {
	case "":
		return hexgrid.IsHex(data), nil
	case GridSquare:
		return false, nil
	case GridHex, "hexagonal":
		return true, nil
	}
	return false, fmt.Errorf("%w: --grid %q: use square or hex", ErrInput, grid)
}

// newHexPuzzle parses data as a hex puzzle and applies the rule flags.
func newHexPuzzle(f PuzzleFlags, name string, data []byte) (*Puzzle, error) {
	hp, err := hexgrid.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrInput, name, err)
	}
	if f.K != 0 {
		g, err := hexgrid.NewGrid(hp.Grid.Rows, hp.Grid.Cols, f.K, hp.Grid.Clues())
		if err != nil {
			return nil, fmt.Errorf("%w: --k %d: %w", ErrInput, f.K, err)
		}
		hp.Grid = g
	}
	hp.Rules.NoLoops = hp.Rules.NoLoops || f.NoLoops
	hp.Rules.AllowDisconnected = hp.Rules.AllowDisconnected || f.Disconnected
	return &Puzzle{Name: name, Data: data, Hex: hp}, nil
}

// SquareOnly returns an error wrapping ErrInput when p is a hex puzzle,
// which the subcommand sub does not handle.
func (p *Puzzle) SquareOnly(sub string) error {
	if p.Hex == nil {
		return nil
	}
	return fmt.Errorf("%w: numberlink %s does not handle hex grids (its words are the square N/E/S/W words); for hex use solve, count, check, convert, tau, grade, min-k, tau-steps or generate", ErrInput, sub)
}

// KGrid returns p's k-grid and rules on either lattice: the square grid,
// or the hex one (a numberlink.Grid on numberlink.Hex), for the library
// calls that take any lattice (report.Grade, report.MinK, report.TauSteps).
func (p *Puzzle) KGrid() (*numberlink.Grid, numberlink.Rules) {
	if p.Hex != nil {
		return p.Hex.Grid, p.Hex.Rules
	}
	return p.Grid, p.Rules
}

// MinKReport returns rep as min-k prints it for p: unchanged for a square
// grid; for a hex grid with the puzzle at the smallest k in hexgrid's
// JSON and text forms (the solution as hex solve prints it).
func (p *Puzzle) MinKReport(rep *report.MinKReport, rules numberlink.Rules) Report {
	if p.Hex == nil {
		return rep
	}
	return &hexMinK{MinKReport: rep, Puzzle: hexgrid.ToJSON(rep.Result.Grid, rules, rep.Result.Solution), rules: rules}
}

// hexMinK is a MinKReport whose puzzle is hex: its "puzzle" key (shallower
// than the embedded one, so it wins in JSON) is hexgrid.PuzzleJSON.
type hexMinK struct {
	*report.MinKReport
	Puzzle hexgrid.PuzzleJSON `json:"puzzle"`
	rules  numberlink.Rules
}

// WriteText writes the limit found, the puzzle at that limit and its
// solution lines (hexgrid.Format, hexgrid.FormatSolution).
func (r *hexMinK) WriteText(w io.Writer) error {
	g := r.Result.Grid
	fmt.Fprintf(w, "min k = %d (lower bound %d; proved unsolvable: %v)\n", r.MinK, r.LowerBound, r.Refuted)
	w.Write(hexgrid.Format(g, r.rules))
	fmt.Fprintln(w, "# solution: R1,C1 R2,C2 N (1-based cells, odd-r offset layout)")
	_, err := w.Write(hexgrid.FormatSolution(g, r.Result.Solution))
	return err
}

// Unsolvable applies the seed's Proposition (§2.1) to p's clues: a
// non-nil error, wrapping numberlink.ErrUnsolvable, names the part that
// proves p has no solution (numberlink.Unsolvable, hexgrid.Unsolvable).
func (p *Puzzle) Unsolvable(ctx context.Context) error {
	if p.Hex == nil {
		v, err := numberlink.UnsolvableContext(ctx, p.Grid, p.Rules)
		if v != nil {
			return v
		}
		return err
	}
	if err := hexgrid.Unsolvable(p.Hex.Grid); err != nil {
		return unsolvable{err}
	}
	return nil
}

// unsolvable is a hexgrid proof of unsolvability that is also
// numberlink.ErrUnsolvable, worded as hexgrid words it.
type unsolvable struct{ error }

func (u unsolvable) Is(target error) bool { return target == numberlink.ErrUnsolvable }
func (u unsolvable) Unwrap() error        { return u.error }

// SearchOptions are the options of Puzzle.Solve and Puzzle.Count.
type SearchOptions struct {
	// Progress, when set, receives a worded line about the search (nodes,
	// backtracks, solutions) at most once per ProgressEvery.
	Progress      func(elapsed time.Duration, line string)
	ProgressEvery time.Duration
	// StopReason words why a stopped count stopped ("interrupted"), for
	// the count's text.
	StopReason func() string
}

func (o SearchOptions) square(rules numberlink.Rules) numberlink.SolveOptions {
	opt := numberlink.SolveOptions{Rules: rules, ProgressEvery: o.ProgressEvery}
	if o.Progress != nil {
		opt.Progress = func(st numberlink.SolveStats) {
			o.Progress(st.Elapsed, fmt.Sprintf("%d nodes, %d backtracks, %d solutions, depth %d", st.Nodes, st.Backtracks, st.Solutions, st.MaxDepth))
		}
	}
	return opt
}

func (o SearchOptions) hex(rules hexgrid.Rules) hexgrid.SolveOptions {
	opt := hexgrid.SolveOptions{Rules: rules, ProgressEvery: o.ProgressEvery}
	if o.Progress != nil {
		opt.Progress = func(st hexgrid.SolveStats) {
			o.Progress(st.Elapsed, fmt.Sprintf("%d nodes, %d backtracks, %d solutions", st.Nodes, st.Backtracks, st.Solutions))
		}
	}
	return opt
}

// Solved is the outcome of Puzzle.Solve.
type Solved struct {
	Report  Report // the puzzle with its verified solution and its uniqueness
	Nodes   uint64 // search nodes, also when the search stopped
	Elapsed time.Duration
	// Picture draws the puzzle with its verified solution.
	Picture func() (*render.Picture, error)
}

// Solve solves p, verifies the solution independently and, as u asks,
// decides whether it is unique (report.Solve, hexgrid.SolveAndReport).
// A proof of no solution wraps numberlink.ErrUnsolvable; a solver output
// the verifier rejects wraps report.ErrSelfCheck; when ctx stops the
// search the error wraps ctx.Err() and Nodes says how far it got.
func (p *Puzzle) Solve(ctx context.Context, opt SearchOptions, u report.UniqueOptions) (*Solved, error) {
	if p.Hex != nil {
		rep, err := hexgrid.SolveAndReport(ctx, p.Hex.Grid, opt.hex(p.Hex.Rules), u.Skip)
		s := &Solved{Report: rep, Nodes: rep.Nodes, Elapsed: time.Duration(rep.ElapsedMS) * time.Millisecond,
			Picture: func() (*render.Picture, error) { return render.HexGrid(p.Hex.Grid, rep.Sol, render.HexGridOptions{}) }}
		switch {
		case errors.Is(err, hexgrid.ErrNoSolution):
			return s, fmt.Errorf("%w: the hex puzzle has no solution (complete search, %d search nodes)", numberlink.ErrUnsolvable, rep.Nodes)
		case errors.Is(err, hexgrid.ErrSelfCheck):
			return s, fmt.Errorf("%w: %w", report.ErrSelfCheck, err)
		}
		return s, err
	}
	rep, err := report.Solve(ctx, p.Grid, opt.square(p.Rules), u)
	s := &Solved{Report: rep, Nodes: rep.Nodes, Elapsed: rep.Stats.Elapsed,
		Picture: func() (*render.Picture, error) {
			return render.KGrid(p.Grid, rep.Solution, render.KGridOptions{Node: -1})
		}}
	if errors.Is(err, numberlink.ErrNoSolution) {
		return s, fmt.Errorf("%w: no solution (complete search, %d nodes)", numberlink.ErrUnsolvable, rep.Nodes)
	}
	return s, err
}

// Counted is the outcome of Puzzle.Count.
type Counted struct {
	Report    Report
	Solutions uint64
	// AtLeast is set when the count is a lower bound: stopped by ctx or
	// at the limit.
	AtLeast bool
}

// Count counts p's solutions up to limit (0: all) and verifies the first
// independently (report.Count, hexgrid.CountAndReport). A count that ctx
// stops is a lower bound (AtLeast) and the error is nil.
func (p *Puzzle) Count(ctx context.Context, limit uint64, opt SearchOptions) (*Counted, error) {
	if p.Hex != nil {
		rep, err := hexgrid.CountAndReport(ctx, p.Hex.Grid, limit, opt.hex(p.Hex.Rules))
		if errors.Is(err, hexgrid.ErrSelfCheck) {
			return nil, fmt.Errorf("%w: %w", report.ErrSelfCheck, err)
		}
		if err != nil {
			return nil, err
		}
		return &Counted{Report: rep, Solutions: rep.Solutions, AtLeast: rep.AtLeast}, nil
	}
	rep, err := report.Count(ctx, p.Grid, limit, opt.square(p.Rules))
	if err != nil {
		return nil, err
	}
	if opt.StopReason != nil {
		rep.StopReason = opt.StopReason()
	}
	return &Counted{Report: rep, Solutions: rep.Solutions, AtLeast: rep.AtLeast}, nil
}

// Check verifies a proposed solution of p with the independent verifier.
// puzzleArg names p in messages; arg names the solution (as PuzzleInput
// reads it): a JSON solution, a drawing, or for a hex grid lines
// "R1,C1 R2,C2 N"; with arg "", p's own input must hold the bridges. valid
// reports the verdict; err is bad input.
func (p *Puzzle) Check(puzzleArg, arg string, src Source) (rep Report, valid bool, err error) {
	if p.Hex == nil {
		bridges, err := SolutionBridges(p, puzzleArg, arg, src)
		if err != nil {
			return nil, false, err
		}
		r := report.Check(p.Grid, p.Rules, bridges)
		return r, r.Valid, nil
	}
	bridges := p.Hex.Bridges
	if arg != "" {
		data, err := src.Read(arg, "the solution", hexgrid.MaxInput)
		if err != nil {
			return nil, false, err
		}
		if bridges, err = hexgrid.ParseSolution(data); err != nil {
			return nil, false, fmt.Errorf("%w: %s: %w", ErrInput, DisplayName(arg), err)
		}
	} else if bridges == nil {
		return nil, false, fmt.Errorf("%w: %s has no bridges: give the solution as a second file", ErrInput, DisplayName(puzzleArg))
	}
	r := hexgrid.Check(p.Hex.Grid, p.Hex.Rules, bridges)
	return r, r.Valid, nil
}

// DisplayName names an input argument in messages: "stdin" for "" and
// "-", else the argument itself.
func DisplayName(arg string) string {
	if arg == "" || arg == "-" {
		return "stdin"
	}
	return arg
}

// PuzzleFormats are the puzzle formats Encode writes, as the numberlink
// commands name them (format.Names.Parse gives the canonical name, any
// case): text (also "puzzle"), has, tatham, puzzlink (also "puzz.link")
// and json.
var PuzzleFormats = format.Names{Names: []string{"text", "has", "tatham", "puzzlink", "json"}, Aliases: map[string]string{"puzzle": "text", "puzz.link": "puzzlink"}}

// Encode writes p in the puzzle format name (puzzleio.Encode's names for
// a square grid; text or json for a hex grid). The JSON carries the
// version and the problem object of "numberlink convert".
func (p *Puzzle) Encode(name string) ([]byte, error) {
	return p.encode(name, p.Problem("numberlink convert"))
}

func (p *Puzzle) encode(name string, problem format.PuzzleProblem) ([]byte, error) {
	if p.Hex == nil {
		out, err := puzzleio.Encode(puzzleio.Format(name), p.Grid, p.Rules)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrInput, err)
		}
		if name == "json" {
			return format.Stamp(out, problem)
		}
		return out, nil
	}
	switch name {
	case "text":
		return hexgrid.Format(p.Hex.Grid, p.Hex.Rules), nil
	case "json":
		var buf bytes.Buffer
		err := format.WriteResult(&buf, problem, hexgrid.ToJSON(p.Hex.Grid, p.Hex.Rules, nil))
		return buf.Bytes(), err
	}
	return nil, fmt.Errorf("%w: --format %s: a hex puzzle converts to text or json", ErrInput, name)
}

// TauRun is the outcome of Puzzle.Tau.
type TauRun struct {
	Report Report // the steps (all of them when trace is set) and the verdict
	Steps  int
	// Contradiction, when τ proved the puzzle unsolvable, wraps
	// numberlink.ErrUnsolvable.
	Contradiction error
}

// Tau runs the τ algorithm of §3.2 on p (report.Tau, hexgrid.Tau). When
// ctx stops it, the run so far is returned with an error wrapping
// ctx.Err().
func (p *Puzzle) Tau(ctx context.Context, trace bool) (*TauRun, error) {
	if p.Hex != nil {
		res, err := hexgrid.Tau(ctx, p.Hex.Grid, p.Hex.Rules)
		run := &TauRun{Report: hexgrid.NewTauReport(p.Hex.Grid, res), Steps: len(res.Steps)}
		if res.Contradiction != nil {
			run.Contradiction = fmt.Errorf("%w: %w", numberlink.ErrUnsolvable, res.Contradiction)
		}
		return run, err
	}
	rep, err := report.Tau(ctx, p.Grid, p.Rules)
	if rep == nil && ctx.Err() != nil && !errors.Is(err, numberlink.ErrUnsolvable) {
		return nil, Stopped(fmt.Sprintf("numberlink tau: stopped (%v) while checking the Proposition (§2.1); τ did not start", context.Cause(ctx)))
	}
	if rep == nil {
		return nil, err
	}
	rep.Trace = trace
	return &TauRun{Report: rep, Steps: len(rep.Steps), Contradiction: rep.Result.Contradiction}, err
}

// Generated is a generated puzzle, on either grid, with its solution:
// proved unique by an exact count and checked by the independent verifier.
type Generated struct {
	square    *numberlink.Grid
	squareSol numberlink.Solution
	rules     numberlink.Rules
	hex       *hexgrid.Grid
	hexSol    hexgrid.Solution
	hexRules  hexgrid.Rules
	flags     GenerateFlags
}

// Generate checks f and generates a puzzle (report.Generate for a square
// grid, hexgrid.Generate for --grid hex; progress, when set, hears of the
// square generator's repair rounds). Bad flags and sizes wrap ErrInput.
// When ctx stops the run, the error wraps ctx.Err(); the Generated is then
// not nil when a square puzzle was found but not yet proved unique.
func (f GenerateFlags) Generate(ctx context.Context, progress func(numberlink.GenerateProgress)) (*Generated, error) {
	switch strings.ToLower(f.Grid) {
	case "", GridSquare:
	case GridHex, "hexagonal":
		return f.generateHex(ctx)
	default:
		return nil, fmt.Errorf("%w: --grid %q: use square or hex", ErrInput, f.Grid)
	}
	opt, err := f.GenerateOptions()
	if err != nil {
		return nil, err
	}
	opt.Progress = progress
	g, sol, err := report.Generate(ctx, opt)
	switch {
	case err != nil && ctx.Err() != nil && g != nil:
		return &Generated{square: g, rules: opt.Rules, flags: f}, err
	case errors.Is(err, numberlink.ErrBadSize) || errors.Is(err, numberlink.ErrBadK):
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	case err != nil:
		return nil, err
	}
	return &Generated{square: g, squareSol: sol, rules: opt.Rules, flags: f}, nil
}

func (f GenerateFlags) generateHex(ctx context.Context) (*Generated, error) {
	rows, cols, err := ParseSize(f.Size)
	if err != nil {
		return nil, fmt.Errorf("%w: size %q: write RxC (rows x columns), e.g. 8x8", ErrInput, f.Size)
	}
	if f.Islands != 0 || f.Difficulty != "" {
		return nil, fmt.Errorf("%w: --islands and --difficulty apply to square grids; for --grid hex use --density", ErrInput)
	}
	rules := hexgrid.Rules{NoLoops: f.NoLoops}
	g, sol, err := hexgrid.Generate(ctx, hexgrid.GenerateOptions{Rows: rows, Cols: cols, K: f.K, Rules: rules, Density: f.Density, Seed: uint64(f.Seed)})
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, err
	case err != nil:
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	// The generator proved uniqueness; the solution is checked again here.
	if err := hexgrid.Verify(g, rules, sol); err != nil {
		return nil, fmt.Errorf("%w: the generated hex solution: %w", report.ErrSelfCheck, err)
	}
	return &Generated{hex: g, hexSol: sol, hexRules: rules, flags: f}, nil
}

// Write writes the puzzle in the puzzle format name (Puzzle.Encode's
// names) and, with withSolution, its solution: a drawing after the square
// puzzle, the lines "R1,C1 R2,C2 N" after a hex one, or the bridges in a
// hex puzzle's JSON.
func (g *Generated) Write(w io.Writer, name string, withSolution bool) error {
	if g.hex == nil {
		out, err := (&Puzzle{Grid: g.square, Rules: g.rules}).encode(name, g.Problem())
		if err == nil && withSolution {
			out = append(out, "\n"+puzzleio.Draw(g.square, g.squareSol)...)
		}
		if err == nil {
			_, err = w.Write(out)
		}
		return err
	}
	switch name {
	case "json":
		var shown hexgrid.Solution
		if withSolution {
			shown = g.hexSol
		}
		return format.WriteResult(w, g.Problem(), hexgrid.ToJSON(g.hex, g.hexRules, shown))
	case "text":
		out := hexgrid.Format(g.hex, g.hexRules)
		if withSolution {
			out = append(out, "# solution (unique): R1,C1 R2,C2 N\n"...)
			out = append(out, hexgrid.FormatSolution(g.hex, g.hexSol)...)
		}
		_, err := w.Write(out)
		return err
	}
	return fmt.Errorf("%w: --format %s: a hex puzzle converts to text or json", ErrInput, name)
}

// Problem returns the "problem" object of the generated puzzle's JSON:
// its source names the generator's seed.
func (g *Generated) Problem() format.PuzzleProblem {
	src := fmt.Sprintf("generated with --seed %d", g.flags.Seed)
	if g.hex != nil {
		pr := format.NewPuzzleProblem("numberlink generate", GridHex, g.hex.Rows, g.hex.Cols, g.hex.K, src)
		pr.NoLoops = g.hexRules.NoLoops
		return pr
	}
	pr := format.NewPuzzleProblem("numberlink generate", GridSquare, g.square.Rows, g.square.Cols, g.square.K, src)
	pr.NoLoops, pr.Disconnected = g.rules.NoLoops, g.rules.AllowDisconnected
	return pr
}

// Picture draws the puzzle, with its solution when withSolution is set.
func (g *Generated) Picture(withSolution bool) (*render.Picture, error) {
	if g.hex != nil {
		var shown hexgrid.Solution
		if withSolution {
			shown = g.hexSol
		}
		return render.HexGrid(g.hex, shown, render.HexGridOptions{})
	}
	var shown numberlink.Solution
	if withSolution {
		shown = g.squareSol
	}
	return render.KGrid(g.square, shown, render.KGridOptions{Node: -1})
}

// Summary words what was generated, for a line on stderr.
func (g *Generated) Summary() string {
	if g.hex != nil {
		return fmt.Sprintf("generated a %dx%d hex %d-grid with %d nodes; unique (proved by the exact counter), verified", g.hex.Rows, g.hex.Cols, g.hex.K, len(g.hex.Nodes))
	}
	return fmt.Sprintf("generated a %dx%d %d-grid with %d islands; unique (proved by the exact counter), verified", g.square.Rows, g.square.Cols, g.square.K, len(g.square.Nodes))
}
