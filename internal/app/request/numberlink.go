package request

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
	"github.com/boardgraph/boardgraph/numberlink/report"
)

// The numberlink subcommands' arguments, checked and turned into library
// calls. Errors wrap ErrInput and name the flag and the fix.

// Figure5 checks the arguments of "numberlink table" and computes the
// table: r neighbours (2..4), the row of k alone when k > 0, else rows
// 1..kmax.
func Figure5(r, k, kmax int) (*report.Figure5Table, error) {
	if r < 2 || r > 4 {
		return nil, fmt.Errorf("%w: --neighbours %d: Figure 5 has tables for 2, 3 and 4 neighbours", ErrInput, r)
	}
	lo, hi := 1, kmax
	if k != 0 {
		lo, hi = k, k
	}
	if lo < 1 || hi > 100 || lo > hi {
		return nil, fmt.Errorf("%w: k range %d..%d: use k between 1 and 100", ErrInput, lo, hi)
	}
	return report.Figure5(r, lo, hi), nil
}

// Formula checks the arguments of "numberlink formula", three whole
// numbers N K R (magnitude, bridge limit, neighbours; 0..10000 each), and
// evaluates the closed form of the Figure 5 count.
func Formula(args []string) (*report.FormulaReport, error) {
	if len(args) != 3 {
		return nil, fmt.Errorf("%w: formula needs three numbers N K R (magnitude, bridge limit, neighbours), e.g. formula 4 2 4", ErrInput)
	}
	var v [3]int
	for i, s := range args {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 10000 {
			return nil, fmt.Errorf("%w: %q: N, K and R are whole numbers 0..10000", ErrInput, s)
		}
		v[i] = n
	}
	return report.Formula(v[0], v[1], v[2]), nil
}

// SolutionBridges returns the bridges of the proposed solution of p that
// "numberlink check" verifies: with arg empty, p's own input must be a
// JSON solution with "bridges"; otherwise arg names (as PuzzleInput reads
// it) a JSON solution of the same puzzle or a drawing.
func SolutionBridges(p *Puzzle, puzzleArg, arg string, src Source) ([]numberlink.Bridge, error) {
	if arg == "" {
		if puzzleio.Detect(p.Data) != puzzleio.FormatJSONName {
			return nil, fmt.Errorf("%w: %s holds no solution: give the solution as a second file, or one JSON file with \"bridges\"", ErrInput, puzzleArg)
		}
		s, _ := puzzleio.UnmarshalPuzzle(p.Data)
		return s.Bridges, nil
	}
	data, _, err := PuzzleInput(arg, src)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		s, err := puzzleio.UnmarshalPuzzle(data)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %w", ErrInput, arg, err)
		}
		if !report.SameClues(s.Grid, p.Grid) {
			return nil, fmt.Errorf("%w: %s is a solution of another puzzle: its clues differ from %s", ErrInput, arg, puzzleArg)
		}
		return s.Bridges, nil
	}
	bridges, err := puzzleio.ParseDrawing(p.Grid, data)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrInput, arg, err)
	}
	return bridges, nil
}

// PhiFlags are the arguments of "numberlink phi".
type PhiFlags struct {
	Node  string   // --node ROW,COL, 1-based
	After []string // --after ROW,COL:WORD, builder steps applied first
}

func rowCol(s string) (int, int, bool) {
	rs, cs, found := strings.Cut(s, ",")
	r, err1 := strconv.Atoi(strings.TrimSpace(rs))
	c, err2 := strconv.Atoi(strings.TrimSpace(cs))
	return r, c, found && err1 == nil && err2 == nil
}

