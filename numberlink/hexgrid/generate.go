package hexgrid

import (
	"context"
	"fmt"

	"github.com/boardgraph/boardgraph/numberlink"
)

// GenerateOptions configures Generate. Rows, Cols and K are required; the
// zero value of every other field is a sensible default.
type GenerateOptions struct {
	Rows, Cols, K int
	// Rules are the rules the puzzle must be unique under.
	Rules Rules
	// Density is the target share of cells holding a node, in (0, 0.5]
	// (0: 0.3).
	Density float64
	// Seed makes the result deterministic.
	Seed uint64
	// Attempts bounds the layouts tried (0: numberlink.Generate's default).
	Attempts int
	// Progress, when set, is called as each layout is worked on.
	Progress func(attempt int)
}

// ErrGenerate reports that Generate found no unique puzzle within its
// attempts.
var ErrGenerate = numberlink.ErrGenerate

// Generate builds a hex puzzle with exactly one solution under opt.Rules
// and returns it with that solution: numberlink.Generate on the Hex
// lattice, with adjacent nodes allowed (StylePuzzledom, the seed's §2
// model). Islands grow one straight, uncrossed bridge at a time, and the
// layout is repaired until the deduction stages up to bridges decide every
// pair, which proves the puzzle unique (the exact counter, Count to 2,
// confirms it); the returned solution has passed the independent verifier. Everything random comes from Seed. On
// cancellation it returns ctx.Err().
func Generate(ctx context.Context, opt GenerateOptions) (*Grid, Solution, error) {
	if opt.Rows < 1 || opt.Cols < 1 || opt.Rows*opt.Cols < 2 || opt.Rows > MaxCells/opt.Cols {
		return nil, nil, fmt.Errorf("%w: %dx%d: give at least 2 cells", ErrBadSize, opt.Rows, opt.Cols)
	}
	if opt.K < 1 || opt.K > MaxK {
		return nil, nil, fmt.Errorf("%w: k=%d: k must be 1..%d", numberlink.ErrBadK, opt.K, MaxK)
	}
	density := opt.Density
	if density <= 0 {
		density = 0.3
	}
	if density > 0.5 {
		return nil, nil, fmt.Errorf("%w: density %.2f: give a share of cells in (0, 0.5]", ErrGenerate, density)
	}
	gopt := numberlink.GenerateOptions{Lattice: numberlink.Hex, Rows: opt.Rows, Cols: opt.Cols, K: opt.K,
		Style: numberlink.StylePuzzledom, Density: density, Seed: int64(opt.Seed), Rules: opt.Rules, MaxAttempts: opt.Attempts}
	if opt.Progress != nil {
		gopt.Progress = func(p numberlink.GenerateProgress) { opt.Progress(p.Attempt) }
	}
	g, sol, err := numberlink.Generate(ctx, gopt)
	if err != nil {
		return nil, nil, err
	}
	// The stages are sound, so the puzzle is unique; the exact counter
	// confirms it, as the command line reports.
	n, _, _, err := numberlink.Count(ctx, g, 2, numberlink.SolveOptions{Rules: opt.Rules})
	if err != nil {
		return nil, nil, err
	}
	if n != 1 {
		return nil, nil, fmt.Errorf("%w: internal: the exact counter finds %d solutions of a generated puzzle", ErrGenerate, n)
	}
	return g, sol, nil
}
