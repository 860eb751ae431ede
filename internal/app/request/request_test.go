package request

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

// files is a Source over an in-memory file system.
func files(stdin string, fs map[string]string) Source {
	return Source{Stdin: strings.NewReader(stdin), Open: func(name string) (io.ReadCloser, error) {
		s, ok := fs[name]
		if !ok {
			return nil, errors.New("open " + name + ": no such file or directory")
		}
		return io.NopCloser(strings.NewReader(s)), nil
	}}
}

var solveNames = format.Names{Names: []string{"grid", "path", "json"}, Text: "grid"}

func TestNewLeaper(t *testing.T) {
	t.Parallel()
	l, err := NewLeaper(LeaperFlags{Spec: "5x5", Start: "1,1", End: "5,5", Format: "JSON"}, Source{}, solveNames)
	if err != nil {
		t.Fatal(err)
	}
	if l.Board.Spec() != "5x5" || l.Moves.Name != "hopido" || *l.Start != (verify.Cell{Row: 1, Col: 1}) || *l.End != (verify.Cell{Row: 5, Col: 5}) || !l.Output.JSON() {
		t.Fatalf("%+v", l)
	}
	s, err := l.Search()
	if err != nil {
		t.Fatal(err)
	}
	if !s.Problem.FixStart || s.Problem.Start != s.Graph.VertexOf[0] || !s.Problem.FixEnd || s.Problem.End != s.Graph.VertexOf[24] || s.Problem.Symmetries == nil {
		t.Fatalf("problem %+v", s.Problem)
	}
	r := l.Rules()
	if r.Rows != 5 || r.Name != "3,0+2,2" || len(r.Leapers) != 2 || r.Start.Row != 1 {
		t.Fatalf("rules %+v", r)
	}
	p := l.Describe("solve")
	if p.Start == nil || *p.Start != (format.Cell{1, 1}) || p.Leapers != "3,0+2,2" || p.Map != nil {
		t.Fatalf("problem %+v", p)
	}
}

func TestNewLeaperErrors(t *testing.T) {
	t.Parallel()
	src := files("", map[string]string{"puzzle.txt": "..\n..\n"})
	for _, tc := range []struct {
		name string
		f    LeaperFlags
		want string
	}{
		{"no board", LeaperFlags{}, "no board"},
		{"two boards", LeaperFlags{Spec: "5x5", Board: "puzzle.txt"}, "give the board once"},
		{"file as size", LeaperFlags{Spec: "puzzle.txt"}, "read a board map with --board puzzle.txt"},
		{"missing file", LeaperFlags{Board: "nope.txt"}, "cannot read the board"},
		{"closed end", LeaperFlags{Spec: "6x6", Closed: true, End: "1,1"}, "a closed tour has no end"},
		{"workers", LeaperFlags{Spec: "6x6", Workers: -1}, "--workers -1"},
		{"huge workers", LeaperFlags{Spec: "6x6", Workers: 1000000}, "--workers 1000000: give a number of goroutines from 1 to 4096"},
		{"timeout", LeaperFlags{Spec: "6x6", Timeout: -time.Second}, "--timeout -1s"},
		{"moves", LeaperFlags{Spec: "6x6", Moves: "bishop"}, "presets: camel (1,3), diplomatico"},
		{"start", LeaperFlags{Spec: "6x6", Start: "7,1"}, "--start"},
		{"start is end", LeaperFlags{Spec: "6x6", Start: "2,3", End: "2,3"}, "--start and --end are both 2,3, but a path over 36 cells ends on another cell"},
		{"format", LeaperFlags{Spec: "6x6", Format: "svg"}, `unknown format "svg"`},
	} {
		_, err := NewLeaper(tc.f, src, solveNames)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestSearchTooLarge: a board past MaxSearchCells is refused in words
// that fit every command that builds the move graph (info and export
// said "search handles at most").
func TestSearchTooLarge(t *testing.T) {
	t.Parallel()
	l, err := NewLeaper(LeaperFlags{Spec: "3000x3000"}, Source{}, solveNames)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Search(); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "the move graph is built in memory for at most 4194304 (2048x2048)") {
		t.Fatalf("3000x3000: %v", err)
	}
}

func TestBoardMapRosetta(t *testing.T) {
	t.Parallel()
	// Rosetta Code's Hopido task: '0' open, '.' blocked.
	ros := ". 0 0 . 0 0 .\n0 0 0 0 0 0 0\n0 0 0 0 0 0 0\n. 0 0 0 0 0 .\n. . 0 0 0 . .\n. . . 0 . . .\n"
	b, err := ReadBoard("", "-", files(ros, nil))
	if err != nil {
		t.Fatal(err)
	}
	if b.Rows != 6 || b.Cols != 7 || b.Open() != 27 || !b.Blocked(0) || b.Blocked(1) {
		t.Fatalf("%dx%d, %d open", b.Rows, b.Cols, b.Open())
	}
	// Our own layout is untouched; a '0' among givens is refused.
	if b, err := ParseBoardMap([]byte("..#\n1..\n")); err != nil || b.Open() != 5 {
		t.Fatalf("own layout: %v", err)
	}
	if _, err := ParseBoardMap([]byte("0 1\n. .\n")); !errors.Is(err, board.ErrMap) {
		t.Fatalf("mixed 0 and givens: %v", err)
	}
}

func TestParseDuration(t *testing.T) {
	t.Parallel()
	if d, err := ParseDuration("timeout", "1m30s"); err != nil || d != 90*time.Second {
		t.Fatal(d, err)
	}
	if _, err := ParseDuration("timeout", "10"); err == nil || !strings.Contains(err.Error(), "10s") {
		t.Errorf("10: %v", err)
	}
	if _, err := ParseDuration("timeout", "-5s"); err == nil || !strings.Contains(err.Error(), "positive") {
		t.Errorf("-5s: %v", err)
	}
	if _, err := ParseDuration("timeout", "soon"); !errors.Is(err, ErrInput) {
		t.Errorf("soon: %v", err)
	}
}

func TestPuzzleInput(t *testing.T) {
	t.Parallel()
	const id = "7x7m2:a1a3b42d2b2d4o3c2a3b3b3"
	src := files("3.\n..\n", map[string]string{"p.txt": "2.2\n"})
	for _, tc := range []struct{ arg, want string }{
		{id, id},
		{"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/bridges.html#" + id, id},
		{"https://puzz.link/p?hashikake/3/1/2g2", "https://puzz.link/p?hashikake/3/1/2g2"},
		{"p.txt", "2.2\n"},
		{"-", "3.\n..\n"},
	} {
		data, _, err := PuzzleInput(tc.arg, src)
		if err != nil || string(data) != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.arg, data, err, tc.want)
		}
	}
	for arg, want := range map[string]string{
		"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/net.html#5x5:abc": `"net" puzzle, not Bridges`,
		"https://puzz.link/p?nurikabe/5/5/abc":                                     `"nurikabe" puzzle, not hashikake`,
		"https://example.com/puzzle":                                               "save other pages to a file",
		"missing.txt":                                                              "cannot read the puzzle",
	} {
		if _, _, err := PuzzleInput(arg, src); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", arg, err, want)
		}
	}
	p, err := NewPuzzle(t.Context(), PuzzleFlags{Arg: id, K: 3, NoLoops: true}, src)
	if err != nil {
		t.Fatal(err)
	}
	if p.Grid.Rows != 7 || p.Grid.K != 3 || !p.Rules.NoLoops {
		t.Fatalf("%+v", p)
	}
}

