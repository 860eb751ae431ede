package numberlink

import (
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/verify"
)

// Bridge is a run of connections between two nodes (see verify.Bridge).
type Bridge = verify.Bridge

// The rules verify.KGrid checks; see there.
var (
	ErrBadBridge     = verify.ErrBadBridge
	ErrNotNeighbours = verify.ErrNotNeighbours
	ErrOverLimit     = verify.ErrOverLimit
	ErrCrossing      = verify.ErrCrossing
	ErrIncomplete    = verify.ErrIncomplete
	ErrDisconnected  = verify.ErrDisconnected
	ErrLoop          = verify.ErrLoop
)

// Verify checks bridges against the clue matrix with the independent
// checker verify.KGrid (package verify imports only the standard library and
// shares no code with this package).
func Verify(rows, cols int, clues []int, k int, rules Rules, bridges []Bridge) error {
	return verify.KGrid(rows, cols, clues, k, verify.KGridRules{NoLoops: rules.NoLoops, AllowDisconnected: rules.AllowDisconnected}, bridges)
}

// Bridges converts a solution (or partial solution) of g into the segment
// list Verify reads: one Bridge per pair with at least one connection.
func Bridges(g *Grid, sol Solution) []Bridge {
	var out []Bridge
	for p, n := range sol {
		if n == 0 || p >= len(g.Pairs) {
			continue
		}
		a, b := g.Nodes[g.Pairs[p].A], g.Nodes[g.Pairs[p].B]
		out = append(out, Bridge{R1: a.Row, C1: a.Col, R2: b.Row, C2: b.Col, N: int(n)})
	}
	return out
}

// VerifySolution checks sol against g with the independent Verify (on the
// hexagonal lattice verify.HexGrid), from g's clues alone.
func VerifySolution(g *Grid, rules Rules, sol Solution) error {
	if len(sol) != len(g.Pairs) {
		return fmt.Errorf("%w: the solution has %d pair counts, the grid %d pairs", ErrBadBridge, len(sol), len(g.Pairs))
	}
	if g.Lattice == Hex {
		return verify.HexGrid(g.Rows, g.Cols, g.Clues(), g.K, verify.KGridRules{NoLoops: rules.NoLoops, AllowDisconnected: rules.AllowDisconnected}, Bridges(g, sol))
	}
	return Verify(g.Rows, g.Cols, g.Clues(), g.K, rules, Bridges(g, sol))
}

// SolutionFromBridges maps a bridge list onto g's pairs. It fails if a bridge
// is not one of g's neighbouring pairs or carries a count outside 0..K.
func SolutionFromBridges(g *Grid, bridges []Bridge) (Solution, error) {
	sol := make(Solution, len(g.Pairs))
	for _, b := range bridges {
		if b.N == 0 {
			continue
		}
		i, j := g.NodeAt(b.R1, b.C1), g.NodeAt(b.R2, b.C2)
		if i < 0 || j < 0 {
			return nil, fmt.Errorf("%w: %v: both ends must be nodes", ErrBadBridge, b)
		}
		p := g.PairBetween(i, j)
		if p < 0 {
			return nil, fmt.Errorf("%w: %v", ErrNotNeighbours, b)
		}
		n := int(sol[p]) + b.N
		if b.N < 0 || n > g.K || n > 127 {
			return nil, fmt.Errorf("%w: %v: at most %d", ErrOverLimit, b, g.K)
		}
		sol[p] = int8(n)
	}
	return sol, nil
}

// Invalid reports whether err proves a grid unsolvable (ErrUnsolvable) or
// a drawing invalid (a broken rule of Verify): an answer about the puzzle,
// not a failure to read it.
func Invalid(err error) bool {
	for _, target := range []error{ErrUnsolvable, ErrBadBridge, ErrNotNeighbours, ErrOverLimit, ErrCrossing, ErrIncomplete, ErrDisconnected, ErrLoop} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}
