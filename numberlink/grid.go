package numberlink

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// Direction indexes the four neighbour directions of a node, clockwise from
// up, in the order the seed lists them (§2: up, right, down, left).
type Direction int

// The four directions.
const (
	Up Direction = iota
	Right
	Down
	Left
)

// Opposite returns the direction pointing back.
func (d Direction) Opposite() Direction { return (d + 2) % 4 }

// String returns "up", "right", "down" or "left".
func (d Direction) String() string {
	return [...]string{"up", "right", "down", "left"}[d]
}

// delta gives the (row, col) step of each direction.
var delta = [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}

// Node is a numbered cell of a k-grid. Row and Col are 0-based; everything a
// person reads shows them 1-based.
type Node struct {
	Row, Col int
	// Mag is the node's magnitude (its clue): the number of connections it
	// must end up with.
	Mag int
}

// Pair is an unordered pair of neighbouring nodes, A < B. Horizontal pairs
// share a row (A is left of B); vertical pairs share a column (A is above B).
type Pair struct {
	A, B       int32
	Horizontal bool
}

// Grid is a numbered k-grid: nodes on a Rows x Cols board, each joined to the
// nearest node in each of the four directions (distance 1 allowed), with at
// most K connections per pair. A Grid is immutable after NewGrid.
type Grid struct {
	Rows, Cols int
	// K is the bridge limit: at most K connections between two nodes.
	K int
	// Nodes in row-major order.
	Nodes []Node
	// Nbr[i][d] is the neighbouring node of node i in direction d, or -1.
	Nbr [][4]int32
	// PairAt[i][d] is the index in Pairs of the pair (i, Nbr[i][d]), or -1.
	PairAt [][4]int32
	// Pairs lists every neighbouring pair once, ordered by A then direction.
	Pairs []Pair
	// Crossings[p] lists the pairs whose segments cross pair p's segment
	// (a horizontal and a vertical pair whose open segments intersect).
	Crossings [][]int32
	cellNode  []int32 // row-major cell index -> node index, or -1
}

// Errors reported when a grid is built.
var (
	ErrBadSize      = errors.New("bad grid size")
	ErrBadK         = errors.New("bad bridge limit k")
	ErrBadMagnitude = errors.New("bad node magnitude")
)

// MaxCells bounds Rows*Cols so that a hostile size cannot exhaust memory.
const MaxCells = 1 << 24

// MaxK is the largest bridge limit the parsers accept (a Solution holds
// counts as int8).
const MaxK = 100

// NewGrid builds a k-grid of the given size from row-major clues: clues[r*cols+c]
// is the magnitude of the node at (r, c), or 0 for an empty cell. Magnitudes
// must be positive; a magnitude above 4k is accepted here (it makes the grid
// unsolvable by Proposition part 5) so that the checks can report it.
//
// The cost is O(rows*cols + crossings) time and O(nodes + cols + crossings)
// memory beyond the clues; see NewGridContext for a build that can be
// cancelled.
func NewGrid(rows, cols, k int, clues []int) (*Grid, error) {
	return NewGridContext(context.Background(), rows, cols, k, clues)
}

// NewGridContext is NewGrid with a context: a cancelled build returns a nil
// grid and ctx.Err(). The context is checked once per row of each pass, so
// a build of the largest grid (MaxCells cells) stops within milliseconds.
func NewGridContext(ctx context.Context, rows, cols, k int, clues []int) (*Grid, error) {
	if rows < 1 || cols < 1 {
		return nil, fmt.Errorf("%w: %dx%d: both sides must be at least 1", ErrBadSize, rows, cols)
	}
	if rows > MaxCells/cols {
		return nil, fmt.Errorf("%w: %dx%d has more than %d cells", ErrBadSize, rows, cols, MaxCells)
	}
	if k < 1 {
		return nil, fmt.Errorf("%w: k=%d: k must be at least 1", ErrBadK, k)
	}
	if len(clues) != rows*cols {
		return nil, fmt.Errorf("%w: %d clues for a %dx%d grid", ErrBadSize, len(clues), rows, cols)
	}
	g := &Grid{Rows: rows, Cols: cols, K: k, cellNode: make([]int32, rows*cols)}
	nodes := 0
	for _, m := range clues {
		if m != 0 {
			nodes++
		}
	}
	g.Nodes = make([]Node, 0, nodes)
	for i, m := range clues {
		if i%cols == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if m < 0 {
			return nil, fmt.Errorf("%w: %d at %d,%d: magnitudes are positive", ErrBadMagnitude, m, i/cols+1, i%cols+1)
		}
		g.cellNode[i] = -1
		if m > 0 {
			g.cellNode[i] = int32(len(g.Nodes))
			g.Nodes = append(g.Nodes, Node{Row: i / cols, Col: i % cols, Mag: m})
		}
	}
	n := len(g.Nodes)
	g.Nbr = make([][4]int32, n)
	g.PairAt = make([][4]int32, n)
	for i := range g.Nbr {
		g.Nbr[i] = [4]int32{-1, -1, -1, -1}
		g.PairAt[i] = [4]int32{-1, -1, -1, -1}
	}
	// Nearest neighbours: one pass over each row links each node to the
	// previous node on its row, one pass over the rows keeps the last node
	// seen in each column. O(rows*cols).
	above := make([]int32, cols)
	for c := range above {
		above[c] = -1
	}
	for r := range rows {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		left := int32(-1)
		for c, j := range g.cellNode[r*cols : (r+1)*cols] {
			if j < 0 {
				continue
			}
			if left >= 0 {
				g.Nbr[left][Right], g.Nbr[j][Left] = j, left
			}
			if a := above[c]; a >= 0 {
				g.Nbr[a][Down], g.Nbr[j][Up] = j, a
			}
			left, above[c] = j, j
		}
	}
	pairs := 0
	for i := range g.Nbr {
		if g.Nbr[i][Right] >= 0 {
			pairs++
		}
		if g.Nbr[i][Down] >= 0 {
			pairs++
		}
	}
	g.Pairs = make([]Pair, 0, pairs)
	for i := range g.Nodes {
		for _, d := range []Direction{Right, Down} {
			j := g.Nbr[i][d]
			if j < 0 {
				continue
			}
			p := int32(len(g.Pairs))
			g.Pairs = append(g.Pairs, Pair{A: int32(i), B: j, Horizontal: d == Right})
			g.PairAt[i][d] = p
			g.PairAt[j][d.Opposite()] = p
		}
	}
	if err := g.findCrossings(ctx); err != nil {
		return nil, err
	}
	return g, nil
}

