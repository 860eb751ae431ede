package puzzleio

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/boardgraph/boardgraph/numberlink"
)

// Draw renders g with the connections of sol (nil or a partial solution is
// fine) as ASCII art. Node (r, c) sits on text line 2r, in a field of w
// characters (w = the widest clue) starting at column c·(w+1); the
// characters between fields and the odd lines carry the bridges. For k <= 2
// a horizontal bridge is '-' (one connection) or '=' (two), a vertical one
// '|' or '"'; for k >= 3 both show the count as a digit (10..35 as a..z).
// An empty cell no bridge crosses is '.'.
//
//	2=3-1
//	" |
//	2 1
func Draw(g *numberlink.Grid, sol numberlink.Solution) string {
	w := drawWidth(g)
	width := g.Cols*(w+1) - 1
	canvas := make([][]byte, 2*g.Rows-1)
	for i := range canvas {
		canvas[i] = []byte(strings.Repeat(" ", width))
	}
	clues := g.Clues()
	for r := range g.Rows {
		for c := range g.Cols {
			x := c * (w + 1)
			if m := clues[r*g.Cols+c]; m > 0 {
				s := strconv.Itoa(m)
				copy(canvas[2*r][x+w-len(s):], s)
			} else {
				canvas[2*r][x+w-1] = '.'
			}
		}
	}
	for p, n := range sol {
		if n == 0 || p >= len(g.Pairs) {
			continue
		}
		pr := g.Pairs[p]
		a, b := g.Nodes[pr.A], g.Nodes[pr.B]
		ch := bridgeChar(g.K, int(n), pr.Horizontal)
		if pr.Horizontal {
			line := canvas[2*a.Row]
			for x := a.Col*(w+1) + w; x < b.Col*(w+1); x++ {
				line[x] = ch
			}
		} else {
			x := a.Col*(w+1) + w - 1
			for y := 2*a.Row + 1; y < 2*b.Row; y++ {
				canvas[y][x] = ch
			}
		}
	}
	var sb strings.Builder
	for _, line := range canvas {
		sb.WriteString(strings.TrimRight(string(line), " "))
		sb.WriteByte('\n')
	}
	return sb.String()
}

func drawWidth(g *numberlink.Grid) int {
	w := 1
	for _, nd := range g.Nodes {
		w = max(w, len(strconv.Itoa(nd.Mag)))
	}
	return w
}

const countDigits = "0123456789abcdefghijklmnopqrstuvwxyz"

func bridgeChar(k, n int, horizontal bool) byte {
	switch {
	case k <= 2 && horizontal:
		return " -="[n]
	case k <= 2:
		return " |\""[n]
	case n < len(countDigits):
		return countDigits[n]
	}
	return '#'
}

// bridgeCount is the inverse of bridgeChar: the count a drawing character
// stands for, or -1.
func bridgeCount(k int, ch byte, horizontal bool) int {
	if k <= 2 {
		set := " |\""
		if horizontal {
			set = " -="
		}
		if i := strings.IndexByte(set, ch); i > 0 {
			return i
		}
		return -1
	}
	if i := strings.IndexByte(countDigits, ch); i > 0 {
		return i
	}
	return -1
}

