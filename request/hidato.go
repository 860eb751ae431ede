package request

import (
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
// board.MaxMapBytes; ms are its moves).
func HidatoPuzzle(arg string, ms moves.Set, src Source) (*hidato.Puzzle, error) {
	text := arg
	share := strings.Contains(arg, ":") && !strings.ContainsAny(arg, "/\\")
	if arg == "-" || !share || src.exists(arg) {
		var r io.Reader = src.Stdin
		if arg != "-" {
			f, err := src.open(arg)
			if err != nil {
				return nil, fmt.Errorf("%w: cannot read the puzzle: %v; give a text map file or a share string", ErrInput, err)
			}
			defer f.Close()
			r = f
		}
		if r == nil {
			r = strings.NewReader("")
		}
		data, err := io.ReadAll(io.LimitReader(r, board.MaxMapBytes+1))
		if err != nil {
			return nil, fmt.Errorf("%w: cannot read the puzzle: %v", ErrInput, err)
		}
		if len(data) > board.MaxMapBytes {
			return nil, fmt.Errorf("%w: the puzzle is larger than %d bytes", ErrInput, board.MaxMapBytes)
		}
		text = string(data)
	}
	p, err := hidato.ParsePuzzle(text, ms)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInput, err)
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
		return format.WriteJSON(w, rep)
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
