package numberlink

// The explaining form of the grader's deduction stages (grade.go), for
// hints: the same rules as the solver's propagation (deduce.go), each
// application recorded as a HintFact with the facts it read, so that a
// hint can say why a bridge is forced. The solver fuses the rules for
// speed; this engine applies one rule at a time, cheapest first, which is
// what a person does. It departs from the solver in two places, both
// sound and both stronger: the isolation rule also applies to a pair that
// already carries a bridge (the solver's form, lo = 0 only, depends on the
// order of the deductions: a bridge drawn first hides it), and the bridges
// rule counts both sides of a cut, not only the side its walk meets
// second. So from the givens of a puzzle the grader decides at a level,
// the engine decides it at that level too (TestHintLadderGenerated checks
// it on every puzzle it plays).

import "context"

// PairBound is a claim about one pair: Lo <= x_p <= Hi.
type PairBound struct {
	Pair   int32
	Lo, Hi int8
}

// HintFact is one deduction of a hint step: one stage's rule applied to
// the position and the facts before it. It either narrows some pairs'
// bounds (Set) or, under a probe's assumption, finds a contradiction (Set
// empty).
//
// By Rule:
//
//   - LevelBounds: the node rule at island Node (its magnitude is the sum
//     of its pairs): Set is what it leaves for the island's pairs; a
//     contradiction when no way to get its bridges is left.
//   - LevelCrossing: Pair crosses pair By, which carries a bridge, so
//     x_Pair = 0; a contradiction when Pair carries one too.
//   - LevelIsolation: Group, the drawn groups at Pair's two ends, would be
//     closed off if Pair took its most bridges (Set lowers it by one); with
//     NoLoops, Pair joins two islands of one drawn group (a loop, x = 0). A
//     contradiction: Group is a drawn group with no bridge left to make
//     that is not the whole grid (or, with NoLoops, holds a loop).
//   - LevelBridges: Group reaches the other islands only through Pair, so
//     x_Pair = M(Group) - 2*I(Group), at least 1 (Set); a contradiction
//     when no count fits. A contradiction with Pair = -1: nothing at all
//     may leave Group.
//   - LevelProbe: assuming x_Pair = Value, the facts Then (whose last is a
//     contradiction) follow, so Value is excluded (Set).
type HintFact struct {
	Rule  Level
	Node  int32
	Pair  int32
	By    int32
	Value int8
	Group []int32
	// Loop marks an isolation fact about a loop (NoLoops): Pair would
	// close one, or, a contradiction, Group's bridges hold one.
	Loop bool
	Set  []PairBound
	Then []HintFact
	// Uses lists the earlier facts of the same list whose bounds this one
	// reads (the others read only the position).
	Uses []int
}

// Contradiction reports whether f ends a probe's trial.
func (f *HintFact) Contradiction() bool { return len(f.Set) == 0 }

// hintEngine holds bounds lo[p] <= x_p <= hi[p] and the facts that made
// them.
type hintEngine struct {
	g      *Grid
	rules  Rules
	level  Level
	ctx    context.Context // probing stops when it is done (nil: never)
	lo, hi []int8
	// whyLo, whyHi: per pair, the fact that last raised lo (lowered hi),
	// or -1 (the position), -2 (a probe's assumption).
	whyLo, whyHi []int
	facts        []HintFact
	// outer is the engine a probe trial runs inside; outerUses[i] are the
	// outer facts fact i reads.
	outer     *hintEngine
	outerUses [][]int
	adj       [][]int32 // islandPairs, shared with trials
	// scratch
	comp, stack, disc, low, order, other []int32
	in                                   []bool
}

