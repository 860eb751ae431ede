package hidato

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// ErrGiveUp means Generate used all its tries without a puzzle of the level
// asked for.
var ErrGiveUp = errors.New("no puzzle of that difficulty found")

// Options tune Generate. The zero value makes a Diplomatico (hopido) puzzle
// of any level with seed 0.
type Options struct {
	// Moves is the move set (zero value: moves.Hopido()).
	Moves moves.Set
	// Level is the difficulty wanted exactly (0: whatever the first puzzle
	// grades as).
	Level Level
	// Seed makes the run reproducible: the same board, options and seed give
	// the same puzzle.
	Seed uint64
	// MaxTries bounds the puzzles made and graded before giving up with
	// ErrGiveUp (0: 500).
	MaxTries int
	// MaxDepth is the grader's deepest lookahead (0: DefaultMaxDepth).
	// Puzzles that need more are not returned.
	MaxDepth int
	// Minimal asks for puzzles that are locally minimal for uniqueness:
	// givens are dropped while the exact counter still finds one solution,
	// so removing any given that is left allows a second solution. Such
	// puzzles are the sparsest and mostly need lookahead; generation is
	// slower (a count per given). Without Minimal a given is dropped while
	// the stages of the level still finish the puzzle (Tatham's rule), so
	// removing any given left makes the puzzle harder than the level or
	// ambiguous.
	Minimal bool
	// Progress, if set, is called after every try and every tenth given
	// tested, from the calling goroutine.
	Progress func(Progress)
}

// Progress reports how far Generate is.
type Progress struct {
	Try     int           // tries started (1-based)
	Givens  int           // givens left in the current try
	Tested  int           // givens tested for removal in the current try
	Elapsed time.Duration // since Generate started
	Last    Level         // level of the last finished try (0 if none)
}

// String words p for a progress line: "try 3, 41 givens left after 20
// tested".
func (p Progress) String() string {
	return fmt.Sprintf("try %d, %d givens left after %d tested", p.Try, p.Givens, p.Tested)
}

// Generated is a puzzle Generate made.
type Generated struct {
	Puzzle *Puzzle
	// Grading is the grader's report; Grading.Solution is the unique
	// solution (board cells of 1..N), verified by package verify.
	Grading Grading
	// Tries is the number of puzzles made to reach the level.
	Tries int
}

