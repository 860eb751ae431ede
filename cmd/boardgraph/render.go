package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/render"
	"github.com/boardgraph/boardgraph/request"
	"github.com/boardgraph/boardgraph/verify"
)

var renderHelp = cmdHelp{
	name:  "render",
	usage: "[SPEC] [--board FILE] [--in FILE|-] --svg FILE | --png FILE [--kind K] [--show auto|numbers|path] [--arrows] [--highlight S,...] [--cell PX]",
	about: `Draws a solution, a count table or a k-grid as an SVG or PNG picture
(both when both flags are given). Files are written to a temporary name and
renamed, so a failed run never leaves a partial picture.

The input (--in FILE, or stdin) is recognised by its content:
  a numbered grid or a path file (what solve prints; a path file needs its
    board: a size SPEC or --board FILE) - the board with the path drawn
    through consecutive cells, like Figures 4 and 5 of the Diplomatico paper.
    The solution is checked by the independent verifier first (--moves,
    --closed; --unchecked draws partial or invalid paths anyway);
  JSON from solve --format json - the same picture;
  JSON from count --per-start --format json - a heatmap of counts by start
    cell with a colour legend;
  JSON {"board":"5x5","title":"...","values":[[1,2,...],...]} - a heatmap of
    any per-cell values (null for none; numbers or decimal strings);
  JSON {"board":"5x5","edges":[{"from":"1,1","to":"1,4","count":"12"},...]} -
    an edge-usage map: every move drawn with width and colour by its count;
  a k-grid (--kind kgrid: numberlink's text, .has, Tatham or puzz.link
    formats; numberlink JSON with "clues" is recognised by itself) - nodes
    and bridges; --kind tau runs the τ algorithm and writes one frame per
    step, NAME-000.svg, NAME-001.svg, ...
Numbers are dropped on boards too large to print them legibly (200x200 at
the default size); the path is kept. Exit 0 when the pictures were written,
1 when the solution is invalid, 2 for bad input.`,
	examples: []string{
		"boardgraph solve 5x10 --format path | boardgraph render 5x10 --svg fig4.svg",
		"boardgraph render --in fig4.txt --png fig4.png --highlight 25 --arrows",
		"boardgraph count --per-start --format json 5x5 | boardgraph render --svg starts.svg",
		"boardgraph render --kind tau --in puzzle.txt --svg tau.svg   # tau-000.svg, tau-001.svg, ...",
	},
}

func init() {
	register(&command{name: "render", summary: "draw a solution, count table or k-grid as SVG/PNG", run: runRender})
}

// pictureFlags are the output flags shared by render and solve.
type pictureFlags struct {
	svg, png string
}

func (pf *pictureFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&pf.svg, "svg", "", "write the picture as SVG to `FILE`")
	fs.StringVar(&pf.png, "png", "", "write the picture as PNG to `FILE`")
}

// check rejects output names that cannot work before any work is done.
func (pf *pictureFlags) check() error {
	for _, f := range []struct{ flag, name, ext string }{{"svg", pf.svg, ".svg"}, {"png", pf.png, ".png"}} {
		if f.name == "" {
			continue
		}
		if strings.ToLower(filepath.Ext(f.name)) != f.ext {
			return usagef("--%s %q: name the file *%s", f.flag, f.name, f.ext)
		}
		if dir := filepath.Dir(f.name); dir != "." {
			if st, err := os.Stat(dir); err != nil || !st.IsDir() {
				return usagef("--%s %q: the directory %s does not exist; create it first", f.flag, f.name, dir)
			}
		}
	}
	return nil
}

func (pf *pictureFlags) any() bool { return pf.svg != "" || pf.png != "" }

// save writes pic to the requested files. Each file is written whole or
// not at all (render.WriteFileAtomic).
func (pf *pictureFlags) save(pic *render.Picture) ([]string, error) {
	var wrote []string
	for _, name := range []string{pf.svg, pf.png} {
		if name == "" {
			continue
		}
		if err := pic.Save(name); err != nil {
			if errors.Is(err, render.ErrTooLarge) {
				return wrote, usagef("%s: %v", name, err)
			}
			if errors.Is(err, pathio.ErrWrite) || errors.Is(err, pathio.ErrSpecialFile) {
				return wrote, err // names the file
			}
			return wrote, fmt.Errorf("writing %s: %w", name, err)
		}
		wrote = append(wrote, name)
	}
	return wrote, nil
}