// newHintEngine starts from the player's position conn: lo = conn, hi =
// min(k, the two magnitudes), or conn where that is more.
func newHintEngine(g *Grid, rules Rules, conn Solution, level Level) *hintEngine {
	np := len(g.Pairs)
	e := &hintEngine{g: g, rules: rules, level: level, lo: make([]int8, np), hi: make([]int8, np), whyLo: make([]int, np), whyHi: make([]int, np), adj: islandPairs(g)}
	for p, pr := range g.Pairs {
		h := int8(min(g.K, g.Nodes[pr.A].Mag, g.Nodes[pr.B].Mag, 127))
		e.lo[p], e.hi[p] = conn[p], max(h, conn[p])
		e.whyLo[p], e.whyHi[p] = -1, -1
	}
	return e
}

// trial returns a copy of e for a probe's assumption x_p = v, with no facts.
func (e *hintEngine) trial(p int32, v int8) *hintEngine {
	t := &hintEngine{g: e.g, rules: e.rules, level: min(e.level, LevelBridges), outer: e, adj: e.adj,
		lo: append([]int8(nil), e.lo...), hi: append([]int8(nil), e.hi...), whyLo: make([]int, len(e.lo)), whyHi: make([]int, len(e.lo))}
	for q := range t.whyLo {
		t.whyLo[q], t.whyHi[q] = -1, -1
	}
	t.lo[p], t.hi[p] = v, v
	t.whyLo[p], t.whyHi[p] = -2, -2 // the assumption
	return t
}

// add records fact f, which read the pairs reads, and narrows the bounds by
// its Set. It returns f's index.
func (e *hintEngine) add(f HintFact, reads []int32) int {
	var outer []int
	for _, q := range reads {
		for side, w := range [2]int{e.whyLo[q], e.whyHi[q]} {
			switch {
			case w >= 0:
				f.Uses = append(f.Uses, w)
			case w == -1 && e.outer != nil:
				// The trial's start: the outer engine's bounds.
				if ow := [2]int{e.outer.whyLo[q], e.outer.whyHi[q]}[side]; ow >= 0 {
					outer = append(outer, ow)
				}
			}
		}
	}
	f.Uses = uniqSorted(f.Uses)
	idx := len(e.facts)
	e.facts = append(e.facts, f)
	e.outerUses = append(e.outerUses, uniqSorted(outer))
	for _, b := range f.Set {
		if b.Lo > e.lo[b.Pair] {
			e.lo[b.Pair] = b.Lo
			e.whyLo[b.Pair] = idx
		}
		if b.Hi < e.hi[b.Pair] {
			e.hi[b.Pair] = b.Hi
			e.whyHi[b.Pair] = idx
		}
	}
	return idx
}

func uniqSorted(a []int) []int {
	if len(a) < 2 {
		return a
	}
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
	out := a[:1]
	for _, v := range a[1:] {
		if v != out[len(out)-1] {
			out = append(out, v)
		}
	}
	return out
}

// pairsAt lists island i's pairs (shared: do not modify).
func (e *hintEngine) pairsAt(i int32) []int32 { return e.adj[i] }

// islandPairs lists each island's pairs.
func islandPairs(g *Grid) [][]int32 {
	adj := make([][]int32, len(g.Nodes))
	for i := range g.Nodes {
		for _, p := range g.PairAt[i] {
			if p >= 0 {
				adj[i] = append(adj[i], p)
			}
		}
	}
	return adj
}

// next applies the cheapest rule that narrows a bound or finds a
// contradiction: crossing, then the node rule (a forced bridge before an
// excluded one), isolation, bridges and probing, up to e.level. It returns
// the index of the last fact added and whether it is a contradiction, or
// -1 when the state is closed.
func (e *hintEngine) next() (int, bool) {
	if i, c, ok := e.crossing(); ok {
		return i, c
	}
	if i, c, ok := e.nodeRules(); ok {
		return i, c
	}
	if e.level >= LevelIsolation {
		if i, c, ok := e.isolation(); ok {
			return i, c
		}
	}
	if e.level >= LevelBridges && !e.rules.AllowDisconnected {
		if i, c, ok := e.bridges(); ok {
			return i, c
		}
	}
	if e.level >= LevelProbe {
		if i, ok := e.probe(); ok {
			return i, false
		}
	}
	return -1, false
}

