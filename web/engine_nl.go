package web

// Numberlink half of the adapter: hints, checks, solving and generating
// k-grids through package numberlink.

import (
	"context"
	"fmt"
	"strings"
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

	// grade is computed on the first hint that needs it (τ stalls).
	gradeMu sync.Mutex
	grade   *numberlink.Grade
}

// rate returns the puzzle's grade, computing it once.
func (v *nlSolved) rate(ctx context.Context, g *numberlink.Grid, rules numberlink.Rules) (numberlink.Grade, error) {
	v.gradeMu.Lock()
	defer v.gradeMu.Unlock()
	if v.grade != nil {
		return *v.grade, nil
	}
	gr, err := numberlink.Rate(ctx, g, numberlink.SolveOptions{Rules: rules})
	if err != nil {
		return gr, err
	}
	v.grade = &gr
	return gr, nil
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
	// carry (at least, for a τ step 4 ω*).
	Pairs  []int `json:"pairs,omitempty"`
	Counts []int `json:"counts,omitempty"`
	// Feasible lists the node's feasible configurations Φ_Γk[p] (at most
	// 24, as words), FeasibleCount their number, Omega the intersection ω*.
	Feasible      []string `json:"feasible,omitempty"`
	FeasibleCount int      `json:"feasibleCount"`
	Omega         string   `json:"omega,omitempty"`
	Stage         string   `json:"stage,omitempty"`
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

// islandName names island i for a player: "the 4 at C7".
func islandName(g *numberlink.Grid, i int32) string {
	n := g.Nodes[i]
	return fmt.Sprintf("the %d at %s", n.Mag, cellLabel(g.Cols, int32(n.Row*g.Cols+n.Col)))
}

// bridgesWord is "1 bridge" or "2 bridges".
func bridgesWord(k int) string {
	if k == 1 {
		return "1 bridge"
	}
	return fmt.Sprintf("%d bridges", k)
}

// plainPairs words "2 bridges between the 4 at C7 and the 3 at C9" for
// each pair and count.
func plainPairs(g *numberlink.Grid, pairs, counts []int) string {
	var out []string
	for i, p := range pairs {
		out = append(out, fmt.Sprintf("%s between %s and %s", bridgesWord(counts[i]), islandName(g, g.Pairs[p].A), islandName(g, g.Pairs[p].B)))
	}
	return strings.Join(out, ", and ")
}

func pairName(g *numberlink.Grid, p int) string {
	a, b := g.Nodes[g.Pairs[p].A], g.Nodes[g.Pairs[p].B]
	return fmt.Sprintf("(%d,%d)-(%d,%d)", a.Row+1, a.Col+1, b.Row+1, b.Col+1)
}

// nlHint explains the next step from the player's position conn.
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
	unique := sv.count == 1
	if unique && h.againstSolution(g, sv.sol, conn) {
		return h, nil
	}
	if h.tauStep(g, rules, sv.tau, conn) {
		return h, nil
	}
	if !unique {
		h.Status, h.Reason = "step", "τ has nothing more to draw and the puzzle has more than one solution, so no further connection is forced"
		h.Look, h.Plain = "No bridge is forced here.", "This puzzle has more than one solution, and nothing more is forced: any bridge that keeps the rules may go next."
		return h, nil
	}
	// τ stalls: the solver's deduction stages decide the rest.
	grade, err := sv.rate(ctx, g, rules)
	if err != nil {
		return nil, err
	}
	if h.reveal(g, sv.sol, conn, grade.Level) {
		return h, nil
	}
	h.Status, h.Reason = "done", "solved"
	h.Look, h.Plain = "Nothing left to do.", "Solved."
	return h, nil
}

// againstSolution compares conn with the unique solution sol: it makes h
// a "wrong" hint when conn carries more than sol somewhere, a "done" one
// when conn is sol, and reports whether it did either.
func (h *NLHint) againstSolution(g *numberlink.Grid, sol, conn numberlink.Solution) bool {
	var wrong []int
	for p := range conn {
		if conn[p] > sol[p] {
			wrong = append(wrong, p)
		}
	}
	if len(wrong) > 0 {
		h.Status, h.Pairs = "wrong", wrong
		for _, p := range wrong {
			h.Counts = append(h.Counts, int(sol[p]))
		}
		h.Reason = fmt.Sprintf("%s carries %d connections, but the unique solution has %d there: take some away",
			pairName(g, wrong[0]), conn[wrong[0]], sol[wrong[0]])
		pr := g.Pairs[wrong[0]]
		h.Look = fmt.Sprintf("Look at the bridges between %s and %s.", islandName(g, pr.A), islandName(g, pr.B))
		h.Plain = fmt.Sprintf("There are too many bridges between %s and %s: the solution has %s there. Take one away.",
			islandName(g, pr.A), islandName(g, pr.B), bridgesWord(int(sol[wrong[0]])))
		return true
	}
	done := true
	for p := range conn {
		if conn[p] != sol[p] {
			done = false
		}
	}
	if done {
		h.Status, h.Reason = "done", "solved: every node has its number of connections, nothing crosses, and the grid is connected"
		h.Look, h.Plain = "Nothing left to do.", "Solved: every island has its bridges, none cross, and all islands are joined."
		return true
	}
	return false
}

