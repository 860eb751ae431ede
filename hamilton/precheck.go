package hamilton

import (
	"fmt"
	"slices"
	"strings"
)

// Precheck looks for a proof that the problem has no solution without
// searching: a graph that is disconnected, too many vertices of degree one,
// a cut cell, colour classes of a bipartite graph that cannot alternate
// along a path, or givens that lie too far apart. It returns nil when none
// of these fires (the problem may still have no solution). The cost is
// O(V + E) plus a breadth-first search per given. Prove adds the
// polynomial bounds.
func Precheck(p *Problem) (*Reason, error) {
	at, err := p.validate()
	if err != nil {
		return nil, err
	}
	return precheck(p, at), nil
}

// Prove is Precheck followed by the polynomial bounds of proof.go: no
// spanning subgraph of degree at most 2 with the edges a solution has (a
// maximum flow on the bipartite double cover, read as a Hall-type witness
// where it can be), and two cells whose removal leaves too many pieces.
// Every reason but conrad's carries a Certificate. The cost adds one
// maximum flow, O(E sqrt V), and the pair separators, O(V (V + E)) up to
// a work limit. Find tries the same bounds once its first attempt fails.
func Prove(p *Problem) (*Reason, error) {
	at, err := p.validate()
	if err != nil {
		return nil, err
	}
	if rs := prechecks(p, at, false, true); len(rs) > 0 {
		return rs[0], nil
	}
	return nil, nil
}

// PrecheckAll is Precheck reporting every rule that fires, in the order
// too-small, dead-ends, disconnected, cut-cell or pockets, conrad (knight s-t pairs on
// n x n, n >= 6; see ConradCriterion), colour, givens; and when none of
// these fires, the first of Prove's polynomial bounds (flow, separator)
// that does.
func PrecheckAll(p *Problem) ([]*Reason, error) {
	at, err := p.validate()
	if err != nil {
		return nil, err
	}
	if rs := prechecks(p, at, true, false); len(rs) > 0 {
		return rs, nil
	}
	return prechecks(p, at, false, true), nil
}

func precheck(p *Problem, at []int32) *Reason {
	if rs := prechecks(p, at, false, false); len(rs) > 0 {
		return rs[0]
	}
	return nil
}

// deepPrecheck applies the rules that cost more than linear time: the
// 2-matching flow bound and the separators of two and three cells
// (proof.go). Find tries them in two stages (stage 0: the flow; 1: the
// separators) once its search has run long enough that their cost is a
// small share of it (driveFind), so boards the search answers at once
// never pay for them.
func deepPrecheck(p *Problem, at []int32, stage int) *Reason {
	for _, rule := range deepStages[stage] {
		if r := rule(p, at); r != nil {
			return r
		}
	}
	return nil
}

// deepRules are all the rules of deepPrecheck, in order.
var deepRules = append(append([]func(*Problem, []int32) *Reason{}, deepStages[0]...), deepStages[1]...)

// prechecks applies the linear rules in order, then with deep the rules of
// deepPrecheck, stopping at the first that fires unless all is set.
func prechecks(p *Problem, at []int32, all, deep bool) []*Reason {
	var out []*Reason
	rules := []func(*Problem, []int32) *Reason{tooSmallRule, deadEndRule, componentRule, cutReason, conradRule, colourRule, givensRule}
	if deep {
		rules = append(rules, deepRules...)
	}
	for _, rule := range rules {
		if r := rule(p, at); r != nil {
			out = append(out, r)
			if !all {
				break
			}
		}
	}
	return out
}

func tooSmallRule(p *Problem, _ []int32) *Reason {
	if n := p.n(); p.Closed && n < 3 {
		return &Reason{Rule: "too-small", Text: fmt.Sprintf("a closed tour needs at least 3 cells; this board has %d", n), Cert: &Certificate{Kind: "too-small"}}
	}
	return nil
}

func componentRule(p *Problem, _ []int32) *Reason {
	if _, k := p.G.Components(); k > 1 {
		return &Reason{Rule: "disconnected", Text: fmt.Sprintf("the move graph falls apart into %d components, so no single path can visit every cell", k), Cert: &Certificate{Kind: "separator", Components: k}}
	}
	return nil
}

// deadEndRule: a vertex of degree one can only be an end of the path
// (Diplomatico paper, Proposition II.1), and a path has two ends, a closed
// tour none. Fixed ends elsewhere use up ends of their own.
func deadEndRule(p *Problem, at []int32) *Reason {
	g := p.G
	n := p.n()
	if n == 1 {
		return nil
	}
	var ones []int32
	for v := range n {
		if g.Degree(v) == 1 {
			ones = append(ones, v)
		}
	}
	ends := 2
	if p.Closed {
		ends = 0
	}
	free := 0
	for _, v := range ones {
		if (v != at[0] && v != at[n-1]) || p.Closed {
			free++
		}
	}
	fixed := 0
	if at[0] >= 0 && !p.Closed {
		fixed++
	}
	if at[n-1] >= 0 && !p.Closed {
		fixed++
	}
	if len(ones) > ends || free > ends-fixed {
		what := "a path has only two ends"
		if p.Closed {
			what = "a closed tour has no ends"
		} else if fixed > 0 {
			what = "a path has two ends and one of them is fixed elsewhere"
			if fixed == 2 {
				what = "a path has two ends and both are fixed elsewhere"
			}
		}
		return &Reason{Rule: "dead-ends", Text: fmt.Sprintf("%d cells have only one move (each must be an end of the path), but %s", len(ones), what), Cert: &Certificate{Kind: "dead-ends", Cells: ones}}
	}
	return nil
}

