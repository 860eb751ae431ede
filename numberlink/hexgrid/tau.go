package hexgrid

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Word is a connection configuration ω of a node (the seed's §2.2) over the
// six hex directions: Word[d] connections towards the neighbour in
// direction d. The order of the symbols is irrelevant, as in the seed.
type Word [NumDirections]int

// Len returns |ω|.
func (w Word) Len() int {
	n := 0
	for _, x := range w {
		n += x
	}
	return n
}

// String writes the word with the seed's convention of repeated symbols,
// here direction names: "E E SW"; the empty word is "∅".
func (w Word) String() string {
	var parts []string
	for d, x := range w {
		for range x {
			parts = append(parts, Direction(d).String())
		}
	}
	if len(parts) == 0 {
		return "∅"
	}
	return strings.Join(parts, " ")
}

// Phi returns Φ_k[p] for a node of magnitude n whose neighbours lie in the
// directions of mask (bit d for direction d): every word of length n with
// at most k of each symbol, only over those directions. Its size is
// numberlink.ConfigFormula(n, k, r) for r = the bits in mask (the seed's
// Figure 5 entries, extended to r = 5 and 6).
func Phi(k, n, mask int) []Word {
	var out []Word
	var w Word
	var rec func(d, left int)
	rec = func(d, left int) {
		if d == NumDirections {
			if left == 0 {
				out = append(out, w)
			}
			return
		}
		if mask&(1<<d) == 0 {
			rec(d+1, left)
			return
		}
		for x := 0; x <= min(k, left); x++ {
			w[d] = x
			rec(d+1, left-x)
		}
		w[d] = 0
	}
	rec(0, n)
	return out
}

// State is a hex k-grid with connections drawn: the Γ_k the builder
// function transforms (§3.2). Rem[i] is node i's magnitude left.
type State struct {
	G     *Grid
	Rules Rules
	Rem   []int
	Conn  Solution
}

// NewState returns the grid with nothing drawn.
func NewState(g *Grid, rules Rules) *State {
	s := &State{G: g, Rules: rules, Rem: make([]int, len(g.Nodes)), Conn: make(Solution, len(g.Pairs))}
	for i, nd := range g.Nodes {
		s.Rem[i] = nd.Mag
	}
	return s
}

// Mask returns the directions in which node p has a neighbour.
func (s *State) Mask(p int) int {
	m := 0
	for d, j := range s.G.Nbr[p] {
		if j >= 0 {
			m |= 1 << d
		}
	}
	return m
}

// The conditions of Φ_Γk[p] (§2.2) a word can break; CondNoLoop is for
// Rules.NoLoops, which the seed does not consider.
const (
	CondLimit     = 1 // at most k connections per pair
	CondCrossing  = 2 // no intersecting connections (see Grid for crossing)
	CondNeighbour = 3 // count(ω, l) <= min(k, magn(l_p))
	CondDisjoint  = 4 // no set of solved nodes cut off from the others
	CondStranded  = 5 // no incomplete node with only complete neighbours
	CondNoLoop    = 6
)

// Check returns 0 if ω ∈ Φ_Γk[p], else the first condition it breaks. A
// word of another length than Rem[p] breaks condition 1.
func (s *State) Check(p int, w Word) int {
	g := s.G
	if w.Len() != s.Rem[p] {
		return CondLimit
	}
	for d, x := range w {
		if x == 0 {
			continue
		}
		if g.Nbr[p][d] < 0 {
			return CondNeighbour
		}
		if int(s.Conn[g.PairAt[p][d]])+x > g.K {
			return CondLimit
		}
	}
	for d, x := range w {
		if x == 0 || s.Conn[g.PairAt[p][d]] > 0 {
			continue
		}
		for _, q := range g.Crossings[g.PairAt[p][d]] {
			if s.Conn[q] > 0 {
				return CondCrossing
			}
		}
	}
	for d, x := range w {
		if x > 0 && x > min(g.K, s.Rem[g.Nbr[p][d]]) {
			return CondNeighbour
		}
	}
	s.apply(p, w, +1)
	defer s.apply(p, w, -1)
	if !s.Rules.AllowDisconnected && s.closed(p) {
		return CondDisjoint
	}
	if s.stranded(p, w) {
		return CondStranded
	}
	if s.Rules.NoLoops && s.loop(p, w) {
		return CondNoLoop
	}
	return 0
}

func (s *State) apply(p int, w Word, sign int) {
	g := s.G
	for d, x := range w {
		if x == 0 {
			continue
		}
		s.Rem[p] -= sign * x
		s.Rem[g.Nbr[p][d]] -= sign * x
		s.Conn[g.PairAt[p][d]] += int8(sign * x)
	}
}

// component returns the nodes of p's component in the drawn graph.
func (s *State) component(p int) []int32 {
	g := s.G
	seen := map[int32]bool{int32(p): true}
	out := []int32{int32(p)}
	for i := 0; i < len(out); i++ {
		v := out[i]
		for d, q := range g.Nbr[v] {
			if q >= 0 && s.Conn[g.PairAt[v][d]] > 0 && !seen[q] {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// closed reports whether p's drawn component is complete and not the
// whole grid (condition 4).
func (s *State) closed(p int) bool {
	comp := s.component(p)
	for _, v := range comp {
		if s.Rem[v] != 0 {
			return false
		}
	}
	return len(comp) < len(s.G.Nodes)
}

// stranded reports whether an incomplete node near p or near a node ω
// touched has only complete neighbours (condition 5).
func (s *State) stranded(p int, w Word) bool {
	g := s.G
	isStranded := func(x int32) bool {
		if s.Rem[x] <= 0 {
			return false
		}
		for _, y := range g.Nbr[x] {
			if y >= 0 && s.Rem[y] > 0 {
				return false
			}
		}
		return true
	}
	around := func(c int32) bool {
		if isStranded(c) {
			return true
		}
		for _, x := range g.Nbr[c] {
			if x >= 0 && isStranded(x) {
				return true
			}
		}
		return false
	}
	if around(int32(p)) {
		return true
	}
	for d, x := range w {
		if x > 0 && around(g.Nbr[p][d]) {
			return true
		}
	}
	return false
}

// loop reports whether ω's new segments (already applied) close a cycle.
func (s *State) loop(p int, w Word) bool {
	g := s.G
	s.apply(p, w, -1)
	defer s.apply(p, w, +1)
	seen := map[int32]bool{}
	for _, v := range s.component(p) {
		seen[v] = true
	}
	for d, x := range w {
		if x == 0 || s.Conn[g.PairAt[p][d]] > 0 {
			continue
		}
		q := g.Nbr[p][d]
		if seen[q] {
			return true
		}
		for _, v := range s.component(int(q)) {
			seen[v] = true
		}
	}
	return false
}

// OmegaStar returns ω*(p): the connections common to every word of
// Φ_Γk[p] (the intersection without deleting duplicates, §2.2), and how
// many words are feasible; ok is false when none is.
func (s *State) OmegaStar(p int) (w Word, n int, ok bool) {
	if s.Rem[p] == 0 {
		return Word{}, 1, true
	}
	for _, x := range Phi(s.G.K, s.Rem[p], s.Mask(p)) {
		if s.Check(p, x) != 0 {
			continue
		}
		if n == 0 {
			w = x
		} else {
			for d := range w {
				w[d] = min(w[d], x[d])
			}
		}
		n++
	}
	return w, n, n > 0
}

// ErrUnsolvable wraps the errors that prove a grid has no solution.
var ErrUnsolvable = errors.New("unsolvable")

// Build is the builder function u(p, ω) of §3.2.
func (s *State) Build(p int, w Word) error {
	g := s.G
	if w.Len() > s.Rem[p] {
		return fmt.Errorf("%w: u(p, %v) at (%d,%d) draws %d connections, %d remain", ErrUnsolvable, w, g.Nodes[p].Row+1, g.Nodes[p].Col+1, w.Len(), s.Rem[p])
	}
	for d, x := range w {
		if x == 0 {
			continue
		}
		q := g.Nbr[p][d]
		if q < 0 || x > s.Rem[q] || int(s.Conn[g.PairAt[p][d]])+x > g.K {
			return fmt.Errorf("%w: u(p, %v) at (%d,%d): the %v neighbour cannot take %d more", ErrUnsolvable, w, g.Nodes[p].Row+1, g.Nodes[p].Col+1, Direction(d), x)
		}
	}
	s.apply(p, w, +1)
	return nil
}

// TauStep is one drawing step of τ.
type TauStep struct {
	Step int    `json:"step"` // the algorithm's step, 1 to 4
	Rule string `json:"rule"`
	Node int    `json:"-"`
	Word Word   `json:"-"`
	// Text describes the step with 1-based cells (for reports).
	Text string `json:"text"`
}

// TauResult is the outcome of τ.
type TauResult struct {
	State *State
	Steps []TauStep
	// Solved: τ completed the grid and the result passed Verify, so by the
	// seed's Theorem (§3.2) the solution is unique.
	Solved bool
	// Contradiction, when set, wraps ErrUnsolvable.
	Contradiction error
}

// Tau runs the seed's τ algorithm (§3.2) on a hex grid, with r ranging
// over 0..6 neighbours instead of 0..4:
//
//  1. every node with r neighbours and magn(p) = rk gets k connections to
//     each;
//  2. every node with one neighbour sends all its connections there;
//  3. every node with one incomplete neighbour sends its remaining
//     connections there (repeated while any exists);
//  4. otherwise the incomplete nodes are taken fewest incomplete
//     neighbours first, then magnitude farthest from ⌊rk/2⌋ first (the
//     seed's guideline from Figure 5), and the first with ω*(p) ≠ ∅ is
//     built, u(p, ω*);
//  5. steps 3 and 4 repeat until every node is complete or ω* = ∅ for
//     every incomplete node.
//
// Every connection drawn is in every solution; when τ completes the grid
// and the result verifies, the solution is unique. Each round costs
// O(nodes · |Φ_k|) word checks, |Φ_k| <= C(n+5, 5). On cancellation it
// returns what it drew and ctx.Err().
func Tau(ctx context.Context, g *Grid, rules Rules) (TauResult, error) {
	s := NewState(g, rules)
	res := TauResult{State: s}
	at := func(p int) string { return fmt.Sprintf("(%d,%d)", g.Nodes[p].Row+1, g.Nodes[p].Col+1) }
	draw := func(step int, rule string, p int, w Word) bool {
		if w.Len() == 0 {
			return false
		}
		if c := s.Check(p, w); step <= 3 && c != 0 {
			res.Contradiction = fmt.Errorf("%w: step %d at %s: the forced word %v breaks condition %d of Φ_Γk", ErrUnsolvable, step, at(p), w, c)
			return false
		}
		if err := s.Build(p, w); err != nil {
			res.Contradiction = err
			return false
		}
		var parts []string
		for d, x := range w {
			if x > 0 {
				parts = append(parts, fmt.Sprintf("%d to %s", x, at(int(g.Nbr[p][d]))))
			}
		}
		res.Steps = append(res.Steps, TauStep{Step: step, Rule: rule, Node: p, Word: w,
			Text: fmt.Sprintf("step %d: node %s magn %d: %s: draws %s", step, at(p), g.Nodes[p].Mag, rule, strings.Join(parts, ", "))})
		return true
	}
	for p := range g.Nodes {
		r := g.Degree(p)
		if r == 0 || g.Nodes[p].Mag != r*g.K || s.Rem[p] == 0 {
			continue
		}
		var w Word
		for d, pr := range g.PairAt[p] {
			if pr >= 0 {
				w[d] = g.K - int(s.Conn[pr])
			}
		}
		if draw(1, fmt.Sprintf("magn = rk = %d·%d", r, g.K), p, w); res.Contradiction != nil {
			return res, nil
		}
	}
	for p := range g.Nodes {
		if g.Degree(p) != 1 || s.Rem[p] == 0 {
			continue
		}
		var w Word
		for d, q := range g.Nbr[p] {
			if q >= 0 {
				w[d] = s.Rem[p]
			}
		}
		if draw(2, "one neighbour", p, w); res.Contradiction != nil {
			return res, nil
		}
	}
	openNbrs := func(p int) (int, int) {
		n, only := 0, -1
		for d, q := range g.Nbr[p] {
			if q >= 0 && s.Rem[q] > 0 {
				n, only = n+1, d
			}
		}
		return n, only
	}
	for {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		drew := false
		for p := range g.Nodes {
			if s.Rem[p] == 0 {
				continue
			}
			n, only := openNbrs(p)
			if n == 0 {
				res.Contradiction = fmt.Errorf("%w: %s needs %d more connections and every neighbour is complete", ErrUnsolvable, at(p), s.Rem[p])
				return res, nil
			}
			if n != 1 {
				continue
			}
			var w Word
			w[only] = s.Rem[p]
			if draw(3, "one incomplete neighbour", p, w) {
				drew = true
			}
			if res.Contradiction != nil {
				return res, nil
			}
		}
		if drew {
			continue
		}
		var order []int
		key := map[int]int{}
		for p := range g.Nodes {
			if s.Rem[p] > 0 {
				order = append(order, p)
				r, _ := openNbrs(p)
				dist := s.Rem[p] - r*g.K/2
				if dist < 0 {
					dist = -dist
				}
				key[p] = r<<20 - dist
			}
		}
		if len(order) == 0 {
			break
		}
		slices.SortStableFunc(order, func(a, b int) int { return key[a] - key[b] })
		built := false
		for _, p := range order {
			w, n, ok := s.OmegaStar(p)
			if !ok {
				res.Contradiction = fmt.Errorf("%w: Φ_Γk is empty at %s: no feasible way to complete it", ErrUnsolvable, at(p))
				return res, nil
			}
			if w.Len() == 0 {
				continue
			}
			if draw(4, fmt.Sprintf("ω* of %d feasible words", n), p, w) {
				built = true
				break
			}
			if res.Contradiction != nil {
				return res, nil
			}
		}
		if !built {
			break
		}
	}
	done := true
	for _, r := range s.Rem {
		done = done && r == 0
	}
	if done {
		if err := Verify(g, rules, s.Conn); err != nil {
			res.Contradiction = fmt.Errorf("%w: the forced connections complete every node but %w", ErrUnsolvable, err)
		} else {
			res.Solved = true
		}
	}
	return res, nil
}
