package hidato

import (
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

// ErrPuzzle reports a puzzle that is malformed: givens out of range or
// repeated, a board without open cells, or one with more than MaxCells.
var ErrPuzzle = errors.New("bad puzzle")

// MaxCells is the most open cells the solvers, the grader and the
// generator take: their state holds a set of cells for every number, N^2
// bits (32 MiB at MaxCells, a copy per lookahead trial), so a larger board
// would exhaust memory before the first deduction (a 1000x1000 board
// needed 125 GB).
const MaxCells = 1 << 14

// Puzzle is a Hidato-style numbering puzzle on a leaper board: fill every
// open cell of Board with the numbers 1..N (N open cells) so that each
// number k > 1 is one move of Moves from k-1 (the Diplomatico paper's rules,
// §I, for any leaper set), keeping the givens Board carries. A solution is
// a Hamiltonian path of the board graph read from 1 to N (a directed path:
// the numbering fixes its direction).
type Puzzle struct {
	Board *board.Board
	Moves moves.Set
}

// Givens returns the number of cells that carry a given.
func (p *Puzzle) Givens() int {
	c := 0
	for cell := range int32(p.Board.Cells()) {
		if p.Board.Given(cell) > 0 {
			c++
		}
	}
	return c
}

// compile builds the model of p and the givens as 0-based numbers per
// vertex. It checks the givens.
func (p *Puzzle) compile() (*model, []int32, error) {
	if p.Board == nil {
		return nil, nil, fmt.Errorf("%w: no board", ErrPuzzle)
	}
	if len(p.Moves.Leapers) == 0 {
		return nil, nil, fmt.Errorf("%w: no moves; use moves.Hopido() or moves.Parse", ErrPuzzle)
	}
	n := p.Board.Open()
	if n == 0 {
		return nil, nil, fmt.Errorf("%w: the board has no open cell", ErrPuzzle)
	}
	if n > MaxCells {
		return nil, nil, fmt.Errorf("%w: %s has %d open cells; the solver keeps a set of cells per number (N^2 bits) and takes at most %d open cells (128x128): use a smaller board", ErrPuzzle, p.Board.Spec(), n, MaxCells)
	}
	bg := moves.Build(p.Board, p.Moves)
	given := make([]int32, n)
	seen := make(map[int32]int32)
	for v := range given {
		cell := bg.CellOf[v]
		g := p.Board.Given(cell)
		if g > int32(n) || g < 0 {
			return nil, nil, fmt.Errorf("%w: cell %s holds %d but the board has only %d open cells", ErrPuzzle, p.Board.FormatCell(cell), g, n)
		}
		if c, dup := seen[g]; dup && g > 0 {
			return nil, nil, fmt.Errorf("%w: %d is given twice (cells %s and %s); each number appears once", ErrPuzzle, g, p.Board.FormatCell(c), p.Board.FormatCell(cell))
		}
		if g > 0 {
			seen[g] = cell
		}
		given[v] = g - 1
	}
	return newModel(bg), given, nil
}

// Rules returns the verify rules of p: its shape, moves and givens.
func (p *Puzzle) Rules() verify.Rules {
	b := p.Board
	r := verify.Rules{Rows: b.Rows, Cols: b.Cols, Name: p.Moves.Name,
		Blocked: make([]bool, b.Cells()), Givens: make([]int, b.Cells())}
	for cell := range int32(b.Cells()) {
		r.Blocked[cell] = b.Blocked(cell)
		r.Givens[cell] = int(b.Given(cell))
	}
	for _, l := range p.Moves.Leapers {
		r.Leapers = append(r.Leapers, [2]int{l.A, l.B})
	}
	return r
}

// Check verifies a solution, the board cells of the numbers 1..N in order,
// with package verify (which shares no code with the solvers).
func (p *Puzzle) Check(solution []int32) error {
	path := make([]verify.Cell, len(solution))
	for i, c := range solution {
		r, col := p.Board.RowCol(c)
		path[i] = verify.Cell{Row: r + 1, Col: col + 1}
	}
	return verify.Path(p.Rules(), path)
}

// Filled returns a copy of p's board with every open cell given its number
// from solution (the board cells of 1..N): the solved grid.
func (p *Puzzle) Filled(solution []int32) *board.Board {
	b := p.Board.Clone()
	for i, c := range solution {
		b.SetGiven(c, int32(i+1))
	}
	return b
}
