package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/render"
	"github.com/boardgraph/boardgraph/request"
	"github.com/boardgraph/boardgraph/verify"
)

// maxAnalyzeOpen is the largest number of open cells analyze enumerates
// without --timeout: enumeration visits every path, and 6x6 Diplomatico (36
// cells, 8.25 million paths) takes seconds while 7x7 would take far longer
// than anyone waits.
const maxAnalyzeOpen = 40

var analyzeHelp = cmdHelp{
	name:  "analyze",
	usage: "SPEC|--board FILE [--moves M] [--canonical] [--path FILE] [--svg PREFIX] [--png PREFIX] [--timeout D] [--workers N] [--format text|json]",
	about: `Enumerates every directed Hamiltonian path of the move graph (a path and
its reverse count as two, the Diplomatico paper's convention) and reports the
solution space: counts by start cell, end cell and (start, end) pair; closed
tours (directed: once per direction; undirected: once); how often each move
edge is used, the edges every solution uses and none uses, the cells that
never end a path; the solutions up to the board's symmetries and reversal
(Burnside's lemma: the number of orbits and how many orbits have each size;
--canonical lists the lexicographically smallest path of each orbit, by
cells in row-major order); structural facts (degrees, the components of each
leaper on its own, cut cells, bipartiteness); and key states: how many paths
have each cell at each step, and for one solution (--path FILE, else the
smallest) how many solutions share each prefix, down to the step after which
it is the only one.

Only one start cell per symmetry class is enumerated; the statistics are
carried to the other cells by the symmetries. Boards over 40 open cells are
refused without --timeout. On --timeout or Ctrl-C the report covers the
paths seen so far (lower bounds) and the exit code is 3.

--svg PREFIX and --png PREFIX write three pictures each: PREFIX-start,
PREFIX-end (heatmaps of the counts by start and end cell) and PREFIX-edges
(the edge-usage map). --format json prints one object; its fields are listed
in the README (counts are decimal strings).`,
	examples: []string{
		"boardgraph analyze 5x5                         # 12400 paths, 552 per corner, 352 at the centre",
		"boardgraph analyze --moves knight 5x5          # 304 per corner, 0 on the minority colour",
		"boardgraph analyze 5x5 --canonical --format json",
		"boardgraph analyze 6x6 --png out/6x6           # out/6x6-start.png, -end.png, -edges.png",
	},
}

func init() {
	register(&command{name: "analyze", summary: "analyse the whole solution space (counts, edges, symmetry classes, key states)", run: runAnalyze})
}

