package puzzleio

// FORMAT: the text formats this package reads and writes.
//
// Our own text format ("text"), read by ParseText and written by FormatText:
//
//	# optional comment lines start with '#'
//	k=2 noloops
//	2.3.1
//	.....
//	1.4.2
//
// The optional header line holds k=<limit> (default 2) followed by rule
// words: "noloops" (the connections form a tree, Tatham's L),
// "disconnected" (connectivity not required) and "wide" (see below). Each
// further line is one row. Normally a row is one character per cell: '.' or
// '0' for an empty cell, '1'-'9' for a clue. When any row contains a space or
// tab, or the header says "wide", every row is instead whitespace-separated
// tokens: '.' or '0' for an empty cell, a decimal number for a clue; this is
// how clues above 9 are written (FormatText switches to it, with "wide",
// whenever a clue is above 9). All rows must have the same number of cells.
//
// Coelho et al. ".has" files ("has", k = 2): a first line "rows cols
// islands", then rows lines of cols whitespace-separated integers, 0 for
// water and the clue otherwise.
//
// Simon Tatham's Bridges game IDs ("tatham"): "<W>x<H>[m<k>][L]...:<desc>";
// m gives k (default 2), L forbids loops, other parameter letters (i, e, d)
// are accepted and ignored. desc lists the cells row by row: '1'-'9' and
// 'A'-'G' are clues 1..16, a lowercase letter is a run of 1 ('a') to 26
// ('z') empty cells.
//
// puzz.link URLs ("puzzlink", k = 2): ".../p?hashikake/<W>/<H>/<body>", also
// under the names hashi and bridges. The body lists the cells row by row:
// '0'-'9', 'a'-'f' is a clue in hex, "-xx" a two-digit hex clue, "+xxx" a
// three-digit one, "=xxx" 4096 more than that, 'g'..'z' skip 1..20 empty cells.
//
// JSON ("json"): see MarshalPuzzle.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/numberlink"
)

// Errors reported by the parsers; each is wrapped with the position and the
// fix.
var (
	ErrFormat       = errors.New("malformed puzzle")
	ErrUnknownFmt   = errors.New("unrecognised puzzle format")
	ErrNotEncodable = errors.New("puzzle cannot be written in this format")
)

// Format names a puzzle format.
type Format string

// The formats Parse recognises and Encode writes.
const (
	FormatTextName     Format = "text"
	FormatHasName      Format = "has"
	FormatTathamName   Format = "tatham"
	FormatPuzzLinkName Format = "puzzlink"
	FormatJSONName     Format = "json"
)

// Formats lists every format name, for usage messages.
var Formats = []Format{FormatTextName, FormatHasName, FormatTathamName, FormatPuzzLinkName, FormatJSONName}

// Detect guesses the format of data: a puzz.link URL, a Tatham game ID, a
// JSON object, a .has file (its first line's three numbers must match the
// rest), and otherwise our text format.
func Detect(data []byte) Format {
	s := strings.TrimSpace(string(data))
	switch {
	case isPuzzLink(s):
		return FormatPuzzLinkName
	case looksTatham(s):
		return FormatTathamName
	case strings.HasPrefix(s, "{"):
		return FormatJSONName
	case looksHas(s):
		return FormatHasName
	}
	return FormatTextName
}

// Parse reads a puzzle in any supported format (see Detect) and returns the
// grid and the rules the format states (Tatham's L, our text header).
func Parse(data []byte) (*numberlink.Grid, numberlink.Rules, error) {
	return parseAs(Detect(data), data)
}

// parseAs reads a puzzle in the named format.
func parseAs(f Format, data []byte) (*numberlink.Grid, numberlink.Rules, error) {
	return ParseAsContext(context.Background(), f, data)
}

// MaxInputBytes bounds the size of a puzzle file: 64 MiB holds the largest
// grid (MaxCells cells) in every format. Callers reading a file or a
// stream should stop there (internal/base/readcap does); the parsers refuse
// longer input.
const MaxInputBytes = 64 << 20

