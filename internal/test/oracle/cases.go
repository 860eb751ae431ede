package oracle

import (
	"fmt"
	"strings"
)

// Case is one counting problem of the shared table: a board, a move set and
// the constraints. Want gives the oracle's count in the convention of
// hamilton.Problem (directed paths; closed tours as directed cycles up to
// rotation, each undirected cycle twice).
type Case struct {
	// Name identifies the case for t.Run, for example
	// "knight/4x5/open/start=1,1/end=4,5" (1-based row,col).
	Name string
	// Board names the board: its size, with a suffix when cells are blocked.
	Board      string
	Rows, Cols int
	// Blocked lists the blocked cells, row-major 0-based indices.
	Blocked []int
	// Moves is the move set as a moves.Parse spec; Leapers is the same set
	// as (a, b) pairs for the oracle.
	Moves   string
	Leapers [][2]int
	// Closed asks for Hamiltonian cycles.
	Closed bool
	// Start and End are row-major 0-based cells, or -1 when free. End is
	// always -1 for closed cases.
	Start, End int
}

// Graph returns the oracle's graph of the case's board and moves (cached:
// the same value for every case on that board and move set).
func (c *Case) Graph() *Graph {
	g, _ := c.graphCounts()
	return g
}

// Counts returns the oracle's path counts on the case's board and moves,
// computed once per process and shared by every case on the same graph.
func (c *Case) Counts() *Counts {
	_, k := c.graphCounts()
	return k
}

func (c *Case) graphCounts() (*Graph, *Counts) {
	key := fmt.Sprintf("%dx%d/%v/%v", c.Rows, c.Cols, c.Blocked, c.Leapers)
	return cached(key, func() *Graph { return Build(c.Rows, c.Cols, c.Blocked, c.Leapers) })
}

// StartVertex and EndVertex return the constrained vertices, or -1.
func (c *Case) StartVertex() int { return c.vertex(c.Start) }

// EndVertex returns the vertex of End, or -1.
func (c *Case) EndVertex() int { return c.vertex(c.End) }

func (c *Case) vertex(cell int) int {
	if cell < 0 {
		return -1
	}
	return c.Graph().VertexOf[cell]
}

// Want returns the oracle's count for the case.
func (c *Case) Want() uint64 {
	g, k := c.graphCounts()
	if c.Closed {
		return k.Closed(g, c.StartVertex())
	}
	return k.Open(c.StartVertex(), c.EndVertex())
}

// moveSet is a move set of the table, with the largest board (in open cells)
// it is used on: the brute force costs the number of simple paths, which
// grows fast with the degree.
type moveSet struct {
	name, spec string
	leapers    [][2]int
	maxCells   int
}

var moveSets = []moveSet{
	{"hopido", "hopido", [][2]int{{3, 0}, {2, 2}}, 20},
	{"knight", "knight", [][2]int{{1, 2}}, 20},
	{"wazir", "1,0", [][2]int{{1, 0}}, 20},
	{"camel", "1,3", [][2]int{{1, 3}}, 20},
	{"ferz+threeleaper", "1,1+0,3", [][2]int{{1, 1}, {0, 3}}, 20},
	{"king", "1,0+1,1", [][2]int{{1, 0}, {1, 1}}, 16},
}

// blockedBoards are the table's boards with blocked cells, drawn as text
// maps ('.' open, '#' blocked).
var blockedBoards = []struct{ name, draw string }{
	{"4x5-corners", "#...#/...../...../#...#"},
	{"5x5-ring", "#...#/...../..#../...../#...#"},
	{"5x5-asym", "##.../#..../...#./...../....#"},
	{"3x7-notch", "#....../......./......."},
	{"6x4-holes", "...#/.#../..../..../..#./#..."},
	{"4x4-split", "..#./..#./..../...."},
}

