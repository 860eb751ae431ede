package board_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

func TestParseSpec(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in         string
		rows, cols int
		err        string // substring of the error; "" for success
	}{
		{"5x5", 5, 5, ""},
		{"4x7", 4, 7, ""}, // 4 rows, 7 columns
		{"1x1", 1, 1, ""},
		{" 10X10 ", 10, 10, ""},
		{"1x20", 1, 20, ""},
		{"0x5", 0, 0, "at least 1"},
		{"5x0", 0, 0, "at least 1"},
		{"-3x5", 0, 0, "at least 1"},
		{"5", 0, 0, "want ROWSxCOLS"},
		{"", 0, 0, "want ROWSxCOLS"},
		{"x5", 0, 0, "whole numbers"},
		{"5x", 0, 0, "whole numbers"},
		{"5x5x5", 0, 0, "whole numbers"},
		{"axb", 0, 0, "whole numbers"},
		{"5 x 5", 0, 0, "whole numbers"},
		{"2.5x4", 0, 0, "whole numbers"},
		{"99999999999999999999x2", 0, 0, "whole numbers"},
		{"100000x100000", 0, 0, "at most"},
		{"40000x40000", 0, 0, "at most"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			b, err := board.ParseSpec(tc.in)
			if tc.err != "" {
				if err == nil || !errors.Is(err, board.ErrSpec) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseSpec(%q) = %v, %v; want an ErrSpec error containing %q", tc.in, b, err, tc.err)
				}
				if strings.Contains(err.Error(), "\n") {
					t.Errorf("error spans lines: %q", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseSpec(%q): %v", tc.in, err)
			}
			if b.Rows != tc.rows || b.Cols != tc.cols || b.Cells() != tc.rows*tc.cols || b.Open() != b.Cells() || !b.Plain() {
				t.Errorf("ParseSpec(%q) = %dx%d open %d", tc.in, b.Rows, b.Cols, b.Open())
			}
			if b.Spec() != strings.ToLower(strings.TrimSpace(tc.in)) {
				t.Errorf("Spec() = %q", b.Spec())
			}
		})
	}
}

func TestCellIndexing(t *testing.T) {
	t.Parallel()
	b, _ := board.New(4, 7)
	for cell := range int32(b.Cells()) {
		r, c := b.RowCol(cell)
		if b.Cell(r, c) != cell || !b.Inside(r, c) {
			t.Fatalf("cell %d -> %d,%d -> %d", cell, r, c, b.Cell(r, c))
		}
		got, err := b.ParseCell(b.FormatCell(cell))
		if err != nil || got != cell {
			t.Fatalf("ParseCell(FormatCell(%d) = %q) = %d, %v", cell, b.FormatCell(cell), got, err)
		}
	}
	if b.FormatCell(b.Cell(3, 6)) != "4,7" {
		t.Errorf("last cell of 4x7 is %q, want 4,7 (1-based row,col)", b.FormatCell(b.Cell(3, 6)))
	}
	for _, rc := range [][2]int{{-1, 0}, {0, -1}, {4, 0}, {0, 7}} {
		if b.Inside(rc[0], rc[1]) {
			t.Errorf("Inside(%d,%d)", rc[0], rc[1])
		}
	}
}

