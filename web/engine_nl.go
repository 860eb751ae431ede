package web

// Numberlink half of the adapter: hints, checks, solving and generating
// k-grids through package numberlink.

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// NLGrid is a k-grid as the page draws it. Coordinates are 0-based.
type NLGrid struct {
	Rows  int      `json:"rows"`
	Cols  int      `json:"cols"`
	K     int      `json:"k"`
	Nodes []NLNode `json:"nodes"`
	// Pairs lists the neighbouring node pairs: a, b node indices, h true for
	// a horizontal pair. A position is one count 0..k per pair.
	Pairs     []NLPair  `json:"pairs"`
	Crossings [][]int32 `json:"crossings"`
	NoLoops   bool      `json:"noLoops"`
	// ID is the puzzle written back in one line (a Tatham game ID when it
	// fits, else our text format), for the share link.
	ID string `json:"id"`
}

// NLNode is one numbered cell.
type NLNode struct {
	R int `json:"r"`
	C int `json:"c"`
	M int `json:"m"`
}

// NLPair is a pair of neighbouring nodes.
type NLPair struct {
	A int32 `json:"a"`
	B int32 `json:"b"`
	H bool  `json:"h"`
}

func nlGridJSON(g *numberlink.Grid, rules numberlink.Rules) *NLGrid {
	out := &NLGrid{Rows: g.Rows, Cols: g.Cols, K: g.K, NoLoops: rules.NoLoops, Crossings: g.Crossings}
	for _, n := range g.Nodes {
		out.Nodes = append(out.Nodes, NLNode{n.Row, n.Col, n.Mag})
	}
	for _, p := range g.Pairs {
		out.Pairs = append(out.Pairs, NLPair{p.A, p.B, p.Horizontal})
	}
	if id, err := puzzleio.FormatTatham(g, rules); err == nil && !rules.AllowDisconnected {
		out.ID = id
	} else {
		out.ID = puzzleio.FormatText(g, rules)
	}
	return out
}

// nlSolved is what the server remembers about a puzzle: its solutions (up
// to two) and the τ trace. The cache is bounded (nlCacheSize entries).
type nlSolved struct {
	count uint64 // solutions found, up to 2
	sol   numberlink.Solution
	tau   numberlink.TauResult
}

const nlCacheSize = 64

type nlCache struct {
	mu sync.Mutex
	m  map[string]*nlSolved
	// order is the insertion order, for eviction.
	order []string
}

func (c *nlCache) get(key string) *nlSolved {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[key]
}

func (c *nlCache) put(key string, v *nlSolved) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*nlSolved{}
	}
	if _, ok := c.m[key]; ok {
		return
	}
	if len(c.order) >= nlCacheSize {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.m[key] = v
	c.order = append(c.order, key)
}

// nlSolve solves g (counting up to two solutions) and runs τ, through the
// cache. A solution it returns has passed VerifySolution.
func (s *Engine) nlSolve(ctx context.Context, g *numberlink.Grid, rules numberlink.Rules) (*nlSolved, error) {
	key := puzzleio.FormatText(g, rules)
	if v := s.cache.get(key); v != nil {
		return v, nil
	}
	n, sol, _, err := numberlink.Count(ctx, g, 2, numberlink.SolveOptions{Rules: rules})
	if err != nil {
		return nil, err
	}
	if n > 0 {
		if err := numberlink.VerifySolution(g, rules, sol); err != nil {
			return nil, fmt.Errorf("internal: solver's solution failed verification: %v", err)
		}
	}
	tau, err := numberlink.Tau(ctx, g, rules)
	if err != nil {
		return nil, err
	}
	v := &nlSolved{count: n, sol: sol, tau: tau}
	s.cache.put(key, v)
	return v, nil
}

