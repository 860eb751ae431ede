package request

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/app/input"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

// MaxSearchCells bounds the boards a search builds a graph for: beyond it
// the graph alone takes hundreds of megabytes and a search would not
// finish (constructions, package construct, handle larger boards).
const MaxSearchCells = 1 << 22

// LeaperFlags is a leaper problem as typed: every field a string or plain
// value straight from the command line (or a web form). The zero value
// asks for the default: no board, hopido moves, free ends.
type LeaperFlags struct {
	Spec    string        // a size such as "5x5" (the positional argument)
	Board   string        // --board FILE ("-" for stdin): a text map
	Moves   string        // --moves; "" is hopido
	Start   string        // --start ROW,COL, 1-based; "" for free
	End     string        // --end ROW,COL
	Closed  bool          // --closed
	Workers int           // --workers; 0 for all cores
	Timeout time.Duration // --timeout; 0 for none
	Format  string        // --format; "" for the command's default
	Out     string        // --out FILE; "" for stdout
	Quiet   bool          // --quiet
}

// Output is what a command writes and where.
type Output struct {
	Format string // canonical name (format.Names.Parse)
	Out    string // file name, "" for stdout
	Quiet  bool   // no progress or summary lines
}

// JSON reports whether the output is JSON.
func (o Output) JSON() bool { return o.Format == "json" }

// Streamed reports whether the result goes to a file in a path format
// (path or binary), which Leaper.SavePath writes as the path is made, at
// any size, instead of holding the whole solution in memory.
func (o Output) Streamed() bool { return o.Out != "" && (o.Format == "path" || o.Format == "binary") }

// Leaper is one checked leaper request: a board, a move set, the ends and
// the run limits. Build it with NewLeaper; treat it as read-only.
type Leaper struct {
	Board   *board.Board
	Moves   moves.Set
	Start   *verify.Cell // 1-based; nil when free
	End     *verify.Cell // nil when free (always nil for closed tours)
	Closed  bool
	Workers int
	Timeout time.Duration
	Output  Output
}

// MaxWorkers is the most goroutines --workers may ask for: more than the
// cores of any machine, fewer than would make the search's per-worker
// state the cost (--workers 1000000 made count 6x6 run for minutes and
// solve 8x8 take 11 s instead of a millisecond).
const MaxWorkers = 4096

// NewLeaper checks f once and returns the request. names lists the output
// formats of the command (its Default is used when f.Format is empty).
// Board files are read through src; a size that names a file is refused
// with --board suggested, and Rosetta Code's Hopido layout ('0' open, '.'
// blocked) is read as such.
func NewLeaper(f LeaperFlags, src Source, names format.Names) (*Leaper, error) {
	return newLeaper(f, names, func() (*board.Board, error) { return ReadBoard(f.Spec, f.Board, src) })
}

// NewLeaperOn is NewLeaper on a board already made, such as the one a
// solution file carries (CarriedProblem); f.Spec and f.Board are ignored.
func NewLeaperOn(b *board.Board, f LeaperFlags, names format.Names) (*Leaper, error) {
	return newLeaper(f, names, func() (*board.Board, error) { return b, nil })
}

