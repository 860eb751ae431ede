package numberlink

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// Style is the layout rule of a generated puzzle.
type Style int

const (
	// StyleHashi places no two islands in adjacent cells, the
	// rule of Simon Tatham's Bridges (which rejects such game IDs as
	// "joined islands") and of most published Hashiwokakero.
	StyleHashi Style = iota
	// StylePuzzledom allows adjacent islands (distance-1 bridges), the
	// seed's model of a k-grid (§2) and of the Puzzledom app.
	StylePuzzledom
)

// String returns "hashi" or "puzzledom".
func (s Style) String() string {
	if s == StylePuzzledom {
		return "puzzledom"
	}
	return "hashi"
}

// ParseStyle reads "hashi" or "puzzledom".
func ParseStyle(s string) (Style, error) {
	switch s {
	case "hashi":
		return StyleHashi, nil
	case "puzzledom":
		return StylePuzzledom, nil
	}
	return 0, fmt.Errorf("unknown style %q: use hashi (no adjacent islands, Tatham) or puzzledom (adjacent islands allowed)", s)
}

// GenerateOptions configures Generate. Rows, Cols and K are required; the
// rest have defaults.
type GenerateOptions struct {
	// Lattice is the board's geometry; nil means Square.
	Lattice Lattice
	// Rows and Cols give the board size.
	Rows, Cols int
	// K is the bridge limit (at most K connections per pair), K >= 1.
	K int
	// Style chooses whether islands may touch (StylePuzzledom) or not
	// (StyleHashi, the zero value).
	Style Style
	// Density is the wanted fraction of cells holding an island, in (0, 0.5];
	// 0 means 0.2. Islands are spread over the whole board: no 4x4 block
	// holds much more than its share. Repairs may add a few islands, and on
	// a crowded board (StyleHashi above about 0.25) fewer may fit.
	Density float64
	// Islands, when positive, sets the wanted number of islands instead of
	// Density.
	Islands int
	// Seed makes the output deterministic: the same options give the same
	// puzzle.
	Seed int64
	// Difficulty is the exact level the grader (Rate) must report: one of
	// Easy, Medium, Hard, Expert, or any stage LevelBounds..LevelSearch. The
	// zero value accepts any puzzle the stages up to LevelBridges decide.
	// LevelSearch (unique, yet no deduction stage decides it) is accepted
	// but rarely met: the probe stage decides nearly every unique puzzle
	// the repairs produce, and Generate then fails with ErrGenerate.
	Difficulty Level
	// Rules is the variant the puzzle must be unique under.
	Rules Rules
	// MaxAttempts bounds the fresh layouts tried; 0 means 200.
	MaxAttempts int
	// Progress, when set, is called after every repair round.
	Progress func(GenerateProgress)
}

// GenerateProgress reports the state of a running Generate.
type GenerateProgress struct {
	// Attempt is the layout being worked on, from 1.
	Attempt int
	// Round is the repair round on this layout, from 1.
	Round int
	// Islands is the layout's island count.
	Islands int
	// Open is the number of pairs the deductions left undecided this round.
	Open int
	// Elapsed is the time since Generate started.
	Elapsed time.Duration
}

// String words p for a progress line: "layout 2, round 5: 40 islands, 3
// pairs undecided".
func (p GenerateProgress) String() string {
	return fmt.Sprintf("layout %d, round %d: %d islands, %d pairs undecided", p.Attempt, p.Round, p.Islands, p.Open)
}

// ErrGenerate reports that Generate could not meet the options.
var ErrGenerate = errors.New("numberlink: cannot generate")

// errTooEasy: a layout that the stages below the target also decide.
var errTooEasy = errors.New("too easy")

