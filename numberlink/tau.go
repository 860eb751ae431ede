package numberlink

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// State is a numbered k-grid with some connections drawn, the Γ_k that the
// builder function u transforms (§3.2). Rem[i] is node i's current magnitude
// (its clue minus the connections drawn at it); Conn[p] counts the
// connections drawn on pair p.
type State struct {
	G     *Grid
	Rules Rules
	Rem   []int
	Conn  Solution
	// comp[i] labels node i's component in the graph of drawn connections;
	// nil when stale.
	comp []int32
	// phi caches PhiOver(K, n, mask) by n<<MaxDirections+mask.
	phi map[int][]Word
	// Scratch for walks.
	mark  []uint32
	stamp uint32
	stack []int32
}

// NewState returns Γ_k with no connections drawn.
func NewState(g *Grid, rules Rules) *State {
	s := &State{G: g, Rules: rules, Rem: make([]int, len(g.Nodes)), Conn: make(Solution, len(g.Pairs))}
	for i, nd := range g.Nodes {
		s.Rem[i] = nd.Mag
	}
	return s
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	return &State{G: s.G, Rules: s.Rules, Rem: append([]int(nil), s.Rem...), Conn: append(Solution(nil), s.Conn...)}
}

// mask returns the directions in which node p has a neighbour.
func (s *State) mask(p int) int {
	m := 0
	for d, j := range s.G.Nbr[p] {
		if j >= 0 {
			m |= 1 << d
		}
	}
	return m
}

// complete reports whether every node has magnitude 0 left.
func (s *State) complete() bool {
	for _, r := range s.Rem {
		if r != 0 {
			return false
		}
	}
	return true
}

// Condition numbers of the definition of Φ_Γk[p] (§2.2). CondNoLoop is an
// addition for Rules.NoLoops, which the seed does not consider: drawing ω must
// not close a cycle.
const (
	CondLimit       = 1 // at most k connections per pair
	CondCrossing    = 2 // no intersecting connections
	CondNeighbour   = 3 // count(ω, l) <= min(k, magn(l_p))
	CondDisjoint    = 4 // no set of solved nodes disjoint from the others
	CondStranded    = 5 // no incomplete node with only complete neighbours
	CondNoLoop      = 6 // Rules.NoLoops only
	condNoNeighbour = 3 // a symbol towards a missing neighbour fails condition 3 (magn = 0)
)

// Check returns 0 if ω is a feasible connection configuration of node p in
// the current grid, that is ω ∈ Φ_Γk[p] (§2.2, conditions 1 to 5), or the
// number of the first condition ω breaks. ω must have length Rem[p] to be in
// Φ_k[p] at all; a word of another length is reported as breaking
// condition 1 (the word is not a completion of p).
//
// The cost is O(1) for conditions 1 to 3 and 5 and at most one walk of the
// drawn component of p for condition 4.
func (s *State) Check(p int, w Word) int {
	g := s.G
	if w.Len() != s.Rem[p] {
		return CondLimit
	}
	for d := range MaxDirections {
		if w[d] == 0 {
			continue
		}
		q := g.Nbr[p][d]
		if q < 0 {
			return condNoNeighbour
		}
		pr := g.PairAt[p][d]
		if int(s.Conn[pr])+w[d] > g.K {
			return CondLimit
		}
	}
	for d := range MaxDirections {
		if w[d] == 0 || s.Conn[g.PairAt[p][d]] > 0 {
			continue
		}
		for _, x := range g.Crossings[g.PairAt[p][d]] {
			if s.Conn[x] > 0 {
				return CondCrossing
			}
		}
	}
	for d := range MaxDirections {
		if w[d] > 0 && w[d] > min(g.K, s.Rem[g.Nbr[p][d]]) {
			return CondNeighbour
		}
	}
	// Apply ω tentatively.
	s.apply(p, w, +1)
	defer s.apply(p, w, -1)
	if !s.Rules.AllowDisconnected && s.closedComponent(p) {
		return CondDisjoint
	}
	if s.stranded(p, w) {
		return CondStranded
	}
	if s.Rules.NoLoops && s.closesLoop(p, w) {
		return CondNoLoop
	}
	return 0
}

