package hexgrid

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/boardgraph/boardgraph/numberlink"
)

// GenerateOptions configures Generate. Rows, Cols and K are required; the
// zero value of every other field is a sensible default.
type GenerateOptions struct {
	Rows, Cols, K int
	// Rules are the rules the puzzle must be unique under.
	Rules Rules
	// Density is the target share of cells holding a node (0: 0.3).
	Density float64
	// Seed makes the result deterministic.
	Seed uint64
	// Attempts bounds the layouts tried (0: 200).
	Attempts int
	// Progress, when set, is called after each layout tried.
	Progress func(attempt int)
}

// ErrGenerate reports that Generate found no unique puzzle within its
// attempts.
var ErrGenerate = errors.New("hexgrid: no unique puzzle generated")

// Generate builds a hex puzzle with exactly one solution under opt.Rules
// and returns it with that solution. It grows a connected, crossing-free
// set of bridges at random (the seed's §2 model on the hex lattice: each
// new bridge runs from a node along one of the six directions over empty,
// uncovered cells to a new node, or to the first node on its way), takes
// every node's number of connections as its clue, and keeps the layout
// only if the exact counter (Count with limit 2) finds exactly one
// solution; otherwise it tries a new layout. A layout whose count does not
// finish within a budget of search nodes is skipped, so the call stays
// bounded. The returned solution has passed the independent verifier.
//
// Everything random comes from Seed. On cancellation it returns ctx.Err().
func Generate(ctx context.Context, opt GenerateOptions) (*Grid, Solution, error) {
	if opt.Rows < 1 || opt.Cols < 1 || opt.Rows*opt.Cols < 2 || opt.Rows > MaxCells/opt.Cols {
		return nil, nil, fmt.Errorf("%w: %dx%d: give at least 2 cells", ErrBadSize, opt.Rows, opt.Cols)
	}
	if opt.K < 1 || opt.K > MaxK {
		return nil, nil, fmt.Errorf("%w: k=%d: k must be 1..%d", numberlink.ErrBadK, opt.K, MaxK)
	}
	density := opt.Density
	if density <= 0 {
		density = 0.3
	}
	if density > 1 {
		return nil, nil, fmt.Errorf("%w: density %.2f: give a share of cells in (0, 1]", ErrGenerate, density)
	}
	attempts := opt.Attempts
	if attempts <= 0 {
		attempts = 200
	}
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x5deece66d))
	for a := range attempts {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if opt.Progress != nil {
			opt.Progress(a + 1)
		}
		clues, bridges := layout(rng, opt.Rows, opt.Cols, opt.K, density, opt.Rules.NoLoops)
		g, err := NewGrid(opt.Rows, opt.Cols, opt.K, clues)
		if err != nil || len(g.Nodes) < 2 {
			continue
		}
		sol, err := SolutionFromBridges(g, bridges)
		if err != nil || numberlink.VerifySolution(g, opt.Rules, sol) != nil {
			// Cannot happen if layout keeps its invariants; skip rather
			// than return an unverified puzzle.
			continue
		}
		g, sol, err = repair(ctx, rng, g, sol, opt.Rules)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			continue
		}
		return g, sol, nil
	}
	return nil, nil, fmt.Errorf("%w: %d layouts of %dx%d k=%d tried, none unique: try another seed, a higher density or a smaller board", ErrGenerate, attempts, opt.Rows, opt.Cols, opt.K)
}

// countBounded finds up to limit solutions of g with numberlink's solver
// within a budget of search nodes.
func countBounded(ctx context.Context, g *Grid, rules Rules, limit, budget uint64) ([]Solution, error) {
	var sols []Solution
	_, _, err := numberlink.Enumerate(ctx, g, SolveOptions{Rules: rules, MaxNodes: budget}, func(x Solution) bool {
		sols = append(sols, x)
		return uint64(len(sols)) < limit
	})
	return sols, err
}

// cover lists the empty cells (row-major) that pair p passes over.
func cover(g *Grid, p int) []int32 {
	pr := g.Pairs[p]
	a, b := g.Nodes[pr.A], g.Nodes[pr.B]
	var cells []int32
	for r, c := numberlink.Hex.Step(a.Row, a.Col, pr.Dir); r != b.Row || c != b.Col; r, c = numberlink.Hex.Step(r, c, pr.Dir) {
		cells = append(cells, int32(r*g.Cols+c))
	}
	return cells
}

// axisOf maps a direction to its axis: 0 for E-W, 1 for SE-NW, 2 for SW-NE.
func axisOf(d numberlink.Direction) int { return int(d % 3) }