// tauStep replays τ (§3.2): the first step that draws something the
// player has not drawn yet makes h a "step" hint, explained by the node's
// feasible configurations before the step. It reports whether one did.
func (h *NLHint) tauStep(g *numberlink.Grid, rules numberlink.Rules, tau numberlink.TauResult, conn numberlink.Solution) bool {
	st := numberlink.NewState(g, rules)
	for _, step := range tau.Steps {
		p := step.Node
		var pairs, counts []int
		for d := range 4 {
			if step.Word[d] == 0 {
				continue
			}
			pr := int(g.PairAt[p][d])
			target := int(st.Conn[pr]) + step.Word[d]
			if int(conn[pr]) < target {
				pairs = append(pairs, pr)
				counts = append(counts, target)
			}
		}
		if len(pairs) > 0 {
			feas, _ := st.FeasibleWords(p)
			h.FeasibleCount = len(feas)
			for i, w := range feas {
				if i == 24 {
					break
				}
				h.Feasible = append(h.Feasible, w.String())
			}
			if w, _, ok := st.OmegaStar(p); ok {
				h.Omega = w.String()
			}
			nd := g.Nodes[p]
			h.Status, h.Node, h.Pairs, h.Counts = "step", p, pairs, counts
			h.Stage = fmt.Sprintf("τ step %d", step.Step)
			var draw []string
			for i, pr := range pairs {
				draw = append(draw, fmt.Sprintf("%s needs %d", pairName(g, pr), counts[i]))
			}
			confs := "configurations"
			if len(feas) == 1 {
				confs = "configuration"
			}
			h.Reason = fmt.Sprintf("node (%d,%d), magnitude %d: %s (τ step %d, §3.2); it has %d feasible %s and ω* = %s, so %s",
				nd.Row+1, nd.Col+1, nd.Mag, step.Rule, step.Step, len(feas), confs, h.Omega, strings.Join(draw, ", "))
			name := islandName(g, int32(p))
			h.Look = fmt.Sprintf("Look at %s and the islands it can reach.", name)
			ways := fmt.Sprintf("%s can get its %d bridges in only one way that fits its neighbours", capital(name), nd.Mag)
			if len(feas) > 1 {
				ways = fmt.Sprintf("%s has %d ways left to get its %d bridges from the islands it can reach, and every one of them includes these", capital(name), len(feas), nd.Mag)
			}
			h.Plain = fmt.Sprintf("%s. So draw %s.", ways, plainPairs(g, pairs, counts))
			return true
		}
		if err := st.Build(p, step.Word); err != nil {
			break
		}
	}
	return false
}

// reveal makes h a hint that reveals one pair of the unique solution sol
// that conn lacks, where τ stalls and the solver's stages up to level
// decide; it reports whether conn lacks any.
func (h *NLHint) reveal(g *numberlink.Grid, sol, conn numberlink.Solution, level numberlink.Level) bool {
	for p := range conn {
		if conn[p] < sol[p] {
			h.Status, h.Pairs, h.Counts = "step", []int{p}, []int{int(sol[p])}
			h.Stage = level.String()
			h.Reason = fmt.Sprintf("%s carries %d connections: τ stalls here, and the solver's deduction stages up to %q (bounds, crossing, isolation, bridges, probe, in that order) prove it; the puzzle is unique",
				pairName(g, p), sol[p], level)
			pr := g.Pairs[p]
			h.Look = "There is no step here that one island alone decides."
			h.Plain = fmt.Sprintf("No island can be finished by looking at it and its neighbours alone. Reveal one: the solution has %s.",
				plainPairs(g, []int{p}, []int{int(sol[p])}))
			h.Node, h.Reveal = int(pr.A), true
			return true
		}
	}
	return false
}
