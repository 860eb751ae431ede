package request

// Picture: render's inputs, recognised by content and drawn.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/hexgrid"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
	"github.com/boardgraph/boardgraph/render"
	"github.com/boardgraph/boardgraph/verify"
)

// ErrInvalidSolution reports a solution to be drawn that the independent
// verifier rejects (PictureFlags.Unchecked draws it anyway).
var ErrInvalidSolution = errors.New("invalid")

// PictureFlags are the options of a picture as typed (boardgraph render's
// flags). The zero value draws what the input is, checked against the
// hopido moves.
type PictureFlags struct {
	Kind      string  // auto (""), path, heatmap, kgrid or tau
	Moves     string  // the move set paths are verified against; "" or "hopido": the input's own when it names one
	Show      string  // path pictures: auto (""), numbers or path
	Highlight string  // path pictures: steps "25,40" whose next move is drawn in blue
	Title     string  // heatmaps and edge maps
	Arrows    bool    // path pictures: an arrowhead on every move
	Gradient  bool    // path pictures: colour by step
	Closed    bool    // the path is a closed tour
	Unchecked bool    // draw paths the verifier rejects
	Cell      float64 // cell size in pixels (0: fit)
}

// pictureState is a picture being made: the flags, updated by what the
// input says of itself (its move set, closed).
type pictureState struct{ PictureFlags }

// Picture draws data, recognised by its content: a numbered grid or a path
// file (b, a board, is needed for path files), solve's JSON or binary
// output, count --per-start JSON, {"board","values"} and {"board","edges"}
// objects, or a k-grid in any numberlink format (Kind kgrid; numberlink
// JSON is recognised by itself). With Kind tau it returns τ's frames
// instead of one picture. what says what was drawn. Paths are checked by
// the independent verifier first: a rejected one is an error wrapping
// ErrInvalidSolution unless f.Unchecked (Classify: KindNoSolution). A drawing
// that ctx stopped (τ's frames) is a Stopped error.
func Picture(ctx context.Context, data []byte, b *board.Board, f PictureFlags) (pic *render.Picture, frames []*render.Picture, what string, err error) {
	if f.Kind == "" {
		f.Kind = "auto"
	}
	if f.Show == "" {
		f.Show = "auto"
	}
	if f.Moves == "" {
		f.Moves = "hopido"
	}
	switch f.Kind {
	case "auto", "path", "heatmap", "kgrid", "tau":
	default:
		return nil, nil, "", inputf("unknown --kind %q; use auto, path, heatmap, kgrid or tau", f.Kind)
	}
	if f.Cell < 0 || f.Cell > 1000 || math.IsNaN(f.Cell) {
		return nil, nil, "", inputf("--cell %v: give a cell size in pixels between 1 and 1000, or 0 for automatic", f.Cell)
	}
	st := &pictureState{f}
	pic, frames, what, err = st.picture(ctx, b, data)
	if err != nil && ctx.Err() != nil && !errors.Is(err, ErrInvalidSolution) {
		err = Stopped(err.Error())
	}
	return pic, frames, what, err
}

// PictureArgs splits a picture command's arguments args into a board
// size and the input file, as SolutionArgs does (an argument that reads
// as a size and names no file is the size); in is the --in flag's value,
// which names the input as well: giving it both ways is refused. The
// input "" is stdin.
func PictureArgs(args []string, in string, src Source) (spec, input string, err error) {
	spec, file, err := SolutionArgs(args, src)
	switch {
	case err != nil:
		return "", "", err
	case file != "" && in != "":
		return "", "", inputf("the input is named twice, %q and --in %q; give it once", file, in)
	case file != "":
		return spec, file, nil
	}
	return spec, in, nil
}

// inputf returns an error wrapping ErrInput.
func inputf(f string, a ...any) error {
	return fmt.Errorf("%w: "+f, append([]any{ErrInput}, a...)...)
}