// crossing is stage crossing: every open pair crossing a pair that carries
// a bridge gets x = 0.
func (e *hintEngine) crossing() (int, bool, bool) {
	last := -1
	for q := range e.g.Pairs {
		if e.lo[q] == 0 {
			continue
		}
		for _, p := range e.g.Crossings[q] {
			if e.hi[p] == 0 {
				continue
			}
			if e.lo[p] > 0 {
				return e.add(HintFact{Rule: LevelCrossing, Node: -1, Pair: p, By: int32(q)}, []int32{int32(q), p}), true, true
			}
			last = e.add(HintFact{Rule: LevelCrossing, Node: -1, Pair: p, By: int32(q), Set: []PairBound{{p, 0, 0}}}, []int32{int32(q)})
		}
	}
	return last, false, last >= 0
}

// nodeBounds is the node rule at island i: with m its magnitude, each pair
// p at i has m - (sumHi - hi[p]) <= x_p <= m - (sumLo - lo[p]). It
// returns the narrowed bounds (nil if none) and whether i has no way left.
func (e *hintEngine) nodeBounds(i int32) ([]PairBound, bool) {
	m := int32(e.g.Nodes[i].Mag)
	var sumLo, sumHi int32
	ps := e.pairsAt(i)
	for _, p := range ps {
		sumLo += int32(e.lo[p])
		sumHi += int32(e.hi[p])
	}
	if sumLo > m || sumHi < m {
		return nil, true
	}
	var set []PairBound
	for _, p := range ps {
		nl := max(int32(e.lo[p]), m-(sumHi-int32(e.hi[p])))
		nh := min(int32(e.hi[p]), m-(sumLo-int32(e.lo[p])))
		if nl != int32(e.lo[p]) || nh != int32(e.hi[p]) {
			set = append(set, PairBound{p, int8(nl), int8(nh)})
		}
	}
	return set, false
}

// nodeRules is stage bounds: the first island whose rule forces a bridge
// (or has no way left) makes a fact and returns; otherwise every island
// whose rule excludes a value makes one.
func (e *hintEngine) nodeRules() (int, bool, bool) {
	for i := range e.g.Nodes {
		set, bad := e.nodeBounds(int32(i))
		if bad {
			return e.add(HintFact{Rule: LevelBounds, Node: int32(i), Pair: -1, By: -1}, e.pairsAt(int32(i))), true, true
		}
		for _, b := range set {
			if b.Lo > e.lo[b.Pair] {
				return e.add(HintFact{Rule: LevelBounds, Node: int32(i), Pair: -1, By: -1, Set: set}, e.pairsAt(int32(i))), false, true
			}
		}
	}
	last := -1
	for i := range e.g.Nodes {
		set, bad := e.nodeBounds(int32(i))
		if bad {
			return e.add(HintFact{Rule: LevelBounds, Node: int32(i), Pair: -1, By: -1}, e.pairsAt(int32(i))), true, true
		}
		if len(set) > 0 {
			raise := false
			for _, b := range set {
				raise = raise || b.Lo > e.lo[b.Pair]
			}
			last = e.add(HintFact{Rule: LevelBounds, Node: int32(i), Pair: -1, By: -1, Set: set}, e.pairsAt(int32(i)))
			if raise {
				return last, false, true // an exclusion earlier in this pass forced a bridge here
			}
		}
	}
	return last, false, last >= 0
}

