package hexgrid

import (
	"context"
	"errors"
	"fmt"
)

// Coordinates. A hex k-grid is a Rows x Cols board of hexagonal cells in
// "odd-r" offset layout: cells are addressed by 0-based (row, col), rows run
// top to bottom, and every odd row (1, 3, ... counting from 0; rows 2, 4,
// ... as a person counts from 1) is shifted half a cell to the right, so
// that cell (r, c) has its centre at x = c + (r mod 2)/2, y = r·√3/2 in
// cell widths. Internally a cell also has axial coordinates (q, r) with
// q = c - (r - r mod 2)/2; the six directions are then fixed steps in (q, r):
//
//	E  (+1,  0)   SE (0, +1)   SW (-1, +1)
//	W  (-1,  0)   NW (0, -1)   NE (+1, -1)
//
// so the three axes are the lines r = const (E-W), q = const (NW-SE) and
// q + r = const (NE-SW). Every coordinate a person reads is 1-based
// "row,col" in the offset layout, as for the square k-grids.

// Direction indexes the six neighbour directions, clockwise from east.
type Direction int

// The six directions; Opposite(d) = d+3 mod 6.
const (
	E Direction = iota
	SE
	SW
	W
	NW
	NE
)

// NumDirections is m, the number of neighbours a node can have.
const NumDirections = 6

// Opposite returns the direction pointing back.
func (d Direction) Opposite() Direction { return (d + 3) % 6 }

// String returns "E", "SE", "SW", "W", "NW" or "NE".
func (d Direction) String() string {
	return [...]string{"E", "SE", "SW", "W", "NW", "NE"}[d]
}