func TestParseCell(t *testing.T) {
	t.Parallel()
	b, _ := board.New(5, 6)
	b.SetBlocked(b.Cell(1, 1), true) // 2,2
	tests := []struct {
		in   string
		cell int32
		err  string
	}{
		{"1,1", 0, ""},
		{"5,6", 29, ""},
		{" 3 , 4 ", 2*6 + 3, ""},
		{"2,1", 6, ""},
		{"0,1", -1, "outside"},
		{"1,0", -1, "outside"},
		{"6,1", -1, "outside"},
		{"1,7", -1, "outside"},
		{"-1,3", -1, "outside"},
		{"2,2", -1, "blocked"},
		{"1", -1, "want ROW,COL"},
		{"", -1, "want ROW,COL"},
		{"a,b", -1, "want ROW,COL"},
		{"1,1,1", -1, "want ROW,COL"},
		{"1;1", -1, "want ROW,COL"},
		{"1.5,2", -1, "want ROW,COL"},
	}
	for _, tc := range tests {
		got, err := b.ParseCell(tc.in)
		if tc.err == "" {
			if err != nil || got != tc.cell {
				t.Errorf("ParseCell(%q) = %d, %v; want %d", tc.in, got, err, tc.cell)
			}
			continue
		}
		if err == nil || !errors.Is(err, board.ErrCoord) || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseCell(%q) = %d, %v; want an ErrCoord error containing %q", tc.in, got, err, tc.err)
		}
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	type cellWant struct {
		r, c    int // 0-based
		blocked bool
		given   int32
	}
	tests := []struct {
		name       string
		in         string
		rows, cols int
		open       int
		cells      []cellWant
		err        string
	}{
		{name: "compact", in: "..#\n.1.\n", rows: 2, cols: 3, open: 5,
			cells: []cellWant{{0, 2, true, 0}, {1, 1, false, 1}, {0, 0, false, 0}}},
		{name: "separated", in: ". . #\n. 12 .\n. . .\n. . .\n. . .\n", rows: 5, cols: 3, open: 14,
			cells: []cellWant{{0, 2, true, 0}, {1, 1, false, 12}}},
		{name: "separated by tabs and runs of spaces", in: ".\t.  #\n3   . .\n", rows: 2, cols: 3, open: 5,
			cells: []cellWant{{0, 2, true, 0}, {1, 0, false, 3}}},
		{name: "comments and blank lines around", in: "// a board\n\n  \n..\n// inside\n#.\n\n// end\n", rows: 2, cols: 2, open: 3,
			cells: []cellWant{{1, 0, true, 0}}},
		{name: "CRLF and trailing spaces", in: "..#  \r\n...\r\n", rows: 2, cols: 3, open: 5},
		{name: "leading indentation", in: "   ..\n   ..\n", rows: 2, cols: 2, open: 4},
		{name: "single cell", in: ".", rows: 1, cols: 1, open: 1},
		{name: "single given", in: "1\n", rows: 1, cols: 1, open: 1, cells: []cellWant{{0, 0, false, 1}}},
		{name: "ragged", in: "...\n..\n", err: "row 2 has 2 cells but row 1 has 3"},
		{name: "ragged separated", in: ". . .\n. .\n", err: "row 2 has 2 cells"},
		{name: "stray character", in: "..x\n...\n", err: `unexpected "x"`},
		{name: "stray in separated form", in: ". . ?\n", err: `unexpected "?"`},
		{name: "negative given", in: ". -1\n. .\n", err: "unexpected"},
		{name: "plus sign", in: ". +1\n. .\n", err: "unexpected"},
		{name: "zero given", in: "0.\n..\n", err: "givens count from 1"},
		{name: "duplicate givens", in: "1.\n.1\n", err: "the given 1 appears at 1,1 and at 2,2"},
		{name: "given too large", in: "5.\n..\n", err: "exceeds the 4 open cells"},
		{name: "given larger than open cells with blocks", in: "4#\n..\n", err: "exceeds the 3 open cells"},
		{name: "all blocked", in: "##\n##\n", err: "every cell is blocked"},
		{name: "empty", in: "", err: "no rows"},
		{name: "only comments", in: "// nothing\n\n", err: "no rows"},
		{name: "blank line inside", in: "..\n\n..\n", err: "row 2 is empty"},
		{name: "unicode", in: "..\n.é\n", err: "unexpected"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := board.Parse(strings.NewReader(tc.in))
			if tc.err != "" {
				if err == nil || !errors.Is(err, board.ErrMap) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Parse = %v; want an ErrMap error containing %q", err, tc.err)
				}
				if strings.Contains(err.Error(), "\n") {
					t.Errorf("error spans lines: %q", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.Rows != tc.rows || b.Cols != tc.cols || b.Open() != tc.open {
				t.Fatalf("got %dx%d with %d open, want %dx%d with %d", b.Rows, b.Cols, b.Open(), tc.rows, tc.cols, tc.open)
			}
			for _, cw := range tc.cells {
				cell := b.Cell(cw.r, cw.c)
				if b.Blocked(cell) != cw.blocked || b.Given(cell) != cw.given {
					t.Errorf("cell %d,%d: blocked %v given %d; want %v %d", cw.r+1, cw.c+1, b.Blocked(cell), b.Given(cell), cw.blocked, cw.given)
				}
			}
		})
	}
}

// A map over the size limit is refused with a one-line error, without
// reading it all into memory first.
func TestParseTooLarge(t *testing.T) {
	if testing.Short() && testfix.Race {
		t.Skip("reads 64 MiB: 8 s of CPU under the race detector, and nothing concurrent to check")
	}
	t.Parallel()
	line := strings.Repeat(".", 1<<16) + "\n"
	r := strings.NewReader(strings.Repeat(line, board.MaxMapBytes/len(line)+2))
	_, err := board.Parse(r)
	if err == nil || !errors.Is(err, board.ErrMap) {
		t.Fatalf("err = %v, want ErrMap", err)
	}
}

// randomBoard returns a board with random blocked cells (at least one cell
// open) and random distinct givens.
func randomBoard(rng *rand.Rand, maxSide int) *board.Board {
	b, _ := board.New(1+rng.IntN(maxSide), 1+rng.IntN(maxSide))
	for cell := range int32(b.Cells()) {
		if rng.IntN(4) == 0 {
			b.SetBlocked(cell, true)
		}
	}
	if b.Open() == 0 {
		b.SetBlocked(0, false)
	}
	var open []int32
	for cell := range int32(b.Cells()) {
		if !b.Blocked(cell) {
			open = append(open, cell)
		}
	}
	nums := rng.Perm(len(open))
	for i, cell := range open {
		if rng.IntN(5) == 0 {
			b.SetGiven(cell, int32(nums[i]+1))
		}
	}
	return b
}

func sameBoard(a, b *board.Board) bool {
	if a.Rows != b.Rows || a.Cols != b.Cols {
		return false
	}
	for cell := range int32(a.Cells()) {
		if a.Blocked(cell) != b.Blocked(cell) || a.Given(cell) != b.Given(cell) {
			return false
		}
	}
	return true
}

// Format writes what Parse reads back, in the compact form when every given
// is one digit and the separated form otherwise.
func TestFormatRoundTrip(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		b := randomBoard(rng, 8)
		text := b.Format()
		back, err := board.Parse(strings.NewReader(text))
		if err != nil {
			t.Fatalf("Parse(Format()) of\n%s: %v", text, err)
		}
		if !sameBoard(b, back) {
			t.Fatalf("round trip changed the board:\n%s\n%s", text, back.Format())
		}
		big := false
		for cell := range int32(b.Cells()) {
			big = big || b.Given(cell) > 9
		}
		if sep := strings.Contains(text, " "); sep != big {
			t.Fatalf("separated form = %v with givens > 9 = %v:\n%s", sep, big, text)
		}
	}
	b, _ := board.New(2, 3)
	b.SetBlocked(2, true)
	b.SetGiven(4, 1)
	if got := b.Format(); got != "..#\n.1.\n" {
		t.Errorf("Format = %q", got)
	}
}

