package main

import (
	"context"
	"flag"
	"fmt"
	"math"

	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/render"
)

// pictureFlags are the picture flags shared by render, solve and
// numberlink solve: --svg FILE and --png FILE.
type pictureFlags struct{ render.Files }

func (pf *pictureFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&pf.SVG, "svg", "", "write the picture as SVG to `FILE`")
	fs.StringVar(&pf.PNG, "png", "", "write the picture as PNG to `FILE`")
}

// saveNamed writes pic to files and names each file written on stderr
// unless quiet; a write to a named pipe ends with ctx.
func saveNamed(ctx context.Context, e *env, files render.Files, pic *render.Picture, quiet bool) error {
	wrote, err := files.SaveContext(ctx, pic)
	if !quiet {
		for _, name := range wrote {
			fmt.Fprintf(e.stderr, "wrote %s\n", name)
		}
	}
	return err
}

// save draws a verified result with draw and writes the requested
// pictures (numberlink solve and generate --svg/--png), if any.
func (pf *pictureFlags) save(ctx context.Context, e *env, draw func() (*render.Picture, error), quiet bool) error {
	if !pf.Any() {
		return nil
	}
	pic, err := draw()
	if err != nil {
		return request.Internal(fmt.Sprintf("drawing a verified result: %v", err))
	}
	return saveNamed(ctx, e, pf.Files, pic, quiet)
}

// renderFlags are render's flags: the pictures, the inputs and the
// picture's options.
type renderFlags struct {
	pictureFlags
	boardFile, in string
	pic           request.PictureFlags
}

func runRender(e *env, fs *flag.FlagSet) func(pos []string) int {
	var rf renderFlags
	p := &rf.pic
	rf.pictureFlags.register(fs)
	fs.StringVar(&rf.in, "in", "", "read the solution, table or k-grid from `FILE` ('-' or absent: stdin)")
	fs.StringVar(&rf.boardFile, "board", "", "the board as a text `FILE` (blocked cells and givens; needed for path files without SPEC)")
	fs.StringVar(&p.Moves, "moves", "hopido", "move set `M` the solution is verified against (hopido, knight, a,b, unions 3,0+2,2)")
	fs.StringVar(&p.Kind, "kind", "auto", "what the input is: `K` = auto, path (a path or numbered grid), heatmap (a table of numbers, '#' blocked), kgrid or tau")
	fs.StringVar(&p.Show, "show", "auto", "path pictures: `WHAT` = auto (numbers and path; numbers dropped when illegible), numbers or path")
	fs.BoolVar(&p.Arrows, "arrows", false, "path pictures: an arrowhead on every move")
	fs.BoolVar(&p.Gradient, "gradient", false, "path pictures: colour the path by step, dark at the start to light at the end (automatic when numbers are dropped)")
	fs.BoolVar(&p.Closed, "closed", false, "the path is a closed tour: verify it as one and draw the closing move")
	fs.StringVar(&p.Highlight, "highlight", "", "path pictures: draw the moves from steps `S,...` to the next step in blue (the paper's 'link', e.g. 25)")
	fs.Float64Var(&p.Cell, "cell", 0, "cell size in `PX` (default: fit the board in 1600 pixels, at most 48 per cell)")
	fs.StringVar(&p.Title, "title", "", "heatmaps and edge maps: the `TITLE` above the board")
	fs.BoolVar(&p.Unchecked, "unchecked", false, "draw a path even if the verifier rejects it (partial or broken paths)")
	return func(pos []string) int {
		if err := rf.run(e, pos); err != nil {
			return fail(e, err)
		}
		return exitOK
	}
}

func (rf *renderFlags) run(e *env, pos []string) error {
	if !rf.Any() {
		return request.Inputf("no output: give --svg FILE, --png FILE or both")
	}
	if err := rf.Check(); err != nil {
		return err
	}
	spec, in, err := request.PictureArgs(pos, rf.in, e.source())
	if err != nil {
		return err
	}
	b, err := request.SolutionBoard(spec, rf.boardFile, in, "--in", e.source())
	if err != nil {
		return err
	}
	text, err := readSolution(e, in)
	if err != nil {
		return err
	}
	pic, frames, what, err := request.Picture(e.ctx, text, b, rf.pic) // an invalid path: exit 1
	if err != nil {
		return err
	}
	if frames == nil {
		wrote, err := rf.SaveContext(e.ctx, pic)
		for _, name := range wrote {
			fmt.Fprintf(e.stdout, "%s: %s, %.0fx%.0f pixels\n", name, what, math.Ceil(pic.Width), math.Ceil(pic.Height))
		}
		return err
	}
	// τ frames: NAME-000.svg, NAME-001.svg, ...
	for i, pic := range frames {
		wrote, err := rf.Frame(i, len(frames)).SaveContext(e.ctx, pic)
		for _, name := range wrote {
			fmt.Fprintf(e.stdout, "%s: %s, frame %d of %d\n", name, what, i, len(frames)-1)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
