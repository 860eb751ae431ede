package verify

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ErrInvalid is wrapped by every error that says a path or grid breaks the
// rules. Errors that say the input could not be read wrap ErrSyntax instead.
var (
	ErrInvalid = errors.New("invalid solution")
	ErrSyntax  = errors.New("unreadable solution")
)

// Cell is a board cell in the 1-based row,col coordinates a person reads
// (the Diplomatico paper's v_{i,j}).
type Cell struct{ Row, Col int }

func (c Cell) String() string { return strconv.Itoa(c.Row) + "," + strconv.Itoa(c.Col) }

// Rules describes what a valid solution must satisfy. It holds plain values
// only, so that it can be filled from any board representation.
type Rules struct {
	Rows, Cols int
	// Blocked, if not nil, has Rows*Cols entries in row-major order; true
	// marks a cell no path may visit.
	Blocked []bool
	// Givens, if not nil, has Rows*Cols entries in row-major order: the
	// 1-based step at which the path must visit the cell, or 0 for none.
	Givens []int
	// Leapers lists the move families as (a,b) pairs; every sign and order
	// combination of each is a legal move (Vectors).
	Leapers [][2]int
	// Name, if set, names the move set in messages ("hopido"); otherwise
	// MoveName(Leapers) does.
	Name string
	// Start and End, if not nil, fix the first and last cell.
	Start, End *Cell
	// Closed asks for a closed tour: the last cell must be one move from
	// the first.
	Closed bool
}

// Vectors returns every move (dr,dc) of a set of leapers: for each (a,b),
// all of (±a,±b) and (±b,±a), without duplicates. It never returns (0,0).
func Vectors(leapers [][2]int) [][2]int {
	var out [][2]int
	add := func(v [2]int) {
		if v == [2]int{0, 0} {
			return
		}
		for _, w := range out {
			if w == v {
				return
			}
		}
		out = append(out, v)
	}
	for _, l := range leapers {
		for _, sa := range []int{1, -1} {
			for _, sb := range []int{1, -1} {
				add([2]int{sa * l[0], sb * l[1]})
				add([2]int{sb * l[1], sa * l[0]})
			}
		}
	}
	return out
}

// MoveName writes a set of leapers the way a person types it: "3,0+2,2".
func MoveName(leapers [][2]int) string {
	parts := make([]string, len(leapers))
	for i, l := range leapers {
		parts[i] = strconv.Itoa(l[0]) + "," + strconv.Itoa(l[1])
	}
	return strings.Join(parts, "+")
}

