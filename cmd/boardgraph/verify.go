package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

var verifyHelp = cmdHelp{
	name:  "verify",
	usage: "[SPEC] [FILE|-] [--board FILE] [--moves M] [--start r,c] [--end r,c] [--closed] [--format text|json]",
	about: `Checks a solution with the independent verifier (it shares no code with
the solver) and names the first broken rule. The input (FILE, or stdin when
it is absent or '-') is either a numbered grid, one row per line, numbers
separated by spaces and '#' for blocked cells (what solve prints), or a path
file, one row,col per line (what solve --format path prints). A grid carries
its own board; a path file needs one: a size SPEC such as 5x5 or --board
FILE (which also supplies blocked cells and givens). Prints "valid" or
"invalid: reason" and exits 0 (valid), 1 (invalid) or 2 (unreadable input).`,
	examples: []string{
		"boardgraph solve 10x10 | boardgraph verify",
		"boardgraph solve 5x5 --format path | boardgraph verify 5x5 --start 1,1",
		"boardgraph verify --board puzzle.txt solution.txt",
		"boardgraph verify --moves knight --closed tour.txt",
	},
}

func init() {
	register(&command{name: "verify", summary: "check a numbered grid or a path file", run: runVerify})
}

var specRE = regexp.MustCompile(`^[0-9]+[xX][0-9]+$`)

// maxSolutionBytes bounds the solution text verify reads.
const maxSolutionBytes = 64 << 20

