package request

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/format"
)

// BoardFacts are the move graph's facts that info reports, in the order
// of its JSON result.
type BoardFacts struct {
	Problem        format.Problem `json:"problem"`
	Cells          int            `json:"cells"`
	Open           int            `json:"open"`
	Blocked        int            `json:"blocked"`
	Edges          int            `json:"edges"`
	Degrees        [][2]int       `json:"degrees"` // [degree, number of cells], ascending, non-zero counts only
	Components     int            `json:"components"`
	ComponentSizes []int          `json:"component_sizes"` // largest first
	Bipartite      bool           `json:"bipartite"`
	ColourClasses  []int          `json:"colour_classes,omitempty"` // sizes of the two classes when bipartite
	EndCells       []format.Cell  `json:"end_cells"`                // degree 1: can only be path ends
	IsolatedCells  []format.Cell  `json:"isolated_cells"`           // degree 0
	CutCells       []format.Cell  `json:"cut_cells"`                // removing one disconnects the graph
	Unsolvable     bool           `json:"unsolvable"`               // an immediate proof exists
	Proofs         []Proof        `json:"proofs"`
	// Decided is Search.Decide's answer: solvable, impossible or
	// undecided ("" when it did not run); Engine says which engine
	// decided, or for an undecided board the prediction in words, and
	// PathProbability is that prediction.
	Decided         string   `json:"decided,omitempty"`
	Engine          string   `json:"engine,omitempty"`
	PathProbability *float64 `json:"path_probability,omitempty"`
	moves           string
}

// Facts computes the move graph's facts: sizes, the degree histogram,
// components, the bipartition, cells of degree 0 and 1, cut cells, and
// every immediate proof that the problem has no solution. command names
// the command in the problem object.
func (s *Search) Facts(command string) (*BoardFacts, error) {
	g, b := s.Graph.Graph, s.Board
	n := g.N()
	f := &BoardFacts{Problem: s.Describe(command), Cells: b.Cells(), Open: n, Blocked: b.Cells() - n, Edges: g.M(),
		EndCells: []format.Cell{}, IsolatedCells: []format.Cell{}, CutCells: []format.Cell{}, moves: MovesLabel(s.Moves)}
	for d, k := range g.DegreeHistogram() {
		if k > 0 {
			f.Degrees = append(f.Degrees, [2]int{d, k})
		}
	}
	label, k := g.Components()
	f.Components = k
	f.ComponentSizes = make([]int, k)
	for _, l := range label {
		f.ComponentSizes[l]++
	}
	slices.SortStableFunc(f.ComponentSizes, func(a, b int) int { return b - a })
	if side, ok := g.Bipartition(); ok {
		f.Bipartite = true
		f.ColourClasses = []int{0, 0}
		for _, x := range side {
			f.ColourClasses[x]++
		}
	}
	cell := func(v int32) format.Cell {
		r, c := b.RowCol(s.Graph.CellOf[v])
		return format.Cell{r + 1, c + 1}
	}
	for v := range int32(n) {
		switch g.Degree(v) {
		case 0:
			f.IsolatedCells = append(f.IsolatedCells, cell(v))
		case 1:
			f.EndCells = append(f.EndCells, cell(v))
		}
	}
	for _, v := range g.ArticulationPoints() {
		f.CutCells = append(f.CutCells, cell(v))
	}
	var err error
	if f.Proofs, err = Proofs(&s.Problem); err != nil {
		return nil, err
	}
	f.Unsolvable = len(f.Proofs) > 0
	return f, nil
}

// WriteText writes the facts as info's text report, one "key value" line
// each.
func (f *BoardFacts) WriteText(w io.Writer) error {
	var sb strings.Builder
	line := func(key, fm string, a ...any) { fmt.Fprintf(&sb, "%-11s %s\n", key, fmt.Sprintf(fm, a...)) }
	line("board", "%s: %s, %d open, %d blocked", f.Problem.Board, format.Plural(f.Cells, "cell"), f.Open, f.Blocked)
	line("moves", "%s", f.moves)
	line("edges", "%d", f.Edges)
	var hist []string
	for _, dk := range f.Degrees {
		hist = append(hist, fmt.Sprintf("%d:%d", dk[0], dk[1]))
	}
	line("degrees", "%s (degree:cells)", strings.Join(hist, " "))
	sizes := make([]string, len(f.ComponentSizes))
	for i, s := range f.ComponentSizes {
		sizes[i] = strconv.Itoa(s)
	}
	line("components", "%d (sizes %s)", f.Components, strings.Join(sizes, ", "))
	if f.Bipartite {
		line("bipartite", "yes: colour classes of %d and %d cells", f.ColourClasses[0], f.ColourClasses[1])
	} else {
		line("bipartite", "no")
	}
	line("ends only", "%s", cellList(f.EndCells, "cells of degree 1 (can only be path ends)"))
	line("isolated", "%s", cellList(f.IsolatedCells, "cells of degree 0"))
	line("cut cells", "%s", cellList(f.CutCells, "cells whose removal disconnects the graph"))
	switch f.Decided {
	case "solvable":
		line("verdict", "solvable: a path was found and verified (%s)", f.Engine)
	case "undecided":
		line("verdict", "%s", f.Engine)
	default:
		writeVerdict(line, f.Proofs)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// cellList writes "none" or "N what: c1 c2 ...", at most 24 cells.
func cellList(list []format.Cell, what string) string {
	if len(list) == 0 {
		return "none"
	}
	cells := make([]string, len(list))
	for i, c := range list {
		cells[i] = fmt.Sprintf("%d,%d", c[0], c[1])
	}
	shown, more := cells, ""
	if len(shown) > 24 {
		shown, more = shown[:24], fmt.Sprintf(" ... (%d more)", len(cells)-24)
	}
	return fmt.Sprintf("%d %s: %s%s", len(cells), what, strings.Join(shown, " "), more)
}
