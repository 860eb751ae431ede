package numberlink

import (
	"context"
	"errors"
	"fmt"
)

// MinKResult is the answer of MinK.
type MinKResult struct {
	// K is the smallest bridge limit under which the clues are solvable.
	K int
	// Grid is the puzzle rebuilt with bridge limit K.
	Grid *Grid
	// Solution solves Grid (it passes VerifySolution).
	Solution Solution
	// Lower is the bound MinK started from: max over nodes of
	// ⌈magn(p)/r⌉ (Proposition part 5, §2.1), at least 1.
	Lower int
	// Refuted lists the limits below K that the complete search proved
	// unsolvable, in the order tried.
	Refuted []int
}

// MinK answers the seed's §4 question "can we find a process to easily
// compute the smallest value of k such that the grid is solvable?" for the
// clues of g (g.K is ignored).
//
// Process: solvability is monotone in k (a solution for k is one for every
// k' > k, as §4 recalls), so the smallest k is found by trying k upwards
// from a lower bound with the complete solver. Lower bound: a node of
// magnitude m with r neighbours needs m <= rk (Proposition part 5), so
// k >= ⌈m/r⌉. Upper bound: once k >= M, the largest magnitude, the limit
// no longer binds (a pair never carries more than the smaller of its two
// magnitudes), so the solutions for every k >= M are those for k = M; if
// k = M is unsolvable, so is every k, and MinK returns ErrNoSolution. The
// k are tried in increasing order rather than by bisection because each
// unsolvable k costs a complete search, which is cheapest for small k.
//
// On cancellation MinK returns ctx.Err() with the limits refuted so far.
func MinK(ctx context.Context, g *Grid, opt SolveOptions) (MinKResult, error) {
	res := MinKResult{Lower: 1}
	maxMag := 0
	for i, nd := range g.Nodes {
		r := g.Degree(i)
		if r == 0 {
			return res, fmt.Errorf("%w: node (%d,%d) has no neighbour (Proposition part 1), for every k", ErrNoSolution, nd.Row+1, nd.Col+1)
		}
		res.Lower = max(res.Lower, (nd.Mag+r-1)/r)
		maxMag = max(maxMag, nd.Mag)
	}
	clues := g.Clues()
	for k := res.Lower; k <= max(maxMag, res.Lower); k++ {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		gk, err := NewLatticeGrid(ctx, g.Lattice, g.Rows, g.Cols, k, clues)
		if err != nil {
			return res, err
		}
		sol, _, err := Solve(ctx, gk, opt)
		if errors.Is(err, ErrNoSolution) {
			res.Refuted = append(res.Refuted, k)
			continue
		}
		if err != nil {
			return res, err
		}
		res.K, res.Grid, res.Solution = k, gk, sol
		return res, nil
	}
	return res, fmt.Errorf("%w: unsolvable for k = %d, hence for every k (k >= the largest magnitude %d changes nothing)", ErrNoSolution, max(maxMag, res.Lower), maxMag)
}
