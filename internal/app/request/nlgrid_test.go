package request

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/report"
)

const hexSmall = "hex k=2\n2 . 4 . 1\n . 2 . . .\n2 . 5 . 2\n"

func newTestPuzzle(t *testing.T, text, grid string) *Puzzle {
	t.Helper()
	p, err := NewPuzzle(t.Context(), PuzzleFlags{Grid: grid}, Source{Stdin: strings.NewReader(text)})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPuzzleGrids: one body per operation on both grids. The grid is
// detected by content (or named by --grid), solve finds a verified unique
// solution that check accepts, count agrees, τ solves both small grids,
// and the hex puzzle converts to text only (not to the square formats).
func TestPuzzleGrids(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	for _, c := range []struct {
		name, text, grid string
		hex              bool
	}{
		{"square", "k=2\n2.2\n", "", false},
		{"square named", "k=2\n2.2\n", GridSquare, false},
		{"hex detected", hexSmall, "", true},
		{"hex named", hexSmall, GridHex, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newTestPuzzle(t, c.text, c.grid)
			if (p.Hex != nil) != c.hex || (p.Grid != nil) == c.hex {
				t.Fatalf("hex %v, want %v", p.Hex != nil, c.hex)
			}
			if err := p.SquareOnly("phi"); (err != nil) != c.hex || (c.hex && !IsInput(err)) {
				t.Errorf("SquareOnly: %v", err)
			}
			s, err := p.Solve(ctx, SearchOptions{}, report.UniqueOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := WriteReport(&out, s.Report, true, p.Problem("numberlink solve")); err != nil || !strings.Contains(out.String(), `"uniqueness":"unique"`) {
				t.Fatalf("solve JSON %q %v", out.String(), err)
			}
			if pic, err := s.Picture(); err != nil || pic.Width <= 0 {
				t.Errorf("picture: %v", err)
			}
			// The solve report, read back as the puzzle, holds a valid solution.
			q := newTestPuzzle(t, out.String(), c.grid)
			if _, valid, err := q.Check("solution.json", "", Source{}); err != nil || !valid {
				t.Errorf("check of solve's JSON: valid %v, %v", valid, err)
			}
			n, err := p.Count(ctx, 0, SearchOptions{})
			if err != nil || n.Solutions != 1 || n.AtLeast {
				t.Errorf("count: %+v %v", n, err)
			}
			if n, err := p.Count(ctx, 1, SearchOptions{}); err != nil || !n.AtLeast {
				t.Errorf("count to the limit 1 is a lower bound: %+v %v", n, err)
			}
			run, err := p.Tau(ctx, true)
			if err != nil || run.Contradiction != nil || run.Steps == 0 {
				t.Errorf("tau: %+v %v", run, err)
			}
			text, err := p.Encode("text")
			if err != nil || strings.HasPrefix(string(text), "hex") != c.hex {
				t.Errorf("encode text: %q %v", text, err)
			}
			if _, err := p.Encode("tatham"); c.hex && !IsInput(err) {
				t.Errorf("a hex puzzle as a Tatham ID: %v", err)
			}
		})
	}
}

// TestPuzzleGridErrors: an unknown --grid, a headerless text read as hex,
// a hex puzzle with no solution (numberlink.Invalid, exit 1 in the CLI),
// a hex solution that breaks a rule.
func TestPuzzleGridErrors(t *testing.T) {
	t.Parallel()
	src := Source{Stdin: strings.NewReader(hexSmall)}
	if _, err := NewPuzzle(t.Context(), PuzzleFlags{Grid: "tri"}, src); !IsInput(err) || !strings.Contains(err.Error(), "use square or hex") {
		t.Errorf("--grid tri: %v", err)
	}
	src = Source{Stdin: strings.NewReader("2 . 1\n")}
	if _, err := NewPuzzle(t.Context(), PuzzleFlags{Grid: GridHex}, src); !IsInput(err) || !strings.Contains(err.Error(), "hex k=K") {
		t.Errorf("headerless hex: %v", err)
	}
	p := newTestPuzzle(t, "hex k=1\n3 1\n", "")
	if err := p.Unsolvable(context.Background()); !numberlink.Invalid(err) || !strings.Contains(err.Error(), "Proposition part 5") {
		t.Errorf("Unsolvable: %v", err)
	}
	if err := newTestPuzzle(t, hexSmall, "").Unsolvable(context.Background()); err != nil {
		t.Errorf("Unsolvable of a solvable hex puzzle: %v", err)
	}
	if _, err := p.Solve(t.Context(), SearchOptions{}, report.UniqueOptions{}); !numberlink.Invalid(err) || !strings.Contains(err.Error(), "no solution") {
		t.Errorf("unsolvable hex: %v", err)
	}
	p = newTestPuzzle(t, hexSmall, "")
	rep, valid, err := p.Check("p", "-", Source{Stdin: strings.NewReader("1,1 1,3 2\n")})
	var out bytes.Buffer
	if err == nil {
		err = rep.WriteText(&out)
	}
	if err != nil || valid || !strings.HasPrefix(out.String(), "invalid") {
		t.Errorf("a broken hex solution: valid %v, %q, %v", valid, out.String(), err)
	}
}

// TestGenerateGrids: generate makes a unique puzzle on either grid; the
// hex one refuses the square-only flags and a malformed size.
func TestGenerateGrids(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	for _, grid := range []string{GridSquare, GridHex} {
		g, err := GenerateFlags{Size: "6x6", K: 2, Style: "hashi", Seed: 3, Grid: grid}.Generate(ctx, nil)
		if err != nil {
			t.Fatalf("%s: %v", grid, err)
		}
		var out, with bytes.Buffer
		if err := g.Write(&out, "text", false); err != nil {
			t.Fatal(err)
		}
		if err := g.Write(&with, "text", true); err != nil || !strings.HasPrefix(with.String(), out.String()) || with.Len() <= out.Len() {
			t.Errorf("%s: with the solution: %q, %v", grid, with.String(), err)
		}
		p := newTestPuzzle(t, out.String(), "")
		if n, err := p.Count(ctx, 2, SearchOptions{}); err != nil || n.Solutions != 1 {
			t.Errorf("%s: the generated puzzle has %+v solutions (%v)", grid, n, err)
		}
		if !strings.Contains(g.Summary(), "unique") {
			t.Errorf("%s: %s", grid, g.Summary())
		}
	}
	for _, f := range []GenerateFlags{{Size: "7by7", K: 2, Grid: GridHex}, {Size: "7x7", K: 2, Grid: GridHex, Islands: 5}, {Size: "7x7", K: 2, Grid: "tri"}} {
		if _, err := f.Generate(ctx, nil); !IsInput(err) {
			t.Errorf("%+v: %v", f, err)
		}
	}
	if _, err := (GenerateFlags{Size: "7x7", K: 2, Grid: GridHex}).Generate(ctx, nil); errors.Is(err, ErrInput) {
		t.Errorf("a good hex size: %v", err)
	}
}

// TestPuzzleFormats: the aliases reach Encode's names, in any case.
func TestPuzzleFormats(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"": "text", "Puzzle": "text", "puzz.link": "puzzlink", "HAS": "has", "tatham": "tatham", "json": "json"} {
		if got, err := PuzzleFormats.Parse(in); got != want || err != nil {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := PuzzleFormats.Parse("png"); err == nil {
		t.Error("png is not a puzzle format")
	}
}
