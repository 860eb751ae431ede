package hexgrid

// The hex text format, read by Parse and written by Format:
//
//	# comment lines start with '#'
//	hex k=2 noloops
//	2 . 3 . 1
//	 . 4 . . 2
//	1 . . 3 .
//
// The first line that is neither blank nor a comment is the header: the
// word "hex" (how the format is recognised), then optional k=<limit>
// (default 2) and the rule words "noloops" and "disconnected". Each further
// non-blank line is one row of the board in odd-r offset layout (see the
// Coordinates comment in grid.go): whitespace-separated tokens, '.' or '0'
// for an empty cell, a decimal number for a clue. Indentation is ignored;
// Format indents every odd row (the 2nd, 4th, ... counting from 1) by half
// a cell so that the text looks like the board. All rows must have the
// same number of cells.
//
// Solutions (ParseSolution, FormatSolution) are one bridge per line, the
// 1-based row,col of both ends and the number of connections:
//
//	1,1 1,3 2
//	1,3 2,3 1
//
// or a JSON object with a "bridges" array as PuzzleJSON writes it, or the
// JSON of a solve report (SolveReport), whose "puzzle" holds them.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/internal/base/jsonwords"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// ErrFormat is wrapped by every parse error; the message names the line and
// the fix.
var ErrFormat = errors.New("malformed hex puzzle")

var errNoNodes = fmt.Errorf("%w: the puzzle has no nodes: give at least one number", ErrFormat)

// MaxInput is the most bytes Read and ReadSolution accept.
const MaxInput = 4 << 20

// Puzzle is a grid with its rules and, when the input gave them, bridges.
type Puzzle struct {
	Grid    *Grid
	Rules   Rules
	Bridges []Bridge
}