func TestCloneIsDeep(t *testing.T) {
	t.Parallel()
	b, _ := board.New(3, 3)
	b.SetBlocked(0, true)
	b.SetGiven(4, 2)
	c := b.Clone()
	c.SetBlocked(0, false)
	c.SetBlocked(1, true)
	c.SetGiven(4, 0)
	if !b.Blocked(0) || b.Blocked(1) || b.Given(4) != 2 || !b.HasGivens() {
		t.Error("changing the clone changed the original")
	}
	if c.HasGivens() {
		t.Error("clone still has givens")
	}
}

func TestSymmetries(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		draw string
		want int
	}{
		{"square", ".....\n.....\n.....\n.....\n.....", 8},
		{"1x1", ".", 8},
		{"rectangle", ".....\n.....\n.....\n.....", 4},
		{"row", ".....", 4},
		{"square with its centre blocked", "...\n.#.\n...", 8},
		{"square with a corner blocked: the diagonal mirror survives", "#..\n...\n...", 2},
		{"square with an edge cell blocked: one mirror", ".#.\n...\n...", 2},
		{"square with an off-axis cell blocked", ".#..\n....\n....\n....", 1},
		{"two opposite corners: half turn and two mirrors", "#..\n...\n..#", 4},
		{"rectangle with a corner blocked", "#...\n....", 1},
		{"rectangle with two corners on one side", "#..#\n....", 2},
		{"given breaks the symmetry", "1..\n...\n...", 2},
		{"givens in a symmetric position still differ in value", "1.2\n...\n...", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := board.Parse(strings.NewReader(tc.draw))
			if err != nil {
				t.Fatal(err)
			}
			syms := b.Symmetries()
			if len(syms) != tc.want {
				t.Errorf("%d symmetries, want %d", len(syms), tc.want)
			}
			checkGroup(t, b, syms)
		})
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		b := randomBoard(rng, 5)
		checkGroup(t, b, b.Symmetries())
	}
}

// checkGroup verifies that syms are permutations mapping blocked cells and
// givens onto themselves and preserving the distance between cells (so they
// are symmetries of the rectangle), that the identity comes first, and that
// the set is closed under composition.
func checkGroup(t *testing.T, b *board.Board, syms [][]int32) {
	t.Helper()
	if len(syms) == 0 {
		t.Fatal("no symmetries, not even the identity")
	}
	n := b.Cells()
	for i, p := range syms {
		if len(p) != n {
			t.Fatalf("symmetry %d has %d entries", i, len(p))
		}
		seen := make([]bool, n)
		for cell, q := range p {
			if q < 0 || int(q) >= n || seen[q] {
				t.Fatalf("symmetry %d is not a permutation", i)
			}
			seen[q] = true
			if i == 0 && q != int32(cell) {
				t.Fatalf("first symmetry is not the identity")
			}
			if b.Blocked(int32(cell)) != b.Blocked(q) || b.Given(int32(cell)) != b.Given(q) {
				t.Fatalf("symmetry %d moves cell %d to %d, which differs", i, cell, q)
			}
		}
		for x := range int32(n) {
			for y := range int32(n) {
				if dist(b, x, y) != dist(b, p[x], p[y]) {
					t.Fatalf("symmetry %d does not preserve distances", i)
				}
			}
		}
	}
	for _, p := range syms {
		for _, q := range syms {
			comp := make([]int32, n)
			for c := range comp {
				comp[c] = q[p[c]]
			}
			if !slices.ContainsFunc(syms, func(s []int32) bool { return slices.Equal(s, comp) }) {
				t.Fatalf("symmetries not closed under composition")
			}
		}
	}
}

func dist(b *board.Board, x, y int32) int {
	r1, c1 := b.RowCol(x)
	r2, c2 := b.RowCol(y)
	return (r1-r2)*(r1-r2) + (c1-c2)*(c1-c2)
}