// apply draws (sign = +1) or erases (sign = -1) the connections of ω at p
// without touching the component cache.
func (s *State) apply(p int, w Word, sign int) {
	g := s.G
	s.Rem[p] -= sign * w.Len()
	for d := range MaxDirections {
		if w[d] == 0 {
			continue
		}
		s.Rem[g.Nbr[p][d]] -= sign * w[d]
		s.Conn[g.PairAt[p][d]] += int8(sign * w[d])
	}
}

// closedComponent reports whether the component of p in the drawn graph
// consists of complete nodes only and is not the whole grid (condition 4).
func (s *State) closedComponent(p int) bool {
	g := s.G
	if len(s.mark) != len(g.Nodes) {
		s.mark = make([]uint32, len(g.Nodes))
	}
	s.stamp++
	s.mark[p] = s.stamp
	seen := 1
	stack := append(s.stack[:0], int32(p))
	defer func() { s.stack = stack[:0] }()
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.Rem[i] != 0 {
			return false
		}
		for d := range MaxDirections {
			if pr := g.PairAt[i][d]; pr >= 0 && s.Conn[pr] > 0 && s.mark[g.Nbr[i][d]] != s.stamp {
				s.mark[g.Nbr[i][d]] = s.stamp
				seen++
				stack = append(stack, g.Nbr[i][d])
			}
		}
	}
	return seen < len(g.Nodes)
}

// stranded reports whether, after ω was applied at p, some node is
// incomplete while all its neighbours are complete (condition 5). Only p's
// neighbours and the neighbours of nodes ω completed can have changed.
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
	check := func(c int32) bool { // c's neighbours, after c changed
		for _, x := range g.Nbr[c] {
			if x >= 0 && isStranded(x) {
				return true
			}
		}
		return false
	}
	if check(int32(p)) {
		return true
	}
	for d := range MaxDirections {
		if w[d] > 0 {
			q := g.Nbr[p][d]
			if isStranded(q) || s.Rem[q] == 0 && check(q) {
				return true
			}
		}
	}
	return false
}

// closesLoop reports whether the new segments of ω (applied at p) close a
// cycle in the drawn graph.
func (s *State) closesLoop(p int, w Word) bool {
	g := s.G
	s.apply(p, w, -1) // look at the graph before ω
	defer s.apply(p, w, +1)
	comp := s.components()
	used := map[int32]bool{comp[p]: true}
	for d := range MaxDirections {
		if w[d] == 0 || s.Conn[g.PairAt[p][d]] > 0 {
			continue // an existing segment adds no edge to the graph
		}
		c := comp[g.Nbr[p][d]]
		if used[c] {
			return true
		}
		used[c] = true
	}
	return false
}

// components labels the components of the drawn graph (cached until the
// next Build).
func (s *State) components() []int32 {
	if s.comp != nil {
		return s.comp
	}
	g := s.G
	comp := make([]int32, len(g.Nodes))
	for i := range comp {
		comp[i] = -1
	}
	var stack []int32
	for r := range comp {
		if comp[r] >= 0 {
			continue
		}
		comp[r] = int32(r)
		stack = append(stack[:0], int32(r))
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for d := range MaxDirections {
				if pr := g.PairAt[i][d]; pr >= 0 && s.Conn[pr] > 0 && comp[g.Nbr[i][d]] < 0 {
					comp[g.Nbr[i][d]] = int32(r)
					stack = append(stack, g.Nbr[i][d])
				}
			}
		}
	}
	s.comp = comp
	return comp
}

// words returns Φ_k[p] over p's neighbours' directions for p's current
// magnitude, from a cache.
func (s *State) words(p int) []Word {
	key := s.Rem[p]<<MaxDirections + s.mask(p)
	if w, ok := s.phi[key]; ok {
		return w
	}
	if s.phi == nil {
		s.phi = map[int][]Word{}
	}
	w := PhiOver(s.G.K, s.Rem[p], s.mask(p))
	s.phi[key] = w
	return w
}

// Rejected is a word of Φ_k[p] left out of Φ_Γk[p], with the condition it
// breaks.
type Rejected struct {
	Word      Word
	Condition int
}

