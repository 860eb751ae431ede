package board

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
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
func Parse(r io.Reader) (*Board, error) {
	var rows [][]string
	sc := bufio.NewScanner(io.LimitReader(r, MaxMapBytes+1))
	sc.Buffer(make([]byte, 0, 64*1024), MaxMapBytes+1)
	var lines []string
	total := 0
	for sc.Scan() {
		line := strings.TrimRightFunc(sc.Text(), unicode.IsSpace)
		total += len(line) + 1
		if total > MaxMapBytes {
			return nil, fmt.Errorf("%w: larger than %d bytes; use a size spec such as 100x100 for plain boards", ErrMap, MaxMapBytes)
		}
		if strings.HasPrefix(strings.TrimSpace(line), "//") {
			continue
		}
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMap, err)
	}
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%w: no rows; draw the board with '.' for open and '#' for blocked cells", ErrMap)
	}
	separated := false
	for _, l := range lines {
		if strings.ContainsFunc(strings.TrimSpace(l), unicode.IsSpace) {
			separated = true
		}
	}
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			return nil, fmt.Errorf("%w: row %d is empty; remove blank lines inside the map", ErrMap, i+1)
		}
		if separated {
			rows = append(rows, strings.Fields(l))
		} else {
			cells := make([]string, 0, len(l))
			for _, ch := range l {
				cells = append(cells, string(ch))
			}
			rows = append(rows, cells)
		}
	}
	cols := len(rows[0])
	for i, row := range rows {
		if len(row) != cols {
			return nil, fmt.Errorf("%w: row %d has %d cells but row 1 has %d; every row needs the same width", ErrMap, i+1, len(row), cols)
		}
	}
	b, err := New(len(rows), cols)
	if err != nil {
		return nil, err
	}
	seen := map[int32]string{}
	for i, row := range rows {
		for j, tok := range row {
			cell := b.Cell(i, j)
			switch {
			case tok == ".":
			case tok == "#":
				b.SetBlocked(cell, true)
			default:
				n, err := strconv.Atoi(tok)
				if err != nil || tok[0] < '0' || tok[0] > '9' {
					return nil, fmt.Errorf("%w: row %d, column %d: unexpected %q; use '.' (open), '#' (blocked) or a number (given)", ErrMap, i+1, j+1, tok)
				}
				if n < 1 || n > MaxCells {
					return nil, fmt.Errorf("%w: row %d, column %d: given %d; givens count from 1", ErrMap, i+1, j+1, n)
				}
				if prev, dup := seen[int32(n)]; dup {
					return nil, fmt.Errorf("%w: the given %d appears at %s and at %d,%d; each number goes in one cell", ErrMap, n, prev, i+1, j+1)
				}
				seen[int32(n)] = fmt.Sprintf("%d,%d", i+1, j+1)
				b.SetGiven(cell, int32(n))
			}
		}
	}
	open := b.Open()
	if open == 0 {
		return nil, fmt.Errorf("%w: every cell is blocked; open at least one cell with '.'", ErrMap)
	}
	for n, at := range seen {
		if int(n) > open {
			return nil, fmt.Errorf("%w: the given %d at %s exceeds the %d open cells", ErrMap, n, at, open)
		}
	}
	return b, nil
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
