package numberlink

// MaxDirections is the most neighbour directions a lattice has (six, on
// the hexagonal lattice); Grid's per-node tables have this many slots.
const MaxDirections = 6

// Lattice is the geometry a k-grid lives on: how its Rows x Cols cells are
// laid out, the directions a bridge can take from a cell and which bridges
// cross. Everything else (the solver, τ, the grader, the generator and the
// formats) is written once over a Lattice; Grid turns the geometry into
// neighbour and crossing tables once, so that no hot loop calls it.
//
// A lattice has m = Directions() directions, numbered 0..m-1 clockwise, with
// d and d + m/2 (mod m) opposite, and m/2 axes: direction d runs along axis
// d mod m/2. The cells of one line of an axis are met in strictly
// increasing row-major order, so a node's nearest neighbour along an axis
// is the node met last on its line (the seed's neighbour definition of §2).
//
// Crossing. A bridge is the straight segment between the centres of its
// two nodes; it passes over the cells strictly between them on its line,
// which are empty because the nodes are nearest neighbours. Two bridges
// cross iff some empty cell lies strictly inside both: bridges on one axis
// never overlap, bridges on two axes meet at most once, in a cell centre,
// and bridges that share an end touch but do not cross. On the square
// lattice this is the seed's rule (a horizontal and a vertical segment
// meeting in an empty cell); on the hexagonal lattice up to three bridges,
// one per axis, pass over one empty cell and all cross each other.
type Lattice interface {
	// Name is "square" or "hex".
	Name() string
	// Directions returns m, 4 or 6 (at most MaxDirections).
	Directions() int
	// Step returns the cell one step from (row, col) in direction d; it
	// may lie outside the board.
	Step(row, col int, d Direction) (int, int)
	// Lines returns the numbers of the lines of axis a that cross a
	// rows x cols board: first, first+1, ..., first+n-1.
	Lines(rows, cols, a int) (first, n int)
	// Line numbers the line of axis a through (row, col). Along a row it
	// is affine in col: Line(r, c+1, a) - Line(r, c, a) is the same for
	// every r and c.
	Line(row, col, a int) int
	// DirectionName names direction d for messages ("up", "E").
	DirectionName(d Direction) string
	// FormatWord writes a connection configuration ω for messages: the
	// seed's symbols 1..4 on the square lattice ("1123"), direction names
	// on the hexagonal one ("E E SW").
	FormatWord(w Word) string
}

// Square is the square lattice of the seed (§2): four directions, up,
// right, down and left, with the rows (axis 1) and columns (axis 0) as
// lines.
var Square Lattice = square{}

type square struct{}

func (square) Name() string    { return "square" }
func (square) Directions() int { return 4 }

func (square) Step(row, col int, d Direction) (int, int) {
	return row + delta[d][0], col + delta[d][1]
}

func (square) Lines(rows, cols, a int) (int, int) {
	if a == 0 {
		return 0, cols
	}
	return 0, rows
}

func (square) Line(row, col, a int) int {
	if a == 0 {
		return col // up-down: the column
	}
	return row // right-left: the row
}

func (square) DirectionName(d Direction) string { return d.String() }
func (square) FormatWord(w Word) string         { return w.String() }

// opposite returns the direction pointing back from d on a lattice with m
// directions.
func opposite(d Direction, m int) Direction { return (d + Direction(m/2)) % Direction(m) }

// forward returns, for each axis in increasing order of direction, the
// direction of that axis that leads to cells later in row-major order
// (square: right, down; hex: E, SE, SW). A pair's A is its earlier node and
// the pair points from A in one of these.
func forward(lat Lattice) []Direction {
	m := lat.Directions()
	out := make([]Direction, 0, m/2)
	for d := range Direction(m) {
		r, c := lat.Step(0, 0, d)
		if r > 0 || r == 0 && c > 0 {
			out = append(out, d)
		}
	}
	return out
}

// axis returns the axis of direction d on a lattice with m directions.
func axis(d Direction, m int) int { return int(d) % (m / 2) }

// The six directions of the hexagonal lattice, clockwise from east; the
// opposite of d is d+3 mod 6.
const (
	HexE Direction = iota
	HexSE
	HexSW
	HexW
	HexNW
	HexNE
)

// Hex is the hexagonal lattice: a Rows x Cols board of hexagonal cells in
// "odd-r" offset layout. Cells are addressed by 0-based (row, col), rows run
// top to bottom, and every odd row (1, 3, ... counting from 0; rows 2, 4,
// ... as a person counts from 1) is shifted half a cell to the right, so
// that cell (r, c) has its centre at x = c + (r mod 2)/2, y = r·√3/2 in
// cell widths. In axial coordinates (q, r), q = c - (r - r mod 2)/2, the
// six directions are fixed steps:
//
//	E  (+1,  0)   SE (0, +1)   SW (-1, +1)
//	W  (-1,  0)   NW (0, -1)   NE (+1, -1)
//
// so the three axes are the lines r = const (E-W, axis 0), q = const
// (NW-SE, axis 1) and q + r = const (NE-SW, axis 2). Lines of two axes
// through cell centres meet in a cell centre (the equations are
// unimodular), which is why two hex bridges cross exactly when they pass
// over a common empty cell (see Lattice). Nodes have up to six neighbours,
// the seed's §4 open question on nodes with more than four.
var Hex Lattice = hex{}

type hex struct{}

// hexStep gives the axial (dq, dr) step of each hex direction.
var hexStep = [6][2]int{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

var hexNames = [6]string{"E", "SE", "SW", "W", "NW", "NE"}

func (hex) Name() string    { return "hex" }
func (hex) Directions() int { return 6 }

func (hex) Step(row, col int, d Direction) (int, int) {
	q, r := col-(row-(row&1))/2, row
	q, r = q+hexStep[d][0], r+hexStep[d][1]
	return r, q + (r-(r&1))/2
}

func (hex) Lines(rows, cols, a int) (int, int) {
	switch a {
	case 0:
		return 0, rows
	case 1:
		return -((rows - 1) / 2), cols + (rows-1)/2
	}
	return 0, cols + rows/2
}

func (hex) Line(row, col, a int) int {
	switch a {
	case 0:
		return row
	case 1:
		return col - (row-(row&1))/2 // q
	}
	return col + (row+(row&1))/2 // q + r
}

func (hex) DirectionName(d Direction) string {
	if d < 0 || d >= 6 {
		return "?"
	}
	return hexNames[d]
}

// FormatWord writes ω with the seed's convention of repeated symbols, here
// direction names: "E E SW"; the empty word is "∅".
func (hex) FormatWord(w Word) string {
	var b []byte
	for d, x := range w {
		for range x {
			if len(b) > 0 {
				b = append(b, ' ')
			}
			b = append(b, hexNames[d]...)
		}
	}
	if len(b) == 0 {
		return "∅"
	}
	return string(b)
}