// FeasibleWords returns Φ_Γk[p] (§2.2): the words of Φ_k[p] over p's
// neighbours' directions that satisfy conditions 1 to 5, and the others with
// the first condition each breaks. Words towards a missing neighbour are
// not listed at all (they break condition 3 with magn = 0); use
// PhiGammaAll for the paper's full listing.
func (s *State) FeasibleWords(p int) (feasible []Word, rejected []Rejected) {
	for _, w := range PhiOver(s.G.K, s.Rem[p], s.mask(p)) {
		if c := s.Check(p, w); c == 0 {
			feasible = append(feasible, w)
		} else {
			rejected = append(rejected, Rejected{w, c})
		}
	}
	return feasible, rejected
}

// PhiGammaAll is FeasibleWords over all of Φ_k[p], words towards missing
// neighbours included (rejected by condition 3), as §2.3 lists them.
func (s *State) PhiGammaAll(p int) (feasible []Word, rejected []Rejected) {
	for _, w := range Phi(s.G.K, s.Rem[p]) {
		if c := s.Check(p, w); c == 0 {
			feasible = append(feasible, w)
		} else {
			rejected = append(rejected, Rejected{w, c})
		}
	}
	return feasible, rejected
}

// OmegaStar returns ω*(p) (§2.2): the intersection, without deleting
// duplicates, of the words of Φ_Γk[p], that is the connections every
// feasible completion of p draws; they are in every solution. ok is false
// when Φ_Γk[p] is empty: no completion of p is feasible, so the grid (with
// the connections drawn so far, if they are all forced) has no solution.
// A complete node has ω* = ∅ and ok = true.
func (s *State) OmegaStar(p int) (w Word, n int, ok bool) {
	if s.Rem[p] == 0 {
		return Word{}, 1, true
	}
	first := true
	for _, x := range s.words(p) {
		if s.Check(p, x) != 0 {
			continue
		}
		n++
		if first {
			w, first = x, false
		} else {
			w = w.intersect(x)
		}
	}
	return w, n, n > 0
}

// ErrUnsolvable is wrapped by every error that proves a grid has no solution.
var ErrUnsolvable = errors.New("unsolvable")

// Build is the builder function u(p, ω) of §3.2: it reduces p's magnitude by
// |ω|, each neighbour l_p's by count(l, ω), and draws count(l, ω)
// connections between p and l_p. It fails, changing nothing, if a magnitude
// would drop below 0, a pair would exceed k, or a symbol points to a missing
// neighbour.
func (s *State) Build(p int, w Word) error {
	g := s.G
	if w.Len() > s.Rem[p] {
		return fmt.Errorf("%w: u(p, %v) at (%d,%d) draws %d connections, %d remain", ErrUnsolvable, g.Lattice.FormatWord(w), g.Nodes[p].Row+1, g.Nodes[p].Col+1, w.Len(), s.Rem[p])
	}
	for d := range MaxDirections {
		if w[d] == 0 {
			continue
		}
		q := g.Nbr[p][d]
		if q < 0 {
			return fmt.Errorf("%w: u(p, %v) at (%d,%d): no %v neighbour", ErrUnsolvable, g.Lattice.FormatWord(w), g.Nodes[p].Row+1, g.Nodes[p].Col+1, g.Lattice.DirectionName(Direction(d)))
		}
		if w[d] > s.Rem[q] || int(s.Conn[g.PairAt[p][d]])+w[d] > g.K {
			return fmt.Errorf("%w: u(p, %v) at (%d,%d): the %v neighbour cannot take %d more", ErrUnsolvable, g.Lattice.FormatWord(w), g.Nodes[p].Row+1, g.Nodes[p].Col+1, g.Lattice.DirectionName(Direction(d)), w[d])
		}
	}
	s.apply(p, w, +1)
	s.comp = nil
	return nil
}

// TauStep is one drawing step of the τ algorithm (§3.2).
type TauStep struct {
	// Step is the algorithm's step number, 1 to 4.
	Step int
	// Rule says why the connections are forced.
	Rule string
	// Node is the node p the builder function was applied to.
	Node int
	// Word is the ω drawn by u(p, ω): Word[d] connections towards d.
	Word Word
}

// TauResult is the outcome of the τ algorithm.
type TauResult struct {
	// State is τ(Γ_k): the grid with every connection τ drew.
	State *State
	// Steps lists the drawing steps in order.
	Steps []TauStep
	// Solved reports that τ completed the grid and the result passed Verify;
	// by the seed's Theorem (§3.2) the solution is then unique.
	Solved bool
	// Contradiction, when not nil, wraps ErrUnsolvable: τ proved the grid
	// has no solution (a node had no feasible configuration, or the forced
	// connections completed every node without solving the grid).
	Contradiction error
}

