package analysis

// Report: the analyze command's text and JSON results, here so that a
// library user gets the same report as the CLI.

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/moves"
)

// Report turns an analysis of the leaper graph Graph on Board into text
// and JSON. Fill the fields and call WriteText or JSON.
type Report struct {
	Board     *board.Board
	Graph     *moves.BoardGraph
	Moves     string         // the move set for people, "hopido (3,0+2,2)"
	Problem   format.Problem // the JSON "problem" object
	Stats     *format.Stats  // the JSON "stats" object
	Result    *Result
	Structure *Structure
	// Key is the path whose prefix completions are reported (nil: none),
	// with Completions[k-1] the solutions sharing its first k cells and
	// Decided the first k with one (Completions).
	Key         []int32
	Completions []uint64
	Decided     int
	// NoSolution is the reason there is no solution, when the analysis
	// found none and a proof is known ("" otherwise).
	NoSolution string
}

// plural writes "1 cell", "2 cells".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func (r *Report) cell(v int32) string { return r.Board.FormatCell(r.Graph.CellOf[v]) }

// table lays per-vertex counts out on the board: [row][col], nil for
// blocked cells.
func (r *Report) table(per []uint64) [][]*string {
	b := r.Board
	t := make([][]*string, b.Rows)
	for i := range t {
		t[i] = make([]*string, b.Cols)
	}
	for v, c := range r.Graph.CellOf {
		row, col := b.RowCol(c)
		s := strconv.FormatUint(per[v], 10)
		t[row][col] = &s
	}
	return t
}

func u64(x uint64) string { return strconv.FormatUint(x, 10) }

// ReportJSON is the JSON report (analyze --format json; docs/json.md).
// Counts are decimal strings; cells are 1-based [row, col]; tables are
// [row][col] with null for blocked cells.
type ReportJSON struct {
	Problem     format.Problem  `json:"problem"`
	Convention  string          `json:"convention"`
	Complete    bool            `json:"complete"`
	Total       string          `json:"total"`
	PerStart    [][]*string     `json:"per_start"`
	PerEnd      [][]*string     `json:"per_end"`
	Pairs       []ReportPair    `json:"pairs"`
	ClosedTours ReportTours     `json:"closed_tours"`
	EdgeUsage   []ReportEdge    `json:"edge_usage"`
	AlwaysUsed  [][2]fmtCell    `json:"always_used"` // moves as [[row, col], [row, col]]
	NeverUsed   [][2]fmtCell    `json:"never_used"`
	NeverEnd    []fmtCell       `json:"never_end"`
	Symmetry    ReportSymmetry  `json:"symmetry"`
	Structure   ReportStructure `json:"structure"`
	Steps       [][][]*string   `json:"steps"` // [step][row][col]: paths with that cell at that step (step 1 first)
	Decided     []ReportDecided `json:"decided"`
	KeyPath     *ReportKeyPath  `json:"key_path"`
	Stats       *format.Stats   `json:"stats"`
}

// ReportPair is a (start, end) pair joined by Count directed paths.
type ReportPair struct {
	Start fmtCell `json:"start"`
	End   fmtCell `json:"end"`
	Count string  `json:"count"`
}

// ReportTours counts closed tours and closing paths.
type ReportTours struct {
	Directed     string `json:"directed"`      // each tour once per direction, up to rotation
	Undirected   string `json:"undirected"`    // each tour once
	ClosingPaths string `json:"closing_paths"` // directed paths whose ends are one move apart
}

// ReportEdge is a move and the directed paths using it.
type ReportEdge struct {
	From  fmtCell `json:"from"`
	To    fmtCell `json:"to"`
	Count string  `json:"count"` // directed paths using the move in either direction
}

// ReportOrbitSize is how many orbits of solutions have Size elements.
type ReportOrbitSize struct {
	Size   int    `json:"size"`
	Orbits string `json:"orbits"`
}

// ReportSymmetry describes the solutions up to the board's symmetries.
type ReportSymmetry struct {
	Group              int               `json:"group"`    // board symmetries used
	Reversal           bool              `json:"reversal"` // reading a path backwards counts as a symmetry
	Order              int               `json:"order"`    // elements acting on paths
	Orbits             string            `json:"orbits"`
	OrbitSizes         []ReportOrbitSize `json:"orbit_sizes"`
	Canonical          [][]fmtCell       `json:"canonical,omitempty"`
	CanonicalTruncated bool              `json:"canonical_truncated,omitempty"`
}

// ReportDegree is how many cells have a degree.
type ReportDegree struct {
	Degree int `json:"degree"`
	Cells  int `json:"cells"`
}

// ReportFamily is the graph of one leaper of the set on its own.
type ReportFamily struct {
	Moves      string  `json:"moves"`
	Edges      int     `json:"edges"`
	Components int     `json:"components"`
	Labels     [][]int `json:"labels"` // [row][col] component number from 1, 0 for blocked cells
}

