package numberlink

import (
	"context"
	"fmt"
	"strings"
)

// HintStatus says what kind of answer a Hint is.
type HintStatus int

const (
	// HintStep: Facts prove that Pairs carry at least Counts; draw them.
	HintStep HintStatus = iota + 1
	// HintWrong: Pairs carry more bridges than the solution (Counts); or,
	// with no solution given and Pairs empty, the bridges drawn break the
	// rules together.
	HintWrong
	// HintDone: the position is the solution.
	HintDone
	// HintReveal: no stage sees a step from here; Pairs and Counts are
	// taken from the solution.
	HintReveal
	// HintOpen: no solution was given (the puzzle is not unique) and no
	// stage forces anything more.
	HintOpen
)

// Hint is the next step for a player at a position, with its proof and its
// words.
type Hint struct {
	Status HintStatus
	// Node is the island the step is about (the page marks it), or -1.
	Node int32
	// Pairs and Counts: the pairs to draw and the count each must carry
	// (at least, for HintStep; exactly the solution's, for HintWrong).
	Pairs  []int
	Counts []int
	// Stage is the costliest stage the step uses (grade.go).
	Stage Level
	// Facts are the deductions of the step, in order: each reads the
	// position and the facts its Uses name; the last one forces Pairs.
	Facts []HintFact
	// Look says where to look, Plain why and what to draw, in a player's
	// words (islands and bridges, the board's labels: "the 4 at C7").
	Look, Plain string
	// Reason says the same in the seed's terms, for the study panel.
	Reason string
	// Feasible, for a step the node rule ends, lists the island's ways to
	// get its bridges under the bounds before it (the feasible
	// configurations, §2.2), and Omega their intersection ω* (§3.2).
	Feasible []Word
	Omega    Word
}

// NextHint finds the next step from the player's position conn (bridges
// per pair) on g under rules.
//
// When sol, the puzzle's unique solution, is given, mistakes come first:
// a pair carrying more than sol is a HintWrong, and nothing is deduced
// from it; conn equal to sol is HintDone. Then the grader's stages
// (grade.go) are applied to the position one rule at a time, cheapest
// first (crossing, the node rule, isolation, bridges, probing), until one
// forces a bridge that conn lacks: that is the HintStep, with the facts it
// needs. When nothing is forced, the step is revealed from sol
// (HintReveal), or, without sol, the hint is HintOpen. Every stage is
// sound, so a step agrees with every solution that extends conn.
//
// A position below the solution only adds bridges to the givens, so the
// stages that decide a puzzle from its givens (every puzzle Generate makes
// for a deduction level) keep deciding it on the way: asking again and
// again from the givens finishes the puzzle with no reveal (checked on
// seeds 1 to 50 of each difficulty at 10x10, k = 2 and 3, by
// TestHintLadderGenerated under BOARDGRAPH_LONG=1).
//
// The cost is a few passes over the pairs per fact; when probing is
// needed, two closures per open pair. It returns ctx.Err() when cancelled.
func NextHint(ctx context.Context, g *Grid, rules Rules, sol, conn Solution) (Hint, error) {
	h := Hint{Node: -1}
	if len(conn) != len(g.Pairs) || (sol != nil && len(sol) != len(g.Pairs)) {
		return h, fmt.Errorf("numberlink: hint: %d pair counts for %d pairs", len(conn), len(g.Pairs))
	}
	if sol != nil && h.againstSolution(g, sol, conn) {
		return h, nil
	}
	e := newHintEngine(g, rules, conn, LevelProbe)
	e.ctx = ctx
	for {
		if err := ctx.Err(); err != nil {
			return h, err
		}
		i, bad := e.next()
		if err := ctx.Err(); err != nil {
			return h, err
		}
		if i < 0 {
			break
		}
		if bad {
			if sol != nil {
				break // cannot happen below the solution: reveal
			}
			h.Status, h.Facts = HintWrong, prune(e.facts, needed(e.facts, i))
			h.Look = "Look at the bridges drawn so far."
			h.Plain = "These bridges cannot all be right: " + sentence(g, h.Facts, len(h.Facts)-1, replayBefore(g, rules, conn, h.Facts)) + "."
			h.Reason = "the stages find a contradiction in the position"
			return h, nil
		}
		f := &e.facts[i]
		for _, b := range f.Set {
			if b.Lo > conn[b.Pair] {
				h.Pairs = append(h.Pairs, int(b.Pair))
				h.Counts = append(h.Counts, int(b.Lo))
			}
		}
		if len(h.Pairs) > 0 {
			h.Status, h.Facts = HintStep, prune(e.facts, needed(e.facts, i))
			h.words(g, rules, conn)
			return h, nil
		}
	}
	if sol == nil {
		h.Status = HintOpen
		h.Look = "No bridge is forced here."
		h.Plain = "This puzzle has more than one solution, and nothing more is forced: any bridge that keeps the rules may go next."
		h.Reason = "the stages have nothing more to draw and the puzzle has more than one solution, so no further connection is forced"
		return h, nil
	}
	for p := range conn {
		if conn[p] < sol[p] {
			pr := g.Pairs[p]
			h.Status, h.Pairs, h.Counts, h.Node, h.Stage = HintReveal, []int{p}, []int{int(sol[p])}, pr.A, LevelSearch
			h.Reason = fmt.Sprintf("%s carries %d connections: the deduction stages (bounds, crossing, isolation, bridges, probe) stall here, and the puzzle is unique",
				pairName(g, p), sol[p])
			h.Look = "There is no step here that can be seen without trial and error."
			h.Plain = fmt.Sprintf("No bridge can be placed from here by reasoning alone. Reveal one: the solution has %s.", drawWords(g, h.Pairs, h.Counts))
			return h, nil
		}
	}
	h.Status = HintDone
	h.Look, h.Plain, h.Reason = "Nothing left to do.", "Solved.", "solved"
	return h, nil
}