// Tau runs the τ algorithm of §3.2 on g:
//
//  1. every node p with r neighbours and magn(p) = rk gets k connections to
//     each neighbour;
//  2. every node with one neighbour sends all its connections there;
//  3. every node with one incomplete neighbour sends its remaining
//     connections there (repeated while any such node exists);
//  4. otherwise nodes are taken in the order of §3.2 step 4 (fewest
//     incomplete neighbours first, then magnitudes farthest from
//     ⌊rk/2⌋ first) and the first with ω*(p) ≠ ∅ is built, u(p, ω*);
//  5. steps 3 and 4 repeat until every node is complete or ω*(p) = ∅ for
//     every incomplete node.
//
// Every connection drawn is in every solution, so when τ completes the grid
// and the result verifies, the solution is unique (the Theorem of §3.2).
// Steps 1 to 3 draw words that are checked against conditions 1 to 5 of
// Φ_Γk first; a forced word that fails them proves the grid unsolvable.
//
// Each round costs O(nodes · |Φ_k|) word checks; there are at most
// Σ magnitudes / 2 rounds. On cancellation Tau returns what it drew so far
// and ctx.Err().
func Tau(ctx context.Context, g *Grid, rules Rules) (TauResult, error) {
	n := len(g.Nodes)
	t := &tauRun{g: g, s: NewState(g, rules), order: make([]int, 0, n), sortKey: make([]int, n)}
	t.res.State = t.s
	if t.step1(); t.res.Contradiction != nil {
		return t.res, nil
	}
	if t.step2(); t.res.Contradiction != nil {
		return t.res, nil
	}
	for {
		if err := ctx.Err(); err != nil {
			return t.res, err
		}
		drew := t.step3()
		if t.res.Contradiction != nil {
			return t.res, nil
		}
		if drew {
			continue
		}
		built, left := t.step4()
		if t.res.Contradiction != nil {
			return t.res, nil
		}
		if !left || !built {
			break
		}
	}
	if t.s.complete() {
		if err := VerifySolution(g, rules, t.s.Conn); err != nil {
			t.res.Contradiction = fmt.Errorf("%w: the forced connections complete every node but %w", ErrUnsolvable, err)
		} else {
			t.res.Solved = true
		}
	}
	return t.res, nil
}

// tauRun is one run of Tau: the grid, the state drawn so far, the result,
// and step 4's order of the incomplete nodes with their sort keys.
type tauRun struct {
	g       *Grid
	s       *State
	res     TauResult
	order   []int
	sortKey []int
}

// draw builds word w at node p as step step of τ by rule, and records it;
// it reports whether it drew anything. A word of steps 1 to 3 is a whole
// completion of p, which must be in Φ_Γk[p] (step 4 draws ω*, a part of
// every such completion): one that is not, or a build that fails, sets
// res.Contradiction.
func (t *tauRun) draw(step int, rule string, p int, w Word) bool {
	if w.empty() {
		return false
	}
	g, s := t.g, t.s
	if c := s.Check(p, w); step <= 3 && c != 0 {
		t.res.Contradiction = fmt.Errorf("%w: step %d at (%d,%d): the forced word %v breaks condition %d of Φ_Γk",
			ErrUnsolvable, step, g.Nodes[p].Row+1, g.Nodes[p].Col+1, g.Lattice.FormatWord(w), c)
		return false
	}
	if err := s.Build(p, w); err != nil {
		t.res.Contradiction = err
		return false
	}
	t.res.Steps = append(t.res.Steps, TauStep{Step: step, Rule: rule, Node: p, Word: w})
	return true
}

// step1 is step 1: a node with magn(p) = rk gets k connections to each of
// its r neighbours. It stops at a contradiction.
func (t *tauRun) step1() {
	g, s := t.g, t.s
	for p := range g.Nodes {
		r := g.Degree(p)
		if r == 0 || g.Nodes[p].Mag != r*g.K || s.Rem[p] == 0 {
			continue
		}
		var w Word
		for d := range MaxDirections {
			if pr := g.PairAt[p][d]; pr >= 0 {
				w[d] = g.K - int(s.Conn[pr])
			}
		}
		if t.draw(1, fmt.Sprintf("magn = rk = %d·%d", r, g.K), p, w); t.res.Contradiction != nil {
			return
		}
	}
}