// axialStep gives the (dq, dr) step of each direction.
var axialStep = [6][2]int{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

// ToAxial converts 0-based offset (row, col) to axial (q, r).
func ToAxial(row, col int) (q, r int) {
	return col - (row-(row&1))/2, row
}

// FromAxial converts axial (q, r) to 0-based offset (row, col).
func FromAxial(q, r int) (row, col int) {
	return r, q + (r-(r&1))/2
}

// Step returns the offset cell one step from (row, col) in direction d; it
// may lie outside the board.
func Step(row, col int, d Direction) (int, int) {
	q, r := ToAxial(row, col)
	return FromAxial(q+axialStep[d][0], r+axialStep[d][1])
}

// Node is a numbered cell. Row and Col are 0-based offset coordinates.
type Node struct {
	Row, Col int
	// Mag is the node's magnitude: the number of connections it must have.
	Mag int
}

// Pair is an unordered pair of neighbouring nodes, A < B in row-major order;
// Dir is the direction from A to B (E, SE or SW: the three axes).
type Pair struct {
	A, B int32
	Dir  Direction
}

// Grid is a numbered hexagonal k-grid: nodes on a Rows x Cols offset board,
// each joined to the nearest node in each of the six directions (the seed's
// neighbour definition of §2 with six directions instead of four), with at
// most K connections per pair. A Grid is immutable after NewGrid.
//
// Crossing. A bridge is the straight segment between the centres of its
// two nodes; it passes over the cells strictly between them on its axis,
// which are all empty because the nodes are nearest neighbours. Two bridges
// cross iff some empty cell lies strictly inside both segments. This is
// exactly "the segments meet at a point other than a shared end": lines of
// two different axes through cell centres meet in a cell centre (the
// equations r = a, q = b, q + r = c are unimodular), so two bridges on
// different axes meet at most once, at a cell centre; if that centre is an
// end of one bridge it is a node and so is not inside the other. Bridges
// on the same axis between nearest neighbours never overlap. So bridges
// that share an end node touch but do not cross, and up to three bridges
// (one per axis) can pass over one empty cell, all crossing each other.
type Grid struct {
	Rows, Cols int
	// K is the bridge limit: at most K connections between two nodes.
	K int
	// Nodes in row-major order.
	Nodes []Node
	// Nbr[i][d] is the neighbouring node of node i in direction d, or -1.
	Nbr [][6]int32
	// PairAt[i][d] is the index in Pairs of the pair (i, Nbr[i][d]), or -1.
	PairAt [][6]int32
	// Pairs lists every neighbouring pair once, ordered by A then direction.
	Pairs []Pair
	// Crossings[p] lists, in increasing order, the pairs whose segments
	// cross pair p's segment (see Grid).
	Crossings [][]int32
	// Cover[p] lists the empty cells (row-major index) pair p passes over.
	Cover    [][]int32
	cellNode []int32
}

// Errors reported when a grid is built.
var (
	ErrBadSize      = errors.New("bad hex grid size")
	ErrBadK         = errors.New("bad bridge limit k")
	ErrBadMagnitude = errors.New("bad node magnitude")
)

// MaxCells bounds Rows*Cols.
const MaxCells = 1 << 22

// MaxK is the largest bridge limit accepted (counts are held as int8).
const MaxK = 20

// NewGrid builds a hex k-grid from row-major clues in offset layout:
// clues[r*cols+c] is the magnitude of the node at (r, c), 0 for an empty
// cell. Magnitudes above 6k are accepted (the grid is then unsolvable) so
// that checks can report them. The cost is O(rows·cols) time and memory.
func NewGrid(rows, cols, k int, clues []int) (*Grid, error) {
	return NewGridContext(context.Background(), rows, cols, k, clues)
}

// NewGridContext is NewGrid with a context checked once per row.
func NewGridContext(ctx context.Context, rows, cols, k int, clues []int) (*Grid, error) {
	if rows < 1 || cols < 1 {
		return nil, fmt.Errorf("%w: %dx%d: both sides must be at least 1", ErrBadSize, rows, cols)
	}
	if rows > MaxCells/cols {
		return nil, fmt.Errorf("%w: %dx%d has more than %d cells", ErrBadSize, rows, cols, MaxCells)
	}
	if k < 1 || k > MaxK {
		return nil, fmt.Errorf("%w: k=%d: k must be 1..%d", ErrBadK, k, MaxK)
	}
	if len(clues) != rows*cols {
		return nil, fmt.Errorf("%w: %d clues for a %dx%d grid", ErrBadSize, len(clues), rows, cols)
	}
	g := &Grid{Rows: rows, Cols: cols, K: k, cellNode: make([]int32, rows*cols)}
	for i, m := range clues {
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
	g.Nbr = make([][6]int32, n)
	g.PairAt = make([][6]int32, n)
	for i := range n {
		g.Nbr[i] = [6]int32{-1, -1, -1, -1, -1, -1}
		g.PairAt[i] = [6]int32{-1, -1, -1, -1, -1, -1}
	}
	// Walk from each node along its three forward directions (E, SE, SW) to
	// the nearest node. Each empty cell is walked over at most once per
	// axis from a node that finds a neighbour, and at most once per axis
	// from one that does not (the walks along one line are disjoint), so
	// the walks cost O(rows·cols) in all.
	var covers [][]int32
	for i, nd := range g.Nodes {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for _, d := range [3]Direction{E, SE, SW} {
			var cells []int32
			r, c := Step(nd.Row, nd.Col, d)
			for g.in(r, c) && g.cellNode[r*cols+c] < 0 {
				cells = append(cells, int32(r*cols+c))
				r, c = Step(r, c, d)
			}
			if !g.in(r, c) {
				continue
			}
			j := g.cellNode[r*cols+c]
			p := int32(len(g.Pairs))
			g.Pairs = append(g.Pairs, Pair{A: int32(i), B: j, Dir: d})
			covers = append(covers, cells)
			g.Nbr[i][d], g.Nbr[j][d.Opposite()] = j, int32(i)
			g.PairAt[i][d], g.PairAt[j][d.Opposite()] = p, p
		}
	}
	g.Cover = covers
	// Crossings: the pairs over each empty cell (at most one per axis) cross
	// pairwise.
	over := make([][3]int32, rows*cols)
	for i := range over {
		over[i] = [3]int32{-1, -1, -1}
	}
	g.Crossings = make([][]int32, len(g.Pairs))
	for p, cells := range covers {
		axis := axisOf(g.Pairs[p].Dir)
		for _, c := range cells {
			over[c][axis] = int32(p)
		}
	}
	for _, o := range over {
		for a := range 3 {
			for b := a + 1; b < 3; b++ {
				if o[a] >= 0 && o[b] >= 0 {
					g.Crossings[o[a]] = append(g.Crossings[o[a]], o[b])
					g.Crossings[o[b]] = append(g.Crossings[o[b]], o[a])
				}
			}
		}
	}
	for p := range g.Crossings {
		sortUnique(&g.Crossings[p])
	}
	return g, nil
}

// axisOf maps a direction to its axis: 0 for E-W, 1 for SE-NW, 2 for SW-NE.
func axisOf(d Direction) int { return int(d % 3) }

func sortUnique(s *[]int32) {
	x := *s
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] < x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
	out := x[:0]
	for i, v := range x {
		if i == 0 || v != x[i-1] {
			out = append(out, v)
		}
	}
	*s = out
}

func (g *Grid) in(r, c int) bool { return r >= 0 && r < g.Rows && c >= 0 && c < g.Cols }

// NodeAt returns the node index at 0-based offset (row, col), or -1.
func (g *Grid) NodeAt(row, col int) int32 {
	if !g.in(row, col) {
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

// Degree returns the number of neighbours of node i (0 to 6).
func (g *Grid) Degree(i int) int {
	d := 0
	for _, j := range g.Nbr[i] {
		if j >= 0 {
			d++
		}
	}
	return d
}

// Solution assigns a connection count 0..K to every pair.
type Solution []int8

// Rules selects the puzzle variant; the zero value is the seed's rules
// (all nodes connected, loops allowed).
type Rules struct {
	// NoLoops requires the connections to form a tree.
	NoLoops bool
	// AllowDisconnected drops the requirement that all nodes be connected.
	AllowDisconnected bool
}
