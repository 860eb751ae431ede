package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/verify"
)

// numberGrid returns the step at which path visits every cell (1-based),
// -1 for blocked cells, 0 for cells the path does not visit.
func numberGrid(rows, cols int, blocked func(r, c int) bool, path []verify.Cell) [][]int {
	g := make([][]int, rows)
	for r := range g {
		g[r] = make([]int, cols)
		for c := range g[r] {
			if blocked(r, c) {
				g[r][c] = -1
			}
		}
	}
	for i, c := range path {
		g[c.Row-1][c.Col-1] = i + 1
	}
	return g
}

// writeGrid prints a numbered grid with right-aligned columns of equal
// width, like Figures 4 and 5 of the Diplomatico paper; blocked cells are
// '#', unvisited cells '.'.
func writeGrid(w io.Writer, g [][]int) error {
	width := 1
	for _, row := range g {
		for _, x := range row {
			width = max(width, len(strconv.Itoa(x)))
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

// writePath prints one "row,col" per line.
func writePath(w io.Writer, path []verify.Cell) error {
	var sb strings.Builder
	for _, c := range path {
		sb.WriteString(c.String())
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// jsonStats is the "stats" object of every JSON result. Counters are decimal
// strings (they may exceed 2^53).
type jsonStats struct {
	Nodes      string  `json:"nodes"`
	Backtracks string  `json:"backtracks"`
	Prunes     string  `json:"prunes"`
	MemoHits   string  `json:"memo_hits"`
	Restarts   string  `json:"restarts"`
	Workers    int     `json:"workers"`
	ElapsedMS  float64 `json:"elapsed_ms"`
}

// hideStats zeroes the statistics in JSON output (golden tests: node
// counts vary with the number of workers and the timing with the machine).
var hideStats bool

func statsJSON(st hamilton.Stats) *jsonStats {
	if hideStats {
		st = hamilton.Stats{}
	}
	ms := float64(st.Elapsed) / float64(time.Millisecond)
	u := func(x uint64) string { return strconv.FormatUint(x, 10) }
	return &jsonStats{u(st.Nodes), u(st.Backtracks), u(st.Prunes), u(st.MemoHits), u(st.Restarts), st.Workers, ms}
}

// jsonProblem is the description of the problem every JSON result starts
// with.
type jsonProblem struct {
	Command string   `json:"command"`
	Board   string   `json:"board"`   // "RxC"
	Open    int      `json:"open"`    // open cells
	Moves   string   `json:"moves"`   // preset name or canonical spec
	Vectors string   `json:"leapers"` // canonical leaper spec, e.g. "3,0+2,2"
	Closed  bool     `json:"closed"`
	Start   *string  `json:"start"` // "row,col" or null
	End     *string  `json:"end"`
	Map     []string `json:"map,omitempty"` // the board map when it has blocked cells or givens
}

func (j *leaperJob) jsonProblem(cmd string) jsonProblem {
	p := jsonProblem{Command: cmd, Board: j.b.Spec(), Open: j.b.Open(), Moves: j.ms.Name, Vectors: leaperSpec(j.ms), Closed: j.rules.Closed}
	if c := j.rules.Start; c != nil {
		s := c.String()
		p.Start = &s
	}
	if c := j.rules.End; c != nil {
		s := c.String()
		p.End = &s
	}
	if !j.b.Plain() {
		p.Map = strings.Split(strings.TrimSuffix(j.b.Format(), "\n"), "\n")
	}
	return p
}

// jsonSolution is one solution in JSON: the path as "row,col" strings and
// the numbered grid (0 for blocked cells).
type jsonSolution struct {
	Path []string `json:"path"`
	Grid [][]int  `json:"grid"`
}

func solutionJSON(g [][]int, path []verify.Cell) jsonSolution {
	s := jsonSolution{Path: make([]string, len(path)), Grid: make([][]int, len(g))}
	for i, c := range path {
		s.Path[i] = c.String()
	}
	for r, row := range g {
		s.Grid[r] = make([]int, len(row))
		for c, x := range row {
			s.Grid[r][c] = max(x, 0)
		}
	}
	return s
}

// emitJSON writes v as one line of JSON.
func emitJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return &internalError{fmt.Sprintf("encoding JSON: %v", err)}
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// writeSolution prints a verified path in the chosen format (grid and path:
// the bare solution; json: one object with the problem, the solution and
// stats).
func (j *leaperJob) writeSolution(w io.Writer, format, cmd string, path []verify.Cell, extra map[string]any) error {
	g := numberGrid(j.b.Rows, j.b.Cols, func(r, c int) bool { return j.b.Blocked(j.b.Cell(r, c)) }, path)
	switch format {
	case "path":
		return writePath(w, path)
	case "json":
		out := map[string]any{"problem": j.jsonProblem(cmd), "solution": solutionJSON(g, path), "verified": true}
		for k, v := range extra {
			out[k] = v
		}
		return emitJSON(w, out)
	}
	return writeGrid(w, g)
}