// savePath draws a verified path on b and writes the requested pictures
// (solve --svg/--png).
func (pf *pictureFlags) savePath(b *board.Board, path []verify.Cell, opt render.PathOptions) ([]string, error) {
	cells := make([]int32, len(path))
	for i, c := range path {
		cells[i] = b.Cell(c.Row-1, c.Col-1)
	}
	pic, err := render.Path(b, cells, opt)
	if err != nil {
		return nil, &internalError{fmt.Sprintf("drawing a verified path: %v", err)}
	}
	return pf.save(pic)
}

// savePathQuietly writes solve's pictures of a verified path, if any were
// asked for, and names each file on stderr unless quiet.
func (pf *pictureFlags) savePathQuietly(e *env, b *board.Board, path []verify.Cell, closed, quiet bool) error {
	if !pf.any() {
		return nil
	}
	wrote, err := pf.savePath(b, path, render.PathOptions{Closed: closed})
	if err != nil {
		return err
	}
	if !quiet {
		for _, name := range wrote {
			fmt.Fprintf(e.stderr, "wrote %s\n", name)
		}
	}
	return nil
}

// saveKGrid draws a k-grid with a (possibly partial or nil) solution and
// writes the requested pictures: the hook for numberlink solve --svg/--png
// (register the flags with pictureFlags.register, call check before
// solving and saveKGrid with the verified solution).
func (pf *pictureFlags) saveKGrid(g *numberlink.Grid, sol numberlink.Solution) ([]string, error) {
	pic, err := render.KGrid(g, sol, render.KGridOptions{Node: -1})
	if err != nil {
		return nil, &internalError{fmt.Sprintf("drawing a k-grid: %v", err)}
	}
	return pf.save(pic)
}

type renderFlags struct {
	pictureFlags
	boardFile string
	in        string
	moveSpec  string
	kind      string
	show      string
	arrows    bool
	gradient  bool
	closed    bool
	highlight string
	cell      float64
	title     string
	unchecked bool
}

func runRender(e *env) int {
	var rf renderFlags
	fs := newFlagSet("render")
	rf.pictureFlags.register(fs)
	fs.StringVar(&rf.in, "in", "", "read the solution, table or k-grid from `FILE` ('-' or absent: stdin)")
	fs.StringVar(&rf.boardFile, "board", "", "the board as a text `FILE` (blocked cells and givens; needed for path files without SPEC)")
	fs.StringVar(&rf.moveSpec, "moves", "hopido", "move set `M` the solution is verified against (hopido, knight, a,b, unions 3,0+2,2)")
	fs.StringVar(&rf.kind, "kind", "auto", "what the input is: `K` = auto, path (a path or numbered grid), heatmap (a table of numbers, '#' blocked), kgrid or tau")
	fs.StringVar(&rf.show, "show", "auto", "path pictures: `WHAT` = auto (numbers and path; numbers dropped when illegible), numbers or path")
	fs.BoolVar(&rf.arrows, "arrows", false, "path pictures: an arrowhead on every move")
	fs.BoolVar(&rf.gradient, "gradient", false, "path pictures: colour the path by step, dark at the start to light at the end (automatic when numbers are dropped)")
	fs.BoolVar(&rf.closed, "closed", false, "the path is a closed tour: verify it as one and draw the closing move")
	fs.StringVar(&rf.highlight, "highlight", "", "path pictures: draw the moves from steps `S,...` to the next step in blue (the paper's 'link', e.g. 25)")
	fs.Float64Var(&rf.cell, "cell", 0, "cell size in `PX` (default: fit the board in 1600 pixels, at most 48 per cell)")
	fs.StringVar(&rf.title, "title", "", "heatmaps and edge maps: the `TITLE` above the board")
	fs.BoolVar(&rf.unchecked, "unchecked", false, "draw a path even if the verifier rejects it (partial or broken paths)")
	pos, code := parseArgs(e, renderHelp, fs)
	if code >= 0 {
		return code
	}
	if err := rf.run(e, pos); err != nil {
		return fail(e, err)
	}
	return exitOK
}

