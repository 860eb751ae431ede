package board

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxMapBytes bounds the size of a text map accepted by Parse.
const MaxMapBytes = 64 << 20

// Parse reads a board drawn as a text map, one line per row:
//
//	.   an open cell
//	#   a blocked cell
//	N   an open cell that must hold the number N (a given, 1..open cells)
//
// Cells are written either without separators ("..#..", every character one
// cell, givens limited to one digit) or separated by white space
// (". . # 12 .", any given). A map that has white space between cells on any
// row is read in the separated form. Lines starting with "//" are comments;
// blank lines before and after the map are ignored, and all rows must have
// the same number of cells.
//
// Parse reads at most MaxMapBytes and holds about one byte per cell beyond
// the input while it works (a 10 MB map takes some 30 MB).
func Parse(r io.Reader) (*Board, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxMapBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMap, err)
	}
	if len(data) > MaxMapBytes {
		return nil, fmt.Errorf("%w: larger than %d MiB, the limit; use a size spec such as 100x100 for plain boards", ErrMap, MaxMapBytes>>20)
	}
	lines, separated, cols, err := mapRows(data)
	if err != nil {
		return nil, err
	}
	b, err := New(len(lines), cols)
	if err != nil {
		return nil, err
	}
	g := &mapGivens{b: b}
	for i, l := range lines {
		j := 0
		if separated {
			for tok := range bytes.FieldsSeq(l) {
				if err := g.set(i, j, tok); err != nil {
					return nil, err
				}
				j++
			}
			continue
		}
		for k := 0; k < len(l); {
			_, size := utf8.DecodeRune(l[k:])
			if err := g.set(i, j, l[k:k+size]); err != nil {
				return nil, err
			}
			k += size
			j++
		}
	}
	if err := g.check(); err != nil {
		return nil, err
	}
	return b, nil
}

// mapRows returns the rows of a text map (they share data): its lines
// trimmed, "//" comments left out, blank lines before and after the map
// dropped; whether the cells are separated by white space (on any row),
// and the width every row has.
func mapRows(data []byte) (lines [][]byte, separated bool, cols int, err error) {
	for line := range bytes.Lines(data) {
		line = bytes.TrimRightFunc(line, unicode.IsSpace)
		if bytes.HasPrefix(bytes.TrimSpace(line), []byte("//")) {
			continue
		}
		lines = append(lines, line)
	}
	for len(lines) > 0 && len(bytes.TrimSpace(lines[0])) == 0 {
		lines = lines[1:]
	}
	for len(lines) > 0 && len(bytes.TrimSpace(lines[len(lines)-1])) == 0 {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil, false, 0, fmt.Errorf("%w: no rows; draw the board with '.' for open and '#' for blocked cells", ErrMap)
	}
	for i, l := range lines {
		l = bytes.TrimSpace(l)
		lines[i] = l
		if bytes.ContainsFunc(l, unicode.IsSpace) {
			separated = true
		}
	}
	width := func(l []byte) int {
		if separated {
			n := 0
			for range bytes.FieldsSeq(l) {
				n++
			}
			return n
		}
		return utf8.RuneCount(l)
	}
	for i, l := range lines {
		if len(l) == 0 {
			return nil, false, 0, fmt.Errorf("%w: row %d is empty; remove blank lines inside the map", ErrMap, i+1)
		}
	}
	for i, l := range lines {
		w := width(l)
		if i == 0 {
			cols = w
		} else if w != cols {
			return nil, false, 0, fmt.Errorf("%w: row %d has %d cells but row 1 has %d; every row needs the same width", ErrMap, i+1, w, cols)
		}
	}
	return lines, separated, cols, nil
}

// mapGivens sets the cells of board b from a map's tokens and keeps its
// givens: givenAt[n] is 1 + the cell of the given n (n <= rows*cols); a
// given beyond the cells is over the open cells too, reported by check.
type mapGivens struct {
	b       *Board
	givenAt []int32
	over    int    // the first given beyond the cells, or 0
	overAt  string // its row,col
}

// set sets the cell at row i, column j (0-based) from its token: '.',
// '#' or a given.
func (g *mapGivens) set(i, j int, tok []byte) error {
	b := g.b
	cell := b.Cell(i, j)
	switch {
	case len(tok) == 1 && tok[0] == '.':
	case len(tok) == 1 && tok[0] == '#':
		b.SetBlocked(cell, true)
	default:
		n, err := strconv.Atoi(string(tok))
		if err != nil || tok[0] < '0' || tok[0] > '9' {
			return fmt.Errorf("%w: row %d, column %d: unexpected %q; use '.' (open), '#' (blocked) or a number (given)", ErrMap, i+1, j+1, tok)
		}
		if n < 1 || n > MaxCells {
			return fmt.Errorf("%w: row %d, column %d: given %d; givens count from 1", ErrMap, i+1, j+1, n)
		}
		if n > b.Cells() {
			if g.over == 0 {
				g.over, g.overAt = n, fmt.Sprintf("%d,%d", i+1, j+1)
			}
		} else {
			if g.givenAt == nil {
				g.givenAt = make([]int32, b.Cells()+1)
			}
			if prev := g.givenAt[n]; prev != 0 {
				pr, pc := b.RowCol(prev - 1)
				return fmt.Errorf("%w: the given %d appears at %d,%d and at %d,%d; each number goes in one cell", ErrMap, n, pr+1, pc+1, i+1, j+1)
			}
			g.givenAt[n] = cell + 1
		}
		b.SetGiven(cell, int32(n))
	}
	return nil
}

// check refuses a board once every cell is set: no open cell, or a given
// beyond the open cells.
func (g *mapGivens) check() error {
	b := g.b
	open := b.Open()
	if open == 0 {
		return fmt.Errorf("%w: every cell is blocked; open at least one cell with '.'", ErrMap)
	}
	if g.over > 0 {
		return fmt.Errorf("%w: the given %d at %s exceeds the %d open cells", ErrMap, g.over, g.overAt, open)
	}
	for n := len(g.givenAt) - 1; n > open; n-- {
		if at := g.givenAt[n]; at != 0 {
			r, c := b.RowCol(at - 1)
			return fmt.Errorf("%w: the given %d at %d,%d exceeds the %d open cells", ErrMap, n, r+1, c+1, open)
		}
	}
	return nil
}

// Format writes the board as a text map that Parse reads back: the compact
// form when every given is a single digit, the separated form otherwise.
func (b *Board) Format() string {
	separated := false
	for _, g := range b.givens {
		if g > 9 {
			separated = true
		}
	}
	var sb strings.Builder
	for r := range b.Rows {
		for c := range b.Cols {
			cell := b.Cell(r, c)
			if separated && c > 0 {
				sb.WriteByte(' ')
			}
			switch {
			case b.Blocked(cell):
				sb.WriteByte('#')
			case b.Given(cell) != 0:
				sb.WriteString(strconv.Itoa(int(b.Given(cell))))
			default:
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