func newLeaper(f LeaperFlags, names format.Names, readBoard func() (*board.Board, error)) (*Leaper, error) {
	l := &Leaper{Closed: f.Closed, Workers: f.Workers, Timeout: f.Timeout}
	var err error
	if l.Output.Format, err = names.Parse(f.Format); err != nil {
		return nil, fmt.Errorf("%w: --format: %w", ErrInput, err)
	}
	l.Output.Out, l.Output.Quiet = f.Out, f.Quiet
	if f.Workers < 0 || f.Workers > MaxWorkers {
		return nil, fmt.Errorf("%w: --workers %d: give a number of goroutines from 1 to %d, or 0 for all cores", ErrInput, f.Workers, MaxWorkers)
	}
	if f.Timeout < 0 {
		return nil, fmt.Errorf("%w: --timeout %v: give a positive duration such as 30s", ErrInput, f.Timeout)
	}
	if f.Closed && f.End != "" {
		return nil, fmt.Errorf("%w: --closed with --end: a closed tour has no end; give only --start", ErrInput)
	}
	if l.Board, err = readBoard(); err != nil {
		return nil, err
	}
	mspec := f.Moves
	if mspec == "" {
		mspec = "hopido"
	}
	if l.Moves, err = ParseMoves(mspec); err != nil {
		return nil, err
	}
	if l.Start, err = cell(l.Board, "start", f.Start); err != nil {
		return nil, err
	}
	if l.End, err = cell(l.Board, "end", f.End); err != nil {
		return nil, err
	}
	// The same cell at both ends: only a one-cell path has it. Refused
	// here, so that solve, enumerate and both count methods agree (the
	// search refused it in its own words, the DP counted 0).
	if l.Start != nil && l.End != nil && *l.Start == *l.End && l.Board.Open() > 1 {
		return nil, fmt.Errorf("%w: --start and --end are both %d,%d, but a path over %d cells ends on another cell: give another --end, or --closed (and no --end) for a tour back to its start", ErrInput, l.Start.Row, l.Start.Col, l.Board.Open())
	}
	return l, nil
}

func cell(b *board.Board, name, s string) (*verify.Cell, error) {
	if s == "" {
		return nil, nil
	}
	c, err := b.ParseCell(s)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", name, err)
	}
	r, col := b.RowCol(c)
	return &verify.Cell{Row: r + 1, Col: col + 1}, nil
}