// Error is a broken rule. Step is the 1-based step of the path where it
// breaks (0 when the fault is not at one step, such as a missing cell).
type Error struct {
	Step int
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Unwrap makes errors.Is(err, ErrInvalid) true.
func (e *Error) Unwrap() error { return ErrInvalid }

func invalid(step int, format string, a ...any) error {
	return &Error{Step: step, Msg: fmt.Sprintf(format, a...)}
}

// Path checks that path (cells in visiting order) is a solution under r: it
// stays on the board's open cells, visits each exactly once, moves by one of
// r's vectors at each step, honours the start, end and givens, and for a
// closed tour returns to the first cell in one move. It returns nil or an
// *Error naming the first broken step, for example
// "step 17 -> 18: 3,4 to 5,5 is not a move of 3,0+2,2".
//
// The cost is O(cells + len(path) * moves).
func Path(r Rules, path []Cell) error {
	if r.Rows < 1 || r.Cols < 1 {
		return invalid(0, "the board %dx%d has no cells", r.Rows, r.Cols)
	}
	cells := r.Rows * r.Cols
	if r.Blocked != nil && len(r.Blocked) != cells {
		return invalid(0, "the blocked-cell list has %d entries for %d cells", len(r.Blocked), cells)
	}
	if r.Givens != nil && len(r.Givens) != cells {
		return invalid(0, "the givens list has %d entries for %d cells", len(r.Givens), cells)
	}
	if len(path) == 0 {
		return invalid(0, "the path is empty")
	}
	vecs := Vectors(r.Leapers)
	name := r.Name
	if name == "" {
		name = MoveName(r.Leapers)
	}
	isMove := func(a, b Cell) bool {
		d := [2]int{b.Row - a.Row, b.Col - a.Col}
		for _, v := range vecs {
			if v == d {
				return true
			}
		}
		return false
	}
	blocked := func(i int) bool { return r.Blocked != nil && r.Blocked[i] }
	open := 0
	for i := range cells {
		if !blocked(i) {
			open++
		}
	}
	visitedAt := make([]int32, cells) // cell -> 1-based step, 0 = not yet
	for k, c := range path {
		step := k + 1
		if c.Row < 1 || c.Row > r.Rows || c.Col < 1 || c.Col > r.Cols {
			return invalid(step, "step %d: %s is outside the %dx%d board", step, c, r.Rows, r.Cols)
		}
		i := (c.Row-1)*r.Cols + (c.Col - 1)
		if blocked(i) {
			return invalid(step, "step %d: %s is a blocked cell", step, c)
		}
		if prev := visitedAt[i]; prev != 0 {
			return invalid(step, "step %d: %s was already visited at step %d", step, c, prev)
		}
		visitedAt[i] = int32(step)
		if k > 0 && !isMove(path[k-1], c) {
			return invalid(step, "step %d -> %d: %s to %s is not a move of %s", step-1, step, path[k-1], c, name)
		}
		if r.Givens != nil && r.Givens[i] != 0 && r.Givens[i] != step {
			return invalid(step, "step %d: %s holds the given %d, so it must be step %d", step, c, r.Givens[i], r.Givens[i])
		}
		if step == 1 && r.Start != nil && c != *r.Start {
			return invalid(step, "step 1: the path starts at %s but must start at %s", c, *r.Start)
		}
	}
	if len(path) < open {
		for i := range cells {
			if !blocked(i) && visitedAt[i] == 0 {
				return invalid(0, "the path visits %d of %d open cells; %s is never visited", len(path), open, Cell{i/r.Cols + 1, i%r.Cols + 1})
			}
		}
	}
	last := path[len(path)-1]
	if r.End != nil && last != *r.End {
		return invalid(len(path), "step %d: the path ends at %s but must end at %s", len(path), last, *r.End)
	}
	if r.Closed && !isMove(last, path[0]) {
		return invalid(len(path), "step %d -> 1: %s to %s is not a move of %s, so the tour is not closed", len(path), last, path[0], name)
	}
	return nil
}

// Grid is a numbered grid as a person writes one: Numbers[row][col] is the
// step at which the path visits the cell (1-based), 0 for a cell without a
// number, -1 for a blocked cell ('#').
type Grid struct {
	Rows, Cols int
	Numbers    [][]int
}

// GridPath turns a numbered grid into the path it describes. It fails with
// an *Error when a number is missing, repeated or out of range, or an open
// cell has no number.
func GridPath(g Grid) ([]Cell, error) {
	open := 0
	for _, row := range g.Numbers {
		for _, x := range row {
			if x >= 0 {
				open++
			}
		}
	}
	path := make([]Cell, open)
	for i, row := range g.Numbers {
		for j, x := range row {
			c := Cell{i + 1, j + 1}
			switch {
			case x < 0:
			case x == 0:
				return nil, invalid(0, "cell %s has no number", c)
			case x > open:
				return nil, invalid(0, "cell %s holds %d, but the grid has only %d open cells", c, x, open)
			case path[x-1] != (Cell{}):
				return nil, invalid(x, "step %d: the number %d appears at %s and at %s", x, x, path[x-1], c)
			default:
				path[x-1] = c
			}
		}
	}
	return path, nil
}

// CheckGrid checks a numbered grid under r: its shape and blocked cells
// must match r, and the path it describes must pass Path.
func CheckGrid(r Rules, g Grid) error {
	if g.Rows != r.Rows || g.Cols != r.Cols {
		return invalid(0, "the grid is %dx%d but the board is %dx%d", g.Rows, g.Cols, r.Rows, r.Cols)
	}
	for i, row := range g.Numbers {
		for j, x := range row {
			b := r.Blocked != nil && r.Blocked[i*r.Cols+j]
			if b && x >= 0 {
				return invalid(0, "cell %d,%d is blocked on the board but holds a number in the grid", i+1, j+1)
			}
			if !b && x < 0 {
				return invalid(0, "cell %d,%d is open on the board but blocked in the grid", i+1, j+1)
			}
		}
	}
	path, err := GridPath(g)
	if err != nil {
		return err
	}
	return Path(r, path)
}

// ParsePath reads a path file: one "row,col" per line (1-based), blank
// lines and lines starting with "//" or "#" ignored, except that a blank
// line between two cells is an error (it separates two paths, as
// enumerate writes them).
func ParsePath(rd io.Reader) ([]Cell, error) {
	var out []Cell
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line, gap := 0, 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" && len(out) > 0 && gap == 0 {
			gap = line
		}
		if s == "" || strings.HasPrefix(s, "//") || strings.HasPrefix(s, "#") {
			continue
		}
		if gap > 0 {
			return nil, gapErr(line, gap)
		}
		c, ok := parseCell(s)
		if !ok {
			return nil, fmt.Errorf("%w: line %d: %q is not a cell; write one row,col per line, for example 1,1", ErrSyntax, line, s)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, scanErr(err, line+1, "1 MiB", "write one row,col per line")
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no cells; write one row,col per line, for example 1,1", ErrSyntax)
	}
	return out, nil
}