func runAnalyze(e *env) int {
	var pf problemFlags
	fs := newFlagSet("analyze")
	pf.register(fs, "text (a report, the default) or json")
	canonical := fs.Bool("canonical", false, "list the canonical representative of every symmetry class (up to 10000)")
	outVar(fs, &pf.Out)
	pathFile := fs.String("path", "", "count the completions of the prefixes of the solution in `FILE` (a path or numbered grid, as verify reads; '-' for stdin) instead of the smallest solution")
	svg := fs.String("svg", "", "write `PREFIX`-start.svg, PREFIX-end.svg and PREFIX-edges.svg")
	png := fs.String("png", "", "write `PREFIX`-start.png, PREFIX-end.png and PREFIX-edges.png")
	pos, code := parseArgs(e, analyzeHelp, fs)
	if code >= 0 {
		return code
	}
	e.redirect(pf.Out)
	if pf.Start != "" || pf.End != "" || pf.Closed {
		return fail(e, usagef("analyze covers every open path of the board; drop --start, --end and --closed (closed tours are counted in the report)"))
	}
	j, err := pf.load(e, pos, textJSON)
	if err != nil {
		return fail(e, err)
	}
	format := j.out.Format
	if open := j.b.Open(); open > analysis.MaxVertices {
		return fail(e, usagef("the %s board has %d open cells; analyze enumerates every path and takes at most %d (and finishes only up to about %d): use a smaller board", j.b.Spec(), open, analysis.MaxVertices, maxAnalyzeOpen))
	}
	if open := j.b.Open(); open > maxAnalyzeOpen && pf.Timeout == 0 {
		return fail(e, usagef("analysing the %s board (%d open cells) would not finish: analyze enumerates every path and is practical up to about %d cells; use a smaller board or add --timeout 10m for a partial report", j.b.Spec(), open, maxAnalyzeOpen))
	}
	for _, f := range []struct{ flag, prefix string }{{"svg", *svg}, {"png", *png}} {
		if f.prefix == "" {
			continue
		}
		if dir := filepath.Dir(f.prefix); dir != "." {
			if st, err := os.Stat(dir); err != nil || !st.IsDir() {
				return fail(e, usagef("--%s %q: the directory %s does not exist; create it first", f.flag, f.prefix, dir))
			}
		}
	}
	var given []int32
	if *pathFile != "" {
		given, err = j.readPath(e, *pathFile)
		if err != nil {
			return fail(e, err)
		}
	}
	ctx, cancel := pf.context(e)
	defer cancel()
	opt := analysis.Options{Workers: pf.Workers, Canonical: *canonical, MaxCanonical: 10000}
	pr := newProgress(e, "analyze", pf.Quiet)
	var hopt hamilton.Options
	pr.set(&hopt)
	opt.Progress, opt.ProgressEvery = hopt.Progress, hopt.ProgressEvery
	res, err := analysis.Analyze(ctx, j.prob, opt)
	pr.done()
	stopped := err != nil && ctx.Err() != nil && res != nil
	if err != nil && !stopped {
		return fail(e, err)
	}
	rep := &analyzeReport{j: j, res: res, st: analysis.Structural(j.bg)}
	// Every path that leaves the program passes the verifier.
	for _, p := range res.Canonical {
		if _, err := j.checked(p); err != nil {
			return fail(e, err)
		}
	}
	if !stopped {
		key := res.Smallest
		if given != nil {
			key = given
		}
		if key != nil {
			if _, err := j.checked(key); err != nil {
				return fail(e, err)
			}
			rep.key = key
			rep.completions, rep.decided, err = analysis.Completions(ctx, j.prob, key, hamilton.Options{Workers: pf.Workers})
			if err != nil && ctx.Err() == nil {
				return fail(e, err)
			}
			stopped = ctx.Err() != nil
		}
	}
	var buf bytes.Buffer
	if format == "json" {
		err = emitJSON(&buf, rep.json(!stopped))
	} else {
		err = rep.text(&buf, !stopped)
	}
	if err != nil {
		return fail(e, err)
	}
	if _, err := e.stdout.Write(buf.Bytes()); err != nil {
		return fail(e, err)
	}
	for _, f := range []struct{ prefix, ext string }{{*svg, ".svg"}, {*png, ".png"}} {
		if f.prefix == "" {
			continue
		}
		wrote, err := rep.pictures(f.prefix, f.ext)
		if err != nil {
			return fail(e, err)
		}
		if !pf.Quiet {
			for _, name := range wrote {
				fmt.Fprintf(e.stderr, "wrote %s\n", name)
			}
		}
	}
	if stopped {
		return fail(e, &stoppedError{fmt.Sprintf("%s: the report covers the %d paths enumerated so far (every count is a lower bound)", stopReason(ctx, pf.Timeout), res.Stats.Solutions)})
	}
	if !pf.Quiet && format == "text" {
		fmt.Fprintf(e.stderr, "analysed %s with %s: %s, %v\n", j.b.Spec(), movesLabel(j.ms), plural(int(res.Total), "directed path"), res.Stats.Elapsed.Round(time.Millisecond))
	}
	return exitOK
}