// findCrossings fills g.Crossings. A horizontal pair on row r spanning
// columns (c1, c2) crosses a vertical pair on column c spanning rows
// (r1, r2) iff c1 < c < c2 and r1 < r < r2: they meet in the empty cell
// (r, c). Neighbouring pairs never overlap, so each empty cell lies inside
// at most one horizontal and one vertical pair. A sweep down the rows
// keeps, for each column, the vertical pair whose segment covers the
// current row (set at each node from its Down pair), and walks the inside
// of each horizontal pair reading that array. The cost is O(rows*cols +
// crossings) time and O(cols + crossings) memory, against the
// O(horizontal * vertical pairs) of comparing every pair with every other
// (11 s for a 400x400 puzzle). The lists come out in increasing pair order,
// as that comparison made them.
func (g *Grid) findCrossings(ctx context.Context) error {
	// Two sweeps: the first counts each pair's crossings, the second fills
	// the lists in one shared array.
	count := make([]int32, len(g.Pairs))
	total := 0
	if err := g.sweep(ctx, func(p, q int32) { count[p]++; count[q]++; total += 2 }); err != nil {
		return err
	}
	g.Crossings = make([][]int32, len(g.Pairs))
	if total == 0 {
		return nil
	}
	flat := make([]int32, total)
	off := 0
	for p, n := range count {
		if n > 0 {
			g.Crossings[p] = flat[off : off : off+int(n)]
			off += int(n)
		}
	}
	if err := g.sweep(ctx, func(p, q int32) {
		g.Crossings[p] = append(g.Crossings[p], q)
		g.Crossings[q] = append(g.Crossings[q], p)
	}); err != nil {
		return err
	}
	// A vertical pair's list is in row order, which is pair order; a
	// horizontal pair's is in column order, which is not.
	for p, pr := range g.Pairs {
		if pr.Horizontal && len(g.Crossings[p]) > 1 {
			slices.Sort(g.Crossings[p])
		}
	}
	return nil
}

// sweep calls visit(p, q) for each horizontal pair p and vertical pair q
// that cross, row by row and left to right (see findCrossings).
func (g *Grid) sweep(ctx context.Context, visit func(p, q int32)) error {
	active := make([]int32, g.Cols)
	for c := range active {
		active[c] = -1
	}
	next := 0 // the first node not yet passed by the sweep
	for r := range g.Rows {
		if r%64 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		// The horizontal pairs of row r start at its nodes, left to right.
		first := next
		for next < len(g.Nodes) && g.Nodes[next].Row == r {
			next++
		}
		for i := first; i < next; i++ {
			p := g.PairAt[i][Right]
			if p < 0 {
				continue
			}
			a, b := g.Nodes[i].Col, g.Nodes[g.Pairs[p].B].Col
			for c := a + 1; c < b; c++ {
				if q := active[c]; q >= 0 {
					visit(p, q)
				}
			}
		}
		// Past row r, each node's column is covered by its Down pair.
		for i := first; i < next; i++ {
			active[g.Nodes[i].Col] = g.PairAt[i][Down]
		}
	}
	return nil
}

// NodeAt returns the node index at 0-based (row, col), or -1 if the cell is
// empty or outside the grid.
func (g *Grid) NodeAt(row, col int) int32 {
	if row < 0 || row >= g.Rows || col < 0 || col >= g.Cols {
		return -1
	}
	return g.cellNode[row*g.Cols+col]
}

// Clues returns the row-major clue slice the grid was built from.
func (g *Grid) Clues() []int {
	out := make([]int, g.Rows*g.Cols)
	for _, nd := range g.Nodes {
		out[nd.Row*g.Cols+nd.Col] = nd.Mag
	}
	return out
}

// Degree returns the number of neighbours of node i (2, 3 or 4 for the
// seed's Figure 5 tables; 0 or 1 at the edges of sparse grids).
func (g *Grid) Degree(i int) int {
	d := 0
	for _, j := range g.Nbr[i] {
		if j >= 0 {
			d++
		}
	}
	return d
}

// Solution assigns a connection count 0..K to every pair: Solution[p] is the
// number of bridges between Pairs[p].A and Pairs[p].B.
type Solution []int8

// Rules selects the variant of the puzzle being solved. The zero value is the
// seed's definition: connectivity required, loops allowed.
type Rules struct {
	// NoLoops requires the connections to form a tree (Tatham's "L" option):
	// no cycle in the graph of pairs with at least one connection.
	NoLoops bool
	// AllowDisconnected drops the requirement that all nodes be connected.
	AllowDisconnected bool
}