// gapErr is the error for a cell on line after the blank line gap that
// followed earlier cells.
func gapErr(line, gap int) error {
	return fmt.Errorf("%w: line %d: a blank line between cells (line %d) separates two paths, as enumerate writes them: give one path per file", ErrSyntax, line, gap)
}

// scanErr words a line scanner's error at line: a line over the
// scanner's limit is named with the limit and fix (it used to read
// "bufio.Scanner: token too long"); a read error is passed on.
func scanErr(err error, line int, limit, fix string) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("%w: line %d is longer than %s; %s", ErrSyntax, line, limit, fix)
	}
	return fmt.Errorf("%w: %w", ErrSyntax, err)
}

func parseCell(s string) (Cell, bool) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return Cell{}, false
	}
	r, err1 := strconv.Atoi(strings.TrimSpace(a))
	c, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return Cell{}, false
	}
	return Cell{r, c}, true
}

// ParseGrid reads a numbered grid: one line per row, cells separated by
// white space, each a positive number, '#' (blocked) or '.' (open, no
// number). Blank lines around the grid and lines starting with "//" are
// ignored; every row must have the same number of cells.
func ParseGrid(rd io.Reader) (Grid, error) {
	var g Grid
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 4096), 16<<20)
	line := 0
	ended := false
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(s, "//") {
			continue
		}
		if s == "" {
			ended = len(g.Numbers) > 0
			continue
		}
		if ended {
			return Grid{}, fmt.Errorf("%w: line %d: a blank line inside the grid; one grid per file", ErrSyntax, line)
		}
		var row []int
		for _, tok := range strings.Fields(s) {
			switch tok {
			case "#":
				row = append(row, -1)
			case ".":
				row = append(row, 0)
			default:
				n, err := strconv.Atoi(tok)
				if err != nil || n < 1 || tok[0] == '+' {
					return Grid{}, fmt.Errorf("%w: line %d: %q is not a cell; use a number from 1, '#' (blocked) or '.' (open)", ErrSyntax, line, tok)
				}
				row = append(row, n)
			}
		}
		if len(g.Numbers) > 0 && len(row) != g.Cols {
			return Grid{}, fmt.Errorf("%w: line %d has %d cells but the first row has %d; every row needs the same width", ErrSyntax, line, len(row), g.Cols)
		}
		g.Cols = len(row)
		g.Numbers = append(g.Numbers, row)
	}
	if err := sc.Err(); err != nil {
		return Grid{}, scanErr(err, line+1, "16 MiB", "write large solutions as path files (one row,col per line)")
	}
	if len(g.Numbers) == 0 {
		return Grid{}, fmt.Errorf("%w: no rows; write one line of numbers per board row", ErrSyntax)
	}
	g.Rows = len(g.Numbers)
	return g, nil
}