func TestFromJSONAndBinary(t *testing.T) {
	t.Parallel()
	l, err := NewLeaper(LeaperFlags{Board: "-", Moves: "knight"}, files("....\n....\n....\n", nil), solveNames)
	if err != nil {
		t.Fatal(err)
	}
	if l.Board.Spec() != "3x4" {
		t.Fatal(l.Board.Spec())
	}
	data := `{"problem":{"board":"3x4","moves":"knight","leapers":"1,2","closed":false,"start":[1,1],"end":null,"map":["....","....","...#"]},"solution":{"path":[[1,1],[3,2]]}}`
	got, cells, err := FromJSON([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if got.Board.Open() != 11 || got.Moves.Name != "knight" || got.Start == nil || len(cells) != 2 || cells[1] != (verify.Cell{Row: 3, Col: 2}) {
		t.Fatalf("%+v %v", got, cells)
	}
	if _, _, err := FromJSON([]byte(`{"problem":{"board":"3x4","leapers":"9,9,9"},"solution":{"path":[]}}`)); !errors.Is(err, moves.ErrMoves) {
		t.Errorf("bad leapers: %v", err)
	}
	if _, _, err := FromBinary([]byte("not binary")); !errors.Is(err, ErrInput) {
		t.Errorf("not binary: %v", err)
	}
}

func FuzzParseBoardMap(f *testing.F) {
	for _, s := range []string{"..#\n1..\n", ". 0 0 .\n0 0 0 0\n", "0\n", "", "# 12 .\n. . 3\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBoardMap(data)
		if err != nil {
			return
		}
		// A map read back from its own text is the same board.
		b2, err := ParseBoardMap([]byte(b.Format()))
		if err != nil || b2.Format() != b.Format() {
			t.Fatalf("round trip of %q: %v", b.Format(), err)
		}
	})
}

func FuzzPuzzleInput(f *testing.F) {
	for _, s := range []string{"7x7m2:a1a3b42d2b2d4o3c2a3b3b3", "https://x/bridges.html#3x3:a1", "https://puzz.link/p?hashikake/3/1/2g2", "https://puzz.link/p?x", "-", "", "http://", "a#b"} {
		f.Add(s)
	}
	src := files("1\n", map[string]string{})
	f.Fuzz(func(t *testing.T, arg string) {
		data, _, err := PuzzleInput(arg, src)
		if err != nil && !errors.Is(err, ErrInput) {
			t.Fatalf("%q: error %v does not wrap ErrInput", arg, err)
		}
		if err == nil && len(data) > len(arg)+2 && arg != "" && arg != "-" && strings.TrimSpace(arg) != "" && strings.TrimSpace(arg) != "-" {
			t.Fatalf("%q: read %d bytes from an argument", arg, len(data))
		}
	})
}

func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"10", "10s", "-1s", "1h2m", "", "1e3", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDuration("timeout", s)
		if err == nil && d < 0 {
			t.Fatalf("%q gave %v", s, d)
		}
		if err != nil && !errors.Is(err, ErrInput) {
			t.Fatalf("%q: %v", s, err)
		}
	})
}

// TestOutputStreamed: only path formats written to a file are streamed.
func TestOutputStreamed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		o    Output
		want bool
	}{
		{Output{Format: "path", Out: "p.txt"}, true},
		{Output{Format: "binary", Out: "p.bgp"}, true},
		{Output{Format: "path"}, false},
		{Output{Format: "json", Out: "p.json"}, false},
		{Output{Format: "grid", Out: "p.txt"}, false},
	} {
		if got := tc.o.Streamed(); got != tc.want {
			t.Errorf("%+v: Streamed %v, want %v", tc.o, got, tc.want)
		}
	}
}
