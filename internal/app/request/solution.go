package request

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/verify"
)

// IsJSON reports whether data starts (after white space) with a JSON
// object.
func IsJSON(data []byte) bool {
	t := bytes.TrimSpace(data)
	return len(t) > 0 && t[0] == '{'
}

// FromJSON reads the JSON result of solve or enumerate (format.Result) and
// returns the request it answered, rebuilt from its "problem" object (the
// board from its map or size, the leapers, closed, start and end), with the
// solution's 1-based cells. The cells are not verified here.
func FromJSON(data []byte) (*Leaper, []verify.Cell, error) {
	p, path, err := format.ReadSolution(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	l, err := FromProblem(p)
	if err != nil {
		return nil, nil, err
	}
	cells := make([]verify.Cell, len(path))
	for i, c := range path {
		cells[i] = verify.Cell{Row: c[0], Col: c[1]}
	}
	return l, cells, nil
}

// FromProblem rebuilds a request from a JSON "problem" object.
func FromProblem(p format.Problem) (*Leaper, error) {
	var (
		b   *board.Board
		err error
	)
	if len(p.Map) > 0 {
		b, err = ParseBoardMap([]byte(strings.Join(p.Map, "\n")))
	} else {
		b, err = board.ParseSpec(p.Board)
	}
	if err != nil {
		return nil, fmt.Errorf("the JSON's problem: %w", err)
	}
	spec := p.Leapers
	if spec == "" {
		spec = p.Moves
	}
	l := &Leaper{Board: b, Closed: p.Closed, Output: Output{Format: "text"}}
	if l.Moves, err = ParseMoves(spec); err != nil {
		return nil, fmt.Errorf("the JSON's problem: %w", err)
	}
	if p.Moves != "" && p.Moves != spec {
		l.Moves.Name = p.Moves
	}
	for _, c := range []struct {
		in  *format.Cell
		out **verify.Cell
	}{{p.Start, &l.Start}, {p.End, &l.End}} {
		if c.in != nil {
			if _, err := b.ParseCell(fmt.Sprintf("%d,%d", c.in[0], c.in[1])); err != nil {
				return nil, fmt.Errorf("the JSON's problem: %w", err)
			}
			*c.out = &verify.Cell{Row: c.in[0], Col: c.in[1]}
		}
	}
	return l, nil
}

// CarriedProblem returns the request a solution text carries: the board
// and move set (as a --moves spec) of solve's JSON or of a binary path
// file; ok is false for numbered grids and text path files, which need
// their board given.
func CarriedProblem(data []byte) (b *board.Board, movesSpec string, ok bool, err error) {
	var l *Leaper
	switch {
	case IsJSON(data):
		l, _, err = FromJSON(data)
	case IsBinary(data):
		l, _, err = FromBinary(data)
	default:
		return nil, "", false, nil
	}
	if err != nil {
		return nil, "", false, err
	}
	if _, err := ParseMoves(l.Moves.Name); err == nil {
		return l.Board, l.Moves.Name, true, nil // a preset keeps its name
	}
	return l.Board, l.LeaperSpec(), true, nil
}

// IsBinary reports whether data starts like a binary path file (package
// pathio's format, what solve --format binary writes).
func IsBinary(data []byte) bool { return bytes.HasPrefix(data, []byte(pathio.Magic)) }

// FromBinary reads a binary path file held in memory (boards up to
// MaxSearchCells) and returns the request its header describes (board
// size, move set, closed flag) with the path's 1-based cells. The cells
// are not verified here; the file's own checksum is.
func FromBinary(data []byte) (*Leaper, []verify.Cell, error) {
	rd, _, h, err := pathio.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	if h == nil {
		return nil, nil, fmt.Errorf("%w: not a binary path file", ErrInput)
	}
	if int64(h.Rows)*int64(h.Cols) > MaxSearchCells {
		return nil, nil, fmt.Errorf("%w: the path file's %dx%d board is too large to hold in memory here (at most %d cells); check it with boardgraph verify, which streams", ErrInput, h.Rows, h.Cols, MaxSearchCells)
	}
	b, err := board.New(h.Rows, h.Cols)
	if err != nil {
		return nil, nil, fmt.Errorf("the path file's header: %w", err)
	}
	l := &Leaper{Board: b, Closed: h.Closed, Output: Output{Format: "text"}}
	if l.Moves, err = ParseMoves(h.Name); err != nil {
		return nil, nil, fmt.Errorf("the path file names its moves %q, which is not a move set boardgraph knows: %w", h.Name, err)
	}
	walk, done := pathio.Walk(rd)
	var cells []verify.Cell
	for r, c := range walk {
		if len(cells) >= b.Cells() {
			break
		}
		cells = append(cells, verify.Cell{Row: r + 1, Col: c + 1})
	}
	if err := done(); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	return l, cells, nil
}
