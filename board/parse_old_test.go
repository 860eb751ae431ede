package board

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// oldParse is Parse as it was before it stopped holding a string per cell
// (213 MB for a 10 MB map): the reference for FuzzParseMatchesOld.
func oldParse(r io.Reader) (*Board, error) {
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

// FuzzParseMatchesOld checks that Parse reads every map as the per-cell
// string version did: the same board, or an error (with the same message,
// except for invalid UTF-8, now quoted byte by byte, and which of several
// givens over the open cells is named).
func FuzzParseMatchesOld(f *testing.F) {
	for _, s := range []string{
		"..#\n.1.\n", ". . #\n. 12 .\n. . .\n. . .\n. . .\n", "// c\n\n..\n#.\n", "##\n##", "1.\n.1\n",
		"...\n..\n", ".x", "0", "\r\n.\r\n", ". -1", "\t.\t.\n..", ".00.00.\n0000000\n", "..\n\n..\n", "9.\n..\n",
		"1 2 3\n4 5 6\n7 8 99\n", "..é\n...\n", "  // x\n . \n", "3.3\n...\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := Parse(strings.NewReader(s))
		want, werr := oldParse(strings.NewReader(s))
		switch {
		case err != nil && werr != nil:
			if err.Error() != werr.Error() && !strings.Contains(err.Error(), "exceeds") && !strings.Contains(err.Error(), `\x`) {
				t.Fatalf("%q: error %q, was %q", s, err, werr)
			}
		case err != nil || werr != nil:
			t.Fatalf("%q: error %v, was %v", s, err, werr)
		case got.Format() != want.Format():
			t.Fatalf("%q: read as\n%s, was\n%s", s, got.Format(), want.Format())
		}
	})
}
