package numberlink

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// GenerateOptions configures Generate. Rows, Cols and K are required; the
// rest have defaults.
type GenerateOptions struct {
	// Rows and Cols give the board size.
	Rows, Cols int
	// K is the bridge limit (at most K connections per pair), K >= 1.
	K int
	// Islands is the number of nodes; 0 means about one cell in five.
	// Repairs that make a puzzle unique may add a few (see Generate).
	Islands int
	// Seed makes the output deterministic: the same options give the same
	// puzzle.
	Seed int64
	// Difficulty, when positive, is the highest Level the puzzle may need
	// (1 = bounds ... 6 = search); 0 accepts any unique puzzle. Layouts are
	// drawn until one rates at or below it, so a low level on a large board
	// (bounds alone, without the crossing rule, on 30x30) may fail with
	// ErrGenerate after maxGenerateAttempts layouts.
	Difficulty int
	// Rules is the variant the puzzle must be unique under.
	Rules Rules
}

// ErrGenerate reports that Generate could not meet the options.
var ErrGenerate = errors.New("numberlink: cannot generate")

// maxGenerateAttempts bounds the number of fresh layouts Generate tries.
const maxGenerateAttempts = 500

// maxRepairs bounds the repairs tried on one layout before starting afresh.
const maxRepairs = 60

// Generate builds a puzzle with exactly one solution under opt.Rules, proved
// by the complete solver (Count with limit 2 returns 1), and returns it with
// that solution.
//
// Method: grow a random connected layout from one island, each step drawing
// a bridge of 1..K connections from an existing island to a new island on a
// free cell in a straight line (no crossing, no island on a drawn bridge);
// without NoLoops, some bridges also join existing islands in sight. The
// clues are the degrees of this intended solution. While Count finds a
// second solution, repair: on a pair where the two solutions differ, add
// one connection to the intended solution when the limit and crossings allow
// (the clues of its two ends go up by one), else split a drawn bridge there
// with a new island of magnitude twice its count. Both keep the intended
// solution valid and change the clues the rival solution relies on. After
// maxRepairs repairs the layout is dropped and a new one grown. With a
// Difficulty, puzzles that Rate above it are dropped too.
//
// Everything random comes from Seed, so the result is deterministic. On
// cancellation Generate returns ctx.Err().
func Generate(ctx context.Context, opt GenerateOptions) (*Grid, Solution, error) {
	if opt.Rows < 1 || opt.Cols < 1 {
		return nil, nil, fmt.Errorf("%w: %dx%d: both sides must be at least 1", ErrBadSize, opt.Rows, opt.Cols)
	}
	if opt.Rows > 1000 || opt.Cols > 1000 {
		return nil, nil, fmt.Errorf("%w: %dx%d: the generator handles sides up to 1000", ErrBadSize, opt.Rows, opt.Cols)
	}
	if opt.K < 1 || opt.K > 31 {
		return nil, nil, fmt.Errorf("%w: k=%d: the generator needs 1 <= k <= 31", ErrBadK, opt.K)
	}
	cells := opt.Rows * opt.Cols
	islands := opt.Islands
	if islands == 0 {
		islands = max(2, cells/5)
	}
	if islands < 2 || islands > cells/2+1 {
		return nil, nil, fmt.Errorf("%w: %d islands on %dx%d: use 2 to %d", ErrGenerate, islands, opt.Rows, opt.Cols, cells/2+1)
	}
	if opt.Difficulty < 0 || opt.Difficulty > int(LevelSearch) {
		return nil, nil, fmt.Errorf("%w: difficulty %d: use 0 (any) or 1..%d", ErrGenerate, opt.Difficulty, int(LevelSearch))
	}
	for attempt := uint64(0); attempt < maxGenerateAttempts; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		rng := rand.New(rand.NewPCG(uint64(opt.Seed), attempt))
		l := newLayout(opt.Rows, opt.Cols, opt.K)
		if !l.grow(rng, islands, !opt.Rules.NoLoops) {
			continue
		}
		g, sol, err := l.makeUnique(ctx, rng, opt.Rules)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			continue
		}
		if opt.Difficulty > 0 {
			gr, err := Rate(ctx, g, SolveOptions{Rules: opt.Rules})
			if err != nil {
				if ctx.Err() != nil {
					return nil, nil, ctx.Err()
				}
				continue
			}
			if int(gr.Level) > opt.Difficulty {
				continue
			}
		}
		return g, sol, nil
	}
	return nil, nil, fmt.Errorf("%w: no unique %dx%d puzzle with %d islands (k=%d) after %d layouts; try other sizes, more islands or a higher difficulty",
		ErrGenerate, opt.Rows, opt.Cols, islands, opt.K, maxGenerateAttempts)
}

