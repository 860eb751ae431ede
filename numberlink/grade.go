package numberlink

import (
	"context"
	"fmt"
)

// Level is a deduction stage of the solver, in the style of Simon Tatham's
// puzzle solvers: each stage is a named rule, and a puzzle's difficulty is
// the highest stage it needs. The stages, cheapest first:
//
//   - LevelBounds ("bounds"): node i with magnitude m and pairs p with
//     bounds lo[p] <= x_p <= hi[p] needs m = sum x_p, so each
//     x_p >= m - sum_{q != p} hi[q] and x_p <= m - sum_{q != p} lo[q]. Sound
//     because any other value leaves the node unable to reach, or forced
//     past, its magnitude. Initially hi[p] = min(k, magn(A), magn(B)), which
//     is the seed's condition 3 on Φ_Γk[p] (§2.2); together these subsume
//     steps 1 to 3 of the τ algorithm (§3.2) and the Proposition's parts 3,
//     5 and 6 (§2.1).
//   - LevelCrossing ("crossing"): once a pair carries a connection, every
//     pair whose segment crosses it gets hi = 0. Sound by the no-crossing
//     rule (condition 2 on Φ_Γk[p]).
//   - LevelIsolation ("isolation"): on the components of the drawn graph
//     (pairs with lo >= 1), a component with no connection left to make
//     that is not the whole grid is a contradiction; a pair joining two
//     components whose remaining demands sum to 2*hi[p] cannot take hi[p]
//     connections, since that would close the merged part off (the seed's
//     condition 4); with NoLoops, a pair inside one component gets hi = 0.
//     Sound because a solution is connected (or, with NoLoops, a tree).
//   - LevelBridges ("bridges"): the potential graph (pairs with hi >= 1)
//     must be connected, and a bridge p of it, with S the nodes on one side,
//     carries x_p = M(S) - 2*I(S) connections (M the magnitudes in S, I the
//     connections inside S): at least 1, of the parity of M(S), and within
//     the range the bounds inside S allow. Sound by counting connection
//     ends in S.
//   - LevelProbe ("probe"): assume a pair's lowest (or highest) value,
//     close under the stages above, and on a contradiction exclude that
//     value. Sound because the stages above are.
//   - LevelSearch ("search"): the stages above stall; the solver branches.
type Level int

// The levels, in order.
const (
	LevelBounds Level = iota + 1
	LevelCrossing
	LevelIsolation
	LevelBridges
	LevelProbe
	LevelSearch
)

var levelNames = [...]string{"", "bounds", "crossing", "isolation", "bridges", "probe", "search"}

// String returns the stage's name.
func (l Level) String() string {
	if l >= LevelBounds && l <= LevelSearch {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// parseLevel turns a stage name (as printed by Level.String) into a Level.
func parseLevel(s string) (Level, error) {
	for l := LevelBounds; l <= LevelSearch; l++ {
		if levelNames[l] == s {
			return l, nil
		}
	}
	return 0, fmt.Errorf("unknown difficulty %q: use bounds, crossing, isolation, bridges, probe or search", s)
}

// Grade is the difficulty of a grid: the lowest stage whose deductions,
// with all cheaper stages, decide every pair, or LevelSearch when none does.
type Grade struct {
	Level Level
	// Tau reports that the seed's τ algorithm (§3.2, Tau) alone completes
	// the grid, the easiest grade of all; Level is still reported.
	Tau bool
	// Deductions[l-1] counts the bound tightenings made by stage l in the
	// run that decided the grid (zero for LevelSearch).
	Deductions [LevelProbe]uint64
	// Solutions, for LevelSearch, is the number of solutions counted up to
	// 2 (so 2 means "two or more"). For a deduction level it is 1: the
	// stages are sound, so a grid they decide has exactly that solution.
	Solutions uint64
}

// String names the grade: "tau" when τ alone solves the grid, else the
// level's name; for search it adds whether the grid is unique.
func (g Grade) String() string {
	if g.Tau {
		return "tau"
	}
	if g.Level != LevelSearch {
		return g.Level.String()
	}
	if g.Solutions >= 2 {
		return "search needed (two or more solutions)"
	}
	return "search needed (unique)"
}

// Rate grades g under opt.Rules: it runs the seed's τ algorithm (Tau) and
// then the deduction stages cumulatively,
// cheapest first, and reports the first level at which they decide every
// pair. If none does it counts solutions up to 2. It returns ErrNoSolution
// when the deductions or the count prove there is no solution, and ctx.Err()
// when cancelled. Since every stage is sound, a grid graded below
// LevelSearch is uniquely solvable (the argument of the seed's §3.2
// Theorem for τ).
//
// The cost is dominated by the probe stage, O(pairs) propagations, and by
// the count when search is needed.
func Rate(ctx context.Context, g *Grid, opt SolveOptions) (Grade, error) {
	tau, err := Tau(ctx, g, opt.Rules)
	if err != nil {
		return Grade{}, err
	}
	gr, err := rateStages(ctx, g, opt)
	if err != nil {
		return gr, err
	}
	gr.Tau = tau.Solved
	return gr, nil
}

func rateStages(ctx context.Context, g *Grid, opt SolveOptions) (Grade, error) {
	for lvl := stageBounds; lvl <= stageProbe; lvl++ {
		if err := ctx.Err(); err != nil {
			return Grade{}, err
		}
		s, err := newSolver(g, opt.Rules, lvl)
		if err != nil {
			return Grade{}, err
		}
		s.probing = false
		s.ctx = ctx // the stages stop within a pass over the grid
		ok := s.propagate()
		if ok && lvl == stageProbe {
			ok = s.probe()
		}
		if s.stopErr != nil {
			return Grade{}, s.stopErr
		}
		if !ok {
			return Grade{}, ErrNoSolution
		}
		if s.open == 0 {
			gr := Grade{Level: Level(lvl + 1), Solutions: 1}
			copy(gr.Deductions[:], s.perStage[:])
			return gr, nil
		}
	}
	n, _, _, err := Count(ctx, g, 2, opt)
	if err != nil {
		return Grade{}, err
	}
	if n == 0 {
		return Grade{}, ErrNoSolution
	}
	return Grade{Level: LevelSearch, Solutions: n}, nil
}