// LooksLikePath reports whether the first meaningful line of text is a
// "row,col" (a path file rather than a numbered grid).
func LooksLikePath(text []byte) bool {
	for line := range strings.SplitSeq(string(text), "\n") {
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "//") {
			continue
		}
		return strings.Contains(s, ",")
	}
	return false
}

// picture builds the picture (or τ frames) from the input and says what it
// shows.
func (rf *pictureState) picture(ctx context.Context, b *board.Board, text []byte) (*render.Picture, []*render.Picture, string, error) {
	layout := render.Layout{CellSize: rf.Cell}
	trimmed := bytes.TrimSpace(text)
	if len(trimmed) == 0 {
		return nil, nil, "", inputf("the input is empty: give a solution, a count table or a k-grid (see boardgraph render -h)")
	}
	switch {
	case (rf.Kind == "kgrid" || rf.Kind == "auto") && hexgrid.IsHex(trimmed):
		return hexPicture(trimmed)
	case rf.Kind == "tau" && hexgrid.IsHex(trimmed):
		return nil, nil, "", inputf("--kind tau draws τ's steps on a square k-grid; this is a hex puzzle: use --kind kgrid (or auto)")
	}
	if rf.Kind == "kgrid" || rf.Kind == "tau" {
		return rf.kgrid(ctx, text, layout)
	}
	if IsBinary(text) {
		if rf.Kind != "auto" && rf.Kind != "path" {
			return nil, nil, "", inputf("the input is a binary path file: use --kind path (or auto)")
		}
		l, path, err := FromBinary(text)
		if err != nil {
			return nil, nil, "", err
		}
		pic, what, err := rf.solution(l, path, b, layout)
		return pic, nil, what, err
	}
	if trimmed[0] == '{' && rf.Kind == "auto" {
		return rf.fromJSON(b, trimmed, layout)
	}
	if rf.Kind == "heatmap" {
		return rf.tableHeatmap(b, text, layout)
	}
	pic, what, err := rf.path(b, text, nil, layout)
	if err != nil && rf.Kind == "auto" && !errors.Is(err, ErrInvalidSolution) {
		// A k-grid read as a path fails; name the kind that reads it.
		if _, _, kerr := puzzleio.Parse(text); kerr == nil {
			return nil, nil, "", inputf("%w; the input reads as a k-grid (numberlink puzzle): use --kind kgrid, or --kind tau for the τ frames", err)
		}
	}
	return pic, nil, what, err
}

// pathOptions turns the flags into render.PathOptions.
func (rf *pictureState) pathOptions(layout render.Layout) (render.PathOptions, error) {
	opt := render.PathOptions{Layout: layout, Arrows: rf.Arrows, Closed: rf.Closed, Gradient: rf.Gradient}
	switch rf.Show {
	case "auto":
	case "numbers":
		opt.Show = render.ShowNumbers
	case "path":
		opt.Show = render.ShowPath
	default:
		return opt, inputf("unknown --show %q; use auto, numbers or path", rf.Show)
	}
	if rf.Highlight != "" {
		for s := range strings.SplitSeq(rf.Highlight, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 1 {
				return opt, inputf("--highlight %q: give step numbers from 1, separated by commas, for example 25", rf.Highlight)
			}
			opt.Highlight = append(opt.Highlight, n)
		}
	}
	return opt, nil
}

// solution draws a path that solve wrote (JSON or binary), on the board
// and move set it names unless --board or --moves say otherwise.
func (rf *pictureState) solution(l *Leaper, path []verify.Cell, b *board.Board, layout render.Layout) (*render.Picture, string, error) {
	if b == nil {
		b = l.Board
	}
	if rf.Moves == "hopido" {
		rf.Moves = l.LeaperSpec()
	}
	rf.Closed = rf.Closed || l.Closed
	return rf.path(b, nil, path, layout)
}

