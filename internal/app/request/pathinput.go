package request

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

// VerifyFlags are what a person states about a solution to check: the
// board (nil: the input carries it), the move set (MovesGiven: stated
// explicitly, so it overrides what a JSON or binary input names), and the
// fixed ends and closed flag ("" for a free end).
type VerifyFlags struct {
	Board      *board.Board
	Moves      moves.Set
	MovesGiven bool
	Start, End string
	Closed     bool
}

// PathInput is a solution to check, detected by content: a numbered grid
// (Kind "grid"), a text path file ("path"), a binary path file ("binary")
// or a JSON solution ("json"), with the verifier's rules for it. Grids and
// JSON are read whole; path files are streamed from Stream by Check.
type PathInput struct {
	Kind   string
	Grid   verify.Grid         // grid
	Header verify.BinaryHeader // binary
	Cells  []verify.Cell       // json
	Stream io.Reader           // path and binary
	Board  *board.Board        // the board the cells are read on
	Moves  moves.Set
	Rules  verify.Rules
}

// SolutionKind detects the kind of a solution from its first bytes:
// "binary", "json", "path" or "grid".
func SolutionKind(head []byte) string {
	switch {
	case verify.IsBinaryPath(head):
		return "binary"
	case IsJSON(head):
		return "json"
	case LooksLikePath(head):
		return "path"
	}
	return "grid"
}

// KindName words a SolutionKind for messages ("numbered grid").
func KindName(kind string) string {
	return map[string]string{"grid": "numbered grid", "path": "path file", "binary": "binary path file", "json": "JSON solution"}[kind]
}

// ReadPathInput detects the solution in `in` and builds the verifier's
// rules from f and what the input states (a JSON solution's problem, a
// binary file's header, a grid's size and blocked cells). Grids and JSON
// are at most MaxInputBytes; grids at most MaxSearchCells cells. Errors
// about the input wrap ErrInput or the parsers' sentinels.
func ReadPathInput(in *bufio.Reader, f VerifyFlags) (*PathInput, error) {
	head, _ := in.Peek(1 << 16)
	p := &PathInput{Kind: SolutionKind(head), Board: f.Board, Moves: f.Moves, Stream: in}
	b, err := p.readSolution(in, head, &f)
	if err != nil {
		return nil, err
	}
	rules := verifyRules(p.Moves, f.Closed)
	if b, err = p.ruleBoard(b, &rules); err != nil {
		return nil, err
	}
	if err := setEnds(b, f, &rules); err != nil {
		return nil, err
	}
	p.Board, p.Rules = b, rules
	return p, nil
}

// readSolution reads what the input of p's kind holds before its path: a
// JSON solution whole (its problem fills the flags f left open), a grid
// whole, a binary file's header. It returns the board: f's, or the JSON
// solution's.
func (p *PathInput) readSolution(in *bufio.Reader, head []byte, f *VerifyFlags) (*board.Board, error) {
	b := f.Board
	switch p.Kind {
	case "json":
		text, err := io.ReadAll(io.LimitReader(in, MaxInputBytes+1))
		if err != nil || len(text) > MaxInputBytes {
			return nil, inputf("cannot read the JSON solution (at most %d bytes): %w", MaxInputBytes, err)
		}
		l, cells, err := FromJSON(text)
		if err != nil {
			return nil, err
		}
		// The JSON states its problem; flags, when given, override it.
		p.Cells = cells
		if b == nil {
			b = l.Board
		}
		if !f.MovesGiven {
			p.Moves = l.Moves
		}
		f.Closed = f.Closed || l.Closed
		if f.Start == "" && l.Start != nil {
			f.Start = l.Start.String()
		}
		if f.End == "" && l.End != nil {
			f.End = l.End.String()
		}
	case "grid":
		if b != nil && b.Cells() > MaxSearchCells {
			return nil, inputf("the %s board has %d cells; a numbered grid is checked in memory up to %d cells (write large paths as path files)", b.Spec(), b.Cells(), MaxSearchCells)
		}
		text, err := io.ReadAll(io.LimitReader(in, MaxInputBytes+1))
		if err != nil {
			return nil, inputf("cannot read the solution: %w", err)
		}
		if len(text) > MaxInputBytes {
			return nil, inputf("the numbered grid is larger than %d bytes; write large solutions as path files", MaxInputBytes)
		}
		if p.Grid, err = verify.ParseGrid(bytes.NewReader(text)); err != nil {
			return nil, err
		}
	case "binary":
		var err error
		if p.Header, err = verify.ParseBinaryHeader(head); err != nil {
			return nil, err
		}
		if !f.MovesGiven {
			if p.Moves, err = moves.Parse(p.Header.Name); err != nil {
				return nil, inputf("the file names its moves %q, which is not a move set boardgraph knows; give --moves", p.Header.Name)
			}
		}
	}
	return b, nil
}