// maxRepairs bounds the repairs of one layout.
const maxRepairs = 60

// repair makes the puzzle (g, sol) unique, or fails. While the counter
// finds a second solution s2, it picks a pair p that s2 uses more than sol
// (one exists: both have the same total, half the sum of the clues) and
// changes the puzzle so that sol stays a solution and s2, as it stands,
// does not: when sol leaves p empty, a new node is put on an empty cell
// that p passes over and no bridge of sol covers, bridged to one end of p
// (p is then no longer a pair); otherwise sol gets one more connection on
// p (both ends' clues grow by one). Each change is local and keeps sol
// connected and crossing-free; the count is then repeated.
func repair(ctx context.Context, rng *rand.Rand, g *Grid, sol Solution, rules Rules) (*Grid, Solution, error) {
	for range maxRepairs {
		sols, err := countBounded(ctx, g, rules, 2, 20000)
		if err != nil {
			return nil, nil, err
		}
		if len(sols) == 1 {
			return g, sol, nil
		}
		g, sol, err = repairOnce(rng, g, sol, sols, rules)
		if err != nil {
			return nil, nil, err
		}
	}
	return nil, nil, ErrGenerate
}

// repairOnce makes one change of repair against the second solution in
// sols.
func repairOnce(rng *rand.Rand, g *Grid, sol Solution, sols []Solution, rules Rules) (*Grid, Solution, error) {
	// Several changes at once where they touch disjoint cells; if the
	// result does not verify, one change.
	seed := rng.Uint64()
	ng, nsol, err := repairChanges(rand.New(rand.NewPCG(seed, 1)), g, sol, sols, rules, 1<<30)
	if err != nil {
		ng, nsol, err = repairChanges(rand.New(rand.NewPCG(seed, 1)), g, sol, sols, rules, 1)
	}
	return ng, nsol, err
}

// repairChanges makes at most limit changes of repair against the second
// solution in sols, on pairs that touch disjoint cells.
func repairChanges(rng *rand.Rand, g *Grid, sol Solution, sols []Solution, rules Rules, limit int) (*Grid, Solution, error) {
	other := sols[0]
	if slicesEqual(other, sol) {
		other = sols[1]
	}
	var more []int32
	for p := range sol {
		if other[p] > sol[p] {
			more = append(more, int32(p))
		}
	}
	if len(more) == 0 {
		return nil, nil, ErrGenerate // cannot happen: equal totals
	}
	// Cells covered by sol's bridges.
	covered := make([]bool, g.Rows*g.Cols)
	for p, x := range sol {
		if x > 0 {
			for _, c := range cover(g, p) {
				covered[c] = true
			}
		}
	}
	clues := g.Clues()
	bridges := numberlink.Bridges(g, sol)
	changed := 0
	touched := make([]bool, g.Rows*g.Cols)
	for _, i := range rng.Perm(len(more)) {
		if changed >= limit {
			break
		}
		p := more[i]
		pr := g.Pairs[p]
		a, b := g.Nodes[pr.A], g.Nodes[pr.B]
		ca, cb := a.Row*g.Cols+a.Col, b.Row*g.Cols+b.Col
		cells := cover(g, int(p))
		clash := touched[ca] || touched[cb]
		for _, c := range cells {
			clash = clash || touched[c]
		}
		if clash {
			continue
		}
		touched[ca], touched[cb] = true, true
		for _, c := range cells {
			touched[c] = true
		}
		if sol[p] > 0 {
			if int(sol[p]) >= g.K {
				continue
			}
			clues[a.Row*g.Cols+a.Col]++
			clues[b.Row*g.Cols+b.Col]++
			for j := range bridges {
				br := &bridges[j]
				if br.R1 == a.Row && br.C1 == a.Col && br.R2 == b.Row && br.C2 == b.Col {
					br.N++
				}
			}
			changed++
			continue
		}
		// sol leaves p empty: its cells are free of sol's bridges on
		// p's own axis; a crossing bridge of sol may cover some.
		if len(cells) == 0 {
			// Adjacent nodes: one more connection here, if no bridge
			// of sol is in the way (none can be: nothing lies between).
			clues[a.Row*g.Cols+a.Col]++
			clues[b.Row*g.Cols+b.Col]++
			bridges = append(bridges, Bridge{R1: a.Row, C1: a.Col, R2: b.Row, C2: b.Col, N: 1})
			changed++
			continue
		}
		// Put X on a cell of p; bridge it towards A over cells
		// (from A's side) that are all uncovered.
		free := 0
		for free < len(cells) && !covered[cells[free]] {
			free++
		}
		if free == 0 {
			continue
		}
		x := int(cells[rng.IntN(free)])
		n := 1 + rng.IntN(g.K)
		clues[x] = n
		clues[a.Row*g.Cols+a.Col] += n
		bridges = append(bridges, Bridge{R1: a.Row, C1: a.Col, R2: x / g.Cols, C2: x % g.Cols, N: n})
		changed++
	}
	if changed == 0 {
		return nil, nil, ErrGenerate
	}
	ng, err := NewGrid(g.Rows, g.Cols, g.K, clues)
	if err != nil {
		return nil, nil, err
	}
	nsol, err := SolutionFromBridges(ng, bridges)
	if err != nil || numberlink.VerifySolution(ng, rules, nsol) != nil {
		return nil, nil, ErrGenerate
	}
	return ng, nsol, nil
}