// Generate makes a puzzle on the open cells of shape (its blocked cells are
// kept, its givens ignored) whose givens have exactly one completion, proved
// by the deductions and again by Count, and that grades exactly opt.Level.
//
// Each try draws a random Hamiltonian path with package hamilton (a random
// start, a seeded tie-break), gives every number, then tests the numbers in
// random order, dropping each given whose removal leaves a puzzle the
// level's stages still finish (Tatham's rule; expert puzzles are thinned
// first without lookahead, then with it). With opt.Minimal a given is dropped
// while Count still finds one solution instead. One pass suffices: a given
// kept because removing it from a larger set of givens failed still fails
// from the smaller final set (fewer givens never help the deductions or
// uniqueness). The puzzle is then graded; tries repeat with fresh paths and
// orders until the grade is the level asked for. The cost per try is one
// grader run (or count) per open cell.
func Generate(ctx context.Context, shape *board.Board, opt Options) (*Generated, error) {
	start := time.Now()
	b := shape.Clone()
	for c := range int32(b.Cells()) {
		b.SetGiven(c, 0)
	}
	ms := opt.Moves
	if len(ms.Leapers) == 0 {
		ms = moves.Hopido()
	}
	p := &Puzzle{Board: b, Moves: ms}
	m, _, err := p.compile()
	if err != nil {
		return nil, err
	}
	tries := opt.MaxTries
	if tries <= 0 {
		tries = 500
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x6f70696468))
	report := func(pr Progress) {
		if opt.Progress != nil {
			pr.Elapsed = time.Since(start)
			opt.Progress(pr)
		}
	}
	level := opt.Level
	if level == 0 {
		level = LevelMedium
	}
	depth := opt.MaxDepth
	if depth <= 0 {
		depth = DefaultMaxDepth
	}
	top := topStage(level)
	var last Level
	for try := 1; try <= tries; try++ {
		report(Progress{Try: try, Givens: m.n, Last: last})
		path, err := randomPath(ctx, m, rng)
		if err != nil {
			return nil, err
		}
		given := make([]int32, m.n)
		for k, v := range path {
			given[v] = int32(k)
		}
		passes := []Stage{top}
		if !opt.Minimal && top == StageLookahead {
			// Expert puzzles are thinned in two passes: first with the
			// stages below lookahead (cheap), then the givens that pass
			// kept are tried again with lookahead.
			passes = []Stage{StageColour, StageLookahead}
		}
		err = thin(ctx, m, given, path, passes, opt.Minimal, depth, rng, func(left, tested int) {
			report(Progress{Try: try, Givens: left, Tested: tested, Last: last})
		})
		if err != nil {
			return nil, err
		}
		q := &Puzzle{Board: b.Clone(), Moves: ms}
		for v, k := range given {
			if k >= 0 {
				q.Board.SetGiven(m.bg.CellOf[v], k+1)
			}
		}
		g, err := Grade(ctx, q, GradeOptions{MaxDepth: depth})
		if errors.Is(err, ErrUnsolved) {
			last = LevelExpert
			continue
		}
		if err != nil {
			return nil, err
		}
		last = g.Level
		if g.Level == level {
			// The deductions proved the solution unique; the exact counter
			// proves it again, independently of the stages' bookkeeping.
			c, err := Count(ctx, q, 2)
			if err != nil {
				return nil, err
			}
			if c.Solutions != 1 {
				return nil, fmt.Errorf("hidato: the counter finds %d solutions of a graded puzzle (a bug)", c.Solutions)
			}
			return &Generated{Puzzle: q, Grading: g, Tries: try}, nil
		}
	}
	what := fmt.Sprintf("%d tries", tries)
	if tries == 1 {
		what = "1 try"
	}
	return nil, fmt.Errorf("%w: %s on %s; allow more tries or ask for another level", ErrGiveUp, what, b.Spec())
}

// thin drops givens from path's numbering given (given[v] is v's step,
// -1 once dropped), in rng's order, pass by pass: a given goes when the
// puzzle without it is still finished by the pass's stages (with
// minimal: still has one solution), and stays otherwise. progress hears
// the givens left and the givens tested every 10 tests.
func thin(ctx context.Context, m *model, given, path []int32, passes []Stage, minimal bool, depth int, rng *rand.Rand, progress func(left, tested int)) error {
	left, tested := m.n, 0
	for _, pass := range passes {
		for _, k := range rng.Perm(m.n) {
			v := path[k]
			if given[v] < 0 {
				continue
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			given[v] = -1
			var ok bool
			var err error
			if ambiguous(m, given, path, k) {
				ok = false // a second solution: no stage finishes it
			} else if minimal {
				ok, err = uniqueWith(ctx, m, given)
			} else {
				ok, err = solvesWithin(ctx, m, given, path, pass, depth)
			}
			if err != nil {
				return err
			}
			if ok {
				left--
			} else {
				given[v] = int32(k)
			}
			if tested++; tested%10 == 0 {
				progress(left, tested)
			}
		}
	}
	return nil
}

// topStage is the hardest stage of a level.
func topStage(l Level) Stage {
	switch l {
	case LevelEasy:
		return StageForced
	case LevelMedium:
		return StageDeadEnds
	case LevelHard:
		return StageColour
	}
	return StageLookahead
}

// solvesWithin reports whether the stages up to top (lookahead to depth)
// finish the puzzle of the givens (0-based number per vertex, -1 none):
// then its solution is unique. sol, if not nil, is a solution of the
// givens (the vertex of every number), which spares lookahead the trials
// that cannot fail; the answer is the same without it.
func solvesWithin(ctx context.Context, m *model, given, sol []int32, top Stage, depth int) (bool, error) {
	s := newState(m, given)
	s.sol = sol
	var tr trace
	if err := s.propagate(ctx, top, depth, &tr); err != nil {
		return false, err
	}
	return !s.bad && s.solved() && s.validPath(), nil
}

// uniqueWith reports whether the givens (0-based number per vertex, -1
// none) have exactly one completion, by the exact counter with limit 2.
func uniqueWith(ctx context.Context, m *model, given []int32) (bool, error) {
	s := newState(m, given)
	var found uint64
	var first []int32
	var tr trace
	if err := s.countFrom(ctx, 2, &found, &first, &tr, true); err != nil {
		return false, err
	}
	return found == 1, nil
}

// randomPath returns a random Hamiltonian path of the model's graph: a
// seeded search from a random start, with growing node budgets; after a few
// failed starts the start is left free.
func randomPath(ctx context.Context, m *model, rng *rand.Rand) ([]int32, error) {
	for attempt := 0; ; attempt++ {
		p := hamilton.Problem{G: m.bg.Graph}
		budget := uint64(20000) << min(attempt, 10)
		if attempt < 8 {
			p.Start, p.FixStart = int32(rng.IntN(m.n)), true
		} else {
			budget = 0
		}
		path, _, err := hamilton.Find(ctx, p, hamilton.Options{Workers: 1, Seed: rng.Uint64() | 1, MaxNodes: budget})
		switch {
		case err == nil:
			if rng.IntN(2) == 0 {
				for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
					path[i], path[j] = path[j], path[i]
				}
			}
			return path, nil
		case errors.Is(err, hamilton.ErrLimit), errors.Is(err, hamilton.ErrNoSolution) && p.FixStart:
			continue
		case errors.Is(err, hamilton.ErrNoSolution):
			return nil, fmt.Errorf("%w: the board has no Hamiltonian path for these moves, so no puzzle", ErrNoSolution)
		default:
			return nil, err
		}
	}
}