// ruleBoard puts the board into rules: b when given, else a grid's size
// and blocked cells, or a binary file's size; it returns the board the
// cells are read on.
func (p *PathInput) ruleBoard(b *board.Board, rules *verify.Rules) (*board.Board, error) {
	switch {
	case b != nil:
		boardRules(rules, b)
	case p.Kind == "grid":
		g := p.Grid
		rules.Rows, rules.Cols = g.Rows, g.Cols
		rules.Blocked = make([]bool, g.Rows*g.Cols)
		for r, row := range g.Numbers {
			for c, x := range row {
				rules.Blocked[r*g.Cols+c] = x < 0
			}
		}
		// A board for ParseCell's range and blocked checks.
		b, _ = board.New(g.Rows, g.Cols)
		if b != nil {
			for i, x := range rules.Blocked {
				b.SetBlocked(int32(i), x)
			}
		}
	case p.Kind == "binary":
		// The header supplies the board (rules.Rows stays 0).
		var err error
		if b, err = board.New(p.Header.Rows, p.Header.Cols); err != nil {
			// The format allows 2^40 cells; the verifier keeps a bit per cell.
			return nil, inputf("the binary path file's board: %w", err)
		}
	default:
		return nil, inputf("a path file needs its board: give a size such as 5x5 or --board FILE")
	}
	if b == nil {
		return nil, inputf("the numbered grid is too large: write large solutions as path files")
	}
	return b, nil
}

// setEnds puts the start and end cells of f (--start, --end, or the JSON
// solution's) on board b into rules.
func setEnds(b *board.Board, f VerifyFlags, rules *verify.Rules) error {
	for _, e := range []struct {
		name, s string
		dst     **verify.Cell
	}{{"start", f.Start, &rules.Start}, {"end", f.End, &rules.End}} {
		if e.s == "" {
			continue
		}
		c, err := b.ParseCell(e.s)
		if err != nil {
			return fmt.Errorf("--%s: %w", e.name, err)
		}
		r, col := b.RowCol(c)
		*e.dst = &verify.Cell{Row: r + 1, Col: col + 1}
	}
	return nil
}

// Check runs the independent verifier on the input. Path files are
// streamed, in one bit per board cell, with progress (cells checked so
// far) when set; for a binary file the rules take the board size and
// closed flag of its header. The error is a *verify.Error for a broken
// rule, verify.ErrSyntax for unreadable input, or ctx.Err().
func (p *PathInput) Check(ctx context.Context, progress func(n int64)) (verify.StreamResult, error) {
	var res verify.StreamResult
	var err error
	switch p.Kind {
	case "grid":
		err = verify.CheckGrid(p.Rules, p.Grid)
	case "json":
		err = verify.Path(p.Rules, p.Cells)
	default:
		opt := verify.StreamOptions{Progress: progress}
		if p.Kind == "binary" {
			res, err = verify.StreamBinary(ctx, p.Rules, p.Stream, opt)
		} else {
			res, err = verify.StreamText(ctx, p.Rules, p.Stream, opt)
		}
		if ctx.Err() == nil && p.Kind == "binary" {
			p.Rules.Rows, p.Rules.Cols, p.Rules.Closed = res.Rows, res.Cols, res.Closed
		}
	}
	return res, err
}

// VerifyReport is the verdict on a checked solution, as verify prints it
// (WriteText) or writes it as JSON.
type VerifyReport struct {
	Problem format.Problem `json:"problem"` // command "verify": the board, moves and closed checked against
	Valid   bool           `json:"valid"`
	Reason  string         `json:"reason,omitempty"`
	Step    int            `json:"step,omitempty"` // 1-based step where it breaks, when there is one
	Kind    string         `json:"kind"`           // "grid", "path", "binary" or "json"
	Board   string         `json:"board"`
	Moves   string         `json:"moves"`
	Closed  bool           `json:"closed"`
	Cells   int64          `json:"cells,omitempty"` // path and binary files: cells read
	err     error
	what    string
}