// colourRule: in a bipartite move graph (the knight, for one) consecutive
// vertices alternate colours, so the classes differ by at most one and the
// ends are fixed by the difference.
func colourRule(p *Problem, at []int32) *Reason {
	g := p.G
	n := p.n()
	if side, ok := g.Bipartition(); ok {
		var cnt [2]int32
		for _, s := range side {
			cnt[s]++
		}
		diff := cnt[0] - cnt[1]
		switch {
		case p.Closed && diff != 0:
			return &Reason{Rule: "colour", Cert: &Certificate{Kind: "colour", Side: side}, Text: fmt.Sprintf("the move graph is bipartite with colour classes of %d and %d cells; a closed tour needs equal classes", cnt[0], cnt[1])}
		case diff > 1 || diff < -1:
			return &Reason{Rule: "colour", Cert: &Certificate{Kind: "colour", Side: side}, Text: fmt.Sprintf("the move graph is bipartite with colour classes of %d and %d cells; a path alternates colours, so they may differ by at most one", cnt[0], cnt[1])}
		}
		// Every fixed position must have the colour the alternation gives it.
		big := int8(0)
		if diff < 0 {
			big = 1
		}
		var ref int32 = -1 // some fixed position
		for pos := range n {
			if at[pos] >= 0 {
				ref = pos
				break
			}
		}
		if ref >= 0 {
			colourAt := func(pos int32) int8 { // colour of position pos given ref
				c := side[at[ref]]
				if (pos-ref)%2 != 0 {
					c = 1 - c
				}
				return c
			}
			for pos := range n {
				if v := at[pos]; v >= 0 && side[v] != colourAt(pos) {
					return &Reason{Rule: "colour", Cert: &Certificate{Kind: "colour", Side: side}, Text: fmt.Sprintf("the move graph is bipartite, and the cells fixed at positions %d and %d do not alternate colours correctly", ref+1, pos+1)}
				}
			}
			if diff != 0 && colourAt(0) != big {
				return &Reason{Rule: "colour", Cert: &Certificate{Kind: "colour", Side: side}, Text: fmt.Sprintf("the move graph is bipartite with colour classes of %d and %d cells, so the path must start and end on the larger class; the fixed cells force the other", cnt[0], cnt[1])}
			}
		}
	}
	return nil
}

// givensRule: vertices fixed at two positions must be reachable from each
// other in the steps between them.
func givensRule(p *Problem, at []int32) *Reason {
	n := p.n()
	off, tgt := p.G.CSR()
	prev := int32(-1)
	for pos := range n {
		v := at[pos]
		if v < 0 {
			continue
		}
		if prev >= 0 {
			if d := bfsDist(off, tgt, at[prev])[v]; d < 0 || d > pos-prev {
				apart := fmt.Sprintf("more than %d moves apart", pos-prev)
				if pos-prev == 1 {
					apart = "not one move apart"
				}
				return &Reason{Rule: "givens", Text: fmt.Sprintf("the cells fixed at positions %d and %d are %s", prev+1, pos+1, apart), Cert: &Certificate{Kind: "givens", From: prev, To: pos, Cells: []int32{at[prev], v}}}
			}
		}
		prev = pos
	}
	return nil
}

// cutWorkLimit bounds the work of the cut-vertex rule (vertices times cut
// vertices) so that it stays a quick check on huge boards.
const cutWorkLimit = 50_000_000

// cutReason applies the cut-vertex rule. If removing a vertex c splits the
// graph into k parts, a Hamiltonian path enters and leaves c once, so it can
// join at most two parts: k >= 3 is impossible, and with k = 2 c is not an
// end and the two ends lie in different parts. A closed tour has no cut
// vertex at all (a cycle stays connected when one vertex is removed). This is
// the case |S| = 1 of the component condition Okuno and Miyano build on
// (§2.2): a Hamiltonian cycle needs k(G - S) <= |S|, a path k(G - S) <= |S|+1.
func cutReason(p *Problem, at []int32) *Reason {
	g := p.G
	n := p.n()
	if n < 3 {
		return nil
	}
	cuts := g.ArticulationPoints()
	if len(cuts) == 0 || int64(len(cuts))*int64(n) > cutWorkLimit {
		return nil
	}
	if r := cutCellReason(p, at, cuts); r != nil {
		return r
	}
	// The same cut cells, read as pockets (one pass of Hopcroft and
	// Tarjan for both rules).
	return pockets(p, at, cuts)
}

