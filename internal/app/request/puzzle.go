package request

import (
	"context"
	"fmt"
	"strings"

	"github.com/boardgraph/boardgraph/internal/app/input"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/hexgrid"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// PuzzleInput returns the text of the puzzle named by arg and a name for
// messages. arg may be
//
//   - "" or "-": standard input;
//   - a Tatham game ID such as "7x7m2:a1a3b42d2b2d4o3c2a3b3b3" (sizes in
//     Tatham's order, width x height);
//   - the URL of Tatham's web page, ".../bridges.html#7x7m2:...";
//   - a puzz.link URL, "https://puzz.link/p?hashikake/7/7/...";
//   - a file name.
//
// A URL of another puzzle, or a file name that does not exist, is an error
// saying so.
func PuzzleInput(arg string, src Source) (data []byte, name string, err error) {
	a := strings.TrimSpace(arg)
	switch {
	case a == "" || a == "-":
		data, err = src.Read("-", "the puzzle", puzzleio.MaxInputBytes)
		return data, "stdin", err
	case strings.Contains(a, "://") || strings.HasPrefix(a, "puzz.link/"):
		data, err := fromURL(a)
		return data, clipName(a), err
	case input.TathamID(a) && !src.exists(a):
		return []byte(a), "the game ID", nil
	}
	data, err = src.Read(a, "the puzzle", puzzleio.MaxInputBytes)
	return data, a, err
}

func fromURL(a string) ([]byte, error) {
	if page, frag, ok := input.URLFragment(a); ok {
		game := page[strings.LastIndexByte(page, '/')+1:]
		game = strings.TrimSuffix(game, ".html")
		if game != "bridges" && game != "" {
			return nil, fmt.Errorf("%w: %s is Simon Tatham's %q puzzle, not Bridges: give a bridges.html#... URL", ErrInput, clipName(a), game)
		}
		if !input.TathamID(frag) {
			return nil, fmt.Errorf("%w: the URL's part after '#' (%q) is not a Bridges game ID such as 7x7m2:a1a3b42; copy the URL from the puzzle's \"by game ID\" link", ErrInput, clipName(frag))
		}
		return []byte(frag), nil
	}
	if _, q, ok := strings.Cut(a, "?"); ok && (strings.Contains(a, "puzz.link") || strings.Contains(a, "pzv.jp")) {
		typ, _, _ := strings.Cut(q, "/")
		switch typ {
		case "hashikake", "hashi", "bridges":
			return []byte(a), nil
		}
		return nil, fmt.Errorf("%w: %s is a puzz.link %q puzzle, not hashikake (Bridges); numberlink reads hashikake URLs", ErrInput, clipName(a), typ)
	}
	return nil, fmt.Errorf("%w: %s: numberlink reads puzz.link hashikake URLs and Tatham bridges.html#ID URLs; save other pages to a file first", ErrInput, clipName(a))
}

func clipName(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// PuzzleFlags is a numberlink puzzle as typed.
type PuzzleFlags struct {
	Arg          string // the argument: file, "-", game ID or URL (PuzzleInput)
	From         string // --from: force an input format; "" detects it
	K            int    // --k: override the bridge limit; 0 keeps the puzzle's
	NoLoops      bool   // --noloops
	Disconnected bool   // --disconnected
	Grid         string // --grid: GridSquare, GridHex, or "" to detect by content
}

// Puzzle is a loaded numberlink puzzle with the rules that apply to it.
type Puzzle struct {
	Name string // for messages: a file name, "stdin", "the game ID", a URL
	// Source names the input in JSON results: the file name, "stdin",
	// the game ID or the URL (clipped to 200 bytes).
	Source string
	Data   []byte // the input as read
	Grid   *numberlink.Grid
	Rules  numberlink.Rules
	// Hex is set, and Grid nil, for a hexagonal puzzle (nlgrid.go).
	Hex *hexgrid.Puzzle
}

// NewPuzzle reads and parses the puzzle f names and applies the rule
// flags. Parsing a large puzzle stops when ctx does (the error then wraps
// ctx.Err()).
func NewPuzzle(ctx context.Context, f PuzzleFlags, src Source) (*Puzzle, error) {
	if f.K < 0 || f.K > numberlink.MaxK {
		return nil, fmt.Errorf("%w: --k %d: the bridge limit must be 1..%d", ErrInput, f.K, numberlink.MaxK)
	}
	if _, err := hexGrid(f.Grid, nil); err != nil {
		return nil, err
	}
	data, name, err := PuzzleInput(f.Arg, src)
	if err != nil {
		return nil, err
	}
	if hex, _ := hexGrid(f.Grid, data); hex {
		p, err := newHexPuzzle(f, name, data)
		if p != nil {
			p.Source = puzzleSource(f.Arg)
		}
		return p, err
	}
	fm := puzzleio.Detect(data)
	if f.From != "" {
		fm = puzzleio.Format(strings.ToLower(f.From))
	}
	g, rules, err := puzzleio.ParseAsContext(ctx, fm, data)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("loading %s: %w", name, ctx.Err())
		}
		return nil, fmt.Errorf("%w: %s: %w", ErrInput, name, err)
	}
	if f.K > 0 && f.K != g.K {
		if g, err = numberlink.NewGridContext(ctx, g.Rows, g.Cols, f.K, g.Clues()); err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("loading %s: %w", name, ctx.Err())
			}
			return nil, fmt.Errorf("%w: %w", ErrInput, err)
		}
	}
	rules.NoLoops = rules.NoLoops || f.NoLoops
	rules.AllowDisconnected = rules.AllowDisconnected || f.Disconnected
	return &Puzzle{Name: name, Source: puzzleSource(f.Arg), Data: data, Grid: g, Rules: rules}, nil
}

// puzzleSource is Puzzle.Source for the argument arg.
func puzzleSource(arg string) string {
	s := DisplayName(strings.TrimSpace(arg))
	if len(s) > 200 {
		s = s[:197] + "..."
	}
	return s
}

// TathamURL is input.TathamURL: the game ID of a Tatham web URL, and any
// other text unchanged.
func TathamURL(text string) string { return input.TathamURL(text) }