func runVerify(e *env) int {
	fs := newFlagSet("verify")
	boardFile := fs.String("board", "", "the board as a text `FILE` ('.' open, '#' blocked, numbers are givens)")
	moveSpec := fs.String("moves", "hopido", "move set `M`: hopido, knight, a leaper a,b, or a union such as 3,0+2,2")
	start := fs.String("start", "", "the path must start at `ROW,COL`")
	end := fs.String("end", "", "the path must end at `ROW,COL`")
	closed := fs.Bool("closed", false, "the path must be a closed tour (last cell one move from the first)")
	format := fs.String("format", "text", "output `FORMAT`: text or json")
	pos, code := parseArgs(e, verifyHelp, fs)
	if code >= 0 {
		return code
	}
	if *format == "grid" {
		*format = "text"
	}
	if *format != "text" && *format != "json" {
		return fail(e, usagef("unknown --format %q; use text or json", *format))
	}
	spec, file := "", ""
	for _, a := range pos {
		_, statErr := os.Stat(a)
		switch {
		case specRE.MatchString(a) && statErr != nil && spec == "":
			spec = a
		case file == "":
			file = a
		default:
			return fail(e, usagef("unexpected argument %q; give at most a board size and one solution file", a))
		}
	}
	ms, err := moves.Parse(*moveSpec)
	if err != nil {
		return fail(e, err)
	}
	var b *board.Board
	if spec != "" || *boardFile != "" {
		if *boardFile == "-" && (file == "" || file == "-") {
			return fail(e, usagef("--board - and the solution cannot both come from stdin; name the solution file"))
		}
		if b, err = readBoard(e, spec, *boardFile); err != nil {
			return fail(e, err)
		}
		if b.Cells() > maxSearchCells {
			return fail(e, usagef("the %s board has %d cells; verify handles at most %d", b.Spec(), b.Cells(), maxSearchCells))
		}
	}
	text, err := readSolution(e, file)
	if err != nil {
		return fail(e, err)
	}
	kind := "grid"
	if looksLikePath(text) {
		kind = "path"
	}
	var (
		grid verify.Grid
		path []verify.Cell
	)
	if kind == "grid" {
		grid, err = verify.ParseGrid(bytes.NewReader(text))
	} else {
		path, err = verify.ParsePath(bytes.NewReader(text))
	}
	if err != nil {
		return fail(e, err)
	}
	rules := verify.Rules{Closed: *closed, Name: leaperSpec(ms)}
	for _, l := range ms.Leapers {
		rules.Leapers = append(rules.Leapers, [2]int{l.A, l.B})
	}
	switch {
	case b != nil:
		rules.Rows, rules.Cols = b.Rows, b.Cols
		rules.Blocked = make([]bool, b.Cells())
		rules.Givens = make([]int, b.Cells())
		for c := range int32(b.Cells()) {
			rules.Blocked[c] = b.Blocked(c)
			rules.Givens[c] = int(b.Given(c))
		}
	case kind == "grid":
		rules.Rows, rules.Cols = grid.Rows, grid.Cols
		rules.Blocked = make([]bool, grid.Rows*grid.Cols)
		for r, row := range grid.Numbers {
			for c, x := range row {
				rules.Blocked[r*grid.Cols+c] = x < 0
			}
		}
		// A board for ParseCell's range and blocked checks.
		b, _ = board.New(grid.Rows, grid.Cols)
		if b != nil {
			for i, x := range rules.Blocked {
				b.SetBlocked(int32(i), x)
			}
		}
	default:
		return fail(e, usagef("a path file needs its board: give a size such as 5x5 or --board FILE"))
	}
	if b == nil {
		return fail(e, usagef("the grid is too large"))
	}
	for _, f := range []struct {
		name, s string
		dst     **verify.Cell
	}{{"start", *start, &rules.Start}, {"end", *end, &rules.End}} {
		if f.s == "" {
			continue
		}
		c, err := b.ParseCell(f.s)
		if err != nil {
			return fail(e, fmt.Errorf("--%s: %w", f.name, err))
		}
		r, col := b.RowCol(c)
		*f.dst = &verify.Cell{Row: r + 1, Col: col + 1}
	}
	if kind == "grid" {
		err = verify.CheckGrid(rules, grid)
	} else {
		err = verify.Path(rules, path)
	}
	var ve *verify.Error
	if err != nil && !errors.As(err, &ve) {
		return fail(e, &internalError{fmt.Sprintf("the verifier failed: %v", err)})
	}
	what := fmt.Sprintf("%dx%d with %s, read as a %s", rules.Rows, rules.Cols, movesLabel(ms), map[string]string{"grid": "numbered grid", "path": "path file"}[kind])
	if *format == "json" {
		out := struct {
			Valid  bool   `json:"valid"`
			Reason string `json:"reason,omitempty"`
			Step   int    `json:"step,omitempty"` // 1-based step where it breaks, when there is one
			Kind   string `json:"kind"`           // "grid" or "path"
			Board  string `json:"board"`
			Moves  string `json:"moves"`
			Closed bool   `json:"closed"`
		}{Valid: err == nil, Kind: kind, Board: fmt.Sprintf("%dx%d", rules.Rows, rules.Cols), Moves: leaperSpec(ms), Closed: *closed}
		if ve != nil {
			out.Reason, out.Step = ve.Msg, ve.Step
		}
		if werr := emitJSON(e.stdout, out); werr != nil {
			return fail(e, werr)
		}
	} else if err != nil {
		fmt.Fprintf(e.stdout, "invalid: %s\n", err)
	} else {
		tour := "Hamiltonian path"
		if *closed {
			tour = "closed tour"
		}
		fmt.Fprintf(e.stdout, "valid: a %s of %s\n", tour, what)
	}
	if err != nil {
		return exitNone
	}
	return exitOK
}

// readSolution reads the solution text from file, or stdin for "" and "-".
func readSolution(e *env, file string) ([]byte, error) {
	var r io.Reader = e.stdin
	if file != "" && file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return nil, usagef("cannot read the solution: %v; check the file name", err)
		}
		defer f.Close()
		r = f
	}
	text, err := io.ReadAll(io.LimitReader(r, maxSolutionBytes+1))
	if err != nil {
		return nil, usagef("cannot read the solution: %v", err)
	}
	if len(text) > maxSolutionBytes {
		return nil, usagef("the solution is larger than %d bytes", maxSolutionBytes)
	}
	return text, nil
}

// looksLikePath reports whether the first meaningful line is a "row,col".
func looksLikePath(text []byte) bool {
	for line := range strings.SplitSeq(string(text), "\n") {
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "//") {
			continue
		}
		return strings.Contains(s, ",")
	}
	return false
}
