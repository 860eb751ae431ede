package hidato

import (
	"context"
	"errors"
)

// ErrUnsolved is returned by Grade when the deductions up to the deepest
// lookahead allowed do not finish the puzzle.
var ErrUnsolved = errors.New("the deductions do not finish the puzzle")

// ErrNoSolution means the puzzle has no solution at all.
var ErrNoSolution = errors.New("no solution")

// trace records what a propagation used.
type trace struct {
	stage Stage
	depth int
	steps [StageLookahead]uint64
	nodes uint64
}

func (t *trace) use(st Stage, depth int) {
	t.stage = max(t.stage, st)
	t.depth = max(t.depth, depth)
	t.steps[st-1]++
}

// propagate applies the stages up to top, cheapest first, restarting from
// the cheapest after every change, until none changes anything, the state
// is solved, or it is bad. With top = StageLookahead it tries lookahead of
// depth 1..depth. It returns ctx.Err() if cancelled.
func (s *state) propagate(ctx context.Context, top Stage, depth int, tr *trace) error {
	rules := [...]func() bool{s.ruleForced, s.ruleDeadEnds, s.ruleReach, s.ruleColour}
outer:
	for !s.bad && !s.solved() {
		tr.nodes++
		if tr.nodes&63 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		for i, r := range rules {
			if Stage(i+1) > top {
				break
			}
			if r() {
				tr.use(Stage(i+1), 0)
				continue outer
			}
			if s.bad {
				return nil
			}
		}
		if top < StageLookahead {
			return nil
		}
		for d := 1; d <= depth; d++ {
			ok, err := s.lookahead(ctx, d, tr)
			if err != nil {
				return err
			}
			if ok {
				tr.use(StageLookahead, d)
				continue outer
			}
		}
		return nil
	}
	return nil
}

// maxTrial is the largest candidate set lookahead tries: a person tries the
// two or three places a number can go, not every cell of the board.
const maxTrial = 3

// lookahead tries the candidates of the numbers with at most maxTrial
// candidates; the first trial that ends in a contradiction (after the
// stages below lookahead and nested lookahead of depth-1) strikes its cell.
// The scan is cyclic: it resumes at the number where the last strike
// happened (s.look) instead of at the first, so the trials that just
// failed to contradict are not all repeated after every strike (on 20x20
// boards most of the generator's time went there). It reports no progress
// only after a full cycle in which no trial contradicts: the same fixpoint
// as a scan from the start.
func (s *state) lookahead(ctx context.Context, depth int, tr *trace) (bool, error) {
	m := s.m
	t := s.clone()
	var inner trace
	d := make([]uint64, m.w)
	top := StageColour
	if depth > 1 {
		top = StageLookahead
	}
	for i := range m.n {
		k := (s.look + i) % m.n
		if s.sz[k] < 2 || s.sz[k] > maxTrial {
			continue
		}
		copy(d, s.d(k))
		for i, x := range d {
			for ; x != 0; x &= x - 1 {
				v := i*64 + trailing(x)
				if s.sol != nil && s.sol[k] == int32(v) {
					continue // see state.sol: no contradiction possible
				}
				t.copyFrom(s)
				t.assign(k, v)
				if err := t.propagate(ctx, top, depth-1, &inner); err != nil {
					return false, err
				}
				tr.nodes += inner.nodes
				inner.nodes = 0
				if t.bad {
					s.remove(k, v)
					s.look = k
					return true, nil
				}
			}
		}
	}
	return false, nil
}

// countFrom counts the solutions below s by propagation (every stage below
// lookahead: without the colour counts, a 20x20 puzzle those counts finish
// sent the search into minutes of branching) and branching on the
// number with fewest candidates, stopping once *found reaches limit (0: no
// limit). first receives the first solution found. root marks the top
// call.
func (s *state) countFrom(ctx context.Context, limit uint64, found *uint64, first *[]int32, tr *trace, root bool) error {
	if err := s.propagate(ctx, StageColour, 0, tr); err != nil {
		return err
	}
	if s.bad {
		return nil
	}
	if root && !s.solved() {
		// At the root only: one round of lookahead (sound, like every
		// stage) before branching; a 20x20 expert puzzle otherwise took
		// minutes to rule out a second solution.
		if err := s.propagate(ctx, StageLookahead, 1, tr); err != nil {
			return err
		}
		if s.bad {
			return nil
		}
	}
	if s.solved() {
		if s.validPath() {
			*found++
			if *first == nil {
				*first = s.path()
			}
		}
		return nil
	}
	best := -1
	for k, c := range s.sz {
		if c > 1 && (best < 0 || c < s.sz[best]) {
			best = k
		}
	}
	d := append([]uint64(nil), s.d(best)...)
	t := s.clone()
	for i, x := range d {
		for ; x != 0; x &= x - 1 {
			t.copyFrom(s)
			t.assign(best, i*64+trailing(x))
			if err := t.countFrom(ctx, limit, found, first, tr, false); err != nil {
				return err
			}
			if limit != 0 && *found >= limit {
				return nil
			}
		}
	}
	return nil
}

// CountResult is what Count found.
type CountResult struct {
	// Solutions is the number of numberings that complete the puzzle, up to
	// the limit asked for. Each is a directed Hamiltonian path (the numbers
	// fix its direction), so this is the directed count.
	Solutions uint64
	// First is one solution (board cells of 1..N), verified by package
	// verify, or nil when there is none.
	First []int32
	// Nodes counts the propagation rounds of the search.
	Nodes uint64
}

// Count counts the solutions of p exactly, stopping at limit (0: no limit;
// limit 2 decides uniqueness). It is a complete search: the stages up to
// StageColour (all sound) prune, and it branches on the number with fewest
// candidate cells, so every solution is found. On cancellation it returns
// the solutions counted so far (a lower bound) with ctx.Err(). The cost is
// exponential in the worst case.
func Count(ctx context.Context, p *Puzzle, limit uint64) (CountResult, error) {
	m, given, err := p.compile()
	if err != nil {
		return CountResult{}, err
	}
	s := newState(m, given)
	var res CountResult
	var tr trace
	var path []int32
	err = s.countFrom(ctx, limit, &res.Solutions, &path, &tr, true)
	res.Nodes = tr.nodes
	if path != nil {
		res.First = m.bg.Cells(path)
		if verr := p.Check(res.First); verr != nil {
			return res, errors.Join(errors.New("hidato: the counter's solution fails verification (a bug)"), verr)
		}
	}
	return res, err
}
