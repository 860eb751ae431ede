package hexgrid

import (
	"context"
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/numberlink"
)

// Grid is a hex k-grid: a numberlink.Grid on the numberlink.Hex lattice
// (odd-r offset layout; see numberlink.Hex for the coordinates, directions
// and the crossing rule). The solver, τ, the grader and the verifier are
// numberlink's; this package adds the hex text and JSON formats, the
// reports the command line prints and the limits of hex input.
type Grid = numberlink.Grid

// Solution assigns 0..K connections to every pair of a Grid.
type Solution = numberlink.Solution

// ErrBadSize reports a board size a hex grid does not take; a bad k or
// magnitude is reported with numberlink.ErrBadK or ErrBadMagnitude.
var ErrBadSize = errors.New("bad hex grid size")

// Rules selects the puzzle variant (no loops, connectivity optional).
type Rules = numberlink.Rules

// ErrNoSolution reports that a grid provably has no solution.
var ErrNoSolution = numberlink.ErrNoSolution

// Bridge is N connections between two 0-based cells.
type Bridge = numberlink.Bridge

// ErrUnsolvable wraps the errors that prove a grid has no solution.
var ErrUnsolvable = numberlink.ErrUnsolvable

// SolveOptions configures the solver (numberlink.SolveOptions).
type SolveOptions = numberlink.SolveOptions

// SolveStats are a solver run's statistics (numberlink.SolveStats).
type SolveStats = numberlink.SolveStats

// ErrBadBridge reports a bridge that does not fit the grid.
var ErrBadBridge = errors.New("bad hex bridge")

// MaxCells bounds Rows*Cols of a hex grid.
const MaxCells = 1 << 22

// MaxK is the largest bridge limit a hex grid takes.
const MaxK = 20

// NewGrid builds a hex k-grid from row-major clues in offset layout:
// clues[r*cols+c] is the magnitude of the node at (r, c), 0 for an empty
// cell. Magnitudes above 6k are accepted (the grid is then unsolvable) so
// that checks can report them. The cost is O(rows·cols) time.
func NewGrid(rows, cols, k int, clues []int) (*Grid, error) {
	return NewGridContext(context.Background(), rows, cols, k, clues)
}

// NewGridContext is NewGrid with a context checked once per row.
func NewGridContext(ctx context.Context, rows, cols, k int, clues []int) (*Grid, error) {
	if rows < 1 || cols < 1 {
		return nil, fmt.Errorf("%w: %dx%d: both sides must be at least 1", ErrBadSize, rows, cols)
	}
	if rows > MaxCells/cols {
		return nil, fmt.Errorf("%w: %dx%d has more than %d cells", ErrBadSize, rows, cols, MaxCells)
	}
	if k < 1 || k > MaxK {
		return nil, fmt.Errorf("%w: k=%d: k must be 1..%d", numberlink.ErrBadK, k, MaxK)
	}
	if len(clues) != rows*cols {
		return nil, fmt.Errorf("%w: %d clues for a %dx%d grid", ErrBadSize, len(clues), rows, cols)
	}
	return numberlink.NewLatticeGrid(ctx, numberlink.Hex, rows, cols, k, clues)
}

// SolutionFromBridges maps bridges onto g's pairs; it fails on a bridge that
// is not a pair of g or carries a count outside 1..K.
func SolutionFromBridges(g *Grid, bridges []Bridge) (Solution, error) {
	sol := make(Solution, len(g.Pairs))
	for _, b := range bridges {
		at := fmt.Sprintf("(%d,%d)-(%d,%d)", b.R1+1, b.C1+1, b.R2+1, b.C2+1)
		a := g.NodeAt(b.R1, b.C1)
		if a < 0 {
			return nil, fmt.Errorf("%w: (%d,%d) is not a node", ErrBadBridge, b.R1+1, b.C1+1)
		}
		p := g.PairBetween(a, g.NodeAt(b.R2, b.C2))
		if p < 0 {
			return nil, fmt.Errorf("%w: %s are not neighbours", ErrBadBridge, at)
		}
		if b.N < 0 || int(sol[p])+b.N > g.K {
			return nil, fmt.Errorf("%w: %s carries more than k=%d", ErrBadBridge, at, g.K)
		}
		sol[p] += int8(b.N)
	}
	return sol, nil
}

// Verify checks sol against g with the independent checker verify.HexGrid
// (numberlink.VerifySolution), which works from g's clues alone.
func Verify(g *Grid, rules Rules, sol Solution) error {
	return numberlink.VerifySolution(g, rules, sol)
}
