package board_test

import (
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
)

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"5x5", "4x7", "0x5", "5", "100000x100000", " 10X10 ", "x", "1x-1", "+3x+4", "9223372036854775807x2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := board.ParseSpec(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			return
		}
		if b.Rows < 1 || b.Cols < 1 || b.Cells() > board.MaxCells || b.Cells() < 1 {
			t.Fatalf("ParseSpec(%q) accepted %dx%d", s, b.Rows, b.Cols)
		}
		back, err := board.ParseSpec(b.Spec())
		if err != nil || back.Rows != b.Rows || back.Cols != b.Cols {
			t.Fatalf("Spec %q does not parse back: %v", b.Spec(), err)
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"..#\n.1.\n", ". . #\n. 12 .\n. . .\n. . .\n. . .\n", "// c\n\n..\n#.\n", "##\n##", "1.\n.1\n",
		"...\n..\n", ".x", "0", "\r\n.\r\n", ". -1", "\t.\t.\n..", ".00.00.\n0000000\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := board.Parse(strings.NewReader(s))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			return
		}
		if b.Open() < 1 {
			t.Fatalf("accepted a board without open cells")
		}
		seen := map[int32]bool{}
		for cell := range int32(b.Cells()) {
			g := b.Given(cell)
			if g == 0 {
				continue
			}
			if b.Blocked(cell) || g < 0 || int(g) > b.Open() || seen[g] {
				t.Fatalf("bad given %d at cell %d", g, cell)
			}
			seen[g] = true
		}
		back, err := board.Parse(strings.NewReader(b.Format()))
		if err != nil || !sameBoard(b, back) {
			t.Fatalf("Format does not round-trip: %q: %v", b.Format(), err)
		}
	})
}

func FuzzParseCell(f *testing.F) {
	for _, s := range []string{"1,1", "5,6", " 3 , 4 ", "0,1", "2,2", "1", "a,b", "1,1,1", "-0,+1", "99999999999999999999,1"} {
		f.Add(s)
	}
	b, _ := board.New(5, 6)
	b.SetBlocked(b.Cell(1, 1), true)
	f.Fuzz(func(t *testing.T, s string) {
		cell, err := b.ParseCell(s)
		if err != nil {
			if cell != -1 || strings.Contains(err.Error(), "\n") {
				t.Errorf("ParseCell(%q) = %d, %q", s, cell, err)
			}
			return
		}
		if cell < 0 || int(cell) >= b.Cells() || b.Blocked(cell) {
			t.Fatalf("ParseCell(%q) = %d", s, cell)
		}
		back, err := b.ParseCell(b.FormatCell(cell))
		if err != nil || back != cell {
			t.Fatalf("FormatCell(%d) = %q does not parse back", cell, b.FormatCell(cell))
		}
	})
}