// path draws a path given as text (a path file or a numbered grid) or, when
// path is not nil, as cells already parsed (from JSON).
func (rf *pictureState) path(b *board.Board, text []byte, path []verify.Cell, layout render.Layout) (*render.Picture, string, error) {
	opt, err := rf.pathOptions(layout)
	if err != nil {
		return nil, "", err
	}
	ms, err := ParseMoves(rf.Moves)
	if err != nil {
		return nil, "", err
	}
	if path == nil {
		if LooksLikePath(text) {
			if path, err = verify.ParsePath(bytes.NewReader(text)); err != nil {
				return nil, "", err
			}
			if b == nil {
				return nil, "", inputf("a path file needs its board: give a size such as 5x5 or --board FILE")
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
				return nil, "", inputf("the grid is %dx%d but the board is %s; give the matching board", grid.Rows, grid.Cols, b.Spec())
			}
			if path, err = gridCells(grid, rf.Unchecked); err != nil {
				return nil, "", err
			}
		}
	}
	if b.Cells() > MaxSearchCells {
		return nil, "", inputf("the %s board has %d cells; render draws at most %d", b.Spec(), b.Cells(), MaxSearchCells)
	}
	rules := verify.Rules{Rows: b.Rows, Cols: b.Cols, Closed: rf.Closed, Name: ms.PaperSpec()}
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
	verdict := "verified with " + ms.PaperSpec()
	if err := verify.Path(rules, path); err != nil {
		var ve *verify.Error
		if !errors.As(err, &ve) {
			return nil, "", fmt.Errorf("the verifier failed: %v", err)
		}
		if !rf.Unchecked {
			return nil, "", fmt.Errorf("%w: %s; nothing was drawn (check --moves and --closed, or pass --unchecked to draw it anyway)", ErrInvalidSolution, err)
		}
		verdict = "not a valid solution: " + err.Error()
	}
	cells := make([]int32, len(path))
	for i, c := range path {
		if c.Row < 1 || c.Row > b.Rows || c.Col < 1 || c.Col > b.Cols {
			return nil, "", inputf("step %d is %s, outside the %s board", i+1, c, b.Spec())
		}
		cells[i] = b.Cell(c.Row-1, c.Col-1)
	}
	pic, err := render.Path(b, cells, opt)
	if err != nil {
		return nil, "", inputf("%w", err)
	}
	return pic, fmt.Sprintf("a %d-step path on %s (%s)", len(path), b.Spec(), verdict), nil
}

// countTable reports whether g has a number larger than its cells, which
// no numbering of a path has and a table of counts usually does.
func countTable(g verify.Grid) bool {
	for _, row := range g.Numbers {
		for _, x := range row {
			if x > g.Rows*g.Cols {
				return true
			}
		}
	}
	return false
}

// gridCells returns the path a numbered grid describes. Unchecked, gaps in
// the numbering are allowed (the cells are taken in increasing order).
func gridCells(g verify.Grid, unchecked bool) ([]verify.Cell, error) {
	path, err := verify.GridPath(g)
	if err == nil || !unchecked {
		if err != nil {
			if countTable(g) {
				return nil, fmt.Errorf("%w: %s; nothing was drawn (a table of counts, such as count --per-start prints, is drawn with --kind heatmap; --unchecked draws it as a path anyway)", ErrInvalidSolution, err)
			}
			return nil, fmt.Errorf("%w: %s; nothing was drawn (pass --unchecked to draw it anyway)", ErrInvalidSolution, err)
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
		return nil, inputf("the JSON names no board: add \"board\": \"RxC\" or give a size such as 5x5")
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
			return 0, "", inputf("value %q is not a number", x)
		}
		return f, x, nil
	}
	return 0, "", inputf("value %v is not a number, a decimal string or null", v)
}