// layout is a puzzle under construction: islands on cells and the intended
// solution's bridges, with per-cell marks of the bridges passing through.
type layout struct {
	rows, cols, k int
	island        []int32 // per cell: island index or -1
	pos           []int32 // per island: cell
	through       []uint8 // per cell: 1 = a horizontal bridge passes, 2 = vertical
	bridge        [][4]int8
}

func newLayout(rows, cols, k int) *layout {
	l := &layout{rows: rows, cols: cols, k: k,
		island:  make([]int32, rows*cols),
		through: make([]uint8, rows*cols)}
	for i := range l.island {
		l.island[i] = -1
	}
	return l
}

func (l *layout) add(cell int) int32 {
	id := int32(len(l.pos))
	l.island[cell] = id
	l.pos = append(l.pos, int32(cell))
	l.bridge = append(l.bridge, [4]int8{})
	return id
}

// step returns the cell one step from cell in direction d, or -1.
func (l *layout) step(cell int, d int) int {
	r, c := cell/l.cols+delta[d][0], cell%l.cols+delta[d][1]
	if r < 0 || r >= l.rows || c < 0 || c >= l.cols {
		return -1
	}
	return r*l.cols + c
}

// mark records connections between the islands at cells a and b (in
// direction d from a), adding v to the count.
func (l *layout) connect(a int32, d int, v int8) {
	l.bridge[a][d] += v
	cell := int(l.pos[a])
	bit := uint8(1)
	if d == int(Up) || d == int(Down) {
		bit = 2
	}
	for {
		cell = l.step(cell, d)
		if j := l.island[cell]; j >= 0 {
			l.bridge[j][Direction(d).Opposite()] += v
			return
		}
		l.through[cell] |= bit
	}
}

// sight walks from island a in direction d and returns the number of free
// cells before the first obstacle and the island there (or -1). A cell is
// free if no island and no crossing bridge is on it.
func (l *layout) sight(a int32, d int) (free int, other int32) {
	perp := uint8(2)
	if d == int(Up) || d == int(Down) {
		perp = 1
	}
	cell := int(l.pos[a])
	for {
		cell = l.step(cell, d)
		if cell < 0 {
			return free, -1
		}
		if j := l.island[cell]; j >= 0 {
			return free, j
		}
		if l.through[cell]&perp != 0 {
			return free, -1
		}
		free++
	}
}

// grow places islands until there are n of them, drawing each new island's
// bridge from an existing one; with loops, some steps join two existing
// islands instead. It reports false if the board fills up first.
func (l *layout) grow(rng *rand.Rand, n int, loops bool) bool {
	l.add(rng.IntN(l.rows * l.cols))
	fails := 0
	for len(l.pos) < n {
		if fails > 50*n+1000 {
			return false
		}
		a := int32(rng.IntN(len(l.pos)))
		d := rng.IntN(4)
		if l.bridge[a][d] != 0 {
			fails++
			continue
		}
		free, other := l.sight(a, d)
		v := int8(1 + rng.IntN(l.k))
		if loops && other >= 0 && rng.IntN(loopOdds) == 0 {
			l.connect(a, d, v)
			continue
		}
		// A new island at distance t (1..free) from a; it must not sit on a
		// bridge, and when t == free it would touch the obstacle, which is
		// fine only for an island (then the new island lies between).
		maxT := min(free, 1+rng.IntN(6))
		if maxT < 1 {
			fails++
			continue
		}
		t := 1 + rng.IntN(maxT)
		cell := int(l.pos[a])
		for range t {
			cell = l.step(cell, d)
		}
		if l.through[cell] != 0 {
			fails++
			continue
		}
		// The new island would cut the sight line a..other; if a and other
		// were joined that would be a bridge through the cell, excluded
		// above. Its own bridge runs from a.
		l.add(cell)
		l.connect(a, d, v)
	}
	return true
}

// islandOf maps grid node i to its layout island.
func (l *layout) islandOf(g *Grid, i int32) int32 {
	nd := g.Nodes[i]
	return l.island[nd.Row*l.cols+nd.Col]
}

// grid builds the puzzle and the intended solution from the layout.
func (l *layout) grid() (*Grid, Solution, error) {
	clues := make([]int, l.rows*l.cols)
	for i, cell := range l.pos {
		m := 0
		for _, v := range l.bridge[i] {
			m += int(v)
		}
		clues[cell] = m
	}
	g, err := NewGrid(l.rows, l.cols, l.k, clues)
	if err != nil {
		return nil, nil, err
	}
	sol := make(Solution, len(g.Pairs))
	for p, pr := range g.Pairs {
		d := Right
		if !pr.Horizontal {
			d = Down
		}
		sol[p] = l.bridge[l.islandOf(g, pr.A)][d]
	}
	return g, sol, nil
}