// drawnGroups labels the components of the drawn graph (pairs with lo >=
// 1) in e.comp and returns, per component, its size, its remaining demand
// (magnitudes minus the bridges drawn at its islands) and its drawn pairs.
func (e *hintEngine) drawnGroups() (size, rem, drawn []int32) {
	n := len(e.g.Nodes)
	if cap(e.comp) < n {
		e.comp = make([]int32, n)
	}
	e.comp = e.comp[:n]
	for i := range e.comp {
		e.comp[i] = -1
	}
	for i := range n {
		if e.comp[i] >= 0 {
			continue
		}
		c := int32(len(size))
		size, rem, drawn = append(size, 0), append(rem, 0), append(drawn, 0)
		e.comp[i] = c
		st := append(e.stack[:0], int32(i))
		for len(st) > 0 {
			v := st[len(st)-1]
			st = st[:len(st)-1]
			size[c]++
			rem[c] += int32(e.g.Nodes[v].Mag)
			for d, p := range e.g.PairAt[v] {
				if p < 0 || e.lo[p] == 0 {
					continue
				}
				rem[c] -= int32(e.lo[p])
				drawn[c]++
				if w := e.g.Nbr[v][d]; e.comp[w] < 0 {
					e.comp[w] = c
					st = append(st, w)
				}
			}
		}
		e.stack = st
		drawn[c] /= 2
	}
	return size, rem, drawn
}

// groupOf lists the islands of drawn components a and b, and the pairs
// drawn inside them.
func (e *hintEngine) groupOf(a, b int32) (islands, pairs []int32) {
	for i, c := range e.comp {
		if c == a || c == b {
			islands = append(islands, int32(i))
			for _, p := range e.g.PairAt[i] {
				if p >= 0 && e.lo[p] > 0 {
					pairs = append(pairs, p)
				}
			}
		}
	}
	return islands, pairs
}

// isolation is stage isolation on the drawn groups.
func (e *hintEngine) isolation() (int, bool, bool) {
	needConn := !e.rules.AllowDisconnected
	if !needConn && !e.rules.NoLoops {
		return -1, false, false
	}
	size, rem, drawn := e.drawnGroups()
	n := int32(len(e.g.Nodes))
	for c := range size {
		loop := e.rules.NoLoops && drawn[c] >= size[c]
		if (needConn && rem[c] == 0 && size[c] < n) || loop {
			g, reads := e.groupOf(int32(c), int32(c))
			return e.add(HintFact{Rule: LevelIsolation, Node: -1, Pair: -1, By: -1, Group: g, Loop: loop}, reads), true, true
		}
	}
	last := -1
	for p, pr := range e.g.Pairs {
		if e.lo[p] == e.hi[p] {
			continue
		}
		a, b := e.comp[pr.A], e.comp[pr.B]
		if a == b && e.rules.NoLoops && e.lo[p] == 0 {
			g, reads := e.groupOf(a, a)
			last = e.add(HintFact{Rule: LevelIsolation, Node: -1, Pair: int32(p), By: -1, Group: g, Loop: true, Set: []PairBound{{int32(p), 0, 0}}}, reads)
			continue
		}
		// Taking hi[p] bridges leaves the group at p's ends rem - 2*(hi -
		// lo) to make. The solver applies this to pairs with lo = 0 (in
		// nodeRule and global); here it applies at any lo, so that the
		// rule does not depend on whether a bridge was drawn first.
		size2, rem2 := size[a], rem[a]
		if a != b {
			size2, rem2 = size[a]+size[b], rem[a]+rem[b]
		}
		if needConn && size2 < n && rem2 == 2*int32(e.hi[p]-e.lo[p]) {
			g, reads := e.groupOf(a, b)
			last = e.add(HintFact{Rule: LevelIsolation, Node: -1, Pair: int32(p), By: -1, Group: g,
				Set: []PairBound{{int32(p), e.lo[p], e.hi[p] - 1}}}, append(reads, int32(p)))
		}
	}
	return last, false, last >= 0
}