// Generate builds a puzzle with exactly one solution under opt.Rules and
// returns it with that solution.
//
// Method:
//
//  1. Layout. Starting from one island on a random cell, islands are added
//     one at a time, each joined to an island already placed by a straight
//     bridge of 1..K connections that crosses no drawn bridge. Several
//     candidate cells are drawn and the one in the emptiest 4x4 block is
//     taken; a block already holding 1.4 times its share is never taken.
//     This spreads the islands over the board at the wanted density. With
//     StyleHashi a cell next to an island is never taken. Without NoLoops
//     some steps join two placed islands in sight instead (cycles). The
//     clues are the degrees of this intended solution, which satisfies
//     every rule.
//  2. Deduction and repair. The grader's stages up to the target level
//     (grade.go) are run from scratch on the clues. Every stage is sound, so
//     when they decide every pair the intended solution is the only one.
//     Otherwise, on a share of the pairs they left open (at most one per
//     island per round), the layout is changed so the intended solution
//     stays valid but the clues say more: add one connection to the pair
//     (both clues go up), split a drawn bridge with a new island of clue
//     twice its count, or hang a new leaf island off one end. Repairs touch
//     only spots the target level cannot decide, so the spots that need
//     exactly the target level stay as they were.
//  3. Exactness. A puzzle the stages below the target also decide is too
//     easy and the layout is dropped. For LevelSearch the repairs are
//     driven by rival solutions from the counter instead, and the puzzle
//     must defeat the probe stage.
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
	if opt.Style != StyleHashi && opt.Style != StylePuzzledom {
		return nil, nil, fmt.Errorf("%w: style %d: use StyleHashi or StylePuzzledom", ErrGenerate, opt.Style)
	}
	cells := opt.Rows * opt.Cols
	density := opt.Density
	if density == 0 {
		density = 0.2
	}
	if !(density > 0 && density <= 0.5) {
		return nil, nil, fmt.Errorf("%w: density %v: use a fraction of the cells in (0, 0.5]", ErrGenerate, opt.Density)
	}
	islands := opt.Islands
	if islands == 0 {
		islands = max(2, int(math.Round(density*float64(cells))))
	} else {
		density = float64(islands) / float64(cells)
	}
	maxIslands := cells/2 + 1
	if opt.Style == StyleHashi {
		maxIslands = (cells + 1) / 2
	}
	switch {
	case maxIslands < 2:
		return nil, nil, fmt.Errorf("%w: %dx%d has room for only %d island, and a puzzle needs 2: use a larger board", ErrGenerate, opt.Rows, opt.Cols, maxIslands)
	case islands < 2 || islands > maxIslands:
		return nil, nil, fmt.Errorf("%w: %d islands on %dx%d: use 2 to %d", ErrGenerate, islands, opt.Rows, opt.Cols, maxIslands)
	}
	if opt.Difficulty < 0 || opt.Difficulty > LevelSearch {
		return nil, nil, fmt.Errorf("%w: difficulty %d: use 0 (any) or a level 1..%d", ErrGenerate, opt.Difficulty, int(LevelSearch))
	}
	attempts := opt.MaxAttempts
	if attempts <= 0 {
		attempts = 2000
	}
	lat := opt.Lattice
	if lat == nil {
		lat = Square
	}
	gen := &generator{opt: opt, start: time.Now(), density: density}
	tooEasy := 0
	for attempt := 0; attempt < attempts; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		gen.attempt = attempt + 1
		rng := rand.New(rand.NewPCG(uint64(opt.Seed), uint64(attempt)))
		l := newLayout(lat, opt.Rows, opt.Cols, opt.K, opt.Style == StyleHashi)
		if !l.grow(ctx, rng, islands, density, !opt.Rules.NoLoops) {
			continue
		}
		var g *Grid
		var sol Solution
		var err error
		if opt.Difficulty == LevelSearch {
			g, sol, err = gen.uniqueByCount(ctx, l, rng)
		} else {
			g, sol, err = gen.uniqueByDeduction(ctx, l, rng)
		}
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if errors.Is(err, errTooEasy) {
			tooEasy++
		}
		if err == nil {
			return g, sol, nil
		}
	}
	hint := "try another seed, size or density"
	if tooEasy > 0 {
		hint = fmt.Sprintf("%d layouts came out easier than %s: try a larger board or a lower difficulty", tooEasy, opt.Difficulty.DifficultyName())
	}
	return nil, nil, fmt.Errorf("%w: no unique %dx%d puzzle with about %d islands (k=%d, %s) after %d layouts; %s",
		ErrGenerate, opt.Rows, opt.Cols, islands, opt.K, opt.Style, attempts, hint)
}

// generator carries one Generate call's settings between its steps.
type generator struct {
	opt     GenerateOptions
	start   time.Time
	attempt int
	density float64
}

func (gen *generator) report(round, islands, open int) {
	if gen.opt.Progress != nil {
		gen.opt.Progress(GenerateProgress{Attempt: gen.attempt, Round: round, Islands: islands, Open: open, Elapsed: time.Since(gen.start)})
	}
}

// maxRounds bounds the repair rounds on one layout.
const maxRounds = 400