// Cases is the shared table of small counting problems: every board of
// up to 20 cells (all r x c with r*c <= 20) and a few boards with blocked
// cells, for the move sets hopido (3,0+2,2), knight (1,2), wazir (1,0), camel
// (1,3), 1,1+0,3 and king (1,0+1,1; boards of up to 16 open cells only),
// each open and closed, without constraints, with a start, with an end and
// with both (several choices each; closed tours with and without a start).
// Every counter of the module must agree with Want on every case; the cases
// of one board and move set share one brute-force enumeration, computed
// lazily once per process (about a second in all).
var Cases = makeCases()

func makeCases() []Case {
	type boardDef struct {
		name       string
		rows, cols int
		blocked    []int
	}
	var boards []boardDef
	for r := 1; r <= 20; r++ {
		for c := 1; r*c <= 20; c++ {
			boards = append(boards, boardDef{fmt.Sprintf("%dx%d", r, c), r, c, nil})
		}
	}
	for _, bb := range blockedBoards {
		rows := strings.Split(bb.draw, "/")
		d := boardDef{bb.name, len(rows), len(rows[0]), nil}
		for i, row := range rows {
			for j, ch := range row {
				if ch == '#' {
					d.blocked = append(d.blocked, i*d.cols+j)
				}
			}
		}
		boards = append(boards, d)
	}
	var out []Case
	for _, ms := range moveSets {
		for _, bd := range boards {
			open := bd.rows*bd.cols - len(bd.blocked)
			if open > ms.maxCells {
				continue
			}
			isBlocked := make([]bool, bd.rows*bd.cols)
			for _, x := range bd.blocked {
				isBlocked[x] = true
			}
			var cells []int // open cells in row-major order
			for x := range bd.rows * bd.cols {
				if !isBlocked[x] {
					cells = append(cells, x)
				}
			}
			n := len(cells)
			// Constraint choices, as indices into cells: the first open cell
			// (a corner on plain boards), the one nearest the centre, one a
			// third of the way along, and the last.
			centre := 0
			best := 1 << 30
			for i, x := range cells {
				r, k := x/bd.cols, x%bd.cols
				dr, dk := 2*r-(bd.rows-1), 2*k-(bd.cols-1)
				if d := dr*dr + dk*dk; d < best {
					best, centre = d, i
				}
			}
			third, last := n/3, n-1
			base := Case{Board: bd.name, Rows: bd.rows, Cols: bd.cols, Blocked: bd.blocked,
				Moves: ms.spec, Leapers: ms.leapers, Start: -1, End: -1}
			seen := map[[3]int]bool{}
			add := func(closed bool, s, e int) {
				if s >= 0 && s == e && n > 1 {
					return // one cell cannot be both ends of a longer path
				}
				k := [3]int{0, s, e}
				if closed {
					k[0] = 1
				}
				if seen[k] {
					return
				}
				seen[k] = true
				c := base
				c.Closed = closed
				var b strings.Builder
				fmt.Fprintf(&b, "%s/%s/", ms.name, bd.name)
				if closed {
					b.WriteString("closed")
				} else {
					b.WriteString("open")
				}
				if s >= 0 {
					c.Start = cells[s]
					fmt.Fprintf(&b, "/start=%d,%d", cells[s]/bd.cols+1, cells[s]%bd.cols+1)
				}
				if e >= 0 {
					c.End = cells[e]
					fmt.Fprintf(&b, "/end=%d,%d", cells[e]/bd.cols+1, cells[e]%bd.cols+1)
				}
				c.Name = b.String()
				out = append(out, c)
			}
			add(false, -1, -1)
			for _, s := range []int{0, centre, third} {
				add(false, s, -1)
			}
			for _, e := range []int{last, third} {
				add(false, -1, e)
			}
			for _, se := range [][2]int{{0, last}, {centre, 0}, {third, last}, {0, centre}} {
				add(false, se[0], se[1])
			}
			add(true, -1, -1)
			add(true, centre, -1)
			add(true, last, -1)
		}
	}
	return out
}