// ReadBoard returns the board named by a size spec or read from a board
// file (exactly one of the two). A spec that is the name of a file is
// refused with --board suggested.
func ReadBoard(spec, file string, src Source) (*board.Board, error) {
	switch {
	case spec != "" && file != "":
		return nil, fmt.Errorf("%w: give the board once: either a size such as %s or --board FILE, not both", ErrInput, spec)
	case spec == "" && file == "":
		return nil, fmt.Errorf("%w: no board: give a size such as 5x5 (rows x columns) or --board FILE", ErrInput)
	case spec != "":
		if !IsSpec(spec) && src.exists(spec) {
			return nil, fmt.Errorf("%w: %q is a file, not a size: read a board map with --board %s", ErrInput, spec, spec)
		}
		return board.ParseSpec(spec)
	}
	data, err := src.Read(file, "the board", board.MaxMapBytes)
	if err != nil {
		return nil, err
	}
	b, err := ParseBoardMap(data)
	if err != nil {
		if file == "-" {
			file = "stdin"
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return b, nil
}

// LeaperSpec is the move set's canonical leaper spec ("3,0+2,2").
func (l *Leaper) LeaperSpec() string { return LeaperSpec(l.Moves) }

// Label names the problem for messages: "5x5 with hopido (3,0+2,2)".
func (l *Leaper) Label() string { return l.Board.Spec() + " with " + MovesLabel(l.Moves) }

// Rules returns the independent verifier's rules for the request.
func (l *Leaper) Rules() verify.Rules {
	r := verifyRules(l.Moves, l.Closed)
	r.Start, r.End = l.Start, l.End
	boardRules(&r, l.Board)
	return r
}

// verifyRules returns the verifier's rules for paths (closed: tours) of
// the move set ms, on no board yet (boardRules adds it).
func verifyRules(ms moves.Set, closed bool) verify.Rules {
	r := verify.Rules{Closed: closed, Name: LeaperSpec(ms)}
	for _, lp := range ms.Leapers {
		r.Leapers = append(r.Leapers, [2]int{lp.A, lp.B})
	}
	return r
}

// boardRules sets the verifier's rules r to the board b: its size, its
// blocked cells and its givens (none when b has none).
func boardRules(r *verify.Rules, b *board.Board) {
	r.Rows, r.Cols = b.Rows, b.Cols
	if b.Open() != b.Cells() {
		r.Blocked = make([]bool, b.Cells())
		for c := range int32(b.Cells()) {
			r.Blocked[c] = b.Blocked(c)
		}
	}
	if b.HasGivens() {
		r.Givens = make([]int, b.Cells())
		for c := range int32(b.Cells()) {
			r.Givens[c] = int(b.Given(c))
		}
	}
}

// Describe returns the "problem" object of JSON results.
func (l *Leaper) Describe(command string) format.Problem {
	p := format.Problem{Command: command, Board: l.Board.Spec(), Open: l.Board.Open(), Moves: l.Moves.Name,
		Leapers: LeaperSpec(l.Moves), Closed: l.Closed}
	if c := l.Start; c != nil {
		p.Start = &format.Cell{c.Row, c.Col}
	}
	if c := l.End; c != nil {
		p.End = &format.Cell{c.Row, c.Col}
	}
	if !l.Board.Plain() {
		p.Map = strings.Split(strings.TrimSuffix(l.Board.Format(), "\n"), "\n")
	}
	return p
}

// Search is a leaper request made ready for the engines: the move graph
// and the Hamiltonian problem on it.
type Search struct {
	*Leaper
	Graph   *moves.BoardGraph
	Problem hamilton.Problem
}

// Search builds the move graph and the engine's problem (with the board's
// symmetries and givens). Boards over MaxSearchCells are refused.
func (l *Leaper) Search() (*Search, error) { return l.SearchContext(context.Background()) }

// SearchContext is Search that stops with ctx's error when ctx ends: the
// graph and symmetries of the largest boards take seconds, so a command
// creates its context (timeout, signals) first and passes it here.
func (l *Leaper) SearchContext(ctx context.Context) (*Search, error) {
	b := l.Board
	if b.Cells() > MaxSearchCells {
		// Not "search handles at most": info, count, analyze and export
		// are refused here too.
		return nil, fmt.Errorf("%w: the %s board has %d cells; the move graph is built in memory for at most %d (2048x2048): use a smaller board", ErrInput, b.Spec(), b.Cells(), MaxSearchCells)
	}
	bg, err := moves.BuildContext(ctx, b, l.Moves)
	if err != nil {
		return nil, err
	}
	s := &Search{Leaper: l, Graph: bg}
	s.Problem = hamilton.Problem{G: bg.Graph, Closed: l.Closed,
		VertexName: func(v int32) string { return "cell " + b.FormatCell(bg.CellOf[v]) }}
	if b.HasGivens() {
		s.Problem.Givens = make([]int32, bg.N())
		for v, c := range bg.CellOf {
			s.Problem.Givens[v] = b.Given(c) - 1
		}
	}
	vertex := func(c *verify.Cell) int32 {
		if c == nil {
			return -1
		}
		return bg.VertexOf[b.Cell(c.Row-1, c.Col-1)]
	}
	s.Problem = s.Problem.WithEnds(vertex(l.Start), vertex(l.End))
	if s.Problem.Symmetries, err = bg.AutomorphismsContext(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Options returns the engine options of the request: its workers and the
// centre-first move ranking.
func (s *Search) Options() hamilton.Options {
	return hamilton.Options{Workers: s.Workers, Rank: s.Graph.CentreRank()}
}

// Cells converts an engine path to the verifier's 1-based cells.
func (s *Search) Cells(path []int32) []verify.Cell {
	out := make([]verify.Cell, len(path))
	for i, v := range path {
		r, c := s.Board.RowCol(s.Graph.CellOf[v])
		out[i] = verify.Cell{Row: r + 1, Col: c + 1}
	}
	return out
}

// Blocked reports whether the 0-based cell (r, c) is blocked.
func (l *Leaper) Blocked(r, c int) bool { return l.Board.Blocked(l.Board.Cell(r, c)) }

// ParseBoardMap is input.ParseBoardMap: a board text map, in Rosetta
// Code's Hopido layout too.
func ParseBoardMap(data []byte) (*board.Board, error) { return input.ParseBoardMap(data) }