// ParseDrawing reads the bridges of a drawing made by Draw (for example, a
// solution a person edited) of a puzzle with g's size and clues. It walks from
// every node right and down along the drawing and reports each bridge it
// finds; it checks that the drawing's clues match g's and that every bridge
// runs unbroken to a node. It does not check the puzzle's rules; pass the
// result to Verify.
func ParseDrawing(g *numberlink.Grid, data []byte) ([]numberlink.Bridge, error) {
	w := drawWidth(g)
	width := g.Cols*(w+1) - 1
	raw := strings.Split(strings.TrimRight(strings.ReplaceAll(string(data), "\r", ""), "\n"), "\n")
	// Prose after the drawing (numberlink solve's verdict on uniqueness,
	// a blank line) is not part of it.
	if n := 2*g.Rows - 1; len(raw) > n && (strings.TrimSpace(raw[n]) == "" || unicode.IsLetter(rune(strings.TrimSpace(raw[n])[0]))) {
		raw = raw[:n]
	}
	if len(raw) != 2*g.Rows-1 {
		return nil, fmt.Errorf("%w: the drawing has %d lines, a %dx%d puzzle draws as %d", ErrFormat, len(raw), g.Rows, g.Cols, 2*g.Rows-1)
	}
	canvas := make([][]byte, len(raw))
	for i, l := range raw {
		if len(l) > width {
			return nil, fmt.Errorf("%w: drawing line %d has %d characters, at most %d fit a %d-column puzzle", ErrFormat, i+1, len(l), width, g.Cols)
		}
		canvas[i] = []byte(l + strings.Repeat(" ", width-len(l)))
	}
	clues := g.Clues()
	field := func(r, c int) string { x := c * (w + 1); return string(canvas[2*r][x : x+w]) }
	for r := range g.Rows {
		for c := range g.Cols {
			m := clues[r*g.Cols+c]
			if m > 0 {
				if got := strings.TrimSpace(field(r, c)); got != strconv.Itoa(m) {
					return nil, fmt.Errorf("%w: drawing shows %q at (%d,%d), the puzzle's clue is %d: draw the solution of this puzzle", ErrFormat, got, r+1, c+1, m)
				}
			}
		}
	}
	var out []numberlink.Bridge
	for r := range g.Rows {
		for c := range g.Cols {
			if clues[r*g.Cols+c] == 0 {
				continue
			}
			// Right.
			x := c*(w+1) + w
			if c+1 < g.Cols && canvas[2*r][x] != ' ' {
				ch := canvas[2*r][x]
				n := bridgeCount(g.K, ch, true)
				if n < 0 {
					return nil, fmt.Errorf("%w: drawing character %q right of (%d,%d) is not a horizontal bridge", ErrFormat, ch, r+1, c+1)
				}
				c2 := c + 1
				for ; c2 < g.Cols && clues[r*g.Cols+c2] == 0; c2++ {
					if field(r, c2) != strings.Repeat(string(ch), w) || c2+1 >= g.Cols || canvas[2*r][c2*(w+1)+w] != ch {
						return nil, fmt.Errorf("%w: the bridge from (%d,%d) breaks off at (%d,%d)", ErrFormat, r+1, c+1, r+1, c2+1)
					}
				}
				if c2 == g.Cols {
					return nil, fmt.Errorf("%w: the bridge from (%d,%d) runs off the grid", ErrFormat, r+1, c+1)
				}
				out = append(out, numberlink.Bridge{R1: r, C1: c, R2: r, C2: c2, N: n})
			}
			// Down.
			x = c*(w+1) + w - 1
			if r+1 < g.Rows && canvas[2*r+1][x] != ' ' {
				ch := canvas[2*r+1][x]
				n := bridgeCount(g.K, ch, false)
				if n < 0 {
					return nil, fmt.Errorf("%w: drawing character %q below (%d,%d) is not a vertical bridge", ErrFormat, ch, r+1, c+1)
				}
				r2 := r + 1
				for ; r2 < g.Rows && clues[r2*g.Cols+c] == 0; r2++ {
					if canvas[2*r2][x] != ch || r2+1 >= g.Rows || canvas[2*r2+1][x] != ch {
						return nil, fmt.Errorf("%w: the bridge from (%d,%d) breaks off at (%d,%d)", ErrFormat, r+1, c+1, r2+1, c+1)
					}
				}
				if r2 == g.Rows {
					return nil, fmt.Errorf("%w: the bridge from (%d,%d) runs off the grid", ErrFormat, r+1, c+1)
				}
				out = append(out, numberlink.Bridge{R1: r, C1: c, R2: r2, C2: c, N: n})
			}
		}
	}
	return out, nil
}
