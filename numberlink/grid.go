package numberlink

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// Direction indexes the neighbour directions of a node, clockwise: on the
// square lattice from up, in the order the seed lists them (§2: up, right,
// down, left); on the hexagonal lattice from east (HexE ... HexNE).
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

// String returns "up", "right", "down" or "left", the square lattice's
// names (Lattice.DirectionName names a direction on any lattice).
func (d Direction) String() string {
	if d < 0 || d > Left {
		return fmt.Sprintf("direction %d", int(d))
	}
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

// Pair is an unordered pair of neighbouring nodes, A < B in row-major
// order; Dir is the direction from A to B (square: Right or Down; hex: E,
// SE or SW). Horizontal pairs share a row (A is left of B).
type Pair struct {
	A, B       int32
	Horizontal bool
	Dir        Direction
}

// Grid is a numbered k-grid on a lattice: nodes on a Rows x Cols board,
// each joined to the nearest node in each of the lattice's directions
// (distance 1 allowed), with at most K connections per pair. A Grid is
// immutable after NewGrid or NewLatticeGrid.
type Grid struct {
	Rows, Cols int
	// K is the bridge limit: at most K connections between two nodes.
	K int
	// Lattice is the geometry: Square (NewGrid) or Hex.
	Lattice Lattice
	// Nodes in row-major order.
	Nodes []Node
	// Nbr[i][d] is the neighbouring node of node i in direction d, or -1
	// (always -1 for d >= Lattice.Directions()).
	Nbr [][MaxDirections]int32
	// PairAt[i][d] is the index in Pairs of the pair (i, Nbr[i][d]), or -1.
	PairAt [][MaxDirections]int32
	// Pairs lists every neighbouring pair once, ordered by A then direction.
	Pairs []Pair
	// Crossings[p] lists, in increasing order, the pairs whose segments
	// cross pair p's segment (see Lattice).
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

// NewGrid builds a square k-grid of the given size from row-major clues:
// clues[r*cols+c] is the magnitude of the node at (r, c), or 0 for an empty
// cell. Magnitudes must be positive; a magnitude above 4k is accepted here
// (it makes the grid unsolvable by Proposition part 5) so that the checks
// can report it.
//
// The cost is O(rows*cols + crossings) time and O(nodes + rows + cols +
// crossings) memory beyond the clues; see NewGridContext for a build that
// can be cancelled.
func NewGrid(rows, cols, k int, clues []int) (*Grid, error) {
	return NewLatticeGrid(context.Background(), Square, rows, cols, k, clues)
}

// NewGridContext is NewGrid with a context: a cancelled build returns a nil
// grid and ctx.Err(). The context is checked once per row of each pass, so
// a build of the largest grid (MaxCells cells) stops within milliseconds.
func NewGridContext(ctx context.Context, rows, cols, k int, clues []int) (*Grid, error) {
	return NewLatticeGrid(ctx, Square, rows, cols, k, clues)
}

// NewLatticeGrid is NewGridContext on any lattice (Square, Hex): clues are
// row-major over the lattice's rows x cols cells.
func NewLatticeGrid(ctx context.Context, lat Lattice, rows, cols, k int, clues []int) (*Grid, error) {
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
	g := &Grid{Rows: rows, Cols: cols, K: k, Lattice: lat, cellNode: make([]int32, rows*cols)}
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
	g.Nbr = make([][MaxDirections]int32, n)
	g.PairAt = make([][MaxDirections]int32, n)
	none := [MaxDirections]int32{-1, -1, -1, -1, -1, -1}
	for i := range g.Nbr {
		g.Nbr[i], g.PairAt[i] = none, none
	}
	fwd := forward(lat)
	m := lat.Directions()
	// Each forward direction's axis and opposite, computed once (the
	// modulo is not free in a loop over every node).
	var ax [MaxDirections / 2]int
	var back [MaxDirections / 2]Direction
	for i, d := range fwd {
		ax[i], back[i] = axis(d, m), opposite(d, m)
	}
	// Nearest neighbours: one pass over the cells in row-major order keeps,
	// for each line of each axis, the last node met on it, which is the
	// nearest node back along that line. O(rows*cols).
	sw := newLineSweep(lat, rows, cols)
	for r := range rows {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		sw.row(r)
		for c, j := range g.cellNode[r*cols : (r+1)*cols] {
			if j < 0 {
				continue
			}
			for i, d := range fwd {
				a := ax[i]
				l := sw.at(a, c)
				if prev := sw.last[a][l]; prev >= 0 {
					g.Nbr[prev][d], g.Nbr[j][back[i]] = j, prev
				}
				sw.last[a][l] = j
			}
		}
	}
	pairs := 0
	for i := range g.Nbr {
		for _, d := range fwd {
			if g.Nbr[i][d] >= 0 {
				pairs++
			}
		}
	}
	g.Pairs = make([]Pair, 0, pairs)
	for i, nd := range g.Nodes {
		for x, d := range fwd {
			j := g.Nbr[i][d]
			if j < 0 {
				continue
			}
			p := int32(len(g.Pairs))
			g.Pairs = append(g.Pairs, Pair{A: int32(i), B: j, Horizontal: g.Nodes[j].Row == nd.Row, Dir: d})
			g.PairAt[i][d] = p
			g.PairAt[j][back[x]] = p
		}
	}
	if err := g.findCrossings(ctx, fwd, ax[:len(fwd)]); err != nil {
		return nil, err
	}
	return g, nil
}

// lineSweep walks the cells in row-major order and keeps a value per line
// of each axis; at(a, c) is the index of the line of axis a through column
// c of the current row.
type lineSweep struct {
	lat         Lattice
	first, step []int
	base        []int
	last        [][]int32
}

func newLineSweep(lat Lattice, rows, cols int) *lineSweep {
	na := lat.Directions() / 2
	sw := &lineSweep{lat: lat, first: make([]int, na), step: make([]int, na), base: make([]int, na), last: make([][]int32, na)}
	for a := range na {
		first, n := lat.Lines(rows, cols, a)
		sw.first[a] = first
		sw.step[a] = lat.Line(0, 1, a) - lat.Line(0, 0, a)
		sw.last[a] = make([]int32, n)
		for l := range sw.last[a] {
			sw.last[a][l] = -1
		}
	}
	return sw
}

// row moves the sweep to row r.
func (sw *lineSweep) row(r int) {
	for a := range sw.base {
		sw.base[a] = sw.lat.Line(r, 0, a) - sw.first[a]
	}
}

func (sw *lineSweep) at(a, c int) int { return sw.base[a] + c*sw.step[a] }

// findCrossings fills g.Crossings: two pairs cross iff an empty cell lies
// strictly inside both (see Lattice). A sweep over the cells in row-major
// order keeps, for each line of each axis, the pair leaving the last node
// met on it along that axis (or -1): at an empty cell that pair is the one
// passing over it, so the pairs kept for the cell's lines cross pairwise.
// The cost is O(rows*cols + crossings) time and O(rows + cols + crossings)
// memory, against the O(pairs²) of comparing every pair with every other
// (11 s for a 400x400 puzzle). The lists come out in increasing pair order.
func (g *Grid) findCrossings(ctx context.Context, fwd []Direction, ax []int) error {
	// Two sweeps: the first counts each pair's crossings, the second fills
	// the lists in one shared array.
	count := make([]int32, len(g.Pairs))
	total := 0
	if err := g.sweep(ctx, fwd, ax, func(p, q int32) { count[p]++; count[q]++; total += 2 }); err != nil {
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
	if err := g.sweep(ctx, fwd, ax, func(p, q int32) {
		g.Crossings[p] = append(g.Crossings[p], q)
		g.Crossings[q] = append(g.Crossings[q], p)
	}); err != nil {
		return err
	}
	for p := range g.Crossings {
		if len(g.Crossings[p]) > 1 {
			slices.Sort(g.Crossings[p])
		}
	}
	return nil
}

// sweep calls visit(p, q) once for each two pairs that cross (see
// findCrossings).
func (g *Grid) sweep(ctx context.Context, fwd []Direction, ax []int, visit func(p, q int32)) error {
	sw := newLineSweep(g.Lattice, g.Rows, g.Cols)
	var over [MaxDirections / 2]int32
	for r := range g.Rows {
		if r%64 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		sw.row(r)
		for c, j := range g.cellNode[r*g.Cols : (r+1)*g.Cols] {
			if j >= 0 {
				for i, d := range fwd {
					sw.last[ax[i]][sw.at(ax[i], c)] = g.PairAt[j][d]
				}
				continue
			}
			n := 0
			for i := range fwd {
				if p := sw.last[ax[i]][sw.at(ax[i], c)]; p >= 0 {
					over[n] = p
					n++
				}
			}
			for x := 0; x < n; x++ {
				for y := x + 1; y < n; y++ {
					visit(over[x], over[y])
				}
			}
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

// PairBetween returns the index of the pair joining nodes i and j, or -1
// when they are not neighbours (or either is -1).
func (g *Grid) PairBetween(i, j int32) int32 {
	if i < 0 || j < 0 {
		return -1
	}
	for d, q := range g.Nbr[i] {
		if q == j {
			return g.PairAt[i][d]
		}
	}
	return -1
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
// seed's Figure 5 tables; 0 or 1 at the edges of sparse grids; up to 6 on
// the hexagonal lattice).
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