func (rf *pictureState) fromJSON(b *board.Board, data []byte, layout render.Layout) (*render.Picture, []*render.Picture, string, error) {
	var in renderJSON
	if err := json.Unmarshal(data, &in); err != nil {
		if json.Valid(data) { // valid JSON of another shape
			return nil, nil, "", unrecognisedJSON(data)
		}
		return nil, nil, "", inputf("the input is not valid JSON: %w", err)
	}
	switch {
	case in.Clues != nil || in.Puzzle != nil:
		raw := data
		if in.Clues == nil {
			raw = *in.Puzzle
		}
		pz, err := puzzleio.UnmarshalPuzzle(raw)
		if err != nil {
			return nil, nil, "", inputf("%w", err)
		}
		return rf.kgridPicture(pz.Grid, pz.Rules, pz.Bridges, layout)
	case in.Solution != nil && in.Problem != nil:
		l, path, err := FromJSON(data)
		if err != nil {
			return nil, nil, "", err
		}
		pic, what, err := rf.solution(l, path, b, layout)
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
		if rf.Title != "" {
			title = rf.Title
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
				return nil, nil, "", inputf("edge %d: %w", i+1, err)
			}
			a, err1 := nb.ParseCell(fmt.Sprintf("%d,%d", from[0], from[1]))
			z, err2 := nb.ParseCell(fmt.Sprintf("%d,%d", to[0], to[1]))
			if err := errors.Join(err1, err2); err != nil {
				return nil, nil, "", fmt.Errorf("edge %d: %w", i+1, err)
			}
			w, _, err := number(ed.Count)
			if err != nil || math.IsNaN(w) || w < 0 {
				return nil, nil, "", inputf("edge %d (%s-%s): give \"count\" as a number 0 or more", i+1, ed.From, ed.To)
			}
			edges = append(edges, render.Edge{A: a, B: z, Weight: w})
		}
		title := in.Title
		if rf.Title != "" {
			title = rf.Title
		}
		pic, err := render.EdgeUsage(nb, edges, render.HeatOptions{Layout: layout, Title: title})
		if err != nil {
			return nil, nil, "", inputf("%w", err)
		}
		return pic, nil, fmt.Sprintf("an edge-usage map of %d moves on %s", len(edges), nb.Spec()), nil
	}
	return nil, nil, "", unrecognisedJSON(data)
}

// unrecognisedJSON refuses valid JSON that render does not draw, naming
// the command that wrote it when it says (the JSON of info, with its
// number "edges", used to be refused in Go's words: "cannot unmarshal
// number into Go struct field renderJSON.edges").
func unrecognisedJSON(data []byte) error {
	var probe struct {
		Problem *struct {
			Command string `json:"command"`
		} `json:"problem"`
	}
	what := "unrecognised JSON"
	if json.Unmarshal(data, &probe) == nil && probe.Problem != nil && probe.Problem.Command != "" {
		what = fmt.Sprintf("the JSON of boardgraph %s has nothing render draws", probe.Problem.Command)
	}
	return inputf("%s: render reads the JSON of solve, count --per-start, analyze, numberlink puzzles, or {\"board\",\"values\"} and {\"board\",\"edges\"} objects (see boardgraph render -h)", what)
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
		return nil, nil, "", inputf("the table has %d rows but the %s board has %d: give one row of values per board row", len(rows), b.Spec(), b.Rows)
	}
	values := make([]float64, b.Cells())
	labels := make([]string, b.Cells())
	for r, row := range rows {
		if len(row) != b.Cols {
			return nil, nil, "", inputf("table row %d has %d values but the %s board has %d columns: give one value per column", r+1, len(row), b.Spec(), b.Cols)
		}
		for c, v := range row {
			f, s, err := number(v)
			if err != nil {
				return nil, nil, "", inputf("table row %d, column %d: %w", r+1, c+1, err)
			}
			values[b.Cell(r, c)], labels[b.Cell(r, c)] = f, s
		}
	}
	pic, err := render.Heatmap(b, values, labels, render.HeatOptions{Layout: layout, Title: title})
	if err != nil {
		return nil, nil, "", inputf("%w", err)
	}
	return pic, nil, "a heatmap of " + b.Spec(), nil
}

// tableHeatmap reads a whitespace-separated table of numbers ('#' blocked,
// '.' no value), as count --per-start prints it.
func (rf *pictureState) tableHeatmap(b *board.Board, text []byte, layout render.Layout) (*render.Picture, []*render.Picture, string, error) {
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
			return nil, nil, "", inputf("the table is empty")
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
	return heatmapOf(b, rows, rf.Title, layout)
}

