package numberlink

import (
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The readers below are small test-only decoders of the puzzle texts the
// tests of this package use: the readers proper live in package puzzleio,
// which imports this package, so these tests cannot call them. puzzleio's
// own tests check that its readers agree with the grids built here.

// gridOf builds a rows x cols k-grid from row-major clues.
func gridOf(t testing.TB, rows, cols, k int, clues ...int) *Grid {
	t.Helper()
	g, err := NewGrid(rows, cols, k, clues)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// parseText reads the simple form of the text format: an optional header
// "k=<k> [noloops] [disconnected]" and rows of one character per cell ('.'
// or '0' empty, '1'-'9' a clue).
func parseText(data []byte) (*Grid, Rules, error) {
	k, rules := 2, Rules{}
	var rows []string
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "k="):
			for i, w := range strings.Fields(l) {
				switch {
				case i == 0:
					v, err := strconv.Atoi(w[2:])
					if err != nil {
						return nil, rules, err
					}
					k = v
				case w == "noloops":
					rules.NoLoops = true
				case w == "disconnected":
					rules.AllowDisconnected = true
				default:
					return nil, rules, fmt.Errorf("header word %q", w)
				}
			}
		default:
			rows = append(rows, l)
		}
	}
	if len(rows) == 0 {
		return nil, rules, fmt.Errorf("no rows")
	}
	var clues []int
	for _, r := range rows {
		if len(r) != len(rows[0]) {
			return nil, rules, fmt.Errorf("row %q has another length", r)
		}
		for _, ch := range r {
			switch {
			case ch == '.' || ch == '0':
				clues = append(clues, 0)
			case ch >= '1' && ch <= '9':
				clues = append(clues, int(ch-'0'))
			default:
				return nil, rules, fmt.Errorf("cell %q", ch)
			}
		}
	}
	g, err := NewGrid(len(rows), len(rows[0]), k, clues)
	return g, rules, err
}

// formatText writes g in the form parseText reads (clues above 9 as '+'),
// for failure messages.
func formatText(g *Grid, rules Rules) string {
	var b strings.Builder
	fmt.Fprintf(&b, "k=%d", g.K)
	if rules.NoLoops {
		b.WriteString(" noloops")
	}
	if rules.AllowDisconnected {
		b.WriteString(" disconnected")
	}
	for i, m := range g.Clues() {
		if i%g.Cols == 0 {
			b.WriteByte('\n')
		}
		switch {
		case m == 0:
			b.WriteByte('.')
		case m <= 9:
			b.WriteByte(byte('0' + m))
		default:
			b.WriteByte('+')
		}
	}
	b.WriteByte('\n')
	return b.String()
}

// parseTatham reads a Simon Tatham Bridges game ID
// "<W>x<H>[m<k>][L][other parameters]:<desc>".
func parseTatham(id string) (*Grid, Rules, error) {
	var rules Rules
	head, desc, ok := strings.Cut(strings.TrimSpace(id), ":")
	if !ok {
		return nil, rules, fmt.Errorf("%q: no ':'", id)
	}
	w, rest, _ := strings.Cut(head, "x")
	end := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
	if end < 0 {
		end = len(rest)
	}
	cols, err1 := strconv.Atoi(w)
	rows, err2 := strconv.Atoi(rest[:end])
	if err1 != nil || err2 != nil {
		return nil, rules, fmt.Errorf("%q: bad size", id)
	}
	k := 2
	params := rest[end:]
	for i := 0; i < len(params); i++ {
		switch params[i] {
		case 'L':
			rules.NoLoops = true
		case 'm':
			j := i + 1
			for j < len(params) && params[j] >= '0' && params[j] <= '9' {
				j++
			}
			v, err := strconv.Atoi(params[i+1 : j])
			if err != nil {
				return nil, rules, fmt.Errorf("%q: bad m", id)
			}
			k, i = v, j-1
		}
	}
	var clues []int
	for _, r := range desc {
		switch {
		case r >= '1' && r <= '9':
			clues = append(clues, int(r-'0'))
		case r >= 'A' && r <= 'G':
			clues = append(clues, int(r-'A')+10)
		case r >= 'a' && r <= 'z':
			for range int(r-'a') + 1 {
				clues = append(clues, 0)
			}
		default:
			return nil, rules, fmt.Errorf("%q: character %q", id, r)
		}
	}
	if len(clues) != rows*cols {
		return nil, rules, fmt.Errorf("%q: %d cells, want %d", id, len(clues), rows*cols)
	}
	g, err := NewGrid(rows, cols, k, clues)
	return g, rules, err
}

// parseHas reads a Coelho et al. .has file: "rows cols islands", then the
// rows of whitespace-separated clues (0 for water); k = 2.
func parseHas(data []byte) (*Grid, error) {
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return nil, fmt.Errorf(".has: no header")
	}
	var head [3]int
	for i := range head {
		v, err := strconv.Atoi(f[i])
		if err != nil {
			return nil, fmt.Errorf(".has header: %v", err)
		}
		head[i] = v
	}
	rows, cols := head[0], head[1]
	if len(f)-3 != rows*cols {
		return nil, fmt.Errorf(".has: %d cells, want %d", len(f)-3, rows*cols)
	}
	clues := make([]int, rows*cols)
	islands := 0
	for i := range clues {
		v, err := strconv.Atoi(f[3+i])
		if err != nil {
			return nil, fmt.Errorf(".has cell %d: %v", i, err)
		}
		clues[i] = v
		if v != 0 {
			islands++
		}
	}
	if islands != head[2] {
		return nil, fmt.Errorf(".has: %d islands, header says %d", islands, head[2])
	}
	return NewGrid(rows, cols, 2, clues)
}

// adjacentIslands reports two nodes of g in orthogonally adjacent cells.
func adjacentIslands(g *Grid) (i, j int, ok bool) {
	for a, nd := range g.Nodes {
		for b, o := range g.Nodes {
			if a < b && (o.Row-nd.Row)*(o.Row-nd.Row)+(o.Col-nd.Col)*(o.Col-nd.Col) == 1 {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}

// sgtBridges returns the path of Simon Tatham's Bridges (Debian package
// sgt-puzzles), skipping the test when it is absent.
func sgtBridges(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/games/sgt-bridges", "sgt-bridges"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	t.Skip("sgt-bridges not installed (Debian package sgt-puzzles); skipping Tatham-generated puzzles")
	return ""
}

// tathamIDs generates n game IDs with sgt-bridges. Tatham's generator never
// finishes for k = 1 with loops allowed at difficulty 1 (measured: no output
// in minutes at 7x6 and 10x10, while every other combination takes under
// 0.1 s); such parameters, and any run over 60 s, skip the test.
func tathamIDs(t *testing.T, params string, n int) []string {
	t.Helper()
	if strings.Contains(params, "m1d1") {
		t.Skipf("sgt-bridges does not terminate for %s (k=1, loops allowed, difficulty 1)", params)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, sgtBridges(t), "--generate", strconv.Itoa(n), params).Output()
	if ctx.Err() != nil {
		t.Skipf("sgt-bridges %s did not finish in 60 s", params)
	}
	if err != nil {
		t.Fatalf("sgt-bridges %s: %v", params, err)
	}
	return strings.Fields(string(out))
}