// step2 is step 2: a node with one neighbour sends all its connections
// there. It stops at a contradiction.
func (t *tauRun) step2() {
	g, s := t.g, t.s
	for p := range g.Nodes {
		if g.Degree(p) != 1 || s.Rem[p] == 0 {
			continue
		}
		var w Word
		for d := range MaxDirections {
			if g.Nbr[p][d] >= 0 {
				w[d] = s.Rem[p]
			}
		}
		if t.draw(2, "one neighbour", p, w); t.res.Contradiction != nil {
			return
		}
	}
}

// step3 is one pass of step 3: a node with one incomplete neighbour sends
// its remaining connections there. It reports whether it drew anything,
// and stops at a contradiction (an incomplete node whose neighbours are
// all complete is one).
func (t *tauRun) step3() (drew bool) {
	g, s := t.g, t.s
	for p := range g.Nodes {
		if s.Rem[p] == 0 {
			continue
		}
		only, n := -1, 0
		for d, q := range g.Nbr[p] {
			if q >= 0 && s.Rem[q] > 0 {
				only, n = d, n+1
			}
		}
		if n == 0 {
			t.res.Contradiction = fmt.Errorf("%w: (%d,%d) needs %d more connections and every neighbour is complete",
				ErrUnsolvable, g.Nodes[p].Row+1, g.Nodes[p].Col+1, s.Rem[p])
			return drew
		}
		if n != 1 {
			continue
		}
		var w Word
		w[only] = s.Rem[p]
		if t.draw(3, "one incomplete neighbour", p, w) {
			drew = true
		}
		if t.res.Contradiction != nil {
			return drew
		}
	}
	return drew
}

// step4 is step 4: the incomplete nodes in the order of §3.2 (fewest
// incomplete neighbours first, then magnitudes farthest from ⌊rk/2⌋,
// node index breaking ties, the keys computed once per round), the first
// with ω*(p) ≠ ∅ built. It reports whether it built one and whether any
// node was incomplete, and stops at a contradiction (an empty Φ_Γk).
func (t *tauRun) step4() (built, left bool) {
	g, s := t.g, t.s
	open := func(p int) int {
		n := 0
		for _, q := range g.Nbr[p] {
			if q >= 0 && s.Rem[q] > 0 {
				n++
			}
		}
		return n
	}
	order := t.order[:0]
	for p := range g.Nodes {
		if s.Rem[p] > 0 {
			order = append(order, p)
		}
	}
	t.order = order
	if len(order) == 0 {
		return false, false
	}
	sortKey := t.sortKey
	for _, p := range order {
		r := open(p)
		dist := s.Rem[p] - r*g.K/2
		if dist < 0 {
			dist = -dist
		}
		sortKey[p] = r<<20 - dist
	}
	slices.SortFunc(order, func(a, b int) int {
		if sortKey[a] != sortKey[b] {
			return sortKey[a] - sortKey[b]
		}
		return a - b
	})
	for _, p := range order {
		w, n, ok := s.OmegaStar(p)
		if !ok {
			t.res.Contradiction = fmt.Errorf("%w: Φ_Γk is empty at (%d,%d): no feasible way to complete it",
				ErrUnsolvable, g.Nodes[p].Row+1, g.Nodes[p].Col+1)
			return false, true
		}
		if w.empty() {
			continue
		}
		if t.draw(4, fmt.Sprintf("ω* of %d feasible words", n), p, w) {
			return true, true
		}
		if t.res.Contradiction != nil {
			return false, true
		}
	}
	return false, true
}

// Format describes a step in one line with 1-based coordinates.
func (st TauStep) Format(g *Grid) string {
	nd := g.Nodes[st.Node]
	var parts []string
	for d := range MaxDirections {
		if st.Word[d] > 0 {
			q := g.Nodes[g.Nbr[st.Node][d]]
			parts = append(parts, fmt.Sprintf("%d to (%d,%d)", st.Word[d], q.Row+1, q.Col+1))
		}
	}
	return fmt.Sprintf("step %d: node (%d,%d) magn %d: %s: u(p, %v) draws %s", st.Step, nd.Row+1, nd.Col+1, nd.Mag, st.Rule, g.Lattice.FormatWord(st.Word), strings.Join(parts, ", "))
}