// ParseAsContext reads a puzzle in the named format, building the grid
// with NewGridContext: a cancelled context stops it with ctx.Err() (not
// wrapped in ErrFormat). The cost is linear in the size of data and the
// number of crossing pairs.
func ParseAsContext(ctx context.Context, f Format, data []byte) (*numberlink.Grid, numberlink.Rules, error) {
	if len(data) > MaxInputBytes {
		return nil, numberlink.Rules{}, fmt.Errorf("%w: the puzzle has %d bytes, more than the %d MiB limit: split the puzzle", ErrFormat, len(data), MaxInputBytes>>20)
	}
	switch f {
	case FormatTextName:
		if bytes.HasPrefix(data, []byte("\x89BGP")) {
			return nil, numberlink.Rules{}, fmt.Errorf("%w: this is a binary path file (.bgp) of boardgraph solve, not a k-grid puzzle; check it with boardgraph verify", ErrFormat)
		}
		return parseText(ctx, data)
	case FormatHasName:
		g, err := parseHas(ctx, data)
		return g, numberlink.Rules{}, err
	case FormatTathamName:
		return parseTatham(ctx, string(data))
	case FormatPuzzLinkName:
		g, err := parsePuzzLink(ctx, string(data))
		return g, numberlink.Rules{}, err
	case FormatJSONName:
		if err := ctx.Err(); err != nil {
			return nil, numberlink.Rules{}, err
		}
		p, err := UnmarshalPuzzle(data)
		if err != nil {
			return nil, numberlink.Rules{}, err
		}
		return p.Grid, p.Rules, nil
	}
	return nil, numberlink.Rules{}, fmt.Errorf("%w %q: use one of %v", ErrUnknownFmt, string(f), Formats)
}

// buildGrid is NewGridContext for the parsers: a grid error is a format
// error, a cancellation is not.
func buildGrid(ctx context.Context, rows, cols, k int, clues []int) (*numberlink.Grid, error) {
	g, err := numberlink.NewGridContext(ctx, rows, cols, k, clues)
	if err != nil && ctx.Err() == nil {
		return nil, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	return g, err
}

// Encode writes g in the named format. JSON carries no solution here; use
// MarshalPuzzle for that.
func Encode(f Format, g *numberlink.Grid, rules numberlink.Rules) ([]byte, error) {
	switch f {
	case FormatTextName:
		return []byte(FormatText(g, rules)), nil
	case FormatHasName:
		if g.K != 2 || rules != (numberlink.Rules{}) {
			return nil, fmt.Errorf("%w: .has files are k=2 with the standard rules; this puzzle has k=%d %s", ErrNotEncodable, g.K, rulesWords(rules))
		}
		return []byte(FormatHas(g)), nil
	case FormatTathamName:
		s, err := FormatTatham(g, rules)
		return []byte(s + "\n"), err
	case FormatPuzzLinkName:
		if g.K != 2 || rules != (numberlink.Rules{}) {
			return nil, fmt.Errorf("%w: puzz.link hashikake is k=2 with the standard rules; this puzzle has k=%d %s", ErrNotEncodable, g.K, rulesWords(rules))
		}
		s, err := FormatPuzzLink(g)
		return []byte(s + "\n"), err
	case FormatJSONName:
		return MarshalPuzzle(g, rules, nil)
	}
	return nil, fmt.Errorf("%w %q: use one of %v", ErrUnknownFmt, string(f), Formats)
}

func rulesWords(r numberlink.Rules) string {
	var w []string
	if r.NoLoops {
		w = append(w, "noloops")
	}
	if r.AllowDisconnected {
		w = append(w, "disconnected")
	}
	if len(w) == 0 {
		return "(standard rules)"
	}
	return strings.Join(w, " ")
}

// lines splits data into trimmed lines, dropping blank lines and '#'
// comments, keeping the 1-based line numbers.
func lines(data []byte) (out []string, num []int) {
	for i, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, l)
		num = append(num, i+1)
	}
	return out, num
}

// ParseText reads our own text format (see the FORMAT comment at the top of
// this file).
func ParseText(data []byte) (*numberlink.Grid, numberlink.Rules, error) {
	return parseText(context.Background(), data)
}