func (rf *renderFlags) run(e *env, pos []string) error {
	if !rf.any() {
		return usagef("no output: give --svg FILE, --png FILE or both")
	}
	if err := rf.check(); err != nil {
		return err
	}
	if rf.cell < 0 || rf.cell > 1000 || math.IsNaN(rf.cell) {
		return usagef("--cell %v: give a cell size in pixels between 1 and 1000, or 0 for automatic", rf.cell)
	}
	switch rf.kind {
	case "auto", "path", "heatmap", "kgrid", "tau":
	default:
		return usagef("unknown --kind %q; use auto, path, heatmap, kgrid or tau", rf.kind)
	}
	spec := ""
	for _, a := range pos {
		if request.IsSpec(a) && spec == "" {
			spec = a
			continue
		}
		return usagef("unexpected argument %q; give at most a board size (the input comes from --in FILE or stdin)", a)
	}
	if rf.boardFile == "-" && (rf.in == "" || rf.in == "-") {
		return usagef("--board - and the input cannot both come from stdin; name the input with --in FILE")
	}
	var b *board.Board
	if spec != "" || rf.boardFile != "" {
		var err error
		if b, err = readBoard(e, spec, rf.boardFile); err != nil {
			return err
		}
	}
	text, err := readSolution(e, rf.in)
	if err != nil {
		return err
	}
	pic, frames, what, err := rf.picture(e.ctx, b, text)
	if err != nil {
		return err
	}
	if frames != nil {
		return rf.saveFrames(e, frames, what)
	}
	wrote, err := rf.save(pic)
	for _, name := range wrote {
		fmt.Fprintf(e.stdout, "%s: %s, %sx%s pixels\n", name, what, strconv.Itoa(int(math.Ceil(pic.Width))), strconv.Itoa(int(math.Ceil(pic.Height))))
	}
	return err
}