// deduce closes a fresh solver for g under the stages up to lvl (probe
// included for LevelProbe). It reports false on a contradiction, and nil
// and false when ctx ends first (the stages check it between passes over
// the grid): callers check ctx before taking false for a contradiction.
func deduce(ctx context.Context, g *Grid, rules Rules, lvl Level) (*solver, bool) {
	s, err := newSolver(g, rules, stage(lvl-1))
	if err != nil {
		return nil, false
	}
	s.probing = false
	s.ctx = ctx
	ok := s.propagate()
	if ok && lvl >= LevelProbe {
		ok = s.probe()
	}
	if s.stopErr != nil {
		return nil, false
	}
	return s, ok
}

// uniqueByDeduction is steps 2 and 3 of Generate for a deduction level.
func (gen *generator) uniqueByDeduction(ctx context.Context, l *layout, rng *rand.Rand) (*Grid, Solution, error) {
	target := gen.opt.Difficulty
	if target == 0 {
		target = LevelBridges
	}
	for round := 1; round <= maxRounds; round++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		g, want, err := l.grid()
		if err != nil {
			return nil, nil, err
		}
		s, ok := deduce(ctx, g, gen.opt.Rules, target)
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if !ok {
			// Cannot happen: the stages are sound and want solves g.
			return nil, nil, fmt.Errorf("%w: internal: deductions refute the intended solution", ErrGenerate)
		}
		var open []int32
		for p := range s.lo {
			if s.lo[p] < s.hi[p] {
				open = append(open, int32(p))
			}
		}
		gen.report(round, len(g.Nodes), len(open))
		if len(open) == 0 {
			if gen.opt.Difficulty > LevelBounds {
				if below, _ := deduce(ctx, g, gen.opt.Rules, gen.opt.Difficulty-1); below != nil && below.open == 0 {
					return nil, nil, errTooEasy
				}
			}
			return g, want, nil
		}
		if !l.repair(rng, g, want, open, gen.opt.Rules.NoLoops) {
			return nil, nil, ErrGenerate
		}
	}
	return nil, nil, ErrGenerate
}

// uniqueByCount is step 2 for LevelSearch: while the counter finds a second
// solution, repair where it differs from the intended one; then require that
// the probe stage does not decide the puzzle.
func (gen *generator) uniqueByCount(ctx context.Context, l *layout, rng *rand.Rand) (*Grid, Solution, error) {
	for round := 1; round <= maxRounds; round++ {
		g, want, err := l.grid()
		if err != nil {
			return nil, nil, err
		}
		sols, err := firstSolutions(ctx, g, gen.opt.Rules, 2)
		if err != nil {
			return nil, nil, err
		}
		gen.report(round, len(g.Nodes), len(sols))
		if len(sols) == 0 {
			return nil, nil, fmt.Errorf("%w: internal: the counter finds no solution", ErrGenerate)
		}
		if len(sols) == 1 {
			if s, ok := deduce(ctx, g, gen.opt.Rules, LevelProbe); ok && s.open == 0 {
				return nil, nil, errTooEasy
			}
			return g, sols[0], nil
		}
		other := sols[0]
		if string(solBytes(other)) == string(solBytes(want)) {
			other = sols[1]
		}
		var diff []int32
		for p := range want {
			if want[p] != other[p] {
				diff = append(diff, int32(p))
			}
		}
		if !l.repair(rng, g, want, diff, gen.opt.Rules.NoLoops) {
			return nil, nil, ErrGenerate
		}
	}
	return nil, nil, ErrGenerate
}

// layout is a puzzle under construction: islands on cells and the intended
// solution's bridges, with per-cell marks of the bridges passing through.
type layout struct {
	lat           Lattice
	m             int // the lattice's directions
	rows, cols, k int
	hashi         bool
	island        []int32 // per cell: island index or -1
	pos           []int32 // per island: cell
	through       []uint8 // per cell: bit a set when a bridge on axis a passes
	bridge        [][MaxDirections]int8
	// Spreading: islands per blockSide x blockSide block of cells.
	bcols int
	block []int32
}

// blockSide is the side of the blocks whose island counts spread a layout.
const blockSide = 4

func newLayout(lat Lattice, rows, cols, k int, hashi bool) *layout {
	l := &layout{lat: lat, m: lat.Directions(), rows: rows, cols: cols, k: k, hashi: hashi,
		island:  make([]int32, rows*cols),
		through: make([]uint8, rows*cols),
		bcols:   (cols + blockSide - 1) / blockSide,
	}
	l.block = make([]int32, l.bcols*((rows+blockSide-1)/blockSide))
	for i := range l.island {
		l.island[i] = -1
	}
	return l
}

func (l *layout) blockOf(cell int) int {
	return (cell/l.cols/blockSide)*l.bcols + cell%l.cols/blockSide
}