// ReportStructure holds the move graph's structural facts.
type ReportStructure struct {
	Cells        int            `json:"cells"`
	Edges        int            `json:"edges"`
	Degrees      []ReportDegree `json:"degrees"`
	Components   int            `json:"components"`
	Bipartite    bool           `json:"bipartite"`
	Articulation []fmtCell      `json:"articulation"`
	Families     []ReportFamily `json:"families"`
}

// ReportDecided counts the paths whose first Step cells no other path shares (and whose first Step-1 cells some other path does).
type ReportDecided struct {
	Step  int    `json:"step"`
	Paths string `json:"paths"`
}

// ReportKeyPath is the path whose prefix completions are counted.
type ReportKeyPath struct {
	Path        []fmtCell `json:"path"`
	Completions []string  `json:"completions"` // [k-1]: solutions sharing the first k cells
	DecidedAt   int       `json:"decided_at"`  // the first k with one completion (0: not reached)
}

func (r *Report) convention() string {
	return "directed Hamiltonian paths (a path and its reverse count as two)"
}

// JSON returns the report's JSON result (docs/json.md): complete is false
// for an analysis stopped early, whose counts are lower bounds.
func (r *Report) JSON(complete bool) ReportJSON {
	res, n := r.Result, r.Result.N
	out := ReportJSON{Problem: r.Problem, Convention: r.convention(), Complete: complete,
		Total: u64(res.Total), PerStart: r.table(res.PerStart), PerEnd: r.table(res.PerEnd),
		Pairs: []ReportPair{}, EdgeUsage: []ReportEdge{}, AlwaysUsed: [][2]fmtCell{}, NeverUsed: [][2]fmtCell{}, NeverEnd: []fmtCell{},
		ClosedTours: ReportTours{u64(res.DirectedTours), u64(res.UndirectedTours), u64(res.ClosedPaths)},
		Stats:       r.Stats}
	for s := range n {
		for e := range n {
			if c := res.Pair[s*n+e]; c > 0 {
				out.Pairs = append(out.Pairs, ReportPair{r.at(int32(s)), r.at(int32(e)), u64(c)})
			}
		}
	}
	for k, ed := range res.Edges {
		out.EdgeUsage = append(out.EdgeUsage, ReportEdge{r.at(ed[0]), r.at(ed[1]), u64(res.EdgeUse[k])})
	}
	edgeName := func(k int) [2]fmtCell { return [2]fmtCell{r.at(res.Edges[k][0]), r.at(res.Edges[k][1])} }
	for _, k := range res.AlwaysUsed() {
		out.AlwaysUsed = append(out.AlwaysUsed, edgeName(k))
	}
	for _, k := range res.NeverUsed() {
		out.NeverUsed = append(out.NeverUsed, edgeName(k))
	}
	for _, v := range res.NeverEnd() {
		out.NeverEnd = append(out.NeverEnd, r.at(v))
	}
	out.Symmetry = ReportSymmetry{Group: res.Group, Reversal: res.Reversal, Order: res.Order, Orbits: u64(res.Orbits),
		OrbitSizes: []ReportOrbitSize{}, CanonicalTruncated: res.CanonicalTruncated}
	for _, size := range sortedKeys(res.OrbitSizes) {
		out.Symmetry.OrbitSizes = append(out.Symmetry.OrbitSizes, ReportOrbitSize{size, u64(res.OrbitSizes[size])})
	}
	for _, p := range res.Canonical {
		out.Symmetry.Canonical = append(out.Symmetry.Canonical, r.cells(p))
	}
	st := r.Structure
	out.Structure = ReportStructure{Cells: st.Vertices, Edges: st.Edges, Components: st.Components, Bipartite: st.Bipartite, Articulation: []fmtCell{}}
	for d, c := range st.Degrees {
		if c > 0 {
			out.Structure.Degrees = append(out.Structure.Degrees, ReportDegree{d, c})
		}
	}
	for _, v := range st.Articulation {
		out.Structure.Articulation = append(out.Structure.Articulation, r.at(v))
	}
	for _, f := range st.Families {
		out.Structure.Families = append(out.Structure.Families, ReportFamily{f.Moves.PaperSpec(), f.Edges, f.Components, r.labels(f.Label)})
	}
	for i := range n {
		out.Steps = append(out.Steps, r.table(res.StepCell[i*n:(i+1)*n]))
	}
	out.Decided = []ReportDecided{}
	for k, c := range res.DecidedAt {
		if c > 0 {
			out.Decided = append(out.Decided, ReportDecided{k, u64(c)})
		}
	}
	if r.Key != nil {
		kp := &ReportKeyPath{Path: r.cells(r.Key), DecidedAt: r.Decided, Completions: []string{}}
		for _, c := range r.Completions {
			kp.Completions = append(kp.Completions, u64(c))
		}
		out.KeyPath = kp
	}
	return out
}

