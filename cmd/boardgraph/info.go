package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/request"
)

var infoHelp = cmdHelp{
	name:  "info",
	usage: "SPEC|--board FILE [--moves M] [--start r,c] [--end r,c] [--closed] [--format text|json]",
	about: `Prints the move graph's facts: cells, edges, the degree histogram,
connected components, whether it is bipartite (with the colour class sizes),
the cells of degree 1 (they can only be ends of a path), cut cells, and every
immediate proof that no solution exists (for 4x4 Diplomatico: four cells of
degree 1, Proposition II.1 of the paper). --start, --end and --closed change
what the proofs look for. Exit 0 whatever the verdict.`,
	examples: []string{
		"boardgraph info 4x4",
		"boardgraph info --moves knight 7x7 --closed",
		"boardgraph info --board puzzle.txt --format json",
	},
}

func init() {
	register(&command{name: "info", summary: "facts about the move graph and quick unsolvability proofs", run: runInfo})
}

// jsonInfo is info's JSON result.
type jsonInfo struct {
	Problem        jsonProblem   `json:"problem"`
	Cells          int           `json:"cells"`
	Open           int           `json:"open"`
	Blocked        int           `json:"blocked"`
	Edges          int           `json:"edges"`
	Degrees        [][2]int      `json:"degrees"` // [degree, number of cells], ascending, non-zero counts only
	Components     int           `json:"components"`
	ComponentSizes []int         `json:"component_sizes"` // largest first
	Bipartite      bool          `json:"bipartite"`
	ColourClasses  []int         `json:"colour_classes,omitempty"` // sizes of the two classes when bipartite
	EndCells       []format.Cell `json:"end_cells"`                // degree 1: can only be path ends
	IsolatedCells  []format.Cell `json:"isolated_cells"`           // degree 0
	CutCells       []format.Cell `json:"cut_cells"`                // removing one disconnects the graph
	Unsolvable     bool          `json:"unsolvable"`               // an immediate proof exists
	Proofs         []jsonProof   `json:"proofs"`
}

type jsonProof struct {
	Rule string `json:"rule"`
	Text string `json:"text"`
}

func runInfo(e *env) int {
	if code, ok := graphInput(e, "info"); ok { // --graph FILE (graphinput.go)
		return code
	}
	var pf problemFlags
	fs := newFlagSet("info")
	fs.StringVar(&pf.Board, "board", "", "read the board as a text `FILE` ('-' for stdin) instead of a size spec")
	fs.StringVar(&pf.Moves, "moves", "hopido", request.MovesHelp())
	fs.StringVar(&pf.Start, "start", "", "look for paths starting at `ROW,COL`")
	fs.StringVar(&pf.End, "end", "", "look for paths ending at `ROW,COL`")
	fs.BoolVar(&pf.Closed, "closed", false, "look for closed tours")
	fs.StringVar(&pf.Format, "format", "", "output `FORMAT`: text (the default) or json")
	outVar(fs, &pf.Out)
	fs.BoolVar(&pf.Quiet, "quiet", false, "no diagnostics on stderr (info prints none besides errors)")
	pos, code := parseArgs(e, infoHelp, fs)
	if code >= 0 {
		return code
	}
	e.redirect(pf.Out)
	j, err := pf.load(e, pos, textJSON)
	if err != nil {
		return fail(e, err)
	}
	g := j.bg.Graph
	n := g.N()
	out := jsonInfo{Problem: j.jsonProblem("info"), Cells: j.b.Cells(), Open: n, Blocked: j.b.Cells() - n, Edges: g.M(),
		EndCells: []format.Cell{}, IsolatedCells: []format.Cell{}, CutCells: []format.Cell{}, Proofs: []jsonProof{}}
	for d, k := range g.DegreeHistogram() {
		if k > 0 {
			out.Degrees = append(out.Degrees, [2]int{d, k})
		}
	}
	label, k := g.Components()
	out.Components = k
	out.ComponentSizes = make([]int, k)
	for _, l := range label {
		out.ComponentSizes[l]++
	}
	sortDesc(out.ComponentSizes)
	if side, ok := g.Bipartition(); ok {
		out.Bipartite = true
		out.ColourClasses = []int{0, 0}
		for _, s := range side {
			out.ColourClasses[s]++
		}
	}
	cellName := func(v int32) format.Cell {
		r, c := j.b.RowCol(j.bg.CellOf[v])
		return format.Cell{r + 1, c + 1}
	}
	for v := range int32(n) {
		switch g.Degree(v) {
		case 0:
			out.IsolatedCells = append(out.IsolatedCells, cellName(v))
		case 1:
			out.EndCells = append(out.EndCells, cellName(v))
		}
	}
	for _, v := range g.ArticulationPoints() {
		out.CutCells = append(out.CutCells, cellName(v))
	}
	reasons, err := hamilton.PrecheckAll(&j.prob)
	if err != nil {
		return fail(e, err)
	}
	for _, r := range reasons {
		out.Proofs = append(out.Proofs, jsonProof{r.Rule, r.Text})
	}
	out.Unsolvable = len(out.Proofs) > 0
	if j.out.JSON() {
		if err := emitJSON(e.stdout, out); err != nil {
			return fail(e, err)
		}
		return exitOK
	}
	var sb strings.Builder
	line := func(key, format string, a ...any) { fmt.Fprintf(&sb, "%-11s %s\n", key, fmt.Sprintf(format, a...)) }
	line("board", "%s: %d cells, %d open, %d blocked", j.b.Spec(), out.Cells, out.Open, out.Blocked)
	line("moves", "%s", movesLabel(j.ms))
	line("edges", "%d", out.Edges)
	var hist []string
	for _, dk := range out.Degrees {
		hist = append(hist, fmt.Sprintf("%d:%d", dk[0], dk[1]))
	}
	line("degrees", "%s (degree:cells)", strings.Join(hist, " "))
	sizes := make([]string, len(out.ComponentSizes))
	for i, s := range out.ComponentSizes {
		sizes[i] = strconv.Itoa(s)
	}
	line("components", "%d (sizes %s)", k, strings.Join(sizes, ", "))
	if out.Bipartite {
		line("bipartite", "yes: colour classes of %d and %d cells", out.ColourClasses[0], out.ColourClasses[1])
	} else {
		line("bipartite", "no")
	}
	line("ends only", "%s", cellList(out.EndCells, "cells of degree 1 (can only be path ends)"))
	line("isolated", "%s", cellList(out.IsolatedCells, "cells of degree 0"))
	line("cut cells", "%s", cellList(out.CutCells, "cells whose removal disconnects the graph"))
	if len(out.Proofs) == 0 {
		line("verdict", "no immediate proof of unsolvability (a search may still find none)")
	} else {
		line("verdict", "no solution")
		for _, p := range out.Proofs {
			line("proof", "%s: %s", p.Rule, p.Text)
		}
	}
	if _, err := fmt.Fprint(e.stdout, sb.String()); err != nil {
		return fail(e, err)
	}
	return exitOK
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
	shown := cells
	more := ""
	if len(shown) > 24 {
		shown, more = shown[:24], fmt.Sprintf(" ... (%d more)", len(cells)-24)
	}
	return fmt.Sprintf("%d %s: %s%s", len(cells), what, strings.Join(shown, " "), more)
}

func sortDesc(a []int) {
	for i := 1; i < len(a); i++ {
		for k := i; k > 0 && a[k] > a[k-1]; k-- {
			a[k], a[k-1] = a[k-1], a[k]
		}
	}
}
