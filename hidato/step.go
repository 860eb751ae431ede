package hidato

import (
	"context"
	"slices"
)

// The deduction engine of the hints: the same stages as Grade (rules.go),
// run from a player's position one application at a time, each change
// recorded with the candidate sets just before it, until a number the
// player has not written is placed. The record is what words.go turns into
// sentences: which stage struck which cell from which number, and why.
//
// Two departures from Grade, both for the words and neither for the
// result: StageForced runs without its cascade (state.noCascade), so a
// number it places is explained by numbers known before the call; and the
// run stops at the first placement instead of at the fixpoint.

// event is one change a stage made: its stage, the candidate sets just
// before it, and for a lookahead strike the trial that failed.
type event struct {
	stage  Stage
	before []uint64
	trialK int // lookahead: the number tried (-1 otherwise)
	trialV int // lookahead: the vertex tried
	depth  int // lookahead: the depth of the trial
}

// deduction is one run of the engine from a position.
type deduction struct {
	m       *model
	s       *state
	written []bool // per number: placed in the position (given or written)
	events  []event
	// k and v are the number placed and its vertex (-1 when stuck or bad).
	k, v int
}

// deduce runs the stages from the position given (0-based number per
// vertex, -1 free) until a number not in the position is placed, nothing
// more follows (d.k < 0), or a contradiction (d.s.bad). sol, if not nil, is
// the vertex of each number in the puzzle's solution (it spares lookahead
// the trials that cannot fail; sound only when the position agrees with
// it). stop, if not nil, ends the run early when it returns true after an
// event (the mistakes' words use it); then no placement ends the run.
func deduce(ctx context.Context, m *model, given, sol []int32, depth int, stop func(*deduction) bool) (*deduction, error) {
	s := newState(m, given)
	s.noCascade = true
	s.sol = sol
	d := &deduction{m: m, s: s, written: make([]bool, m.n), k: -1, v: -1}
	for _, k := range given {
		if k >= 0 {
			d.written[k] = true
		}
	}
	rules := [...]func() bool{s.ruleForced, s.ruleDeadEnds, s.ruleReach, s.ruleColour}
	snap := make([]uint64, len(s.dom))
	var tr trace
outer:
	for !s.bad {
		if err := ctx.Err(); err != nil {
			return d, err
		}
		if stop == nil {
			if k := d.placed(); k >= 0 {
				d.k, d.v = k, first(s.d(k))
				return d, nil
			}
		} else if len(d.events) > 0 && stop(d) {
			return d, nil
		}
		if s.solved() {
			// A full position: right only if it is a path.
			s.bad = !s.validPath()
			return d, nil
		}
		for i, r := range rules {
			copy(snap, s.dom)
			if r() || s.bad {
				d.events = append(d.events, event{stage: Stage(i + 1), before: slices.Clone(snap), trialK: -1})
				continue outer
			}
		}
		for dep := 1; dep <= depth; dep++ {
			copy(snap, s.dom)
			ok, err := s.lookahead(ctx, dep, &tr)
			if err != nil {
				return d, err
			}
			if ok {
				e := event{stage: StageLookahead, before: slices.Clone(snap), trialK: -1, depth: dep}
				e.trialK, e.trialV = struckOne(m, snap, s.dom)
				d.events = append(d.events, e)
				continue outer
			}
		}
		return d, nil
	}
	return d, nil
}

// struckOne returns the one (number, vertex) in before and not in after.
func struckOne(m *model, before, after []uint64) (int, int) {
	for i := range before {
		if x := before[i] &^ after[i]; x != 0 {
			return i / m.w, (i%m.w)*64 + trailing(x)
		}
	}
	return -1, -1
}

// placed returns the number to write next: among the numbers placed in the
// state and not written, the one beside written numbers in the sequence
// (both sides first), then the smallest; -1 if none.
func (d *deduction) placed() int {
	best, bestRank := -1, 9
	n := d.m.n
	for k := range n {
		if d.s.sz[k] != 1 || d.written[k] {
			continue
		}
		rank := 2
		if k > 0 && d.written[k-1] {
			rank--
		}
		if k+1 < n && d.written[k+1] {
			rank--
		}
		if rank < bestRank {
			best, bestRank = k, rank
		}
	}
	return best
}

// domAfter returns the candidate sets after event i (the next event's
// before, or the state now).
func (d *deduction) domAfter(i int) []uint64 {
	if i+1 < len(d.events) {
		return d.events[i+1].before
	}
	return d.s.dom
}

// struckAt returns the event that struck vertex v from the candidates of
// k, or -1 when none did (v is still a candidate, or was not one at the
// start).
func (d *deduction) struckAt(k, v int) int {
	w := d.m.w
	i := k*w + v/64
	bit := uint64(1) << (uint(v) % 64)
	for e := range d.events {
		if d.events[e].before[i]&bit != 0 && d.domAfter(e)[i]&bit == 0 {
			return e
		}
	}
	return -1
}

// stateAt returns a state holding the candidate sets before event e
// (sizes recomputed; bookkeeping fields zero).
func (d *deduction) stateAt(e int) *state {
	t := &state{m: d.m, dom: d.events[e].before, sz: make([]int32, d.m.n)}
	for k := range t.sz {
		t.sz[k] = int32(count(t.d(k)))
	}
	return t
}