// NLHint is the next deduction for a position.
type NLHint struct {
	// Status: "wrong" (a drawn connection is in no solution: Pairs say
	// which), "step" (the next deduction: Pairs and Counts say what to
	// draw), "done" (the position is the solution), "none" (the puzzle has
	// no solution).
	Status string `json:"status"`
	Reason string `json:"reason"`
	// Node is the node the deduction is about, or -1.
	Node int `json:"node"`
	// Pairs and Counts: pair indices and the connection count each must
	// carry (at least, for a step; the solution's, for "wrong").
	Pairs  []int `json:"pairs,omitempty"`
	Counts []int `json:"counts,omitempty"`
	// Feasible lists, for a step the node rule ends, the node's feasible
	// configurations under the step's bounds (§2.2; at most 24, as words),
	// FeasibleCount their number, Omega their intersection ω* (§3.2).
	Feasible      []string `json:"feasible,omitempty"`
	FeasibleCount int      `json:"feasibleCount"`
	Omega         string   `json:"omega,omitempty"`
	// Stage is the costliest deduction stage the step uses (bounds,
	// crossing, isolation, bridges, probe; search for a reveal), Stages
	// the stage of each of its deductions in order.
	Stage  string   `json:"stage,omitempty"`
	Stages []string `json:"stages,omitempty"`
	// Look and Plain are the hint for a player, in everyday words with the
	// board's row and column labels (Look: where to look; Plain: why, and
	// what to draw). Reason keeps the paper's terms for the study panel.
	Look  string `json:"look"`
	Plain string `json:"plain"`
	// Reveal is true when no step a person can see applies: the step is
	// taken from the solution, and the page offers it as a reveal.
	Reveal bool    `json:"reveal,omitempty"`
	Millis float64 `json:"ms"`
}

// nlHint explains the next step from the player's position conn: the
// deduction is numberlink.NextHint's (the grader's stages, mistakes first
// against the unique solution kept with the puzzle); this only words it
// for the page.
func (s *Engine) nlHint(ctx context.Context, g *numberlink.Grid, rules numberlink.Rules, conn numberlink.Solution) (*NLHint, error) {
	t0 := time.Now()
	h := &NLHint{Node: -1}
	defer func() { h.Millis = float64(time.Since(t0).Microseconds()) / 1000 }()
	sv, err := s.nlSolve(ctx, g, rules)
	if err != nil {
		return nil, err
	}
	if sv.count == 0 {
		h.Status, h.Reason = "none", "this puzzle has no solution (the complete solver proved it)"
		if v := numberlink.Unsolvable(g, rules); v != nil {
			h.Reason = "this puzzle has no solution: " + v.Detail
		}
		h.Look, h.Plain = "This puzzle cannot be solved.", "No set of bridges satisfies every island: the puzzle has no solution."
		return h, nil
	}
	var sol numberlink.Solution
	if sv.count == 1 {
		sol = sv.sol
	}
	nh, err := numberlink.NextHint(ctx, g, rules, sol, conn)
	if err != nil {
		return nil, err
	}
	h.Status = map[numberlink.HintStatus]string{numberlink.HintStep: "step", numberlink.HintWrong: "wrong", numberlink.HintDone: "done",
		numberlink.HintReveal: "step", numberlink.HintOpen: "step"}[nh.Status]
	h.Reveal = nh.Status == numberlink.HintReveal
	h.Node, h.Pairs, h.Counts = int(nh.Node), nh.Pairs, nh.Counts
	h.Look, h.Plain, h.Reason = nh.Look, nh.Plain, nh.Reason
	if nh.Stage != 0 {
		h.Stage = nh.Stage.String()
	}
	for _, f := range nh.Facts {
		h.Stages = append(h.Stages, f.Rule.String())
	}
	h.FeasibleCount = len(nh.Feasible)
	for i, w := range nh.Feasible {
		if i == 24 {
			break
		}
		h.Feasible = append(h.Feasible, w.String())
	}
	if len(nh.Feasible) > 0 {
		h.Omega = nh.Omega.String()
	}
	return h, nil
}