// ambiguousBudget bounds the search of ambiguous, in steps.
const ambiguousBudget = 1 << 14

// ambiguous is a cheap uniqueness screen run before each removal test: with
// the givens given (0-based number per vertex, -1 none) and number k no
// longer given, it looks for a second way to put the numbers between the
// nearest givens a < k < b on the cells path gives them, from a's cell to
// b's (or with a free first or last cell where k lies before the first or
// after the last given). Such a reordering changes nothing outside the
// segment, so the puzzle then has two solutions and no stage can finish it.
// It reports true only when it found one; false means unknown (no second
// local order, a segment of over 64 cells, or the step budget ran out).
func ambiguous(m *model, given, path []int32, k int) bool {
	n := len(path)
	a := k - 1
	for a >= 0 && given[path[a]] < 0 {
		a--
	}
	b := k + 1
	for b < n && given[path[b]] < 0 {
		b++
	}
	cells := path[max(a, 0) : min(b, n-1)+1]
	L := len(cells)
	if L > 64 || (a < 0 && b >= n) {
		return false
	}
	adj := make([]uint64, L)
	for i, u := range cells {
		nb := m.neighbours(int(u))
		for j, w := range cells {
			if i != j && has(nb, int(w)) {
				adj[i] |= 1 << uint(j)
			}
		}
	}
	full := uint64(1)<<uint(L) - 1
	if L == 64 {
		full = ^uint64(0)
	}
	last := -1 // the index the path must end at, if fixed
	if b < n {
		last = L - 1
	}
	found, steps := 0, 0
	var walk func(cur int, seen uint64) bool
	walk = func(cur int, seen uint64) bool { // true: stop
		if steps++; steps > ambiguousBudget {
			return true
		}
		if seen == full {
			if last < 0 || cur == last {
				found++
			}
			return found >= 2
		}
		for x := adj[cur] &^ seen; x != 0; x &= x - 1 {
			j := trailing(x)
			if j == last && seen|1<<uint(j) != full {
				continue // the fixed end comes last
			}
			if walk(j, seen|1<<uint(j)) {
				return true
			}
		}
		return false
	}
	if a >= 0 {
		walk(0, 1)
	} else {
		for i := range L {
			if i != last && walk(i, 1<<uint(i)) {
				break
			}
		}
	}
	return found >= 2
}
