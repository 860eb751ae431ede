package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxCells is the largest number of cells a board may have. Cells are indexed
// by int32 inside the solvers; the bound leaves room for that.
const MaxCells = 1 << 30

// Errors returned by the parsers, wrapped with details.
var (
	ErrSpec  = errors.New("bad board spec")
	ErrMap   = errors.New("bad board map")
	ErrCoord = errors.New("bad cell")
)

// Board is a rectangular board of Rows x Cols cells, some of which may be
// blocked, some of which may carry a given (a Hidato-style clue: the number
// the cell must hold in a solution). Cells are indexed row-major from 0
// inside the program; every text a person reads or writes uses 1-based
// "row,col" (the Diplomatico paper's v_{i,j}: row i, column j).
type Board struct {
	Rows, Cols int
	blocked    []bool  // nil when no cell is blocked
	givens     []int32 // nil when there are no givens; 0 = none
}

// New returns an open board with no givens.
func New(rows, cols int) (*Board, error) {
	if rows < 1 || cols < 1 {
		return nil, fmt.Errorf("%w: %dx%d: rows and columns must both be at least 1", ErrSpec, rows, cols)
	}
	if rows > MaxCells/cols {
		return nil, fmt.Errorf("%w: %dx%d has %d cells; at most %d are supported", ErrSpec, rows, cols, int64(rows)*int64(cols), MaxCells)
	}
	return &Board{Rows: rows, Cols: cols}, nil
}

// ParseSpec parses a size spec "RxC" (R rows, C columns; "4x7" has 4 rows).
func ParseSpec(s string) (*Board, error) {
	r, c, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	if !ok {
		return nil, fmt.Errorf("%w %q: want ROWSxCOLS, for example 5x5", ErrSpec, s)
	}
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("%w %q: rows and columns must be whole numbers, for example 5x5", ErrSpec, s)
	}
	return New(rows, cols)
}

// Cells returns Rows*Cols.
func (b *Board) Cells() int { return b.Rows * b.Cols }

// Cell returns the index of the cell at 0-based (row, col).
func (b *Board) Cell(row, col int) int32 { return int32(row*b.Cols + col) }

// RowCol returns the 0-based row and column of cell.
func (b *Board) RowCol(cell int32) (row, col int) { return int(cell) / b.Cols, int(cell) % b.Cols }

// Inside reports whether 0-based (row, col) lies on the board.
func (b *Board) Inside(row, col int) bool {
	return row >= 0 && row < b.Rows && col >= 0 && col < b.Cols
}

// Blocked reports whether cell is blocked.
func (b *Board) Blocked(cell int32) bool { return b.blocked != nil && b.blocked[cell] }

// SetBlocked blocks or unblocks cell.
func (b *Board) SetBlocked(cell int32, blocked bool) {
	if b.blocked == nil {
		if !blocked {
			return
		}
		b.blocked = make([]bool, b.Cells())
	}
	b.blocked[cell] = blocked
}

// Open returns the number of cells that are not blocked.
func (b *Board) Open() int {
	n := b.Cells()
	for _, x := range b.blocked {
		if x {
			n--
		}
	}
	return n
}

// Given returns the number the cell must hold, or 0 if it has no given.
func (b *Board) Given(cell int32) int32 {
	if b.givens == nil {
		return 0
	}
	return b.givens[cell]
}

// SetGiven records that cell must hold n (n = 0 clears it).
func (b *Board) SetGiven(cell int32, n int32) {
	if b.givens == nil {
		if n == 0 {
			return
		}
		b.givens = make([]int32, b.Cells())
	}
	b.givens[cell] = n
}

// HasGivens reports whether any cell carries a given.
func (b *Board) HasGivens() bool {
	for _, g := range b.givens {
		if g != 0 {
			return true
		}
	}
	return false
}

// Plain reports whether the board has no blocked cells and no givens.
func (b *Board) Plain() bool { return b.Open() == b.Cells() && !b.HasGivens() }

// Spec returns "RxC".
func (b *Board) Spec() string { return fmt.Sprintf("%dx%d", b.Rows, b.Cols) }

// FormatCell returns the 1-based "row,col" of cell.
func (b *Board) FormatCell(cell int32) string {
	r, c := b.RowCol(cell)
	return fmt.Sprintf("%d,%d", r+1, c+1)
}

// ParseCell parses a 1-based "row,col" and returns the cell index. It rejects
// cells outside the board and blocked cells.
func (b *Board) ParseCell(s string) (int32, error) {
	r, c, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return -1, fmt.Errorf("%w %q: want ROW,COL counted from 1, for example 1,1", ErrCoord, s)
	}
	row, err1 := strconv.Atoi(strings.TrimSpace(r))
	col, err2 := strconv.Atoi(strings.TrimSpace(c))
	if err1 != nil || err2 != nil {
		return -1, fmt.Errorf("%w %q: want ROW,COL counted from 1, for example 1,1", ErrCoord, s)
	}
	if row < 1 || row > b.Rows || col < 1 || col > b.Cols {
		return -1, fmt.Errorf("%w %d,%d: outside the %dx%d board (rows 1..%d, columns 1..%d)", ErrCoord, row, col, b.Rows, b.Cols, b.Rows, b.Cols)
	}
	cell := b.Cell(row-1, col-1)
	if b.Blocked(cell) {
		return -1, fmt.Errorf("%w %d,%d: the cell is blocked; choose an open cell", ErrCoord, row, col)
	}
	return cell, nil
}

// Clone returns a deep copy of b.
func (b *Board) Clone() *Board {
	c := *b
	if b.blocked != nil {
		c.blocked = append([]bool(nil), b.blocked...)
	}
	if b.givens != nil {
		c.givens = append([]int32(nil), b.givens...)
	}
	return &c
}