// againstSolution makes h a HintWrong when conn carries more than sol on
// some pair, a HintDone when conn is sol, and reports whether it did
// either.
func (h *Hint) againstSolution(g *Grid, sol, conn Solution) bool {
	for p := range conn {
		if conn[p] > sol[p] {
			h.Pairs = append(h.Pairs, p)
			h.Counts = append(h.Counts, int(sol[p]))
		}
	}
	if len(h.Pairs) > 0 {
		p := h.Pairs[0]
		pr := g.Pairs[p]
		h.Status, h.Node = HintWrong, pr.A
		h.Reason = fmt.Sprintf("%s carries %d connections, but the unique solution has %d there: take some away", pairName(g, p), conn[p], sol[p])
		h.Look = fmt.Sprintf("Look at the bridges between %s and %s.", IslandName(g, pr.A), IslandName(g, pr.B))
		h.Plain = fmt.Sprintf("There are too many bridges between %s and %s: the solution has %s there. Take one away.",
			IslandName(g, pr.A), IslandName(g, pr.B), bridgesWord(int(sol[p])))
		return true
	}
	for p := range conn {
		if conn[p] != sol[p] {
			return false
		}
	}
	h.Status = HintDone
	h.Reason = "solved: every node has its number of connections, nothing crosses, and the grid is connected"
	h.Look, h.Plain = "Nothing left to do.", "Solved: every island has its bridges, none cross, and all islands are joined."
	return true
}

// IslandName names island i for a player with the board's labels (column
// letter, row number from 1): "the 4 at C7".
func IslandName(g *Grid, i int32) string {
	n := g.Nodes[i]
	return fmt.Sprintf("the %d at %s", n.Mag, cellName(n.Row, n.Col))
}

func cellName(r, c int) string {
	s := ""
	for c++; c > 0; c = (c - 1) / 26 {
		s = string(rune('A'+(c-1)%26)) + s
	}
	return fmt.Sprintf("%s%d", s, r+1)
}

func pairName(g *Grid, p int) string {
	a, b := g.Nodes[g.Pairs[p].A], g.Nodes[g.Pairs[p].B]
	return fmt.Sprintf("(%d,%d)-(%d,%d)", a.Row+1, a.Col+1, b.Row+1, b.Col+1)
}

func bridgesWord(k int) string {
	switch k {
	case 0:
		return "no bridge"
	case 1:
		return "1 bridge"
	}
	return fmt.Sprintf("%d bridges", k)
}

// plural words "1 thing" or "3 things".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// between words "the 4 at C7 and the 3 at C9" for pair p.
func between(g *Grid, p int32) string {
	pr := g.Pairs[p]
	return IslandName(g, pr.A) + " and " + IslandName(g, pr.B)
}

// drawWords words "2 bridges between the 4 at C7 and the 3 at C9" for each
// pair and count.
func drawWords(g *Grid, pairs, counts []int) string {
	var out []string
	for i, p := range pairs {
		out = append(out, fmt.Sprintf("%s between %s", bridgesWord(counts[i]), between(g, int32(p))))
	}
	return strings.Join(out, ", and ")
}