// cutCellReason is the cut-vertex rule on the cut vertices cuts.
func cutCellReason(p *Problem, at []int32, cuts []int32) *Reason {
	g := p.G
	n := p.n()
	start, end := at[0], at[n-1]
	for _, c := range cuts {
		label, k := g.ComponentsWithout(c)
		cert := &Certificate{Kind: "separator", Cells: []int32{c}, Components: k}
		switch {
		case p.Closed:
			return &Reason{Rule: "cut-cell", Text: fmt.Sprintf("removing %s splits the move graph into %d parts, and a closed tour cannot pass one cell twice", p.name(c), k), Cert: cert}
		case k >= 3:
			return &Reason{Rule: "cut-cell", Text: fmt.Sprintf("removing %s splits the move graph into %d parts, and a path through it can join only two", p.name(c), k), Cert: cert}
		case start == c || end == c:
			return &Reason{Rule: "cut-cell", Text: fmt.Sprintf("%s splits the move graph in two, so it cannot be an end of the path", p.name(c)), Cert: cert}
		case start >= 0 && end >= 0 && label[start] == label[end]:
			return &Reason{Rule: "cut-cell", Text: fmt.Sprintf("%s splits the move graph in two and both ends lie on the same side", p.name(c)), Cert: cert}
		}
	}
	return nil
}

// pocketsRule: a pocket is a piece P of the move graph that one cell c
// cuts off (every move out of P leads to c). A path with no end in P would
// have to enter P from c and leave it to c, passing c twice, so every
// pocket holds an end of the path, and a closed tour has none at all. More
// pockets that share no cell than the path has ends proves there is none
// (the leaf blocks of the block-cut tree; the cut-cell rule is the case of
// one cell's own pieces). The pockets of every cut cell (all its pieces
// but the largest) are taken smallest first while they share no cell with
// those taken.
func pocketsRule(p *Problem, at []int32) *Reason {
	cuts := p.G.ArticulationPoints()
	if int64(len(cuts))*int64(p.n()) > cutWorkLimit {
		return nil
	}
	return pockets(p, at, cuts)
}

// pockets is pocketsRule on the cut vertices cuts (cutReason passes its
// own).
func pockets(p *Problem, at []int32, cuts []int32) *Reason {
	g := p.G
	n := p.n()
	if n < 4 || p.Closed || len(cuts) < 2 {
		return nil // a closed tour: the cut-cell rule already refuses any cut
	}
	type pocket struct {
		cut   int32
		cells []int32
	}
	var cand []pocket
	for _, c := range cuts {
		label, k := g.ComponentsWithout(c)
		pieces := make([][]int32, k)
		for v, l := range label {
			if l >= 0 {
				pieces[l] = append(pieces[l], int32(v))
			}
		}
		largest := 0
		for i := range pieces {
			if len(pieces[i]) > len(pieces[largest]) {
				largest = i
			}
		}
		for i, pc := range pieces {
			if i != largest {
				cand = append(cand, pocket{c, pc})
			}
		}
	}
	slices.SortStableFunc(cand, func(a, b pocket) int { return len(a.cells) - len(b.cells) })
	taken := make([]bool, n)
	var chosen []pocket
	for _, pc := range cand {
		free := true
		for _, v := range pc.cells {
			if taken[v] {
				free = false
				break
			}
		}
		if !free {
			continue
		}
		for _, v := range pc.cells {
			taken[v] = true
		}
		chosen = append(chosen, pc)
	}
	// Pockets with a fixed end in them are served; the others need the
	// free ends.
	free, need := 2, 0
	for _, e := range []int32{at[0], at[n-1]} {
		if e >= 0 {
			free--
		}
	}
	for _, pc := range chosen {
		if !slices.Contains(pc.cells, at[0]) && !slices.Contains(pc.cells, at[n-1]) {
			need++
		}
	}
	if len(chosen) <= 2 && need <= free {
		return nil
	}
	c := &Certificate{Kind: "pockets"}
	var names []string
	for _, pc := range chosen {
		c.Cells = append(c.Cells, pc.cut)
		c.Pockets = append(c.Pockets, pc.cells)
		names = append(names, p.name(pc.cut))
	}
	return &Reason{Rule: "pockets", Cert: c, Text: fmt.Sprintf("%s each cut off a pocket of the board (marked) that a path can enter only through that cell, so each of the %d pockets must hold an end of the path, but a path has two ends%s",
		strings.Join(names, ", "), len(chosen), fixedEndsNote(p))}
}

// fixedEndsNote says which ends are fixed, for pocketsRule's text.
func fixedEndsNote(p *Problem) string {
	switch {
	case p.FixStart && p.FixEnd:
		return " and both are fixed"
	case p.FixStart || p.FixEnd:
		return " and one is fixed"
	}
	return ""
}