func parseText(ctx context.Context, data []byte) (*numberlink.Grid, numberlink.Rules, error) {
	ls, num := lines(data)
	k, rules, wide := 2, numberlink.Rules{}, false
	if len(ls) > 0 && strings.HasPrefix(strings.ToLower(ls[0]), "k=") {
		for i, w := range strings.Fields(strings.ToLower(ls[0])) {
			switch {
			case i == 0:
				v, err := strconv.Atoi(w[2:])
				if err != nil || v < 1 || v > numberlink.MaxK {
					return nil, rules, fmt.Errorf("%w: line %d: %q: write the bridge limit as k=<1..%d>", ErrFormat, num[0], w, numberlink.MaxK)
				}
				k = v
			case w == "noloops" || w == "l":
				rules.NoLoops = true
			case w == "disconnected":
				rules.AllowDisconnected = true
			case w == "wide":
				wide = true
			default:
				return nil, rules, fmt.Errorf("%w: line %d: unknown rule %q: use noloops, disconnected or wide", ErrFormat, num[0], w)
			}
		}
		ls, num = ls[1:], num[1:]
	}
	if len(ls) == 0 {
		return nil, rules, fmt.Errorf("%w: no grid rows: write one line per row of '.' and clues", ErrFormat)
	}
	if head, _, ok := strings.Cut(ls[0], "#"); ok && len(ls) == 1 && looksTatham(head+":") {
		return nil, rules, fmt.Errorf("%w: %q is a Tatham random-seed ID: give the game ID (<params>:<desc>) instead", ErrFormat, clip(ls[0]))
	}
	for _, l := range ls {
		wide = wide || strings.ContainsAny(l, " \t")
	}
	cols := -1
	var clues, row []int
	for i, l := range ls {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, rules, ctx.Err()
		}
		row = row[:0]
		if wide {
			for _, tok := range strings.Fields(l) {
				if tok == "." {
					row = append(row, 0)
					continue
				}
				v, err := strconv.Atoi(tok)
				if err != nil || v < 0 || v > 1<<20 {
					return nil, rules, fmt.Errorf("%w: line %d: token %q: use '.' for an empty cell or a clue 1..%d", ErrFormat, num[i], tok, 1<<20)
				}
				row = append(row, v)
			}
		} else {
			for _, r := range l {
				switch {
				case r == '.' || r == '0':
					row = append(row, 0)
				case r >= '1' && r <= '9':
					row = append(row, int(r-'0'))
				default:
					return nil, rules, fmt.Errorf("%w: line %d: character %q: use '.' for an empty cell, 1-9 for a clue, or space-separated numbers for clues above 9", ErrFormat, num[i], r)
				}
			}
		}
		if cols < 0 {
			cols = len(row)
			if len(ls) <= numberlink.MaxCells/max(cols, 1) {
				clues = make([]int, 0, len(ls)*cols)
			}
		} else if len(row) != cols {
			return nil, rules, fmt.Errorf("%w: line %d has %d cells, the first row %d: make every row the same width", ErrFormat, num[i], len(row), cols)
		}
		if len(clues)+len(row) > numberlink.MaxCells {
			return nil, rules, fmt.Errorf("%w: more than %d cells: split the puzzle", ErrFormat, numberlink.MaxCells)
		}
		clues = append(clues, row...)
	}
	g, err := buildGrid(ctx, len(ls), cols, k, clues)
	if err != nil {
		return nil, rules, err
	}
	return g, rules, nil
}

// Header writes the bridge limit and the rules as the text formats' header
// line says them: "k=2", "k=2 noloops disconnected".
func Header(k int, rules numberlink.Rules) string {
	h := fmt.Sprintf("k=%d", k)
	if rules.NoLoops {
		h += " noloops"
	}
	if rules.AllowDisconnected {
		h += " disconnected"
	}
	return h
}