// Phi checks f against the puzzle p and computes report.Phi.
func Phi(p *Puzzle, f PhiFlags) (*report.PhiReport, error) {
	g := p.Grid
	r, c, ok := rowCol(f.Node)
	if !ok {
		return nil, fmt.Errorf("%w: --node %q: give the node as ROW,COL, 1-based, e.g. --node 5,1", ErrInput, f.Node)
	}
	if g.NodeAt(r-1, c-1) < 0 {
		return nil, fmt.Errorf("%w: --node %d,%d is not a node of the %dx%d grid: pick a numbered cell", ErrInput, r, c, g.Rows, g.Cols)
	}
	var builds []report.PhiBuild
	for _, b := range f.After {
		at, word, ok := strings.Cut(b, ":")
		br, bc, ok2 := rowCol(at)
		w, err := numberlink.ParseWord(word)
		if !ok || !ok2 || err != nil || g.NodeAt(br-1, bc-1) < 0 {
			return nil, fmt.Errorf("%w: --after %q: write ROW,COL:WORD for a node, e.g. --after 5,1:12", ErrInput, b)
		}
		builds = append(builds, report.PhiBuild{Row: br - 1, Col: bc - 1, Word: w})
	}
	rep, err := report.Phi(g, p.Rules, r-1, c-1, builds)
	if err != nil {
		var be *report.PhiBuildError
		if errors.As(err, &be) {
			return nil, fmt.Errorf("%w: --after %q: %w", ErrInput, f.After[be.Index], be.Err)
		}
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	return rep, nil
}

// ParseSize reads a size "RxC" (rows x columns, 1..1000 each).
func ParseSize(s string) (rows, cols int, err error) {
	r, c, ok := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > 1000 || cols > 1000 {
		return 0, 0, fmt.Errorf("%w: size %q: write ROWSxCOLS, e.g. 15x15 (1..1000 each)", ErrInput, s)
	}
	return rows, cols, nil
}

// GenerateFlags are the arguments of "numberlink generate".
type GenerateFlags struct {
	Size       string  // RxC, rows x columns
	K          int     // --k
	Islands    int     // --islands
	Density    float64 // --density
	Style      string  // --style
	Seed       int64   // --seed
	Difficulty string  // --difficulty, "" for any up to hard
	NoLoops    bool    // --noloops
	Grid       string  // --grid: GridSquare ("" too) or GridHex (Generate)
}

// GenerateOptions checks f and returns the generator's options (without a
// progress callback).
func (f GenerateFlags) GenerateOptions() (numberlink.GenerateOptions, error) {
	var opt numberlink.GenerateOptions
	rows, cols, err := ParseSize(f.Size)
	if err != nil {
		return opt, err
	}
	if f.K < 1 || f.K > numberlink.MaxK {
		return opt, fmt.Errorf("%w: --k %d: the bridge limit must be 1..%d", ErrInput, f.K, numberlink.MaxK)
	}
	var level numberlink.Level
	if f.Difficulty != "" {
		if level, err = numberlink.ParseDifficulty(f.Difficulty); err != nil {
			return opt, fmt.Errorf("%w: --difficulty: %w", ErrInput, err)
		}
	}
	st, err := numberlink.ParseStyle(f.Style)
	if err != nil {
		return opt, fmt.Errorf("%w: --style: %w", ErrInput, err)
	}
	if f.Density < 0 || f.Density > 0.5 {
		return opt, fmt.Errorf("%w: --density %v: use a fraction in (0, 0.5], e.g. 0.2", ErrInput, f.Density)
	}
	return numberlink.GenerateOptions{Rows: rows, Cols: cols, K: f.K, Style: st, Density: f.Density, Islands: f.Islands,
		Seed: f.Seed, Difficulty: level, Rules: numberlink.Rules{NoLoops: f.NoLoops}}, nil
}

// TauStepsFailure words the failure of numberlink tau-steps (report.
// TauSteps): τ does not complete the grid (exit 1), or the run stopped
// (stopped is set; reason says why, "timed out after 2s"), with the best
// order found so far, if any (exit 3). Other errors are returned as they
// are.
func TauStepsFailure(err error, rep *report.TauStepsReport, stopped bool, reason string) error {
	switch {
	case errors.Is(err, numberlink.ErrTauIncomplete):
		return NoSolution("numberlink tau-steps: τ does not solve this grid, so no order of τ steps solves it")
	case stopped && (rep == nil || rep.Fewest == 0):
		return Stopped(fmt.Sprintf("numberlink tau-steps: %s before any order of τ steps was finished; nothing to report (τ in the seed's order takes the steps numberlink tau shows)", reason))
	case stopped:
		return Stopped(fmt.Sprintf("numberlink tau-steps: %s; the best order finished so far takes %s (τ in the seed's order: %d)", reason, format.Plural(rep.Fewest, "step"), rep.TauSteps))
	}
	return err
}