// bridges is stage bridges on the potential graph (pairs with hi >= 1):
// it must be connected, and a bridge p of it with S the islands on one
// side carries x_p = M(S) - 2*I(S). One fact per call (a forced bridge
// changes the graph).
func (e *hintEngine) bridges() (int, bool, bool) {
	n := len(e.g.Nodes)
	if n == 0 {
		return -1, false, false
	}
	e.disc, e.low = grow32(e.disc, n), grow32(e.low, n)
	for i := range e.disc {
		e.disc[i] = -1
	}
	e.order = e.order[:0]
	var found *HintFact
	var foundReads []int32
	var t int32
	var dfs func(v, from int32)
	dfs = func(v, from int32) {
		e.disc[v], e.low[v] = t, t
		t++
		e.order = append(e.order, v)
		for d, p := range e.g.PairAt[v] {
			if p < 0 || p == from || e.hi[p] == 0 {
				continue
			}
			w := e.g.Nbr[v][d]
			if e.disc[w] < 0 {
				dfs(w, p)
				e.low[v] = min(e.low[v], e.low[w])
				if e.low[w] > e.disc[v] && found == nil {
					// p is a bridge: the subtree of w is one side.
					sub := e.order[e.disc[w]:]
					found, foundReads = e.cut(p, sub)
				}
			} else {
				e.low[v] = min(e.low[v], e.disc[w])
			}
		}
	}
	dfs(0, -1)
	if int(t) < n {
		// The potential graph is disconnected: the smallest part is cut off.
		return e.cutOff(), true, true
	}
	if found == nil {
		return -1, false, false
	}
	return e.add(*found, foundReads), found.Contradiction(), true
}

func grow32(a []int32, n int) []int32 {
	if cap(a) < n {
		return make([]int32, n)
	}
	return a[:n]
}

// cut works out what bridge p of the potential graph must carry, from the
// side sub (a subtree of the walk) or from the other side, and returns the
// fact when that narrows p (nil otherwise) with the pairs it reads.
func (e *hintEngine) cut(p int32, sub []int32) (*HintFact, []int32) {
	if cap(e.in) < len(e.g.Nodes) {
		e.in = make([]bool, len(e.g.Nodes))
	}
	in := e.in[:len(e.g.Nodes)]
	clear(in)
	for _, v := range sub {
		in[v] = true
	}
	other := e.other[:0]
	for i := range e.g.Nodes {
		if !in[i] {
			other = append(other, int32(i))
		}
	}
	e.other = other
	sides := [2][]int32{sub, other}
	if len(other) < len(sub) {
		sides[0], sides[1] = other, sub
	}
	for _, s := range sides {
		lo, hi := e.cutBounds(p, s)
		if lo > e.lo[p] || hi < e.hi[p] {
			var reads []int32
			for _, v := range s {
				reads = append(reads, e.pairsAt(v)...)
			}
			f := &HintFact{Rule: LevelBridges, Node: -1, Pair: p, By: -1, Group: append([]int32(nil), s...)}
			if lo <= hi {
				f.Set = []PairBound{{p, lo, hi}}
			} // else a contradiction: no count fits
			return f, reads
		}
	}
	return nil, nil
}

// cutBounds returns the bounds on x_p when S is one side of bridge p:
// x_p = M(S) - 2*I(S) >= 1, of the parity of M(S), with I(S) between the
// sums of lo and hi over the pairs inside S. lo > hi means a contradiction.
func (e *hintEngine) cutBounds(p int32, s []int32) (int8, int8) {
	var m, sLo, sHi int32
	for _, v := range s {
		m += int32(e.g.Nodes[v].Mag)
		for _, q := range e.pairsAt(v) {
			sLo += int32(e.lo[q])
			sHi += int32(e.hi[q])
		}
	}
	lo, hi := int32(e.lo[p]), int32(e.hi[p])
	inLo, inHi := (sLo-lo)/2, (sHi-hi)/2
	nlo := max(lo, 1, m-2*inHi)
	nhi := min(hi, m-2*inLo)
	if (nlo-m)&1 != 0 {
		nlo++
	}
	if (nhi-m)&1 != 0 {
		nhi--
	}
	return int8(nlo), int8(nhi)
}