// FormatText writes g in our text format: a "k=" header with the rules, then
// one character per cell, or space-separated aligned tokens when a clue is
// above 9.
func FormatText(g *numberlink.Grid, rules numberlink.Rules) string {
	var b strings.Builder
	b.WriteString(Header(g.K, rules))
	clues := g.Clues()
	width := 1
	for _, m := range clues {
		width = max(width, len(strconv.Itoa(m)))
	}
	if width > 1 {
		b.WriteString(" wide")
	}
	b.WriteByte('\n')
	for r := range g.Rows {
		for c := range g.Cols {
			m := clues[r*g.Cols+c]
			s := "."
			if m > 0 {
				s = strconv.Itoa(m)
			}
			if width > 1 {
				if c > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(strings.Repeat(" ", width-len(s)))
			}
			b.WriteString(s)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// looksHas reports whether s is a .has file, or a damaged one that
// ParseHas should name: a first line of three counts "rows cols islands",
// and either rows lines of cols numbers after it, or a next line whose
// width is not 3 (so the first line is not a row of a 3-column grid in our
// text format, whose rows all have the same width), or 3 columns holding
// as many islands as the first line says.
func looksHas(s string) bool {
	ls, _ := lines([]byte(s))
	if len(ls) < 2 {
		return false
	}
	h := strings.Fields(ls[0])
	if len(h) != 3 {
		return false
	}
	var hv [3]int
	for i, f := range h {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 {
			return false
		}
		hv[i] = v
	}
	if len(strings.Fields(ls[1])) != 3 {
		return true
	}
	rows, cols, islands := hv[0], hv[1], hv[2]
	if cols == 3 && islands == nonZero(ls[1:]) {
		return true // a 3-column .has file, possibly with rows missing
	}
	if rows != len(ls)-1 {
		return false
	}
	for _, l := range ls[1:] {
		if len(strings.Fields(l)) != cols {
			return false
		}
	}
	return true
}

// nonZero counts the tokens of ls that are numbers other than 0.
func nonZero(ls []string) int {
	n := 0
	for _, l := range ls {
		for _, f := range strings.Fields(l) {
			if v, err := strconv.Atoi(f); err == nil && v != 0 {
				n++
			}
		}
	}
	return n
}

// ParseHas reads a Coelho et al. (2019) .has file: "rows cols islands", then
// rows lines of cols integers (0 = water). The bridge limit is 2.
func ParseHas(data []byte) (*numberlink.Grid, error) {
	return parseHas(context.Background(), data)
}

func parseHas(ctx context.Context, data []byte) (*numberlink.Grid, error) {
	ls, num := lines(data)
	if len(ls) == 0 {
		return nil, fmt.Errorf("%w: empty .has file: the first line must be \"rows cols islands\"", ErrFormat)
	}
	h := strings.Fields(ls[0])
	var hv [3]int
	if len(h) != 3 {
		return nil, fmt.Errorf("%w: line %d: %q: the first line must be \"rows cols islands\"", ErrFormat, num[0], ls[0])
	}
	for i, f := range h {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("%w: line %d: %q is not a count: the first line must be \"rows cols islands\"", ErrFormat, num[0], f)
		}
		hv[i] = v
	}
	rows, cols, islands := hv[0], hv[1], hv[2]
	if rows < 1 || cols < 1 || rows > numberlink.MaxCells/cols {
		return nil, fmt.Errorf("%w: line %d: size %dx%d: rows and cols must be 1..%d cells in all", ErrFormat, num[0], rows, cols, numberlink.MaxCells)
	}
	if len(ls)-1 != rows {
		return nil, fmt.Errorf("%w: the header says %d rows, the file has %d: fix the header or the rows", ErrFormat, rows, len(ls)-1)
	}
	clues := make([]int, 0, rows*cols)
	count := 0
	for i, l := range ls[1:] {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		f := strings.Fields(l)
		if len(f) != cols {
			return nil, fmt.Errorf("%w: line %d has %d numbers, the header says %d columns", ErrFormat, num[i+1], len(f), cols)
		}
		for _, s := range f {
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 || v > 1<<20 {
				return nil, fmt.Errorf("%w: line %d: %q: cells are 0 (water) or a clue 1..8", ErrFormat, num[i+1], s)
			}
			if v > 0 {
				count++
			}
			clues = append(clues, v)
		}
	}
	if count != islands {
		return nil, fmt.Errorf("%w: the header says %d islands, the grid has %d: fix the header", ErrFormat, islands, count)
	}
	g, err := buildGrid(ctx, rows, cols, 2, clues)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// FormatHas writes g as a .has file (the clues only; .has files are k = 2).
func FormatHas(g *numberlink.Grid) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d %d\n", g.Rows, g.Cols, len(g.Nodes))
	clues := g.Clues()
	for r := range g.Rows {
		for c := range g.Cols {
			fmt.Fprintf(&b, "%2d ", clues[r*g.Cols+c])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// writeRuns writes a run of *run empty cells as letters, first standing for
// one cell and each later letter for one more, at most longest cells a
// letter (Tatham: 'a'..'z', puzz.link: 'g'..'z'), and zeroes *run.
func writeRuns(b *strings.Builder, run *int, first byte, longest int) {
	for *run > 0 {
		n := min(*run, longest)
		b.WriteByte(first + byte(n-1))
		*run -= n
	}
}
