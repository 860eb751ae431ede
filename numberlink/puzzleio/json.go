package puzzleio

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/boardgraph/boardgraph/internal/base/jsonwords"
	"github.com/boardgraph/boardgraph/numberlink"
)

// jsonFields ends a JSON decoding error: the fields a puzzle object takes.
const jsonFields = `a puzzle object has "rows", "cols", "k" (integers), "clues" (an array of rows of integers), optional "no_loops" and "allow_disconnected" (true or false) and "bridges" (objects with "from" and "to" as [row, col] and "n")`

// PuzzleJSON is the JSON form of a puzzle and, optionally, its (proposed or
// found) bridges. Field names are stable. Coordinates are 1-based
// [row, col], as everywhere a person reads them. Example:
//
//	{"rows":1,"cols":3,"k":2,"clues":[[1,0,1]],
//	 "bridges":[{"from":[1,1],"to":[1,3],"n":1}]}
type PuzzleJSON struct {
	Rows              int          `json:"rows"`
	Cols              int          `json:"cols"`
	K                 int          `json:"k"`
	NoLoops           bool         `json:"no_loops,omitempty"`
	AllowDisconnected bool         `json:"allow_disconnected,omitempty"`
	Clues             [][]int      `json:"clues"`
	Bridges           []BridgeJSON `json:"bridges,omitempty"`
}

// BridgeJSON is one bridge in PuzzleJSON: N connections between the 1-based
// cells From and To.
type BridgeJSON struct {
	From [2]int `json:"from"`
	To   [2]int `json:"to"`
	N    int    `json:"n"`
}

// Puzzle is a grid, its rules and an optional list of bridges.
type Puzzle struct {
	Grid    *numberlink.Grid
	Rules   numberlink.Rules
	Bridges []numberlink.Bridge
}

// ToJSON converts a grid, its rules and an optional solution (nil for none)
// to PuzzleJSON.
func ToJSON(g *numberlink.Grid, rules numberlink.Rules, sol numberlink.Solution) PuzzleJSON {
	p := PuzzleJSON{Rows: g.Rows, Cols: g.Cols, K: g.K, NoLoops: rules.NoLoops, AllowDisconnected: rules.AllowDisconnected}
	clues := g.Clues()
	for r := range g.Rows {
		p.Clues = append(p.Clues, clues[r*g.Cols:(r+1)*g.Cols])
	}
	for _, b := range numberlink.Bridges(g, sol) {
		p.Bridges = append(p.Bridges, BridgeJSON{From: [2]int{b.R1 + 1, b.C1 + 1}, To: [2]int{b.R2 + 1, b.C2 + 1}, N: b.N})
	}
	return p
}