// cutOff makes the contradiction fact of a disconnected potential graph:
// Group is the smallest part.
func (e *hintEngine) cutOff() int {
	n := len(e.g.Nodes)
	seen := make([]int32, n)
	for i := range seen {
		seen[i] = -1
	}
	var best []int32
	for i := range n {
		if seen[i] >= 0 {
			continue
		}
		part := []int32{int32(i)}
		seen[i] = int32(i)
		for k := 0; k < len(part); k++ {
			v := part[k]
			for d, p := range e.g.PairAt[v] {
				if p >= 0 && e.hi[p] > 0 && seen[e.g.Nbr[v][d]] < 0 {
					seen[e.g.Nbr[v][d]] = int32(i)
					part = append(part, e.g.Nbr[v][d])
				}
			}
		}
		if best == nil || len(part) < len(best) {
			best = part
		}
	}
	var reads []int32
	for _, v := range best {
		reads = append(reads, e.pairsAt(v)...)
	}
	return e.add(HintFact{Rule: LevelBridges, Node: -1, Pair: -1, By: -1, Group: best}, reads)
}

// close applies rules until the state is closed or contradicts; it returns
// the contradiction's fact index, or -1.
func (e *hintEngine) close() int {
	for {
		i, bad := e.next()
		if i < 0 {
			return -1
		}
		if bad {
			return i
		}
	}
}

// needed returns the indices of the facts that fact last depends on,
// itself included, in order.
func needed(facts []HintFact, last int) []int {
	keep := make([]bool, last+1)
	keep[last] = true
	for i := last; i >= 0; i-- {
		if keep[i] {
			for _, u := range facts[i].Uses {
				keep[u] = true
			}
		}
	}
	var out []int
	for i, k := range keep {
		if k {
			out = append(out, i)
		}
	}
	return out
}

// prune keeps the facts idx (from needed) and renumbers their Uses.
func prune(facts []HintFact, idx []int) []HintFact {
	at := make(map[int]int, len(idx))
	out := make([]HintFact, 0, len(idx))
	for j, i := range idx {
		at[i] = j
		f := facts[i]
		var uses []int
		for _, u := range f.Uses {
			uses = append(uses, at[u])
		}
		f.Uses = uses
		out = append(out, f)
	}
	return out
}

// probe is stage probe: for each open pair, assume its lowest and then its
// highest value and close under the stages below; a contradiction
// excludes the value. Among the contradictions found it keeps the one with
// the fewest facts (stopping early at a short one) and adds it as a fact.
func (e *hintEngine) probe() (int, bool) {
	var best *HintFact
	var bestOuter []int
	for p := range e.g.Pairs {
		if e.lo[p] == e.hi[p] {
			continue
		}
		if e.ctx != nil && e.ctx.Err() != nil {
			return -1, false // NextHint reports ctx.Err()
		}
		for _, v := range [2]int8{e.lo[p], e.hi[p]} {
			t := e.trial(int32(p), v)
			c := t.close()
			if c < 0 {
				continue
			}
			idx := needed(t.facts, c)
			if best != nil && len(idx) >= len(best.Then) {
				continue
			}
			set := PairBound{int32(p), e.lo[p], e.hi[p]}
			if v == e.lo[p] {
				set.Lo = v + 1
			} else {
				set.Hi = v - 1
			}
			var outer []int
			for _, i := range idx {
				outer = append(outer, t.outerUses[i]...)
			}
			for _, w := range [2]int{e.whyLo[p], e.whyHi[p]} {
				if w >= 0 {
					outer = append(outer, w) // the assumption's range
				}
			}
			best = &HintFact{Rule: LevelProbe, Node: -1, Pair: int32(p), By: -1, Value: v, Set: []PairBound{set}, Then: prune(t.facts, idx)}
			bestOuter = outer
			if len(idx) <= 2 {
				break
			}
		}
		if best != nil && len(best.Then) <= 2 {
			break
		}
	}
	if best == nil {
		return -1, false
	}
	best.Uses = uniqSorted(bestOuter)
	idx := len(e.facts)
	e.facts = append(e.facts, *best)
	e.outerUses = append(e.outerUses, nil)
	b := best.Set[0]
	if b.Lo > e.lo[b.Pair] {
		e.lo[b.Pair], e.whyLo[b.Pair] = b.Lo, idx
	}
	if b.Hi < e.hi[b.Pair] {
		e.hi[b.Pair], e.whyHi[b.Pair] = b.Hi, idx
	}
	return idx, true
}