// readPath reads a solution (path or numbered grid) and returns it as
// engine vertices after checking it with the verifier.
func (j *leaperJob) readPath(e *env, file string) ([]int32, error) {
	text, err := readSolution(e, file)
	if err != nil {
		return nil, err
	}
	var cells []verify.Cell
	switch {
	case request.IsBinary(text): // solve --format binary
		_, cells, err = request.FromBinary(text)
	case request.IsJSON(text): // solve --format json
		_, cells, err = request.FromJSON(text)
	case looksLikePath(text):
		cells, err = verify.ParsePath(bytes.NewReader(text))
	default:
		var g verify.Grid
		g, err = verify.ParseGrid(bytes.NewReader(text))
		if err == nil {
			cells, err = gridCells(g, false)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("--path %s: %w", file, err)
	}
	if err := verify.Path(j.rules, cells); err != nil {
		return nil, usagef("--path %s is not a solution of %s with %s: %v", file, j.b.Spec(), movesLabel(j.ms), err)
	}
	out := make([]int32, len(cells))
	for i, c := range cells {
		out[i] = j.bg.VertexOf[j.b.Cell(c.Row-1, c.Col-1)]
	}
	return out, nil
}

// analyzeReport turns an analysis into text, JSON and pictures.
type analyzeReport struct {
	j           *leaperJob
	res         *analysis.Result
	st          *analysis.Structure
	key         []int32
	completions []uint64
	decided     int
}

func (r *analyzeReport) cell(v int32) string { return r.j.b.FormatCell(r.j.bg.CellOf[v]) }

// table lays per-vertex counts out on the board: [row][col], nil for
// blocked cells.
func (r *analyzeReport) table(per []uint64) [][]*string {
	b := r.j.b
	t := make([][]*string, b.Rows)
	for i := range t {
		t[i] = make([]*string, b.Cols)
	}
	for v, c := range r.j.bg.CellOf {
		row, col := b.RowCol(c)
		s := strconv.FormatUint(per[v], 10)
		t[row][col] = &s
	}
	return t
}

func u64(x uint64) string { return strconv.FormatUint(x, 10) }

// jsonAnalysis is analyze's JSON result (documented in the README). Counts
// are decimal strings; cells are 1-based "row,col"; tables are [row][col]
// with null for blocked cells.
type jsonAnalysis struct {
	Problem     jsonProblem   `json:"problem"`
	Convention  string        `json:"convention"`
	Complete    bool          `json:"complete"`
	Total       string        `json:"total"`
	PerStart    [][]*string   `json:"per_start"`
	PerEnd      [][]*string   `json:"per_end"`
	Pairs       []jsonPair    `json:"pairs"`
	ClosedTours jsonTours     `json:"closed_tours"`
	EdgeUsage   []jsonEdge    `json:"edge_usage"`
	AlwaysUsed  [][2]fmtCell  `json:"always_used"` // moves as [[row, col], [row, col]]
	NeverUsed   [][2]fmtCell  `json:"never_used"`
	NeverEnd    []fmtCell     `json:"never_end"`
	Symmetry    jsonSymmetry  `json:"symmetry"`
	Structure   jsonStructure `json:"structure"`
	Steps       [][][]*string `json:"steps"` // [step][row][col]: paths with that cell at that step (step 1 first)
	Decided     []jsonDecided `json:"decided"`
	KeyPath     *jsonKeyPath  `json:"key_path"`
	Stats       *jsonStats    `json:"stats"`
}

type jsonPair struct {
	Start fmtCell `json:"start"`
	End   fmtCell `json:"end"`
	Count string  `json:"count"`
}

type jsonTours struct {
	Directed     string `json:"directed"`      // each tour once per direction, up to rotation
	Undirected   string `json:"undirected"`    // each tour once
	ClosingPaths string `json:"closing_paths"` // directed paths whose ends are one move apart
}

type jsonEdge struct {
	From  fmtCell `json:"from"`
	To    fmtCell `json:"to"`
	Count string  `json:"count"` // directed paths using the move in either direction
}

type jsonOrbitSize struct {
	Size   int    `json:"size"`
	Orbits string `json:"orbits"`
}

type jsonSymmetry struct {
	Group              int             `json:"group"`    // board symmetries used
	Reversal           bool            `json:"reversal"` // reading a path backwards counts as a symmetry
	Order              int             `json:"order"`    // elements acting on paths
	Orbits             string          `json:"orbits"`
	OrbitSizes         []jsonOrbitSize `json:"orbit_sizes"`
	Canonical          [][]fmtCell     `json:"canonical,omitempty"`
	CanonicalTruncated bool            `json:"canonical_truncated,omitempty"`
}

type jsonDegree struct {
	Degree int `json:"degree"`
	Cells  int `json:"cells"`
}

type jsonFamily struct {
	Moves      string  `json:"moves"`
	Edges      int     `json:"edges"`
	Components int     `json:"components"`
	Labels     [][]int `json:"labels"` // [row][col] component number from 1, 0 for blocked cells
}

type jsonStructure struct {
	Cells        int          `json:"cells"`
	Edges        int          `json:"edges"`
	Degrees      []jsonDegree `json:"degrees"`
	Components   int          `json:"components"`
	Bipartite    bool         `json:"bipartite"`
	Articulation []fmtCell    `json:"articulation"`
	Families     []jsonFamily `json:"families"`
}

// jsonDecided: paths whose first Step cells no other path shares (and
// whose first Step-1 cells some other path does).
type jsonDecided struct {
	Step  int    `json:"step"`
	Paths string `json:"paths"`
}

type jsonKeyPath struct {
	Path        []fmtCell `json:"path"`
	Completions []string  `json:"completions"` // [k-1]: solutions sharing the first k cells
	DecidedAt   int       `json:"decided_at"`  // the first k with one completion (0: not reached)
}

func (r *analyzeReport) convention() string {
	return "directed Hamiltonian paths (a path and its reverse count as two)"
}

func (r *analyzeReport) json(complete bool) jsonAnalysis {
	res, n := r.res, r.res.N
	out := jsonAnalysis{Problem: r.j.jsonProblem("analyze"), Convention: r.convention(), Complete: complete,
		Total: u64(res.Total), PerStart: r.table(res.PerStart), PerEnd: r.table(res.PerEnd),
		Pairs: []jsonPair{}, EdgeUsage: []jsonEdge{}, AlwaysUsed: [][2]fmtCell{}, NeverUsed: [][2]fmtCell{}, NeverEnd: []fmtCell{},
		ClosedTours: jsonTours{u64(res.DirectedTours), u64(res.UndirectedTours), u64(res.ClosedPaths)},
		Stats:       statsJSON(res.Stats)}
	for s := range n {
		for e := range n {
			if c := res.Pair[s*n+e]; c > 0 {
				out.Pairs = append(out.Pairs, jsonPair{r.at(int32(s)), r.at(int32(e)), u64(c)})
			}
		}
	}
	for k, ed := range res.Edges {
		out.EdgeUsage = append(out.EdgeUsage, jsonEdge{r.at(ed[0]), r.at(ed[1]), u64(res.EdgeUse[k])})
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
	out.Symmetry = jsonSymmetry{Group: res.Group, Reversal: res.Reversal, Order: res.Order, Orbits: u64(res.Orbits),
		OrbitSizes: []jsonOrbitSize{}, CanonicalTruncated: res.CanonicalTruncated}
	for _, size := range sortedKeys(res.OrbitSizes) {
		out.Symmetry.OrbitSizes = append(out.Symmetry.OrbitSizes, jsonOrbitSize{size, u64(res.OrbitSizes[size])})
	}
	for _, p := range res.Canonical {
		out.Symmetry.Canonical = append(out.Symmetry.Canonical, r.cells(p))
	}
	st := r.st
	out.Structure = jsonStructure{Cells: st.Vertices, Edges: st.Edges, Components: st.Components, Bipartite: st.Bipartite, Articulation: []fmtCell{}}
	for d, c := range st.Degrees {
		if c > 0 {
			out.Structure.Degrees = append(out.Structure.Degrees, jsonDegree{d, c})
		}
	}
	for _, v := range st.Articulation {
		out.Structure.Articulation = append(out.Structure.Articulation, r.at(v))
	}
	for _, f := range st.Families {
		out.Structure.Families = append(out.Structure.Families, jsonFamily{leaperSpec(f.Moves), f.Edges, f.Components, r.labels(f.Label)})
	}
	for i := range n {
		out.Steps = append(out.Steps, r.table(res.StepCell[i*n:(i+1)*n]))
	}
	out.Decided = []jsonDecided{}
	for k, c := range res.DecidedAt {
		if c > 0 {
			out.Decided = append(out.Decided, jsonDecided{k, u64(c)})
		}
	}
	if r.key != nil {
		kp := &jsonKeyPath{Path: r.cells(r.key), DecidedAt: r.decided, Completions: []string{}}
		for _, c := range r.completions {
			kp.Completions = append(kp.Completions, u64(c))
		}
		out.KeyPath = kp
	}
	return out
}

func (r *analyzeReport) cells(p []int32) []fmtCell {
	out := make([]fmtCell, len(p))
	for i, v := range p {
		out[i] = r.at(v)
	}
	return out
}

// joined writes vertices as "r,c r,c ...".
func (r *analyzeReport) joined(p []int32) string {
	out := make([]string, len(p))
	for i, v := range p {
		out[i] = r.cell(v)
	}
	return strings.Join(out, " ")
}

// fmtCell is a 1-based [row, col] in JSON.
type fmtCell = format.Cell

// at returns vertex v's cell for JSON.
func (r *analyzeReport) at(v int32) fmtCell {
	row, col := r.j.b.RowCol(r.j.bg.CellOf[v])
	return fmtCell{row + 1, col + 1}
}

// labels lays component labels out on the board, numbered from 1 in
// row-major order of first appearance, 0 for blocked cells.
func (r *analyzeReport) labels(label []int32) [][]int {
	b := r.j.b
	out := make([][]int, b.Rows)
	for i := range out {
		out[i] = make([]int, b.Cols)
	}
	renum := map[int32]int{}
	for v, c := range r.j.bg.CellOf {
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

// text writes the readable report.
func (r *analyzeReport) text(w io.Writer, complete bool) error {
	res, n, j := r.res, r.res.N, r.j
	var b strings.Builder
	pf := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	status := ""
	if !complete {
		status = " (STOPPED EARLY: every count below is a lower bound)"
	}
	pf("analysis of %s with %s: %d open cells%s\n", j.b.Spec(), movesLabel(j.ms), j.b.Open(), status)
	pf("counting convention: %s\n\n", r.convention())
	pf("directed paths: %d\n", res.Total)
	if res.Total == 0 && complete {
		if reason, err := hamilton.Precheck(&j.prob); err == nil && reason != nil {
			pf("no solution: %s\n", reason.Text)
		} else {
			pf("no solution: the enumeration found none\n")
		}
	}
	pf("closed tours: %d directed (once per direction), %d undirected; %d paths end one move from their start\n\n",
		res.DirectedTours, res.UndirectedTours, res.ClosedPaths)
	pf("paths by start cell:\n")
	writeTable(&b, r.table(res.PerStart))
	pf("\npaths by end cell:\n")
	writeTable(&b, r.table(res.PerEnd))
	never := res.NeverEnd()
	pf("\ncells that never end a path (%d):%s\n", len(never), r.list(never))
	pairs := 0
	for _, c := range res.Pair {
		if c > 0 {
			pairs++
		}
	}
	pf("(start, end) pairs joined by some path: %d of %d (all listed in --format json)\n\n", pairs, n*(n-1))

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

	st := r.st
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
		pf("moves %s alone: %d edges, %s; cells labelled by component:\n", leaperSpec(f.Moves), f.Edges, plural(f.Components, "component"))
		r.labelGrid(&b, r.labels(f.Label))
	}

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
	if r.key != nil {
		pf("\nprefix completions of the path %s\n", r.joined(r.key))
		for k, c := range r.completions {
			word := "solutions"
			if c == 1 {
				word = "solution"
			}
			pf("  first %d cells: %d %s\n", k+1, c, word)
		}
		if r.decided > 0 {
			pf("the path is decided after step %d: from there on it is the only completion\n", r.decided)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (r *analyzeReport) list(vs []int32) string {
	if len(vs) == 0 {
		return " none"
	}
	return " " + r.joined(vs)
}

// labelGrid prints component labels as letters (a..z, then A..Z, then
// numbers), '#' for blocked cells.
func (r *analyzeReport) labelGrid(b *strings.Builder, labels [][]int) {
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

// pictures writes PREFIX-start, PREFIX-end and PREFIX-edges with the given
// extension.
func (r *analyzeReport) pictures(prefix, ext string) ([]string, error) {
	b := r.j.b
	res := r.res
	heat := func(per []uint64) ([]float64, []string) {
		vals := make([]float64, b.Cells())
		labels := make([]string, b.Cells())
		for i := range vals {
			vals[i] = math.NaN()
		}
		for v, c := range r.j.bg.CellOf {
			vals[c] = float64(per[v])
			labels[c] = u64(per[v])
		}
		return vals, labels
	}
	name := b.Spec() + " " + movesLabel(r.j.ms)
	var wrote []string
	save := func(pic *render.Picture, err error, suffix string) error {
		if err != nil {
			return &internalError{fmt.Sprintf("drawing the %s picture: %v", suffix, err)}
		}
		file := prefix + "-" + suffix + ext
		if err := pic.Save(file); err != nil {
			if errors.Is(err, render.ErrTooLarge) {
				return usagef("%s: %v", file, err)
			}
			if errors.Is(err, pathio.ErrWrite) || errors.Is(err, pathio.ErrSpecialFile) {
				return err // names the file
			}
			return fmt.Errorf("writing %s: %w", file, err)
		}
		wrote = append(wrote, file)
		return nil
	}
	v, l := heat(res.PerStart)
	pic, err := render.Heatmap(b, v, l, render.HeatOptions{Title: name + ": directed paths by start cell"})
	if err := save(pic, err, "start"); err != nil {
		return wrote, err
	}
	v, l = heat(res.PerEnd)
	pic, err = render.Heatmap(b, v, l, render.HeatOptions{Title: name + ": directed paths by end cell"})
	if err := save(pic, err, "end"); err != nil {
		return wrote, err
	}
	edges := make([]render.Edge, len(res.Edges))
	for k, ed := range res.Edges {
		edges[k] = render.Edge{A: r.j.bg.CellOf[ed[0]], B: r.j.bg.CellOf[ed[1]], Weight: float64(res.EdgeUse[k])}
	}
	pic, err = render.EdgeUsage(b, edges, render.HeatOptions{Title: name + ": paths using each move"})
	if err := save(pic, err, "edges"); err != nil {
		return wrote, err
	}
	return wrote, nil
}