// kgrid reads a k-grid in any numberlink format and draws it, or its τ
// frames.
func (rf *pictureState) kgrid(ctx context.Context, text []byte, layout render.Layout) (*render.Picture, []*render.Picture, string, error) {
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
		pz, err := puzzleio.UnmarshalPuzzle(t)
		if err != nil {
			return nil, nil, "", inputf("%w", err)
		}
		g, rules, bridges = pz.Grid, pz.Rules, pz.Bridges
	} else {
		var err error
		if g, rules, err = puzzleio.Parse(text); err != nil {
			return nil, nil, "", inputf("%w", err)
		}
	}
	if rf.Kind != "tau" {
		return rf.kgridPicture(g, rules, bridges, layout)
	}
	res, err := numberlink.Tau(ctx, g, rules)
	if err != nil {
		return nil, nil, "", fmt.Errorf("τ stopped: %w; no frames were written", err)
	}
	frames, err := render.TauFrames(g, res.Steps, render.KGridOptions{Layout: layout})
	if err != nil {
		return nil, nil, "", fmt.Errorf("replaying τ's own trace: %v", err)
	}
	what := fmt.Sprintf("τ on a %dx%d %d-grid, %d steps", g.Rows, g.Cols, g.K, len(res.Steps))
	if res.Solved {
		what += ", solved"
	}
	return nil, frames, what, nil
}

func (rf *pictureState) kgridPicture(g *numberlink.Grid, rules numberlink.Rules, bridges []numberlink.Bridge, layout render.Layout) (*render.Picture, []*render.Picture, string, error) {
	var sol numberlink.Solution
	if len(bridges) > 0 {
		var err error
		if sol, err = numberlink.SolutionFromBridges(g, bridges); err != nil {
			return nil, nil, "", inputf("%w", err)
		}
	}
	pic, err := render.KGrid(g, sol, render.KGridOptions{Layout: layout, Node: -1})
	if err != nil {
		return nil, nil, "", inputf("%w", err)
	}
	what := fmt.Sprintf("a %dx%d %d-grid", g.Rows, g.Cols, g.K)
	if sol != nil {
		verdict := "a verified solution"
		if err := numberlink.VerifySolution(g, rules, sol); err != nil {
			verdict = "not a complete solution: " + err.Error()
		}
		what += fmt.Sprintf(" with %s (%s)", format.Plural(len(bridges), "bridge"), verdict)
	}
	return pic, nil, what, nil
}

// hexPicture draws a hexagonal k-grid (text or JSON, with its bridges when
// it has them: the JSON of numberlink solve --grid hex), saying whether
// the bridges are a verified solution. It used to be read as a square
// grid: the puzzle drawn wrong, and a solution refused.
func hexPicture(data []byte) (*render.Picture, []*render.Picture, string, error) {
	hp, err := hexgrid.Parse(data)
	if err != nil {
		return nil, nil, "", inputf("%w", err)
	}
	g := hp.Grid
	var sol hexgrid.Solution
	if len(hp.Bridges) > 0 {
		if sol, err = hexgrid.SolutionFromBridges(g, hp.Bridges); err != nil {
			return nil, nil, "", inputf("%w", err)
		}
	}
	pic, err := render.HexGrid(g, sol, render.HexGridOptions{})
	if err != nil {
		return nil, nil, "", inputf("%w", err)
	}
	what := fmt.Sprintf("a %dx%d hex %d-grid", g.Rows, g.Cols, g.K)
	if sol != nil {
		verdict := "a verified solution"
		if err := hexgrid.Verify(g, hp.Rules, sol); err != nil {
			verdict = "not a complete solution: " + err.Error()
		}
		what += fmt.Sprintf(" with %s (%s)", format.Plural(len(hp.Bridges), "bridge"), verdict)
	}
	return pic, nil, what, nil
}