// blockArea is the number of board cells in the block of cell.
func (l *layout) blockArea(cell int) int {
	r0, c0 := cell/l.cols/blockSide*blockSide, cell%l.cols/blockSide*blockSide
	return (min(r0+blockSide, l.rows) - r0) * (min(c0+blockSide, l.cols) - c0)
}

func (l *layout) add(cell int) int32 {
	id := int32(len(l.pos))
	l.island[cell] = id
	l.pos = append(l.pos, int32(cell))
	l.bridge = append(l.bridge, [MaxDirections]int8{})
	l.block[l.blockOf(cell)]++
	return id
}

// step returns the cell one step from cell in direction d, or -1.
func (l *layout) step(cell int, d int) int {
	r, c := l.lat.Step(cell/l.cols, cell%l.cols, Direction(d))
	if r < 0 || r >= l.rows || c < 0 || c >= l.cols {
		return -1
	}
	return r*l.cols + c
}

// connect adds v connections between island a and its neighbour in
// direction d, marking the cells in between.
func (l *layout) connect(a int32, d int, v int8) {
	l.bridge[a][d] += v
	cell := int(l.pos[a])
	bit := uint8(1) << axis(Direction(d), l.m)
	for {
		cell = l.step(cell, d)
		if j := l.island[cell]; j >= 0 {
			l.bridge[j][opposite(Direction(d), l.m)] += v
			return
		}
		l.through[cell] |= bit
	}
}

