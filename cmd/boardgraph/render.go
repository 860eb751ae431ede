package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/board"
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
	pic, frames, what, err := request.Picture(e.ctx, text, b, request.PictureFlags{Kind: rf.kind, Moves: rf.moveSpec, Show: rf.show,
		Highlight: rf.highlight, Title: rf.title, Arrows: rf.arrows, Gradient: rf.gradient, Closed: rf.closed, Unchecked: rf.unchecked, Cell: rf.cell})
	switch {
	case errors.Is(err, request.ErrInvalidSolution):
		return &noSolutionError{err.Error()}
	case err != nil && e.ctx.Err() != nil:
		return &stoppedError{err.Error()}
	case err != nil:
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