func slicesEqual(a, b Solution) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// layout grows a random crossing-free connected set of bridges and returns
// the clues (each node's total) and the bridges.
func layout(rng *rand.Rand, rows, cols, k int, density float64, noLoops bool) ([]int, []Bridge) {
	cells := rows * cols
	target := max(2, int(density*float64(cells)+0.5))
	node := make([]bool, cells)
	// cover[c] has bit a set when a bridge on axis a passes over cell c.
	cover := make([]uint8, cells)
	deg := make([]int, cells)
	type pairKey struct{ a, b int }
	have := map[pairKey]int{} // bridge index by its two cells
	var bridges []Bridge
	var nodes []int
	start := rng.IntN(cells)
	node[start] = true
	nodes = append(nodes, start)
	in := func(r, c int) bool { return r >= 0 && r < rows && c >= 0 && c < cols }
	fails := 0
	for len(nodes) < target && fails < 50*target {
		// Grow from the least crowded of a few random nodes, and stop far
		// along the line, so that the nodes spread over the board.
		from := nodes[rng.IntN(len(nodes))]
		for range 3 {
			if c := nodes[rng.IntN(len(nodes))]; crowd(node, rows, cols, c) < crowd(node, rows, cols, from) {
				from = c
			}
		}
		d := numberlink.Direction(rng.IntN(6))
		axis := uint8(1) << axisOf(d)
		maxLen := 1 + rng.IntN(max(2, min(rows, cols)/2+1))
		r, c := from/cols, from%cols
		var path []int
		end := -1
		for step := 0; step < maxLen; step++ {
			r, c = numberlink.Hex.Step(r, c, d)
			if !in(r, c) {
				break
			}
			i := r*cols + c
			if node[i] {
				end = i
				break
			}
			if cover[i]&^axis != 0 || cover[i]&axis != 0 {
				break // crossing, or running along an existing bridge
			}
			path = append(path, i)
		}
		switch {
		case end >= 0:
			// Reached an existing node: a second route (a loop), allowed
			// only without NoLoops and if the pair has no bridge yet.
			if noLoops || rng.IntN(3) != 0 {
				fails++
				continue
			}
		case len(path) == 0:
			fails++
			continue
		default:
			// Stop at a random cell of the path; the new node may not sit
			// next to nothing useful, and the cell must be uncovered.
			cut := max(rng.IntN(len(path)), rng.IntN(len(path)))
			end = path[cut]
			path = path[:cut]
		}
		a, b := min(from, end), max(from, end)
		if _, dup := have[pairKey{a, b}]; dup {
			fails++
			continue
		}
		n := 1 + rng.IntN(k)
		if !node[end] {
			node[end] = true
			nodes = append(nodes, end)
		}
		for _, i := range path {
			cover[i] |= axis
		}
		have[pairKey{a, b}] = len(bridges)
		bridges = append(bridges, Bridge{R1: a / cols, C1: a % cols, R2: b / cols, C2: b % cols, N: n})
		deg[a] += n
		deg[b] += n
	}
	clues := make([]int, cells)
	for _, i := range nodes {
		clues[i] = deg[i]
	}
	return clues, bridges
}

// crowd counts the nodes within two rows and two columns of cell c.
func crowd(node []bool, rows, cols, c int) int {
	n := 0
	for r := max(0, c/cols-2); r <= min(rows-1, c/cols+2); r++ {
		for x := max(0, c%cols-2); x <= min(cols-1, c%cols+2); x++ {
			if node[r*cols+x] {
				n++
			}
		}
	}
	return n
}