func (r *Report) cells(p []int32) []fmtCell {
	out := make([]fmtCell, len(p))
	for i, v := range p {
		out[i] = r.at(v)
	}
	return out
}

// joined writes vertices as "r,c r,c ...".
func (r *Report) joined(p []int32) string {
	out := make([]string, len(p))
	for i, v := range p {
		out[i] = r.cell(v)
	}
	return strings.Join(out, " ")
}

// fmtCell is a 1-based [row, col] in JSON.
type fmtCell = format.Cell

// at returns vertex v's cell for JSON.
func (r *Report) at(v int32) fmtCell {
	row, col := r.Board.RowCol(r.Graph.CellOf[v])
	return fmtCell{row + 1, col + 1}
}

// labels lays component labels out on the board, numbered from 1 in
// row-major order of first appearance, 0 for blocked cells.
func (r *Report) labels(label []int32) [][]int {
	b := r.Board
	out := make([][]int, b.Rows)
	for i := range out {
		out[i] = make([]int, b.Cols)
	}
	renum := map[int32]int{}
	for v, c := range r.Graph.CellOf {
		l, ok := renum[label[v]]
		if !ok {
			l = len(renum) + 1
			renum[label[v]] = l
		}
		row, col := b.RowCol(c)
		out[row][col] = l
	}
	return out
}