// Report words the outcome of Check: res and err as it returned them,
// err nil or a *verify.Error (other errors are the caller's to handle).
func (p *PathInput) Report(res verify.StreamResult, err error) *VerifyReport {
	r := &VerifyReport{Valid: err == nil, Kind: p.Kind, Board: fmt.Sprintf("%dx%d", p.Rules.Rows, p.Rules.Cols), Moves: LeaperSpec(p.Moves),
		Closed: p.Rules.Closed, Cells: res.Cells, err: err}
	r.Problem = format.Problem{Command: "verify", Board: r.Board, Moves: p.Moves.Name, Leapers: r.Moves, Closed: r.Closed}
	if p.Board != nil {
		r.Problem = (&Leaper{Board: p.Board, Moves: p.Moves, Closed: p.Rules.Closed}).Describe("verify")
	}
	var ve *verify.Error
	if errors.As(err, &ve) {
		r.Reason, r.Step = ve.Msg, ve.Step
	}
	r.what = fmt.Sprintf("%dx%d with %s, read as a %s", p.Rules.Rows, p.Rules.Cols, MovesLabel(p.Moves), KindName(p.Kind))
	if p.Kind != "grid" && p.Kind != "json" && err == nil {
		r.what += " (" + cellCount(res.Cells)
		if p.Kind == "binary" {
			r.what += fmt.Sprintf(", CRC-32C %08x", res.Checksum)
		}
		r.what += ")"
	}
	return r
}

// WriteText writes the verdict in one line: "valid: a closed tour of ..."
// or "invalid: reason".
func (r *VerifyReport) WriteText(w io.Writer) error {
	tour := "Hamiltonian path"
	if r.Closed {
		tour = "closed tour"
	}
	return writeValidity(w, r.err, "a "+tour+" of "+r.what)
}

// writeValidity writes verify's verdict in one line of text: "invalid: "
// and the reason when invalid is not nil, else "valid: " and what is valid.
func writeValidity(w io.Writer, invalid error, valid string) error {
	var err error
	if invalid != nil {
		_, err = fmt.Fprintf(w, "invalid: %v\n", invalid)
	} else {
		_, err = fmt.Fprintf(w, "valid: %s\n", valid)
	}
	return err
}

// cellCount writes "1 cell", "12 cells".
func cellCount(n int64) string {
	if n == 1 {
		return "1 cell"
	}
	return fmt.Sprintf("%d cells", n)
}

// VerifyArgs are the command line of a check of a solution file: the
// arguments [SPEC] [FILE] (SolutionArgs; no FILE, or "-", is stdin), the
// board file, the move set (MovesGiven: the flag was given, so it
// overrides what the input names) and the ends.
type VerifyArgs struct {
	Args       []string
	BoardFile  string
	Moves      string
	MovesGiven bool
	Start, End string
	Closed     bool
}

// Open parses the move set and the board of a, opens the solution through
// src and detects it (ReadPathInput). The caller calls closeIn when done
// with the input (path files are streamed by Check).
func (a VerifyArgs) Open(src Source) (p *PathInput, closeIn func(), err error) {
	ms, err := ParseMoves(a.Moves)
	if err != nil {
		return nil, nil, err
	}
	spec, file, err := SolutionArgs(a.Args, src)
	if err != nil {
		return nil, nil, err
	}
	b, err := SolutionBoard(spec, a.BoardFile, file, "", src)
	if err != nil {
		return nil, nil, err
	}
	in, closeIn, err := src.Reader(file, "the solution")
	if err != nil {
		return nil, nil, err
	}
	p, err = ReadPathInput(bufio.NewReaderSize(in, 1<<20), VerifyFlags{Board: b, Moves: ms, MovesGiven: a.MovesGiven, Start: a.Start, End: a.End, Closed: a.Closed})
	if err != nil {
		closeIn()
		return nil, nil, err
	}
	return p, closeIn, nil
}

// Streamed reports whether Check streams the input (path and binary
// files), with progress and without a size bound.
func (p *PathInput) Streamed() bool { return p.Kind == "path" || p.Kind == "binary" }

// Failure sorts what Check returned: nil when there is a verdict to
// report (valid, or a *verify.Error), else the error to stop with: a
// streamed check that ctx ended is Stopped, a syntax error is input, and
// any other error is Internal (the verifier failed).
func (p *PathInput) Failure(ctx context.Context, res verify.StreamResult, err error) error {
	var ve *verify.Error
	switch {
	case p.Streamed() && ctx.Err() != nil:
		return Stopped(fmt.Sprintf("interrupted after checking %d cells; the file was not fully checked", res.Cells))
	case errors.Is(err, verify.ErrSyntax):
		return err
	case err != nil && !errors.As(err, &ve):
		return Internal(fmt.Sprintf("the verifier failed: %v", err))
	}
	return nil
}