// sight walks from island a in direction d and returns the number of free
// cells before the first obstacle and the island there (or -1). A cell is
// free if no island and no crossing bridge is on it.
func (l *layout) sight(a int32, d int) (free int, other int32) {
	perp := ^(uint8(1) << axis(Direction(d), l.m)) // the other axes
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

// canHost reports whether a new island may go on cell: no island or bridge
// there and, in the Hashi style, no island next to it.
func (l *layout) canHost(cell int) bool {
	if cell < 0 || l.island[cell] >= 0 || l.through[cell] != 0 {
		return false
	}
	if l.hashi {
		for d := range l.m {
			if c := l.step(cell, d); c >= 0 && l.island[c] >= 0 {
				return false
			}
		}
	}
	return true
}

// candidates is the number of cells drawn per growth step.
const candidates = 12

// grow places islands until there are n of them (see Generate, step 1). It
// reports false if it stalls far short of n, or when ctx ends (checked
// every 1024 tries: a 1000x1000 layout of 200,000 islands takes seconds).
func (l *layout) grow(ctx context.Context, rng *rand.Rand, n int, density float64, loops bool) bool {
	l.add(rng.IntN(l.rows * l.cols))
	cap16 := max(density, float64(n)/float64(len(l.island))) * 1.4 // islands per cell a block may reach
	minT := 1
	if l.hashi {
		minT = 2
	}
	fails := 0
	for try := 1; len(l.pos) < n; try++ {
		if try&1023 == 0 && ctx.Err() != nil {
			return false
		}
		if fails > 20*n+2000 {
			return len(l.pos) >= 2 && len(l.pos)*4 >= n*3
		}
		if loops && rng.IntN(loopOdds) == 0 {
			a := int32(rng.IntN(len(l.pos)))
			d := rng.IntN(l.m)
			if l.bridge[a][d] == 0 {
				if _, other := l.sight(a, d); other >= 0 {
					l.connect(a, d, int8(1+rng.IntN(l.k)))
				}
			}
		}
		bestCell, bestA, bestD, bestScore := -1, int32(0), 0, math.MaxFloat64
		for range candidates {
			// Grow from the sparser of two random islands.
			a := int32(rng.IntN(len(l.pos)))
			if b := int32(rng.IntN(len(l.pos))); l.block[l.blockOf(int(l.pos[b]))] < l.block[l.blockOf(int(l.pos[a]))] {
				a = b
			}
			d := rng.IntN(l.m)
			if l.bridge[a][d] != 0 {
				continue
			}
			free, _ := l.sight(a, d)
			maxT := min(free, 2+rng.IntN(6))
			if maxT < minT {
				continue
			}
			t := minT + rng.IntN(maxT-minT+1)
			cell := int(l.pos[a])
			for range t {
				cell = l.step(cell, d)
			}
			if !l.canHost(cell) {
				continue
			}
			fill := float64(l.block[l.blockOf(cell)]+1) / float64(l.blockArea(cell))
			if fill > cap16 && fill*float64(l.blockArea(cell)) > 1 {
				continue
			}
			score := fill + rng.Float64()*0.01
			if score < bestScore {
				bestCell, bestA, bestD, bestScore = cell, a, d, score
			}
		}
		if bestCell < 0 {
			fails++
			continue
		}
		l.add(bestCell)
		l.connect(bestA, bestD, int8(1+rng.IntN(l.k)))
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
	g, err := NewLatticeGrid(context.Background(), l.lat, l.rows, l.cols, l.k, clues)
	if err != nil {
		return nil, nil, err
	}
	sol := make(Solution, len(g.Pairs))
	for p, pr := range g.Pairs {
		sol[p] = l.bridge[l.islandOf(g, pr.A)][pr.Dir]
	}
	return g, sol, nil
}

func solBytes(s Solution) []byte {
	b := make([]byte, len(s))
	for i, v := range s {
		b[i] = byte(v)
	}
	return b
}

// repair changes the layout at some of the pairs in todo (see Generate,
// step 2): a share of them, at least one, at most one per island, so that
// several independent spots are fixed in one round. It reports false if no
// repair applies.
func (l *layout) repair(rng *rand.Rand, g *Grid, want Solution, todo []int32, noLoops bool) bool {
	todo = append([]int32(nil), todo...)
	rng.Shuffle(len(todo), func(i, j int) { todo[i], todo[j] = todo[j], todo[i] })
	quota := 1 + len(todo)/4
	touched := map[int32]bool{}
	done := 0
	for _, p := range todo {
		if done == quota {
			break
		}
		pr := g.Pairs[p]
		a, b := l.islandOf(g, pr.A), l.islandOf(g, pr.B)
		if a < 0 || b < 0 || touched[a] || touched[b] {
			continue
		}
		d := int(pr.Dir)
		if _, o := l.sight(a, d); o != b && l.bridge[a][d] == 0 {
			continue // a drawn bridge or new island now lies between
		}
		v := l.bridge[a][d]
		ok := false
		order := [3]int{0, 1, 2} // one more connection first: no new island
		if rng.IntN(2) == 0 {
			order[1], order[2] = 2, 1
		}
		for _, how := range order {
			switch how {
			case 0: // one more connection
				if int(v) < l.k && (v > 0 || !noLoops) {
					l.connect(a, d, 1)
					ok = true
				}
			case 1:
				ok = v > 0 && l.split(rng, a, d)
			case 2:
				end := a
				if rng.IntN(2) == 0 {
					end = b
				}
				ok = l.leaf(rng, end)
			}
			if ok {
				break
			}
		}
		if ok {
			touched[a], touched[b] = true, true
			done++
		}
	}
	return done > 0
}

// split puts a new island on the drawn bridge from island a in direction d,
// with the same count on both halves. It reports false if no cell between
// can host an island.
func (l *layout) split(rng *rand.Rand, a int32, d int) bool {
	v := l.bridge[a][d]
	var cells []int
	cell := int(l.pos[a])
	for {
		cell = l.step(cell, d)
		if l.island[cell] >= 0 {
			break
		}
		cells = append(cells, cell)
	}
	b := l.island[cell]
	bit := uint8(1) << axis(Direction(d), l.m)
	// Lift the bridge's marks so that canHost sees the cells as free.
	for _, c := range cells {
		l.through[c] &^= bit
	}
	var ok []int
	for _, c := range cells {
		if l.canHost(c) {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 {
		for _, c := range cells {
			l.through[c] |= bit
		}
		return false
	}
	mid := ok[rng.IntN(len(ok))]
	l.bridge[a][d] = 0
	l.bridge[b][opposite(Direction(d), l.m)] = 0
	m := l.add(mid)
	l.connect(a, d, v)
	l.connect(m, d, v)
	return true
}

// leaf hangs a new island off island a: in a direction with no bridge, on
// a free cell, with 1..k connections.
func (l *layout) leaf(rng *rand.Rand, a int32) bool {
	minT := 1
	if l.hashi {
		minT = 2
	}
	for _, d := range rng.Perm(l.m) {
		if l.bridge[a][d] != 0 {
			continue
		}
		free, _ := l.sight(a, d)
		if free < minT {
			continue
		}
		t := minT + rng.IntN(min(free, 4)-minT+1)
		cell := int(l.pos[a])
		for range t {
			cell = l.step(cell, d)
		}
		if !l.canHost(cell) {
			continue
		}
		l.add(cell)
		l.connect(a, d, int8(1+rng.IntN(l.k)))
		return true
	}
	return false
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

// loopOdds: without NoLoops, about one growth step in loopOdds also joins
// two placed islands in sight (making a cycle).
const loopOdds = 8
