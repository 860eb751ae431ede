package web

import (
	"fmt"
	"strings"
	"time"
)

// PlayStep is the next step for a person, as a hint ladder: Look and
// LookCells say where to look, Reason says why in plain words, Cell and
// Number are what to write. Status is "step", "error" (something written is
// wrong: Cells of the mistake in LookCells), "stuck" (no one-sentence step
// applies: the page offers to reveal a cell) or "done". Rule names the
// deduction; Study words it in the grader's terms, for the study panel.
type PlayStep struct {
	Status    string  `json:"status"`
	Look      string  `json:"look"`
	LookCells []int32 `json:"lookCells"`
	Reason    string  `json:"reason"`
	Cell      int32   `json:"cell"`
	Number    int32   `json:"number"`
	Rule      string  `json:"rule,omitempty"`
	Study     string  `json:"study,omitempty"`
	Millis    float64 `json:"ms"`
}

// The plain-word stages of playStep, simplest first. Each is sound when the
// numbers written so far are right (see cands).
const (
	// ruleBetween: k-1 and k+1 are written; k is one move from both.
	ruleBetween = "between"
	// ruleNext: k-1 (or k+1) is written and only one free cell one move
	// from it can still take k.
	ruleNext = "next"
	// ruleEnd: a free cell with at most one usable neighbour is an end of
	// the path; one end is written, so it holds the other.
	ruleEnd = "end"
	// ruleReach: the distance bounds from the nearest numbers below and
	// above k leave one cell.
	ruleReach = "reach"
	// ruleOnly: a free cell only one missing number can reach holds it
	// (every free cell holds some number).
	ruleOnly = "only"
)

// playStep finds the next step for a person from position p.
func playStep(p *position) *PlayStep {
	t0 := time.Now()
	h := &PlayStep{Cell: -1, LookCells: []int32{}}
	defer func() { h.Millis = float64(time.Since(t0).Microseconds()) / 1000 }()
	c := (*cands)(nil)
	if len(p.mistakes(nil)) == 0 {
		c = p.candidates()
	}
	if errs := p.mistakes(c); len(errs) > 0 {
		e := errs[0]
		h.Status, h.LookCells, h.Rule = "error", e.Cells, e.Kind
		h.Look = "Look at the cells marked in red: something written there is wrong."
		h.Reason = capital(e.Text) + ". Change or erase a number there (Undo takes back the last one)."
		h.Study = fmt.Sprintf("check %q: %s", e.Kind, e.Text)
		return h
	}
	free := 0
	for _, k := range p.num {
		if k == 0 {
			free++
		}
	}
	if free == 0 {
		h.Status, h.Look, h.Reason = "done", "Every cell is numbered.", "Every cell is numbered and nothing is wrong."
		return h
	}
	best, bestRank := p.singleNumber(c)
	if bestRank <= 1 {
		p.explainSingle(c, best, h)
		return h
	}
	if p.deadEnd(c, h) {
		return h
	}
	if best > 0 {
		p.explainSingle(c, best, h)
		return h
	}
	if p.onlyNumber(c, h) {
		return h
	}
	h.Status = "stuck"
	h.Look = "There is no step here that can be seen without trial and error."
	h.Reason = "No number is forced by the numbers around it, and no cell has only one number that can reach it. You can reveal one cell (the engine solves the puzzle and checks the solution) or try a number and see where it leads."
	h.Study = "the one-sentence stages (between, next, dead end, reach, only number) stall; the grader's further stages (colour counts, regions, lookahead) or a search are needed"
	return h
}

// singleNumber returns the number with one candidate cell that is the
// most simply explained, and its rank: 0 when the numbers just below and
// above it are written, 1 when one is, 3 when neither; rank 9 when no
// number has one candidate.
func (p *position) singleNumber(c *cands) (best int32, bestRank int) {
	n := p.n
	best, bestRank = 0, 9
	for k := int32(1); k <= n; k++ {
		if c.count[k] != 1 {
			continue
		}
		rank := 3
		below, above := c.lo[k] == k-1 && k > 1, c.hi[k] == k+1 && k < n
		switch {
		case below && above:
			rank = 0
		case below || above:
			rank = 1
		}
		if rank < bestRank {
			best, bestRank = k, rank
		}
	}
	return best, bestRank
}