// makeUnique runs the count-and-repair loop described at Generate.
func (l *layout) makeUnique(ctx context.Context, rng *rand.Rand, rules Rules) (*Grid, Solution, error) {
	for range maxRepairs {
		g, want, err := l.grid()
		if err != nil {
			return nil, nil, err
		}
		sols, err := firstSolutions(ctx, g, rules, 2)
		if err != nil {
			return nil, nil, err
		}
		if len(sols) == 1 {
			return g, sols[0], nil
		}
		if len(sols) == 0 {
			return nil, nil, ErrNoSolution // cannot happen: want solves g
		}
		other := sols[0]
		if string(solBytes(other)) == string(solBytes(want)) {
			other = sols[1]
		}
		if !l.repair(rng, g, want, other) {
			return nil, nil, ErrGenerate
		}
	}
	return nil, nil, ErrGenerate
}

func solBytes(s Solution) []byte {
	b := make([]byte, len(s))
	for i, v := range s {
		b[i] = byte(v)
	}
	return b
}

// repair changes the layout at pairs where want and other differ (see
// Generate): about a third of them, at least one, so that several
// independent ambiguities go in one round. It reports false if no repair
// applies.
func (l *layout) repair(rng *rand.Rand, g *Grid, want, other Solution) bool {
	var diff []int32
	for p := range want {
		if want[p] != other[p] {
			diff = append(diff, int32(p))
		}
	}
	rng.Shuffle(len(diff), func(i, j int) { diff[i], diff[j] = diff[j], diff[i] })
	quota := 1 + len(diff)/3
	done := 0
	for _, p := range diff {
		if done == quota {
			break
		}
		pr := g.Pairs[p]
		a, b := l.islandOf(g, pr.A), l.islandOf(g, pr.B)
		if a < 0 || b < 0 {
			continue // an earlier repair this round moved things here
		}
		d := int(Right)
		if !pr.Horizontal {
			d = int(Down)
		}
		if _, o := l.sight(a, d); o != b && l.bridge[a][d] == 0 {
			continue // a new island now lies between
		}
		if int(l.bridge[a][d]) < l.k && (l.bridge[a][d] > 0 || l.clearBetween(a, d)) {
			l.connect(a, d, 1)
			done++
		} else if l.bridge[a][d] > 0 && l.split(a, d) {
			done++
		}
	}
	return done > 0
}

// clearBetween reports whether a bridge from island a in direction d to its
// neighbour would cross no drawn bridge.
func (l *layout) clearBetween(a int32, d int) bool {
	_, other := l.sight(a, d)
	return other >= 0
}

// split puts a new island in the middle of the drawn bridge from island a
// in direction d, with the same count on both halves. It reports false if
// the islands are adjacent.
func (l *layout) split(a int32, d int) bool {
	v := l.bridge[a][d]
	cells := []int{}
	cell := int(l.pos[a])
	for {
		cell = l.step(cell, d)
		if l.island[cell] >= 0 {
			break
		}
		cells = append(cells, cell)
	}
	if len(cells) == 0 {
		return false
	}
	b := l.island[cell]
	mid := cells[len(cells)/2]
	// Remove the old bridge, place the island, draw the two halves.
	l.bridge[a][d] = 0
	l.bridge[b][Direction(d).Opposite()] = 0
	bit := uint8(1)
	if d == int(Up) || d == int(Down) {
		bit = 2
	}
	for _, c := range cells {
		l.through[c] &^= bit
	}
	m := l.add(mid)
	l.connect(a, d, v)
	l.connect(m, d, v)
	return true
}

// firstSolutions returns up to limit solutions of g.
func firstSolutions(ctx context.Context, g *Grid, rules Rules, limit uint64) ([]Solution, error) {
	s, err := newSolver(g, rules, stageProbe)
	if err != nil {
		return nil, err
	}
	s.ctx = ctx
	s.limit = limit
	s.every = time.Hour
	s.start = time.Now()
	var sols []Solution
	s.onSolution = func(sol Solution) bool {
		sols = append(sols, sol)
		return true
	}
	s.run()
	return sols, s.stopErr
}

// loopOdds: without NoLoops, one growth step in loopOdds joins two existing
// islands (making a cycle) when one is in sight.
const loopOdds = 8
