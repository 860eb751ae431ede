package numberlink

import (
	"context"
	"errors"
	"fmt"
)

// TauPlan answers the seed's §4 question of "how many steps will be needed
// in order to solve a k-grid" with τ, and which order needs the fewest.
//
// A step is one application of the builder function u(p, ω*(p)) of §3.2 to
// a node p whose guaranteed word ω*(p) is not empty; every step of Tau
// (steps 1 to 4) is such an application, since the words steps 1 to 3 draw
// are then p's only feasible completions. Every ω* is part of every
// solution, so any order of steps draws only forced connections, and a
// plan that completes the grid proves it unique (the Theorem of §3.2).
type TauPlan struct {
	// TauSteps is the number of steps Tau takes in the seed's order.
	TauSteps int
	// Steps is the shortest order found; len(Steps) is its length.
	Steps []TauStep
	// Exact reports that no order with fewer steps exists: the search below
	// finished within its budget.
	Exact bool
	// Lower is a proven lower bound on the number of steps (equal to
	// len(Steps) when Exact).
	Lower int
	// States is the number of distinct states the search visited.
	States int
}

// ErrTauIncomplete reports that τ does not complete the grid, so no order of
// its steps solves it (the Pinwheel of Figure 6 is an example).
var ErrTauIncomplete = errors.New("numberlink: τ does not solve this grid")

// MinTauSteps finds the fewest τ steps (see TauPlan) that solve g.
//
// Method: τ's own order gives a first plan; a greedy order (always build
// the node whose ω* draws the most connections) gives another; then an
// iterative-deepening depth-first search over orders, with a table of the
// states (connection counts) already explored at each remaining depth,
// looks for a shorter one. Lower bound used to prune: one step changes the
// remaining magnitude of p and of its at most four neighbours, so a state
// with c incomplete nodes needs at least ⌈c/5⌉ more steps; and each step
// draws at most 4k connections, so it needs at least
// ⌈(Σ remaining magnitudes / 2) / 4k⌉. The search stops after budget state
// expansions (0 means 200000) and then reports the best plan with
// Exact = false.
//
// It returns ErrTauIncomplete when τ does not complete g, and ctx.Err() on
// cancellation.
func MinTauSteps(ctx context.Context, g *Grid, rules Rules, budget int) (TauPlan, error) {
	if budget <= 0 {
		budget = 200000
	}
	tau, err := Tau(ctx, g, rules)
	if err != nil {
		return TauPlan{}, err
	}
	if tau.Contradiction != nil {
		return TauPlan{}, tau.Contradiction
	}
	if !tau.Solved {
		return TauPlan{TauSteps: len(tau.Steps)}, fmt.Errorf("%w: it stops after %d steps", ErrTauIncomplete, len(tau.Steps))
	}
	plan := TauPlan{TauSteps: len(tau.Steps), Steps: tau.Steps}
	if greedy := greedyTau(ctx, g, rules); greedy != nil && len(greedy) < len(plan.Steps) {
		plan.Steps = greedy
	}
	m := &tauSearch{ctx: ctx, budget: budget, seen: map[string]int{}}
	start := NewState(g, rules)
	plan.Lower = tauLower(start)
	for depth := plan.Lower; depth < len(plan.Steps); depth++ {
		m.path = m.path[:0]
		if found := m.dfs(start, depth); found {
			plan.Steps = append([]TauStep(nil), m.path...)
			break
		}
		if m.out {
			plan.States = len(m.seen)
			return plan, ctx.Err()
		}
		plan.Lower = depth + 1
	}
	plan.States = len(m.seen)
	plan.Exact = !m.out
	if plan.Exact {
		plan.Lower = len(plan.Steps)
	}
	return plan, nil
}

// tauLower is the lower bound of MinTauSteps for state s.
func tauLower(s *State) int {
	c, rem := 0, 0
	for _, r := range s.Rem {
		if r > 0 {
			c++
			rem += r
		}
	}
	return max((c+4)/5, (rem/2+4*s.G.K-1)/(4*s.G.K))
}

// moves lists the steps available in s: every incomplete node with a
// non-empty ω*. ok is false if some node has no feasible word.
func tauMoves(s *State) (moves []TauStep, ok bool) {
	for p := range s.G.Nodes {
		if s.Rem[p] == 0 {
			continue
		}
		w, n, feasible := s.OmegaStar(p)
		if !feasible {
			return nil, false
		}
		if !w.empty() {
			moves = append(moves, TauStep{Step: 4, Rule: fmt.Sprintf("ω* of %d feasible words", n), Node: p, Word: w})
		}
	}
	return moves, true
}

func greedyTau(ctx context.Context, g *Grid, rules Rules) []TauStep {
	s := NewState(g, rules)
	var steps []TauStep
	for !s.complete() {
		if ctx.Err() != nil {
			return nil
		}
		moves, ok := tauMoves(s)
		if !ok || len(moves) == 0 {
			return nil
		}
		best := moves[0]
		for _, mv := range moves[1:] {
			if mv.Word.Len() > best.Word.Len() {
				best = mv
			}
		}
		if s.Build(best.Node, best.Word) != nil {
			return nil
		}
		steps = append(steps, best)
	}
	return steps
}

type tauSearch struct {
	ctx    context.Context
	budget int
	out    bool
	seen   map[string]int // state -> largest remaining depth already refuted
	path   []TauStep
}

// dfs reports whether s can be completed in at most left steps, leaving
// the steps in m.path.
func (m *tauSearch) dfs(s *State, left int) bool {
	if s.complete() {
		return VerifySolution(s.G, s.Rules, s.Conn) == nil
	}
	if left <= 0 || tauLower(s) > left || m.out {
		return false
	}
	key := string(solBytes(s.Conn))
	if d, ok := m.seen[key]; ok && d >= left {
		return false
	}
	m.budget--
	if m.budget < 0 || m.ctx.Err() != nil {
		m.out = true
		return false
	}
	m.seen[key] = left
	moves, ok := tauMoves(s)
	if !ok {
		return false
	}
	for _, mv := range moves {
		next := s.Clone()
		if next.Build(mv.Node, mv.Word) != nil {
			continue
		}
		m.path = append(m.path, mv)
		if m.dfs(next, left-1) {
			return true
		}
		m.path = m.path[:len(m.path)-1]
		if m.out {
			return false
		}
	}
	return false
}