// other is the island at the far end of pair p from i.
func other(g *Grid, p, i int32) int32 {
	if g.Pairs[p].A == i {
		return g.Pairs[p].B
	}
	return g.Pairs[p].A
}

// groupWords names a group of islands: "the 3 at B2", or "the 4 islands
// the 3 at B2, the 1 at B4, the 2 at D4 and 1 more".
func groupWords(g *Grid, grp []int32) string {
	if len(grp) == 1 {
		return IslandName(g, grp[0])
	}
	var names []string
	for _, v := range grp[:min(3, len(grp))] {
		names = append(names, IslandName(g, v))
	}
	list := strings.Join(names, ", ")
	if len(grp) > 3 {
		list += fmt.Sprintf(" and %d more", len(grp)-3)
	} else {
		list = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	return fmt.Sprintf("the group of %d islands (%s)", len(grp), list)
}

// bounds is a replay state: the bounds a list of facts leaves.
type bounds struct{ lo, hi []int8 }

// replayBefore returns, for each fact of facts, the bounds just before it,
// replaying from the position conn.
func replayBefore(g *Grid, rules Rules, conn Solution, facts []HintFact) []bounds {
	e := newHintEngine(g, rules, conn, LevelBounds)
	return replayFrom(bounds{e.lo, e.hi}, facts)
}

func replayFrom(b bounds, facts []HintFact) []bounds {
	out := make([]bounds, len(facts))
	lo, hi := append([]int8(nil), b.lo...), append([]int8(nil), b.hi...)
	for i, f := range facts {
		out[i] = bounds{append([]int8(nil), lo...), append([]int8(nil), hi...)}
		for _, s := range f.Set {
			lo[s.Pair], hi[s.Pair] = max(lo[s.Pair], s.Lo), min(hi[s.Pair], s.Hi)
		}
	}
	return out
}

// sentence words fact i of facts, whose bounds before it are at[i], as a
// clause a player reads (no final stop).
func sentence(g *Grid, facts []HintFact, i int, at []bounds) string {
	f := &facts[i]
	b := at[i]
	switch f.Rule {
	case LevelCrossing:
		if f.Contradiction() {
			return fmt.Sprintf("the bridge between %s would cross the one between %s", between(g, f.Pair), between(g, f.By))
		}
		return fmt.Sprintf("no bridge can go between %s: it would cross the bridge between %s", between(g, f.Pair), between(g, f.By))
	case LevelBounds:
		return nodeSentence(g, f, b)
	case LevelIsolation:
		if f.Contradiction() {
			if f.Loop {
				return fmt.Sprintf("the bridges of %s would close a loop", groupWords(g, f.Group))
			}
			return fmt.Sprintf("%s would have all its bridges and still be cut off from the other islands", groupWords(g, f.Group))
		}
		if f.Loop {
			return fmt.Sprintf("no bridge can go between %s: they are already joined, and a bridge would close a loop", between(g, f.Pair))
		}
		who := "the two of them"
		if len(f.Group) > 2 {
			who = fmt.Sprintf("their group of %d islands", len(f.Group))
		}
		if f.Set[0].Hi == 0 {
			return fmt.Sprintf("no bridge can go between %s: with one, %s would have no bridge left to reach the other islands", between(g, f.Pair), who)
		}
		return fmt.Sprintf("at most %s can go between %s: with %s, %s would have no bridge left to reach the other islands",
			bridgesWord(int(f.Set[0].Hi)), between(g, f.Pair), bridgesWord(int(b.hi[f.Pair])), who)
	case LevelBridges:
		if f.Contradiction() && f.Pair < 0 {
			return fmt.Sprintf("%s would be cut off from the other islands", groupWords(g, f.Group))
		}
		if f.Contradiction() {
			return fmt.Sprintf("%s could reach the other islands only across the gap between %s, and no number of bridges there fits the bridges that group needs",
				groupWords(g, f.Group), between(g, f.Pair))
		}
		s := f.Set[0]
		lo, hi := max(s.Lo, b.lo[f.Pair]), min(s.Hi, b.hi[f.Pair])
		var what string
		switch {
		case lo == hi:
			what = fmt.Sprintf("exactly %s must go there", bridgesWord(int(lo)))
		case lo > b.lo[f.Pair] && hi < b.hi[f.Pair]:
			what = fmt.Sprintf("%d to %d bridges must go there", lo, hi)
		case lo > b.lo[f.Pair]:
			what = fmt.Sprintf("at least %s must go there", bridgesWord(int(lo)))
		default:
			what = fmt.Sprintf("at most %s can go there", bridgesWord(int(hi)))
		}
		why := ""
		if lo > 1 || hi < b.hi[f.Pair] {
			why = ", counting the bridges that group needs"
			if len(f.Group) == 1 {
				why = ", counting the bridges it needs"
			}
		}
		return fmt.Sprintf("%s can reach the other islands only across the gap between %s, so %s%s",
			groupWords(g, f.Group), between(g, f.Pair), what, why)
	case LevelProbe:
		return probeSentence(g, f, b)
	}
	return ""
}

// nodeSentence words the node rule at f.Node.
func nodeSentence(g *Grid, f *HintFact, b bounds) string {
	i := f.Node
	m := g.Nodes[i].Mag
	name := IslandName(g, i)
	var ps []int32
	sumLo, sumHi := 0, 0
	for _, p := range g.PairAt[i] {
		if p >= 0 {
			ps = append(ps, p)
			sumLo += int(b.lo[p])
			sumHi += int(b.hi[p])
		}
	}
	if f.Contradiction() {
		if sumHi < m {
			return fmt.Sprintf("%s could get at most %s, not the %d it needs", name, bridgesWord(sumHi), m)
		}
		return fmt.Sprintf("%s would have %s, more than its %d", name, bridgesWord(sumLo), m)
	}
	var raised, lowered []PairBound
	for _, s := range f.Set {
		if s.Lo > b.lo[s.Pair] {
			raised = append(raised, s)
		}
		if s.Hi < b.hi[s.Pair] {
			lowered = append(lowered, s)
		}
	}
	if len(raised) > 0 {
		var caps []string
		for _, p := range ps {
			if b.hi[p] > 0 {
				caps = append(caps, fmt.Sprintf("%d to %s", b.hi[p], IslandName(g, other(g, p, i))))
			}
		}
		capWords := strings.Join(caps, ", ")
		if len(caps) > 1 {
			capWords = strings.Join(caps[:len(caps)-1], ", ") + " and " + caps[len(caps)-1]
		}
		var need []string
		for _, s := range raised {
			need = append(need, fmt.Sprintf("%s to %s", bridgesWord(int(s.Lo)), IslandName(g, other(g, s.Pair, i))))
		}
		ways := "every way to get them includes"
		if decidedAfter(f, ps, b) {
			ways = "there is only one way to get them, with"
		}
		return fmt.Sprintf("%s needs %s and can have at most %s, so %s %s", name, bridgesWord(m), capWords, ways, strings.Join(need, " and "))
	}
	var to []string
	for _, s := range lowered {
		j := IslandName(g, other(g, s.Pair, i))
		switch {
		case s.Hi == 0:
			to = append(to, "none to "+j)
		case s.Hi == b.lo[s.Pair]:
			to = append(to, "no more to "+j)
		default:
			to = append(to, fmt.Sprintf("at most %d to %s", s.Hi, j))
		}
	}
	if sumLo == m {
		return fmt.Sprintf("%s already has its %s, so it can have %s", name, bridgesWord(m), strings.Join(to, " and "))
	}
	return fmt.Sprintf("%s needs %s and already has or must have %d of them elsewhere, so it can have %s", name, bridgesWord(m), sumLo, strings.Join(to, " and "))
}

// decidedAfter reports whether every pair at the island is decided after f.
func decidedAfter(f *HintFact, ps []int32, b bounds) bool {
	for _, p := range ps {
		lo, hi := b.lo[p], b.hi[p]
		for _, s := range f.Set {
			if s.Pair == p {
				lo, hi = max(lo, s.Lo), min(hi, s.Hi)
			}
		}
		if lo != hi {
			return false
		}
	}
	return true
}

// maxThen is how many facts of a probe's trial its words spell out.
const maxThen = 4

// probeSentence words a probe: the assumption, what follows, and the
// contradiction.
func probeSentence(g *Grid, f *HintFact, b bounds) string {
	at := b
	at.lo, at.hi = append([]int8(nil), b.lo...), append([]int8(nil), b.hi...)
	at.lo[f.Pair], at.hi[f.Pair] = f.Value, f.Value
	before := replayFrom(at, f.Then)
	var steps []string
	n := len(f.Then)
	for j := range f.Then {
		if n > maxThen && j >= maxThen-1 && j < n-1 {
			if j == maxThen-1 {
				steps = append(steps, plural(n-maxThen, "more step like these follows", "more steps like these follow"))
			}
			continue
		}
		steps = append(steps, sentence(g, f.Then, j, before))
	}
	s := f.Set[0]
	var concl string
	if s.Lo > b.lo[f.Pair] {
		concl = fmt.Sprintf("at least %s must go between %s", bridgesWord(int(s.Lo)), between(g, f.Pair))
	} else {
		concl = fmt.Sprintf("at most %s can go between %s", bridgesWord(int(s.Hi)), between(g, f.Pair))
	}
	return fmt.Sprintf("suppose there were %s between %s: then %s. So %s",
		bridgesWord(int(f.Value)), between(g, f.Pair), strings.Join(steps, "; then "), concl)
}

// maxBefore is how many of a step's earlier facts its words spell out.
const maxBefore = 4

// words fills h's Look, Plain, Reason, Stage, Node and Feasible from its
// facts.
func (h *Hint) words(g *Grid, rules Rules, conn Solution) {
	at := replayBefore(g, rules, conn, h.Facts)
	last := len(h.Facts) - 1
	for _, f := range h.Facts {
		h.Stage = max(h.Stage, f.Rule)
	}
	var parts []string
	if last > maxBefore {
		parts = append(parts, "("+plural(last-maxBefore, "earlier step rules out other bridges.)", "earlier steps rule out other bridges.)"))
	}
	for j := max(0, last-maxBefore); j < last; j++ {
		parts = append(parts, capital(sentence(g, h.Facts, j, at))+".")
	}
	f := &h.Facts[last]
	parts = append(parts, capital(sentence(g, h.Facts, last, at))+".")
	parts = append(parts, "So draw "+drawWords(g, h.Pairs, h.Counts)+".")
	h.Plain = strings.Join(parts, " ")
	pr := g.Pairs[h.Pairs[0]]
	h.Node = pr.A
	switch f.Rule {
	case LevelBounds:
		h.Node = f.Node
		h.Look = fmt.Sprintf("Look at %s and the islands it can reach.", IslandName(g, f.Node))
		h.feasible(g, f.Node, at[last])
	case LevelProbe:
		h.Look = fmt.Sprintf("Look at the gap between %s, and ask what would happen with %s there.", between(g, f.Pair), bridgesWord(int(f.Value)))
	default:
		h.Look = fmt.Sprintf("Look at the gap between %s.", between(g, f.Pair))
	}
	var stages []string
	for _, f := range h.Facts {
		stages = append(stages, f.Rule.String())
	}
	var draw []string
	for i, p := range h.Pairs {
		draw = append(draw, fmt.Sprintf("%s needs %d", pairName(g, p), h.Counts[i]))
	}
	h.Reason = fmt.Sprintf("stages %s (grade.go; bounds subsumes τ steps 1 to 3, §3.2): %s", strings.Join(stages, ", "), strings.Join(draw, ", "))
	if f.Rule == LevelBounds {
		nd := g.Nodes[f.Node]
		confs := "configurations"
		if len(h.Feasible) == 1 {
			confs = "configuration"
		}
		after := ""
		if last > 0 {
			after = fmt.Sprintf(" after %d earlier deductions (stages %s)", last, strings.Join(stages[:last], ", "))
		}
		h.Reason = fmt.Sprintf("node (%d,%d), magnitude %d: the node rule (stage bounds, which subsumes τ steps 1 to 3, §3.2)%s; under the bounds it has %d feasible %s and ω* = %s, so %s",
			nd.Row+1, nd.Col+1, nd.Mag, after, len(h.Feasible), confs, h.Omega, strings.Join(draw, ", "))
	}
}

// feasible lists island i's ways to get its bridges within the bounds b,
// as words over its directions, and their intersection ω*.
func (h *Hint) feasible(g *Grid, i int32, b bounds) {
	m := g.Nodes[i].Mag
	var w Word
	var rec func(d int, left int)
	rec = func(d int, left int) {
		if d == MaxDirections {
			if left == 0 {
				h.Feasible = append(h.Feasible, w)
			}
			return
		}
		p := g.PairAt[i][d]
		if p < 0 {
			rec(d+1, left)
			return
		}
		for v := int(b.lo[p]); v <= int(b.hi[p]) && v <= left; v++ {
			w[d] = v
			rec(d+1, left-v)
		}
		w[d] = 0
	}
	rec(0, m)
	for j, x := range h.Feasible {
		if j == 0 {
			h.Omega = x
		} else {
			h.Omega = h.Omega.intersect(x)
		}
	}
}
