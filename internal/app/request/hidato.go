package request

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/render"
)

// HidatoPuzzle reads the Hidato-style puzzle arg names: "-" for standard
// input, a share string ("hopido:6x6:...", which carries its moves) unless
// a file of that name exists, else a text map file (at most
// board.MaxMapBytes; ms are its moves) or the JSON of generate or grade
// (hidato.ParsePuzzle reads its "share").
func HidatoPuzzle(arg string, ms moves.Set, src Source) (*hidato.Puzzle, error) {
	text := arg
	share := strings.Contains(arg, ":") && !strings.ContainsAny(arg, "/\\")
	if arg == "-" || !share || src.exists(arg) {
		data, err := src.Read(arg, "the puzzle", board.MaxMapBytes)
		if err != nil {
			return nil, fmt.Errorf("%w; give a text map file or a share string", err)
		}
		text = string(data)
	}
	p, err := hidato.ParsePuzzle(text, ms)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	return p, nil
}

// CheckHidatoFormat checks a generate --format and that png, binary data,
// goes to a file (out).
func CheckHidatoFormat(format, out string) error {
	switch format {
	case "text", "json", "svg", "share":
	case "png":
		if out == "" {
			return fmt.Errorf("%w: --format png writes binary data: give --out FILE.png", ErrInput)
		}
	default:
		return fmt.Errorf("%w: unknown --format %q; use text, json, svg, png or share", ErrInput, format)
	}
	return nil
}

// WriteHidato writes a generated puzzle p with its grading in format (see
// CheckHidatoFormat) name: the text map with comments, rep as JSON, the share
// string, or a picture; withSol adds the solution (drawn in grey on a
// picture).
func WriteHidato(w io.Writer, name string, p *hidato.Puzzle, g hidato.Grading, rep *hidato.Report, withSol bool) error {
	switch name {
	case "json":
		return format.WriteResult(w, hidatoProblem("generate", p), rep)
	case "share":
		_, err := fmt.Fprintln(w, p.Share())
		return err
	case "svg", "png":
		var sol []int32
		if withSol {
			sol = g.Solution
		}
		title := fmt.Sprintf("%s %s, %s (%s)", p.Moves.Name, p.Board.Spec(), g.Level, g.Stage)
		pic, err := render.Numbers(p.Board, render.NumbersOptions{Title: title, Solution: sol})
		if err != nil {
			return err
		}
		if name == "svg" {
			return pic.WriteSVG(w)
		}
		return pic.WritePNG(w)
	}
	return p.WriteText(w, g, withSol)
}

// HidatoFlags are the arguments of boardgraph generate.
type HidatoFlags struct {
	Spec       string // a size such as 10x10; with Board also empty, 10x10
	Board      string // --board FILE, a shape with blocked cells
	Moves      string // --moves
	Difficulty string // --difficulty
	Seed       uint64
	Tries      int // --tries (0: the generator's default)
	Depth      int // --depth (0: hidato.DefaultMaxDepth)
	Minimal    bool
}

// Generate checks f and returns the shape and the options of
// hidato.Generate (without a progress callback).
func (f HidatoFlags) Generate(src Source) (*board.Board, hidato.Options, error) {
	var opt hidato.Options
	spec := f.Spec
	if spec == "" && f.Board == "" {
		spec = "10x10"
	}
	b, err := ReadBoard(spec, f.Board, src)
	if err != nil {
		return nil, opt, err
	}
	if b.Open() > hidato.MaxCells {
		return nil, opt, fmt.Errorf("%w: %s has %d open cells; puzzles go up to %d (128x128)", ErrInput, b.Spec(), b.Open(), hidato.MaxCells)
	}
	ms, err := moves.Parse(f.Moves)
	if err != nil {
		return nil, opt, err
	}
	switch {
	case f.Depth < 0:
		return nil, opt, fmt.Errorf("%w: --depth %d: give a lookahead depth of 1 or more (0: the default)", ErrInput, f.Depth)
	case f.Tries < 0:
		return nil, opt, fmt.Errorf("%w: --tries %d: give a number of tries of 1 or more (0: the default)", ErrInput, f.Tries)
	}
	level, err := hidato.ParseLevel(f.Difficulty)
	if err != nil {
		return nil, opt, fmt.Errorf("%w: %w", ErrInput, err)
	}
	return b, hidato.Options{Moves: ms, Level: level, Seed: f.Seed, MaxTries: f.Tries, MaxDepth: f.Depth, Minimal: f.Minimal}, nil
}

// Grade assesses the puzzle p (hidato.Assess, lookahead up to depth; 0:
// the default) and gives a failure its kind: no solution, or more than
// one, is NoSolution; a run stopped by ctx is Stopped.
func Grade(ctx context.Context, p *hidato.Puzzle, depth int) (*hidato.Assessment, error) {
	if depth < 0 {
		return nil, fmt.Errorf("%w: --depth %d: give a lookahead depth of 1 or more (0: the default)", ErrInput, depth)
	}
	a, err := hidato.Assess(ctx, p, hidato.GradeOptions{MaxDepth: depth})
	switch {
	case a != nil && err != nil:
		return nil, Stopped(fmt.Sprintf("stopped while counting solutions (%v)", err))
	case errors.Is(err, hidato.ErrNoSolution):
		return nil, NoSolution("the puzzle has " + err.Error())
	case errors.Is(err, hidato.ErrNotUnique):
		return nil, NoSolution("the puzzle has " + err.Error() + "; add givens")
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return nil, Stopped(fmt.Sprintf("stopped before the grade was known (%v)", err))
	}
	return a, err
}

// WriteGrade writes an assessment as JSON (hidato.Report) or as text;
// withSol adds the solution.
func WriteGrade(w io.Writer, a *hidato.Assessment, json, withSol bool) error {
	if json {
		return format.WriteResult(w, hidatoProblem("grade", a.Puzzle), a.Report(withSol))
	}
	return a.WriteText(w, withSol)
}

// GenerateHidato makes a puzzle on b (hidato.Generate) and gives a
// failure its kind: stopped by ctx, or giving up after opt.Tries, is
// Stopped; a board without any solution is NoSolution.
func GenerateHidato(ctx context.Context, b *board.Board, opt hidato.Options) (*hidato.Generated, error) {
	g, err := hidato.Generate(ctx, b, opt)
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return nil, Stopped(fmt.Sprintf("%s before %s was found", stopWord(err), levelPuzzle(opt.Level)))
	case errors.Is(err, hidato.ErrGiveUp):
		return nil, Stopped(err.Error())
	case errors.Is(err, hidato.ErrNoSolution):
		return nil, NoSolution(fmt.Sprintf("%s with %s moves: %v", b.Spec(), opt.Moves.Name, err))
	}
	return g, err
}

// levelPuzzle names a puzzle of the level with its article: "an expert
// puzzle", "a hard puzzle", "a puzzle" (any level).
func levelPuzzle(l hidato.Level) string {
	if l < hidato.LevelEasy || l > hidato.LevelExpert {
		return "a puzzle"
	}
	name := l.String()
	if strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name + " puzzle"
	}
	return "a " + name + " puzzle"
}

// stopWord words why a context ended: "timed out" or "interrupted".
func stopWord(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return "timed out"
	}
	return "interrupted"
}

// hidatoProblem is the "problem" object of generate's and grade's JSON:
// the puzzle's board (with its map of givens) and moves.
func hidatoProblem(command string, p *hidato.Puzzle) format.Problem {
	return (&Leaper{Board: p.Board, Moves: p.Moves}).Describe(command)
}