func sortedKeys(m map[int]uint64) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// WriteText writes the readable report; complete is false for an analysis
// stopped early.
func (r *Report) WriteText(w io.Writer, complete bool) error {
	var b strings.Builder
	r.textCounts(&b, complete)
	r.textEdges(&b)
	r.textSymmetry(&b)
	r.textStructure(&b)
	r.textKeyStates(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// textCounts writes the report's head, its counting convention and the
// path counts: in all, closed, by start and end cell, by (start, end).
func (r *Report) textCounts(b *strings.Builder, complete bool) {
	res, n := r.Result, r.Result.N
	pf := func(format string, a ...any) { fmt.Fprintf(b, format, a...) }
	status := ""
	if !complete {
		status = " (STOPPED EARLY: every count below is a lower bound)"
	}
	pf("analysis of %s with %s: %d open cells%s\n", r.Board.Spec(), r.Moves, r.Board.Open(), status)
	pf("counting convention: %s\n\n", r.convention())
	pf("directed paths: %d\n", res.Total)
	if res.Total == 0 && complete {
		if r.NoSolution != "" {
			pf("no solution: %s\n", r.NoSolution)
		} else {
			pf("no solution: the enumeration found none\n")
		}
	}
	pf("closed tours: %d directed (once per direction), %d undirected; %d paths end one move from their start\n\n",
		res.DirectedTours, res.UndirectedTours, res.ClosedPaths)
	pf("paths by start cell:\n")
	format.WriteTable(b, r.table(res.PerStart))
	pf("\npaths by end cell:\n")
	format.WriteTable(b, r.table(res.PerEnd))
	never := res.NeverEnd()
	pf("\ncells that never end a path (%d):%s\n", len(never), r.list(never))
	pairs := 0
	for _, c := range res.Pair {
		if c > 0 {
			pairs++
		}
	}
	pf("(start, end) pairs joined by some path: %d of %d (all listed in --format json)\n\n", pairs, n*(n-1))
}

// textEdges writes the move edges every path uses, none uses, and the
// one most used.
func (r *Report) textEdges(b *strings.Builder) {
	res := r.Result
	pf := func(format string, a ...any) { fmt.Fprintf(b, format, a...) }
	edgeName := func(k int) string { return r.cell(res.Edges[k][0]) + "-" + r.cell(res.Edges[k][1]) }
	always, unused := res.AlwaysUsed(), res.NeverUsed()
	pf("move edges: %d; used by every path: %d; used by none: %d\n", len(res.Edges), len(always), len(unused))
	for _, x := range []struct {
		what string
		ks   []int
	}{{"every path uses", always}, {"no path uses", unused}} {
		if len(x.ks) == 0 {
			continue
		}
		names := make([]string, 0, len(x.ks))
		for _, k := range x.ks {
			names = append(names, edgeName(k))
		}
		pf("  %s: %s\n", x.what, strings.Join(names, " "))
	}
	if len(res.Edges) > 0 && res.Total > 0 {
		best := 0
		for k, c := range res.EdgeUse {
			if c > res.EdgeUse[best] {
				best = k
			}
		}
		pf("  most used: %s (%d paths)\n", edgeName(best), res.EdgeUse[best])
	}
}

// textSymmetry writes the symmetry group, the count up to symmetry with
// its orbits, and the canonical representatives.
func (r *Report) textSymmetry(b *strings.Builder) {
	res := r.Result
	pf := func(format string, a ...any) { fmt.Fprintf(b, format, a...) }
	rev := "and reversal"
	if !res.Reversal {
		rev = "(reversal not used: the board has givens)"
	}
	syms := "symmetries"
	if res.Group == 1 {
		syms = "symmetry (the identity)"
	}
	pf("\nsymmetry: %d board %s %s, %d elements acting on paths\n", res.Group, syms, rev, res.Order)
	pf("solutions up to symmetry: %d (Burnside)", res.Orbits)
	if len(res.OrbitSizes) > 0 {
		parts := []string{}
		for _, size := range sortedKeys(res.OrbitSizes) {
			parts = append(parts, fmt.Sprintf("%d of size %d", res.OrbitSizes[size], size))
		}
		pf("; orbits: %s", strings.Join(parts, ", "))
	}
	pf("\n")
	if res.Canonical != nil {
		more := ""
		if res.CanonicalTruncated {
			more = " (truncated)"
		}
		pf("canonical representatives%s, one per line:\n", more)
		for _, p := range res.Canonical {
			pf("  %s\n", r.joined(p))
		}
	}
}

// textStructure writes the move graph's structure: components, degrees,
// cut cells and each move family's components.
func (r *Report) textStructure(b *strings.Builder) {
	pf := func(format string, a ...any) { fmt.Fprintf(b, format, a...) }
	st := r.Structure
	pf("\nstructure: %d cells, %d edges, %s, %s\n", st.Vertices, st.Edges, plural(st.Components, "component"),
		map[bool]string{true: "bipartite", false: "not bipartite"}[st.Bipartite])
	deg := []string{}
	for d, c := range st.Degrees {
		if c > 0 {
			deg = append(deg, fmt.Sprintf("%d:%d", d, c))
		}
	}
	pf("degrees (degree:cells): %s\n", strings.Join(deg, " "))
	pf("cut cells (articulation points) (%d):%s\n", len(st.Articulation), r.list(st.Articulation))
	for _, f := range st.Families {
		pf("moves %s alone: %d edges, %s; cells labelled by component:\n", f.Moves.PaperSpec(), f.Edges, plural(f.Components, "component"))
		r.labelGrid(b, r.labels(f.Label))
	}
}

// textKeyStates writes the key states: each step's cells, the step that
// decides each path, and the prefix completions of the key path.
func (r *Report) textKeyStates(b *strings.Builder) {
	res, n := r.Result, r.Result.N
	pf := func(format string, a ...any) { fmt.Fprintf(b, format, a...) }
	pf("\nkey states: paths with each cell at each step (full tables in --format json)\n")
	pf("  %4s %6s  %s\n", "step", "cells", "most frequent cell (paths)")
	for i := range n {
		row := res.StepCell[i*n : (i+1)*n]
		cells, top := 0, 0
		for v, c := range row {
			if c > 0 {
				cells++
			}
			if c > row[top] {
				top = v
			}
		}
		pf("  %4d %6d  %s (%d)\n", i+1, cells, r.cell(int32(top)), row[top])
	}
	if res.Total > 0 {
		parts := []string{}
		for k, c := range res.DecidedAt {
			if c > 0 {
				parts = append(parts, fmt.Sprintf("%d:%d", k, c))
			}
		}
		pf("\npaths by the step after which no other path shares their prefix (step:paths):\n  %s\n", strings.Join(parts, " "))
	}
	if r.Key != nil {
		pf("\nprefix completions of the path %s\n", r.joined(r.Key))
		for k, c := range r.Completions {
			word := "solutions"
			if c == 1 {
				word = "solution"
			}
			pf("  first %d cells: %d %s\n", k+1, c, word)
		}
		if r.Decided > 0 {
			pf("the path is decided after step %d: from there on it is the only completion\n", r.Decided)
		}
	}
}

func (r *Report) list(vs []int32) string {
	if len(vs) == 0 {
		return " none"
	}
	return " " + r.joined(vs)
}

// labelGrid prints component labels as letters (a..z, then A..Z, then
// numbers), '#' for blocked cells.
func (r *Report) labelGrid(b *strings.Builder, labels [][]int) {
	sym := func(l int) string {
		switch {
		case l == 0:
			return "#"
		case l <= 26:
			return string(rune('a' + l - 1))
		case l <= 52:
			return string(rune('A' + l - 27))
		}
		return strconv.Itoa(l)
	}
	for _, row := range labels {
		parts := make([]string, len(row))
		for i, l := range row {
			parts[i] = sym(l)
		}
		fmt.Fprintf(b, "  %s\n", strings.Join(parts, " "))
	}
}