// deadEnd makes h the step of a dead end when one end of the path is
// written: a free cell with at most one usable neighbour holds the other
// end. It reports whether there is one.
func (p *position) deadEnd(c *cands, h *PlayStep) bool {
	n := p.n
	for v := range n {
		if !c.endOnly[v] || p.num[v] != 0 {
			continue
		}
		var k int32
		switch {
		case len(p.at[1]) > 0 && len(p.at[n]) == 0 && c.fits(n, v):
			k = n
		case len(p.at[n]) > 0 && len(p.at[1]) == 0 && c.fits(1, v):
			k = 1
		default:
			continue
		}
		h.Status, h.Rule, h.Cell, h.Number = "step", ruleEnd, p.L.bg.CellOf[v], k
		h.LookCells = p.L.bg.Cells([]int32{v})
		h.Look = fmt.Sprintf("Look at %s and the cells one move from it.", p.name(v))
		nb := "no free neighbour"
		if len(c.usable[v]) == 1 {
			nb = "only one neighbour the path can still pass through (" + p.name(c.usable[v][0]) + ")"
		}
		end, other, otherAt := "end", int32(1), p.cellOf(1)
		if k == 1 {
			end, other, otherAt = "start", n, p.cellOf(n)
		}
		h.Reason = fmt.Sprintf("%s has %s, so the path cannot pass through it: it must %s there. %d is already at %s, so %s holds %d.",
			p.name(v), nb, end, other, p.name(otherAt), p.name(v), k)
		h.Study = fmt.Sprintf("dead-ends (hidato StageDeadEnds; the degree argument of Proposition II.1): %s has %d usable neighbour(s), so D(k) ∌ %s for 1 < k < %d", p.name(v), len(c.usable[v]), p.name(v), n)
		return true
	}
	return false
}

// onlyNumber makes h the step of a free cell that only one missing
// number can reach. It reports whether there is one.
func (p *position) onlyNumber(c *cands, h *PlayStep) bool {
	n := p.n
	for v := range n {
		if p.num[v] != 0 || c.cellCount[v] != 1 {
			continue
		}
		k := c.cellFirst[v]
		h.Status, h.Rule, h.Cell, h.Number = "step", ruleOnly, p.L.bg.CellOf[v], k
		h.LookCells = p.L.bg.Cells([]int32{v})
		h.Look = fmt.Sprintf("Look at %s.", p.name(v))
		h.Reason = fmt.Sprintf("%s must hold one of the missing numbers, and %d is the only one that can reach it: every other missing number is too far from the numbers just below and above it. So %s holds %d.",
			p.name(v), k, p.name(v), k)
		h.Study = fmt.Sprintf("forced (d) after reach (hidato StageForced (d), StageReach (a)): %s lies in D(k) for k = %d alone", p.name(v), k)
		return true
	}
	return false
}

// explainSingle words a number with one candidate cell.
func (p *position) explainSingle(c *cands, k int32, h *PlayStep) {
	v := c.first[k]
	lo, hi := c.lo[k], c.hi[k]
	h.Status, h.Cell, h.Number = "step", p.L.bg.CellOf[v], k
	h.LookCells = p.L.bg.Cells(c.around(k))
	var parts []string
	for _, a := range [2]int32{lo, hi} {
		if u := p.cellOf(a); u >= 0 {
			parts = append(parts, fmt.Sprintf("%d (%s)", a, p.name(u)))
		}
	}
	h.Look = "Look at " + strings.Join(parts, " and ") + "."
	below, above := lo == k-1 && k > 1, hi == k+1 && k < p.n
	free := func(u int32) []int32 {
		var out []int32
		for _, w := range p.L.bg.Neighbors(u) {
			if p.num[w] == 0 {
				out = append(out, w)
			}
		}
		return out
	}
	switch {
	case below && above:
		h.Rule = ruleBetween
		h.Reason = fmt.Sprintf("%d is at %s and %d at %s, so %d must be one move from both. The only free cell one move from both is %s: %d goes there.",
			lo, p.name(p.cellOf(lo)), hi, p.name(p.cellOf(hi)), k, p.name(v), k)
	case below || above:
		h.Rule = ruleNext
		a, far := lo, hi
		word := "after"
		if above {
			a, far, word = hi, lo, "before"
		}
		u := p.cellOf(a)
		fr := free(u)
		if len(fr) == 1 {
			h.Reason = fmt.Sprintf("%d comes right %s %d, so it is one move from %s. %s has only one free cell one move away, %s: %d goes there.",
				k, word, a, p.name(u), p.name(u), p.name(v), k)
		} else {
			why := "the others are dead ends or on the wrong colour"
			if w := p.cellOf(far); w >= 0 {
				gap := far - k
				if gap < 0 {
					gap = -gap
				}
				why = fmt.Sprintf("the others are more than %d moves from %d at %s", gap, far, p.name(w))
			}
			h.Reason = fmt.Sprintf("%d comes right %s %d, so it is one move from %s. Of the %d free cells one move from %s, only %s can hold it (%s): %d goes there.",
				k, word, a, p.name(u), len(fr), p.name(u), p.name(v), why, k)
		}
	default:
		h.Rule = ruleReach
		var bounds []string
		for _, a := range [2]int32{lo, hi} {
			if u := p.cellOf(a); u >= 0 {
				gap := k - a
				if gap < 0 {
					gap = -gap
				}
				bounds = append(bounds, fmt.Sprintf("within %d moves of %d at %s", gap, a, p.name(u)))
			}
		}
		h.Reason = fmt.Sprintf("%d must be %s, moving only through free cells. The only free cell that close is %s: %d goes there.",
			k, strings.Join(bounds, " and "), p.name(v), k)
	}
	h.Study = fmt.Sprintf("%s (hidato StageForced (b),(c) and StageReach (a)): D(%d) = {%s}", h.Rule, k, p.name(v))
}