// IsHex reports whether data is a hex puzzle: its first non-blank,
// non-comment line starts with the word "hex", or it is a JSON object
// whose "grid" is "hex".
func IsHex(data []byte) bool {
	t := bytes.TrimSpace(data)
	if len(t) > 0 && t[0] == '{' {
		var probe struct {
			Grid string `json:"grid"`
		}
		return json.Unmarshal(t, &probe) == nil && probe.Grid == "hex"
	}
	for len(t) > 0 {
		line := t
		if i := bytes.IndexByte(t, '\n'); i >= 0 {
			line, t = t[:i], t[i+1:]
		} else {
			t = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		f := strings.Fields(string(line))
		return len(f) > 0 && strings.EqualFold(f[0], "hex")
	}
	return false
}

// Read reads at most MaxInput bytes from r and parses them (text or JSON).
func Read(r io.Reader) (*Puzzle, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxInput {
		return nil, fmt.Errorf("%w: the input is over %d bytes: give a smaller puzzle", ErrFormat, MaxInput)
	}
	return Parse(data)
}

// Parse reads a hex puzzle in the text format or as JSON (PuzzleJSON).
func Parse(data []byte) (*Puzzle, error) {
	if len(data) > MaxInput {
		return nil, fmt.Errorf("%w: the input is over %d bytes: give a smaller puzzle", ErrFormat, MaxInput)
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		return parseJSON(t)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), MaxInput+1)
	header := false
	p := &Puzzle{}
	k := 2
	var clues []int
	rows, cols := 0, 0
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		f := strings.Fields(text)
		if !header {
			if !strings.EqualFold(f[0], "hex") {
				return nil, fmt.Errorf("%w: line %d: the first line must be the header \"hex k=K\" (got %q)", ErrFormat, line, text)
			}
			for _, w := range f[1:] {
				switch lw := strings.ToLower(w); {
				case strings.HasPrefix(lw, "k="):
					v, err := strconv.Atoi(lw[2:])
					if err != nil || v < 1 || v > MaxK {
						return nil, fmt.Errorf("%w: line %d: %q: write k=K with K in 1..%d", ErrFormat, line, w, MaxK)
					}
					k = v
				case lw == "noloops":
					p.Rules.NoLoops = true
				case lw == "disconnected":
					p.Rules.AllowDisconnected = true
				default:
					return nil, fmt.Errorf("%w: line %d: unknown header word %q: use k=K, noloops, disconnected", ErrFormat, line, w)
				}
			}
			header = true
			continue
		}
		if cols == 0 {
			cols = len(f)
		}
		if len(f) != cols {
			return nil, fmt.Errorf("%w: line %d has %d cells, the first row %d: give every row the same number of cells", ErrFormat, line, len(f), cols)
		}
		rows++
		if rows*cols > MaxCells {
			return nil, fmt.Errorf("%w: more than %d cells: give a smaller board", ErrFormat, MaxCells)
		}
		for _, tok := range f {
			if tok == "." {
				clues = append(clues, 0)
				continue
			}
			v, err := strconv.Atoi(tok)
			if err != nil || v < 0 || v > 6*MaxK {
				return nil, fmt.Errorf("%w: line %d: cell %q: write '.' for an empty cell or a number 1..%d", ErrFormat, line, tok, 6*MaxK)
			}
			clues = append(clues, v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	if !header {
		return nil, fmt.Errorf("%w: no header line: start the file with \"hex k=2\"", ErrFormat)
	}
	if rows == 0 {
		return nil, fmt.Errorf("%w: no rows after the header: give one line of cells per row", ErrFormat)
	}
	g, err := NewGrid(rows, cols, k, clues)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	if len(g.Nodes) == 0 {
		return nil, errNoNodes
	}
	p.Grid = g
	return p, nil
}

// Format writes g in the text format, odd rows indented by half a cell.
func Format(g *Grid, rules Rules) []byte {
	var b bytes.Buffer
	b.WriteString("hex " + puzzleio.Header(g.K, rules) + "\n")
	w := 1
	for _, nd := range g.Nodes {
		w = max(w, len(strconv.Itoa(nd.Mag)))
	}
	pitch := (w + 2) / 2 * 2 // even, so that half a cell is whole spaces
	clues := g.Clues()
	for r := range g.Rows {
		line := make([]byte, 0, g.Cols*pitch+pitch)
		if r%2 == 1 {
			line = append(line, strings.Repeat(" ", pitch/2)...)
		}
		for c := range g.Cols {
			tok := "."
			if m := clues[r*g.Cols+c]; m > 0 {
				tok = strconv.Itoa(m)
			}
			if c > 0 {
				line = append(line, strings.Repeat(" ", pitch-w)...)
			}
			line = append(line, strings.Repeat(" ", w-len(tok))...)
			line = append(line, tok...)
		}
		b.Write(bytes.TrimRight(line, " "))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// FormatSolution writes the bridges of sol, one per line (see the format
// comment).
func FormatSolution(g *Grid, sol Solution) []byte {
	var b bytes.Buffer
	for _, br := range numberlink.Bridges(g, sol) {
		fmt.Fprintf(&b, "%d,%d %d,%d %d\n", br.R1+1, br.C1+1, br.R2+1, br.C2+1, br.N)
	}
	return b.Bytes()
}

// ParseSolution reads bridges as FormatSolution writes them, or a JSON
// object with a "bridges" array. The bridges are not checked against a
// grid here; use SolutionFromBridges and Verify.
func ParseSolution(data []byte) ([]Bridge, error) {
	if len(data) > MaxInput {
		return nil, fmt.Errorf("%w: the solution is over %d bytes", ErrFormat, MaxInput)
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		var pj struct {
			PuzzleJSON
			Puzzle *PuzzleJSON `json:"puzzle"` // a solve report
		}
		if err := json.Unmarshal(t, &pj); err != nil {
			return nil, fmt.Errorf("%w: solution JSON: %s; %s", ErrFormat, jsonwords.Problem(err, t), jsonFields)
		}
		if pj.Puzzle != nil {
			return pj.Puzzle.bridges(), nil
		}
		return pj.PuzzleJSON.bridges(), nil
	}
	var out []Bridge
	for i, text := range strings.Split(string(data), "\n") {
		text = strings.TrimSpace(text)
		if text == "" || text[0] == '#' {
			continue
		}
		f := strings.Fields(text)
		if len(f) != 3 {
			return nil, fmt.Errorf("%w: solution line %d %q: write \"R1,C1 R2,C2 N\" (1-based cells, N connections)", ErrFormat, i+1, text)
		}
		r1, c1, err1 := cell(f[0])
		r2, c2, err2 := cell(f[1])
		n, err3 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || err3 != nil || n < 0 || n > MaxK {
			return nil, fmt.Errorf("%w: solution line %d %q: write \"R1,C1 R2,C2 N\" (1-based cells, N in 0..%d)", ErrFormat, i+1, text, MaxK)
		}
		out = append(out, Bridge{R1: r1 - 1, C1: c1 - 1, R2: r2 - 1, C2: c2 - 1, N: n})
	}
	return out, nil
}

func cell(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, ErrFormat
	}
	r, err := strconv.Atoi(a)
	if err != nil || r < 1 || r > MaxCells {
		return 0, 0, ErrFormat
	}
	c, err := strconv.Atoi(b)
	if err != nil || c < 1 || c > MaxCells {
		return 0, 0, ErrFormat
	}
	return r, c, nil
}

// jsonFields ends a JSON decoding error: the fields a hex puzzle takes.
const jsonFields = `a hex puzzle object has "grid": "hex", "layout": "odd-r", "rows", "cols", "k" (integers), "clues" (an array of rows of integers), optional "no_loops" and "allow_disconnected" (true or false) and "bridges" (objects with "from" and "to" as [row, col] and "n")`

// PuzzleJSON is the JSON form of a hex puzzle and optional bridges. Keys
// are stable and snake_case; cells are 1-based [row, col] in the odd-r
// offset layout ("layout": "odd-r"). Example:
//
//	{"grid":"hex","layout":"odd-r","rows":1,"cols":3,"k":2,
//	 "clues":[[1,0,1]],"bridges":[{"from":[1,1],"to":[1,3],"n":1}]}
type PuzzleJSON struct {
	Grid   string `json:"grid"`
	Layout string `json:"layout"`
	// The rest are the square puzzle's fields, read as the hex lattice.
	puzzleio.PuzzleJSON
}

// BridgeJSON is N connections between the 1-based cells From and To.
type BridgeJSON = puzzleio.BridgeJSON

// ToJSON converts g, its rules and an optional solution to PuzzleJSON.
func ToJSON(g *Grid, rules Rules, sol Solution) PuzzleJSON {
	return PuzzleJSON{Grid: "hex", Layout: "odd-r", PuzzleJSON: puzzleio.ToJSON(g, rules, sol)}
}

func (p PuzzleJSON) bridges() []Bridge {
	var out []Bridge
	for _, b := range p.Bridges {
		out = append(out, Bridge{R1: b.From[0] - 1, C1: b.From[1] - 1, R2: b.To[0] - 1, C2: b.To[1] - 1, N: b.N})
	}
	return out
}

func parseJSON(data []byte) (*Puzzle, error) {
	var p PuzzleJSON
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("%w: JSON: %s; %s", ErrFormat, jsonwords.Problem(err, data), jsonFields)
	}
	// A solve report holds the puzzle (with its bridges) under "puzzle".
	var rep struct {
		Puzzle *PuzzleJSON `json:"puzzle"`
	}
	if json.Unmarshal(data, &rep) == nil && rep.Puzzle != nil && p.Grid == "hex" {
		p = *rep.Puzzle
	}
	if p.Grid != "hex" {
		return nil, fmt.Errorf("%w: JSON \"grid\" is %q: a hex puzzle has \"grid\": \"hex\"", ErrFormat, p.Grid)
	}
	if p.Layout != "" && p.Layout != "odd-r" {
		return nil, fmt.Errorf("%w: JSON \"layout\" %q: only \"odd-r\" is read", ErrFormat, p.Layout)
	}
	if p.Rows < 1 || p.Cols < 1 || p.Rows > MaxCells/p.Cols {
		return nil, fmt.Errorf("%w: JSON rows=%d cols=%d: both must be positive, at most %d cells", ErrFormat, p.Rows, p.Cols, MaxCells)
	}
	if len(p.Clues) != p.Rows {
		return nil, fmt.Errorf("%w: JSON has %d clue rows, rows=%d: give one array per row", ErrFormat, len(p.Clues), p.Rows)
	}
	clues := make([]int, 0, p.Rows*p.Cols)
	for i, row := range p.Clues {
		if len(row) != p.Cols {
			return nil, fmt.Errorf("%w: JSON clue row %d has %d cells, cols=%d", ErrFormat, i+1, len(row), p.Cols)
		}
		clues = append(clues, row...)
	}
	g, err := NewGrid(p.Rows, p.Cols, p.K, clues)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	if len(g.Nodes) == 0 {
		return nil, errNoNodes
	}
	return &Puzzle{Grid: g, Rules: Rules{NoLoops: p.NoLoops, AllowDisconnected: p.AllowDisconnected}, Bridges: p.bridges()}, nil
}