// saveFrames writes τ frames as NAME-000.EXT, NAME-001.EXT, ...
func (rf *renderFlags) saveFrames(e *env, frames []*render.Picture, what string) error {
	digits := max(3, len(strconv.Itoa(len(frames)-1)))
	for i, pic := range frames {
		var one pictureFlags
		for _, dst := range []struct {
			name string
			out  *string
		}{{rf.svg, &one.svg}, {rf.png, &one.png}} {
			if dst.name != "" {
				ext := filepath.Ext(dst.name)
				*dst.out = fmt.Sprintf("%s-%0*d%s", strings.TrimSuffix(dst.name, ext), digits, i, ext)
			}
		}
		wrote, err := one.save(pic)
		for _, name := range wrote {
			fmt.Fprintf(e.stdout, "%s: %s, frame %d of %d\n", name, what, i, len(frames)-1)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// picture builds the picture (or τ frames) from the input and says what it
// shows.
func (rf *renderFlags) picture(ctx context.Context, b *board.Board, text []byte) (*render.Picture, []*render.Picture, string, error) {
	layout := render.Layout{CellSize: rf.cell}
	trimmed := bytes.TrimSpace(text)
	if len(trimmed) == 0 {
		return nil, nil, "", usagef("the input is empty: give a solution, a count table or a k-grid (see boardgraph render -h)")
	}
	if rf.kind == "kgrid" || rf.kind == "tau" {
		return rf.kgrid(ctx, text, layout)
	}
	if request.IsBinary(text) {
		if rf.kind != "auto" && rf.kind != "path" {
			return nil, nil, "", usagef("the input is a binary path file: use --kind path (or auto)")
		}
		l, path, err := request.FromBinary(text)
		if err != nil {
			return nil, nil, "", err
		}
		nb := l.Board
		if b != nil {
			nb = b
		}
		if rf.moveSpec == "hopido" {
			rf.moveSpec = l.LeaperSpec()
		}
		rf.closed = rf.closed || l.Closed
		pic, what, err := rf.path(nb, nil, path, layout)
		return pic, nil, what, err
	}
	if trimmed[0] == '{' && rf.kind == "auto" {
		return rf.fromJSON(b, trimmed, layout)
	}
	if rf.kind == "heatmap" {
		return rf.tableHeatmap(b, text, layout)
	}
	pic, what, err := rf.path(b, text, nil, layout)
	if err != nil && rf.kind == "auto" && isUsage(err) {
		// A k-grid read as a path fails; name the kind that reads it.
		if _, _, kerr := numberlink.Parse(text); kerr == nil {
			return nil, nil, "", usagef("%v; the input reads as a k-grid (numberlink puzzle): use --kind kgrid, or --kind tau for the τ frames", err)
		}
	}
	return pic, nil, what, err
}

// pathOptions turns the flags into render.PathOptions.
func (rf *renderFlags) pathOptions(layout render.Layout) (render.PathOptions, error) {
	opt := render.PathOptions{Layout: layout, Arrows: rf.arrows, Closed: rf.closed, Gradient: rf.gradient}
	switch rf.show {
	case "auto":
	case "numbers":
		opt.Show = render.ShowNumbers
	case "path":
		opt.Show = render.ShowPath
	default:
		return opt, usagef("unknown --show %q; use auto, numbers or path", rf.show)
	}
	if rf.highlight != "" {
		for s := range strings.SplitSeq(rf.highlight, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 1 {
				return opt, usagef("--highlight %q: give step numbers from 1, separated by commas, for example 25", rf.highlight)
			}
			opt.Highlight = append(opt.Highlight, n)
		}
	}
	return opt, nil
}

// path draws a path given as text (a path file or a numbered grid) or, when
// path is not nil, as cells already parsed (from JSON).
func (rf *renderFlags) path(b *board.Board, text []byte, path []verify.Cell, layout render.Layout) (*render.Picture, string, error) {
	opt, err := rf.pathOptions(layout)
	if err != nil {
		return nil, "", err
	}
	ms, err := moves.Parse(rf.moveSpec)
	if err != nil {
		return nil, "", err
	}
	if path == nil {
		if looksLikePath(text) {
			if path, err = verify.ParsePath(bytes.NewReader(text)); err != nil {
				return nil, "", err
			}
			if b == nil {
				return nil, "", usagef("a path file needs its board: give a size such as 5x5 or --board FILE")
			}
		} else {
			grid, err := verify.ParseGrid(bytes.NewReader(text))
			if err != nil {
				return nil, "", err
			}
			if b == nil {
				if b, err = board.New(grid.Rows, grid.Cols); err != nil {
					return nil, "", err
				}
				for r, row := range grid.Numbers {
					for c, x := range row {
						b.SetBlocked(b.Cell(r, c), x < 0)
					}
				}
			} else if b.Rows != grid.Rows || b.Cols != grid.Cols {
				return nil, "", usagef("the grid is %dx%d but the board is %s; give the matching board", grid.Rows, grid.Cols, b.Spec())
			}
			if path, err = gridCells(grid, rf.unchecked); err != nil {
				return nil, "", err
			}
		}
	}
	if b.Cells() > maxSearchCells {
		return nil, "", usagef("the %s board has %d cells; render draws at most %d", b.Spec(), b.Cells(), maxSearchCells)
	}
	rules := verify.Rules{Rows: b.Rows, Cols: b.Cols, Closed: rf.closed, Name: leaperSpec(ms)}
	for _, l := range ms.Leapers {
		rules.Leapers = append(rules.Leapers, [2]int{l.A, l.B})
	}
	if !b.Plain() {
		rules.Blocked = make([]bool, b.Cells())
		rules.Givens = make([]int, b.Cells())
		for c := range int32(b.Cells()) {
			rules.Blocked[c] = b.Blocked(c)
			rules.Givens[c] = int(b.Given(c))
		}
	}
	verdict := "verified with " + leaperSpec(ms)
	if err := verify.Path(rules, path); err != nil {
		var ve *verify.Error
		if !errors.As(err, &ve) {
			return nil, "", &internalError{fmt.Sprintf("the verifier failed: %v", err)}
		}
		if !rf.unchecked {
			return nil, "", &noSolutionError{fmt.Sprintf("invalid: %s; nothing was drawn (check --moves and --closed, or pass --unchecked to draw it anyway)", err)}
		}
		verdict = "not a valid solution: " + err.Error()
	}
	cells := make([]int32, len(path))
	for i, c := range path {
		if c.Row < 1 || c.Row > b.Rows || c.Col < 1 || c.Col > b.Cols {
			return nil, "", usagef("step %d is %s, outside the %s board", i+1, c, b.Spec())
		}
		cells[i] = b.Cell(c.Row-1, c.Col-1)
	}
	pic, err := render.Path(b, cells, opt)
	if err != nil {
		return nil, "", usagef("%v", err)
	}
	return pic, fmt.Sprintf("a %d-step path on %s (%s)", len(path), b.Spec(), verdict), nil
}

// gridCells returns the path a numbered grid describes. Unchecked, gaps in
// the numbering are allowed (the cells are taken in increasing order).
func gridCells(g verify.Grid, unchecked bool) ([]verify.Cell, error) {
	path, err := verify.GridPath(g)
	if err == nil || !unchecked {
		if err != nil {
			return nil, &noSolutionError{fmt.Sprintf("invalid: %s; nothing was drawn (pass --unchecked to draw it anyway)", err)}
		}
		return path, nil
	}
	type numbered struct {
		n int
		c verify.Cell
	}
	var cells []numbered
	for r, row := range g.Numbers {
		for c, x := range row {
			if x > 0 {
				cells = append(cells, numbered{x, verify.Cell{Row: r + 1, Col: c + 1}})
			}
		}
	}
	// Insertion order by number; grids are small enough for a simple sort.
	for i := 1; i < len(cells); i++ {
		for j := i; j > 0 && cells[j].n < cells[j-1].n; j-- {
			cells[j], cells[j-1] = cells[j-1], cells[j]
		}
	}
	out := make([]verify.Cell, len(cells))
	for i, x := range cells {
		out[i] = x.c
	}
	return out, nil
}

// renderJSON is the union of the JSON inputs render reads.
type renderJSON struct {
	Problem *struct {
		Board   string   `json:"board"`
		Moves   string   `json:"moves"`
		Leapers string   `json:"leapers"`
		Closed  bool     `json:"closed"`
		Map     []string `json:"map"`
		Command string   `json:"command"`
	} `json:"problem"`
	Solution   *json.RawMessage `json:"solution"`
	PerStart   [][]*string      `json:"per_start"`
	Convention string           `json:"convention"`
	Board      string           `json:"board"`
	Map        []string         `json:"map"`
	Title      string           `json:"title"`
	Values     [][]any          `json:"values"`
	Edges      []renderEdge     `json:"edges"`
	Clues      json.RawMessage  `json:"clues"`
	Puzzle     *json.RawMessage `json:"puzzle"`
}

type renderEdge struct {
	From  json.RawMessage `json:"from"` // [row, col] or "row,col"
	To    json.RawMessage `json:"to"`
	Count any             `json:"count"`
}

// jsonBoard builds the board a JSON input names ("5x5" plus an optional
// map), unless one was given on the command line.
func jsonBoard(b *board.Board, spec string, m []string) (*board.Board, error) {
	if b != nil {
		return b, nil
	}
	if len(m) > 0 {
		nb, err := board.Parse(strings.NewReader(strings.Join(m, "\n") + "\n"))
		if err != nil {
			return nil, fmt.Errorf("the JSON's board map: %w", err)
		}
		return nb, nil
	}
	if spec == "" {
		return nil, usagef("the JSON names no board: add \"board\": \"RxC\" or give a size such as 5x5")
	}
	return board.ParseSpec(spec)
}

// number reads a JSON count: a number, a decimal string, or null (NaN).
func number(v any) (float64, string, error) {
	switch x := v.(type) {
	case nil:
		return math.NaN(), "", nil
	case float64:
		return x, strconv.FormatFloat(x, 'g', -1, 64), nil
	case string:
		f, err := strconv.ParseFloat(x, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, "", usagef("value %q is not a number", x)
		}
		return f, x, nil
	}
	return 0, "", usagef("value %v is not a number, a decimal string or null", v)
}

func (rf *renderFlags) fromJSON(b *board.Board, data []byte, layout render.Layout) (*render.Picture, []*render.Picture, string, error) {
	var in renderJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, nil, "", usagef("the input is not valid JSON: %v", err)
	}
	switch {
	case in.Clues != nil || in.Puzzle != nil:
		raw := data
		if in.Clues == nil {
			raw = *in.Puzzle
		}
		pz, err := numberlink.UnmarshalPuzzle(raw)
		if err != nil {
			return nil, nil, "", usagef("%v", err)
		}
		return rf.kgridPicture(pz.Grid, pz.Rules, pz.Bridges, layout)
	case in.Solution != nil && in.Problem != nil:
		l, path, err := request.FromJSON(data)
		if err != nil {
			return nil, nil, "", err
		}
		nb := l.Board
		if b != nil {
			nb = b
		}
		if rf.moveSpec == "hopido" {
			rf.moveSpec = l.LeaperSpec()
		}
		rf.closed = rf.closed || l.Closed
		pic, what, err := rf.path(nb, nil, path, layout)
		return pic, nil, what, err
	case in.PerStart != nil || in.Values != nil:
		spec, m := in.Board, in.Map
		if in.Problem != nil {
			spec, m = in.Problem.Board, in.Problem.Map
		}
		nb, err := jsonBoard(b, spec, m)
		if err != nil {
			return nil, nil, "", err
		}
		rows := in.Values
		title := in.Title
		if in.PerStart != nil {
			rows = make([][]any, len(in.PerStart))
			for r, row := range in.PerStart {
				for _, s := range row {
					if s == nil {
						rows[r] = append(rows[r], nil)
					} else {
						rows[r] = append(rows[r], *s)
					}
				}
			}
			if title == "" {
				title = nb.Spec() + ": directed paths by start cell"
				if in.Problem != nil && in.Problem.Moves != "" {
					title = nb.Spec() + " " + in.Problem.Moves + ": directed paths by start cell"
				}
			}
		}
		if rf.title != "" {
			title = rf.title
		}
		return heatmapOf(nb, rows, title, layout)
	case in.Edges != nil:
		nb, err := jsonBoard(b, in.Board, in.Map)
		if err != nil {
			return nil, nil, "", err
		}
		edges := make([]render.Edge, 0, len(in.Edges))
		for i, ed := range in.Edges {
			from, err1 := format.ParseCell(ed.From)
			to, err2 := format.ParseCell(ed.To)
			if err := errors.Join(err1, err2); err != nil {
				return nil, nil, "", usagef("edge %d: %v", i+1, err)
			}
			a, err1 := nb.ParseCell(fmt.Sprintf("%d,%d", from[0], from[1]))
			z, err2 := nb.ParseCell(fmt.Sprintf("%d,%d", to[0], to[1]))
			if err := errors.Join(err1, err2); err != nil {
				return nil, nil, "", fmt.Errorf("edge %d: %w", i+1, err)
			}
			w, _, err := number(ed.Count)
			if err != nil || math.IsNaN(w) || w < 0 {
				return nil, nil, "", usagef("edge %d (%s-%s): give \"count\" as a number 0 or more", i+1, ed.From, ed.To)
			}
			edges = append(edges, render.Edge{A: a, B: z, Weight: w})
		}
		title := in.Title
		if rf.title != "" {
			title = rf.title
		}
		pic, err := render.EdgeUsage(nb, edges, render.HeatOptions{Layout: layout, Title: title})
		if err != nil {
			return nil, nil, "", usagef("%v", err)
		}
		return pic, nil, fmt.Sprintf("an edge-usage map of %d moves on %s", len(edges), nb.Spec()), nil
	}
	return nil, nil, "", usagef("unrecognised JSON: render reads the JSON of solve, count --per-start, numberlink puzzles, or {\"board\",\"values\"} and {\"board\",\"edges\"} objects (see boardgraph render -h)")
}

func parseRowCol(s string) (verify.Cell, bool) {
	r, c, ok := strings.Cut(strings.TrimSpace(s), ",")
	row, err1 := strconv.Atoi(strings.TrimSpace(r))
	col, err2 := strconv.Atoi(strings.TrimSpace(c))
	return verify.Cell{Row: row, Col: col}, ok && err1 == nil && err2 == nil
}

// heatmapOf draws rows of values (one per board row; nil or null for none)
// on b.
func heatmapOf(b *board.Board, rows [][]any, title string, layout render.Layout) (*render.Picture, []*render.Picture, string, error) {
	if len(rows) != b.Rows {
		return nil, nil, "", usagef("the table has %d rows, the %s board %d", len(rows), b.Spec(), b.Rows)
	}
	values := make([]float64, b.Cells())
	labels := make([]string, b.Cells())
	for r, row := range rows {
		if len(row) != b.Cols {
			return nil, nil, "", usagef("table row %d has %d values, the %s board %d columns", r+1, len(row), b.Spec(), b.Cols)
		}
		for c, v := range row {
			f, s, err := number(v)
			if err != nil {
				return nil, nil, "", usagef("table row %d, column %d: %v", r+1, c+1, err)
			}
			values[b.Cell(r, c)], labels[b.Cell(r, c)] = f, s
		}
	}
	pic, err := render.Heatmap(b, values, labels, render.HeatOptions{Layout: layout, Title: title})
	if err != nil {
		return nil, nil, "", usagef("%v", err)
	}
	return pic, nil, "a heatmap of " + b.Spec(), nil
}

// tableHeatmap reads a whitespace-separated table of numbers ('#' blocked,
// '.' no value), as count --per-start prints it.
func (rf *renderFlags) tableHeatmap(b *board.Board, text []byte, layout render.Layout) (*render.Picture, []*render.Picture, string, error) {
	var rows [][]any
	blocked := map[[2]int]bool{}
	for line := range strings.SplitSeq(string(text), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "//") {
			continue
		}
		row := make([]any, len(f))
		for c, s := range f {
			switch s {
			case "#":
				blocked[[2]int{len(rows), c}] = true
			case ".":
			default:
				row[c] = s
			}
		}
		rows = append(rows, row)
	}
	if b == nil {
		if len(rows) == 0 {
			return nil, nil, "", usagef("the table is empty")
		}
		nb, err := board.New(len(rows), len(rows[0]))
		if err != nil {
			return nil, nil, "", err
		}
		b = nb
	}
	for rc := range blocked {
		if b.Inside(rc[0], rc[1]) {
			b.SetBlocked(b.Cell(rc[0], rc[1]), true)
		}
	}
	return heatmapOf(b, rows, rf.title, layout)
}

// kgrid reads a k-grid in any numberlink format and draws it, or its τ
// frames.
func (rf *renderFlags) kgrid(ctx context.Context, text []byte, layout render.Layout) (*render.Picture, []*render.Picture, string, error) {
	var (
		g       *numberlink.Grid
		rules   numberlink.Rules
		bridges []numberlink.Bridge
	)
	if t := bytes.TrimSpace(text); len(t) > 0 && t[0] == '{' {
		var wrap struct {
			Puzzle *json.RawMessage `json:"puzzle"`
		}
		if json.Unmarshal(t, &wrap) == nil && wrap.Puzzle != nil {
			t = *wrap.Puzzle
		}
		pz, err := numberlink.UnmarshalPuzzle(t)
		if err != nil {
			return nil, nil, "", usagef("%v", err)
		}
		g, rules, bridges = pz.Grid, pz.Rules, pz.Bridges
	} else {
		var err error
		if g, rules, err = numberlink.Parse(text); err != nil {
			return nil, nil, "", usagef("%v", err)
		}
	}
	if rf.kind != "tau" {
		return rf.kgridPicture(g, rules, bridges, layout)
	}
	res, err := numberlink.Tau(ctx, g, rules)
	if err != nil {
		return nil, nil, "", &stoppedError{fmt.Sprintf("τ stopped: %v; no frames were written", err)}
	}
	frames, err := render.TauFrames(g, res.Steps, render.KGridOptions{Layout: layout})
	if err != nil {
		return nil, nil, "", &internalError{fmt.Sprintf("replaying τ's own trace: %v", err)}
	}
	what := fmt.Sprintf("τ on a %dx%d %d-grid, %d steps", g.Rows, g.Cols, g.K, len(res.Steps))
	if res.Solved {
		what += ", solved"
	}
	return nil, frames, what, nil
}

func (rf *renderFlags) kgridPicture(g *numberlink.Grid, rules numberlink.Rules, bridges []numberlink.Bridge, layout render.Layout) (*render.Picture, []*render.Picture, string, error) {
	var sol numberlink.Solution
	if len(bridges) > 0 {
		var err error
		if sol, err = numberlink.SolutionFromBridges(g, bridges); err != nil {
			return nil, nil, "", usagef("%v", err)
		}
	}
	pic, err := render.KGrid(g, sol, render.KGridOptions{Layout: layout, Node: -1})
	if err != nil {
		return nil, nil, "", usagef("%v", err)
	}
	what := fmt.Sprintf("a %dx%d %d-grid", g.Rows, g.Cols, g.K)
	if sol != nil {
		verdict := "a verified solution"
		if err := numberlink.VerifySolution(g, rules, sol); err != nil {
			verdict = "not a complete solution: " + err.Error()
		}
		what += fmt.Sprintf(" with %d bridges (%s)", len(bridges), verdict)
	}
	return pic, nil, what, nil
}
