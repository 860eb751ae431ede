package format

import (
	"io"
	"strconv"
	"strings"
)

// Cell is a cell as every output writes it: 1-based [row, col].
type Cell [2]int

// NumberGrid returns, for a rows x cols board, the 1-based step at which
// path visits every cell, -1 for blocked cells and 0 for cells the path
// does not visit. path holds 1-based cells inside the board. It takes
// O(rows*cols + len(path)) time.
func NumberGrid(rows, cols int, blocked func(r, c int) bool, path []Cell) [][]int {
	g := make([][]int, rows)
	for r := range g {
		g[r] = make([]int, cols)
		for c := range g[r] {
			if blocked != nil && blocked(r, c) {
				g[r][c] = -1
			}
		}
	}
	for i, c := range path {
		g[c[0]-1][c[1]-1] = i + 1
	}
	return g
}

// WriteGrid writes a numbered grid (NumberGrid) with right-aligned columns
// of equal width, like Figures 4 and 5 of the Diplomatico paper: '#' for
// blocked cells, '.' for cells not visited.
func WriteGrid(w io.Writer, g [][]int) error {
	width := 1
	for _, row := range g {
		for _, x := range row {
			if x > 0 {
				width = max(width, len(strconv.Itoa(x)))
			}
		}
	}
	var sb strings.Builder
	for _, row := range g {
		for c, x := range row {
			if c > 0 {
				sb.WriteByte(' ')
			}
			s := strconv.Itoa(x)
			switch {
			case x < 0:
				s = "#"
			case x == 0:
				s = "."
			}
			sb.WriteString(strings.Repeat(" ", width-len(s)))
			sb.WriteString(s)
		}
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// WritePath writes a path as one "row,col" per line (the text path format
// that verify and render read).
func WritePath(w io.Writer, path []Cell) error {
	var sb strings.Builder
	for _, c := range path {
		sb.WriteString(strconv.Itoa(c[0]))
		sb.WriteByte(',')
		sb.WriteString(strconv.Itoa(c[1]))
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// WriteTable writes a board-shaped table of decimal strings (per-cell
// counts), right-aligned in columns of equal width, '#' for nil (blocked
// cells).
func WriteTable(w io.Writer, t [][]*string) error {
	width := 1
	for _, row := range t {
		for _, s := range row {
			if s != nil {
				width = max(width, len(*s))
			}
		}
	}
	var sb strings.Builder
	for _, row := range t {
		for c, s := range row {
			if c > 0 {
				sb.WriteByte(' ')
			}
			x := "#"
			if s != nil {
				x = *s
			}
			sb.WriteString(strings.Repeat(" ", max(0, width-len(x))))
			sb.WriteString(x)
		}
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
