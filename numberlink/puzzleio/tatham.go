package puzzleio

import (
	"context"
	"fmt"
	"strings"

	"github.com/boardgraph/boardgraph/numberlink"
)

// Simon Tatham's Bridges game IDs (the package comment in format.go
// gives the format; tatham_rules.go the rules they carry).

// looksTatham reports whether s starts like a Tatham game ID: "<W>x<H>"
// followed by parameter letters and digits, then ':'.
func looksTatham(s string) bool {
	head, _, ok := strings.Cut(s, ":")
	if !ok {
		return false
	}
	w, rest, ok := strings.Cut(head, "x")
	if !ok || w == "" || strings.Trim(w, "0123456789") != "" {
		return false
	}
	if rest == "" || rest[0] < '0' || rest[0] > '9' {
		return false
	}
	for _, r := range rest {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// ParseTatham reads a Simon Tatham Bridges game ID such as
// "7x7m2:a1a3b42d2b2d4o3c2a3b3b3" (see the FORMAT comment). The m
// parameter gives k, L gives Rules.NoLoops.
func ParseTatham(id string) (*numberlink.Grid, numberlink.Rules, error) {
	return parseTatham(context.Background(), id)
}

func parseTatham(ctx context.Context, id string) (*numberlink.Grid, numberlink.Rules, error) {
	id = strings.TrimSpace(id)
	var rules numberlink.Rules
	head, desc, ok := strings.Cut(id, ":")
	if !ok || !looksTatham(id) {
		return nil, rules, fmt.Errorf("%w: %q is not a Tatham game ID: write <W>x<H>m<k>:<desc>, e.g. 7x7m2:a1a3b42", ErrFormat, clip(id))
	}
	cols, i := leadingInt(head, 0)
	rows, i := leadingInt(head, i+1)
	k := 2
	for i < len(head) {
		c := head[i]
		i++
		v, j := leadingInt(head, i)
		switch c {
		case 'm':
			if j == i {
				return nil, rules, fmt.Errorf("%w: parameter m needs a number: write m<k>, e.g. m2", ErrFormat)
			}
			k = v
		case 'L':
			rules.NoLoops = true
		case 'i', 'e', 'd':
		default:
			return nil, rules, fmt.Errorf("%w: unknown Tatham parameter %q in %q: use m<k>, L, i<n>, e<n>, d<n>", ErrFormat, c, head)
		}
		i = j
	}
	if cols < 1 || rows < 1 || rows > numberlink.MaxCells/cols {
		return nil, rules, fmt.Errorf("%w: size %dx%d: width and height must be at least 1 and at most %d cells in all", ErrFormat, cols, rows, numberlink.MaxCells)
	}
	if k < 1 || k > numberlink.MaxK {
		return nil, rules, fmt.Errorf("%w: m%d: the bridge limit must be 1..%d", ErrFormat, k, numberlink.MaxK)
	}
	n := rows * cols
	clues := make([]int, 0, min(n, 26*len(desc)+1))
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
			return nil, rules, fmt.Errorf("%w: character %q in the description: clues are 1-9, A-G, runs of empty cells a-z", ErrFormat, r)
		}
		if len(clues) > n {
			return nil, rules, fmt.Errorf("%w: the description has more than the %dx%d = %d cells: check the size", ErrFormat, cols, rows, n)
		}
	}
	if len(clues) != n {
		return nil, rules, fmt.Errorf("%w: the description has %d cells, %dx%d needs %d: check the size or the description", ErrFormat, len(clues), cols, rows, n)
	}
	g, err := buildGrid(ctx, rows, cols, k, clues)
	if err != nil {
		return nil, rules, err
	}
	return g, rules, nil
}

// FormatTatham writes g as a Tatham game ID. It refuses what Tatham's
// Bridges would reject when parsing the ID (see tathamAccepts): clues above
// 16, k above 4, sides below 3, fewer than two islands, adjacent islands.
func FormatTatham(g *numberlink.Grid, rules numberlink.Rules) (string, error) {
	if rules.AllowDisconnected {
		return "", fmt.Errorf("%w: Tatham's Bridges always requires connectivity: drop the disconnected rule", ErrNotEncodable)
	}
	if err := tathamAccepts(g); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%dm%d", g.Cols, g.Rows, g.K)
	if rules.NoLoops {
		b.WriteByte('L')
	}
	b.WriteByte(':')
	run := 0
	flush := func() { writeRuns(&b, &run, 'a', 26) }
	for _, m := range g.Clues() {
		switch {
		case m == 0:
			run++
		case m <= 9:
			flush()
			b.WriteByte(byte('0' + m))
		case m <= 16:
			flush()
			b.WriteByte(byte('A' + m - 10))
		default:
			return "", fmt.Errorf("%w: clue %d: Tatham game IDs hold clues 1..16", ErrNotEncodable, m)
		}
	}
	flush()
	return b.String(), nil
}

// leadingInt parses the decimal number starting at s[i], returning it and
// the index after it (i itself if there is no digit). Values are capped to
// avoid overflow.
func leadingInt(s string, i int) (int, int) {
	v := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if v < 1<<30 {
			v = v*10 + int(s[i]-'0')
		}
		i++
	}
	return v, i
}