// Puzzle builds the grid described by p and returns it with p's bridges
// (0-based). The bridges are not checked here; use Verify.
func (p PuzzleJSON) Puzzle() (Puzzle, error) {
	if p.Rows < 1 || p.Cols < 1 || p.Rows > numberlink.MaxCells/p.Cols {
		return Puzzle{}, fmt.Errorf("%w: JSON rows=%d cols=%d: both must be positive, at most %d cells in all", ErrFormat, p.Rows, p.Cols, numberlink.MaxCells)
	}
	if p.K < 1 || p.K > numberlink.MaxK {
		return Puzzle{}, fmt.Errorf("%w: JSON k=%d: give \"k\" in 1..%d", ErrFormat, p.K, numberlink.MaxK)
	}
	if len(p.Clues) != p.Rows {
		return Puzzle{}, fmt.Errorf("%w: JSON has %d clue rows, rows=%d: give one array per row", ErrFormat, len(p.Clues), p.Rows)
	}
	clues := make([]int, 0, p.Rows*p.Cols)
	for i, row := range p.Clues {
		if len(row) != p.Cols {
			return Puzzle{}, fmt.Errorf("%w: JSON clue row %d has %d cells, cols=%d", ErrFormat, i+1, len(row), p.Cols)
		}
		clues = append(clues, row...)
	}
	g, err := numberlink.NewGrid(p.Rows, p.Cols, p.K, clues)
	if err != nil {
		return Puzzle{}, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	out := Puzzle{Grid: g, Rules: numberlink.Rules{NoLoops: p.NoLoops, AllowDisconnected: p.AllowDisconnected}}
	for _, b := range p.Bridges {
		out.Bridges = append(out.Bridges, numberlink.Bridge{R1: b.From[0] - 1, C1: b.From[1] - 1, R2: b.To[0] - 1, C2: b.To[1] - 1, N: b.N})
	}
	return out, nil
}

// MarshalPuzzle writes g, its rules and an optional solution as PuzzleJSON
// laid out for reading: one line per clue row and per bridge.
func MarshalPuzzle(g *numberlink.Grid, rules numberlink.Rules, sol numberlink.Solution) ([]byte, error) {
	p := ToJSON(g, rules, sol)
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"rows\": %d,\n  \"cols\": %d,\n  \"k\": %d,\n", p.Rows, p.Cols, p.K)
	if p.NoLoops {
		b.WriteString("  \"no_loops\": true,\n")
	}
	if p.AllowDisconnected {
		b.WriteString("  \"allow_disconnected\": true,\n")
	}
	list := func(name string, n int, item func(i int) any, last bool) error {
		fmt.Fprintf(&b, "  %q: [", name)
		for i := range n {
			line, err := json.Marshal(item(i))
			if err != nil {
				return err
			}
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString("\n    ")
			b.Write(line)
		}
		b.WriteString("\n  ]")
		if !last {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
		return nil
	}
	if err := list("clues", len(p.Clues), func(i int) any { return p.Clues[i] }, len(p.Bridges) == 0); err != nil {
		return nil, err
	}
	if len(p.Bridges) > 0 {
		if err := list("bridges", len(p.Bridges), func(i int) any { return p.Bridges[i] }, true); err != nil {
			return nil, err
		}
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// UnmarshalPuzzle reads PuzzleJSON, also when it is the "puzzle" member of
// a result (numberlink solve --format json writes {"puzzle": ..., ...}).
// The camelCase keys of older versions (noLoops, allowDisconnected) read
// too.
func UnmarshalPuzzle(data []byte) (Puzzle, error) {
	var wrap struct {
		Puzzle            json.RawMessage `json:"puzzle"`
		NoLoops           bool            `json:"noLoops"`
		AllowDisconnected bool            `json:"allowDisconnected"`
	}
	if err := json.Unmarshal(data, &wrap); err != nil {
		return Puzzle{}, fmt.Errorf("%w: JSON: %s; %s", ErrFormat, jsonwords.Problem(err, data), jsonFields)
	}
	if len(wrap.Puzzle) > 0 && string(wrap.Puzzle) != "null" {
		return UnmarshalPuzzle(wrap.Puzzle)
	}
	if err := foreignJSON(data); err != nil {
		return Puzzle{}, err
	}
	var p PuzzleJSON
	if err := json.Unmarshal(data, &p); err != nil {
		return Puzzle{}, fmt.Errorf("%w: JSON: %s; %s", ErrFormat, jsonwords.Problem(err, data), jsonFields)
	}
	p.NoLoops = p.NoLoops || wrap.NoLoops
	p.AllowDisconnected = p.AllowDisconnected || wrap.AllowDisconnected
	return p.Puzzle()
}

// foreignJSON names a JSON object that is not a k-grid puzzle: the output
// of a leaper command (a "problem" object with its "command" and no
// "kind": "numberlink"), of a numberlink command that writes no puzzle
// (count, tau-steps: "kind": "numberlink" without "rows" and "cols"), a
// shard result's "format", or an object without "rows" and "cols". Such input
// used to be refused as "JSON rows=0 cols=0: both must be positive".
func foreignJSON(data []byte) error {
	var probe struct {
		Problem *struct {
			Command string `json:"command"`
			Kind    string `json:"kind"`
		} `json:"problem"`
		Format string          `json:"format"`
		Rows   json.RawMessage `json:"rows"`
		Cols   json.RawMessage `json:"cols"`
	}
	if json.Unmarshal(data, &probe) != nil || probe.Rows != nil || probe.Cols != nil {
		return nil // decoded and judged by the caller
	}
	switch {
	case probe.Problem != nil && probe.Problem.Kind == "numberlink":
		return fmt.Errorf("%w: this is the JSON of boardgraph %s, which holds no puzzle; numberlink reads the JSON of numberlink solve, convert and generate", ErrFormat, clip(probe.Problem.Command))
	case probe.Problem != nil && probe.Problem.Command != "":
		return fmt.Errorf("%w: this is the JSON of boardgraph %s (a leaper board), not a k-grid puzzle; numberlink reads the JSON of numberlink solve, convert and generate", ErrFormat, clip(probe.Problem.Command))
	case probe.Format != "":
		return fmt.Errorf("%w: this is a %q file, not a k-grid puzzle; numberlink reads the JSON of numberlink solve, convert and generate", ErrFormat, clip(probe.Format))
	}
	return fmt.Errorf("%w: the JSON has no \"rows\" and \"cols\", so it is not a k-grid puzzle; write {\"rows\":R,\"cols\":C,\"k\":K,\"clues\":[[...],...]}", ErrFormat)
}
