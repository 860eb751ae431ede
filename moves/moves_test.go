package moves_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		name    string
		leapers string // canonical Spec
		vectors int
		err     string
	}{
		{"hopido", "hopido", "2,2+3,0", 8, ""},
		{"diplomatico", "hopido", "2,2+3,0", 8, ""},
		{" Hopido ", "hopido", "2,2+3,0", 8, ""},
		{"3,0+2,2", "2,2+3,0", "2,2+3,0", 8, ""},
		{"0,3+2,2", "2,2+3,0", "2,2+3,0", 8, ""},
		{"knight", "knight", "1,2", 8, ""},
		{"1,2", "1,2", "1,2", 8, ""},
		{"2,1", "1,2", "1,2", 8, ""},
		{"-2,1", "1,2", "1,2", 8, ""},
		{" 1 , 2 ", "1,2", "1,2", 8, ""},
		{"1,2+2,1", "1,2", "1,2", 8, ""},
		{"king", "king", "1,1+1,0", 8, ""},
		{"1,0+1,1", "1,1+1,0", "1,1+1,0", 8, ""},
		{"wazir", "wazir", "1,0", 4, ""},
		{"ferz", "ferz", "1,1", 4, ""},
		{"camel", "camel", "1,3", 8, ""},
		{"zebra", "zebra", "2,3", 8, ""},
		{"giraffe", "giraffe", "1,4", 8, ""},
		{"knight+camel", "1,2+1,3", "1,2+1,3", 16, ""},
		{"king+knight", "1,1+1,2+1,0", "1,1+1,2+1,0", 16, ""},
		{"hopido+knight", "2,2+1,2+3,0", "2,2+1,2+3,0", 16, ""},
		{"2,2", "2,2", "2,2", 4, ""},
		{"0,65536", "65536,0", "65536,0", 4, ""},
		{"0,0", "", "", 0, "null move"},
		{"1,2+0,0", "", "", 0, "null move"},
		{"", "", "", 0, "empty"},
		{"   ", "", "", 0, "empty"},
		{"+", "", "", 0, "neither a preset nor a leaper"},
		{"1,2+", "", "", 0, "neither a preset nor a leaper"},
		{"bishop", "", "", 0, "neither a preset nor a leaper"},
		{"1", "", "", 0, "neither a preset nor a leaper"},
		{"1,2,3", "", "", 0, "two whole numbers"},
		{"a,b", "", "", 0, "two whole numbers"},
		{"1.5,2", "", "", 0, "two whole numbers"},
		{"0,65537", "", "", 0, "limited"},
		{"99999999999999999999,1", "", "", 0, "two whole numbers"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			s, err := moves.Parse(tc.in)
			if tc.err != "" {
				if err == nil || !errors.Is(err, moves.ErrMoves) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Parse(%q) = %+v, %v; want an ErrMoves error containing %q", tc.in, s, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.in, err)
			}
			if s.Name != tc.name || s.Spec() != tc.leapers {
				t.Errorf("Parse(%q): Name %q Spec %q; want %q %q", tc.in, s.Name, s.Spec(), tc.name, tc.leapers)
			}
			if got := len(s.Vectors()); got != tc.vectors {
				t.Errorf("%d vectors, want %d", got, tc.vectors)
			}
			back, err := moves.Parse(s.Spec())
			if err != nil || !slices.Equal(back.Leapers, s.Leapers) {
				t.Errorf("Spec %q parses back to %+v, %v", s.Spec(), back, err)
			}
		})
	}
}

func TestVectors(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{"hopido", "knight", "king", "wazir", "ferz", "camel", "1,3+2,2+0,1", "5,7"} {
		s, _ := moves.Parse(spec)
		vs := s.Vectors()
		seen := map[moves.Vec]bool{}
		for _, v := range vs {
			if v == (moves.Vec{}) || seen[v] {
				t.Errorf("%s: zero or repeated vector %v", spec, v)
			}
			seen[v] = true
			// Closed under sign changes and swapping.
			for _, w := range []moves.Vec{{-v.DR, v.DC}, {v.DR, -v.DC}, {v.DC, v.DR}} {
				if !slices.Contains(vs, w) {
					t.Errorf("%s: %v present but not %v", spec, v, w)
				}
			}
			a, b := abs(v.DR), abs(v.DC)
			if !slices.Contains(s.Leapers, moves.Leaper{A: min(a, b), B: max(a, b)}) {
				t.Errorf("%s: vector %v belongs to no leaper", spec, v)
			}
		}
	}
	if moves.Hopido().ColourPreserving() || moves.Knight().ColourPreserving() {
		t.Error("hopido and knight change colour")
	}
	for spec, want := range map[string]bool{"camel": true, "ferz": true, "2,2": true, "knight": false, "hopido": false, "2,2+1,3": true, "2,2+1,2": false} {
		s, _ := moves.Parse(spec)
		if s.ColourPreserving() != want {
			t.Errorf("%s: ColourPreserving = %v", spec, !want)
		}
	}
	fam := moves.Hopido().Families()
	if len(fam) != 2 || fam[0].Spec() != "2,2" || fam[1].Spec() != "3,0" {
		t.Errorf("hopido families %+v", fam)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func mustBuild(t testing.TB, draw, spec string) *moves.BoardGraph {
	t.Helper()
	var b *board.Board
	var err error
	if strings.Contains(draw, "x") {
		b, err = board.ParseSpec(draw)
	} else {
		b, err = board.Parse(strings.NewReader(draw))
	}
	if err != nil {
		t.Fatal(err)
	}
	return testfix.Graph(t, b, spec)
}

// Degrees from the Diplomatico paper: on 4x4 the four inner cells have one
// move each (Proposition II.1), on 5x5 a corner has three.
func TestBuildDegrees(t *testing.T) {
	t.Parallel()
	bg := mustBuild(t, "4x4", "hopido")
	for _, rc := range [][2]int{{1, 1}, {1, 2}, {2, 1}, {2, 2}} {
		if d := bg.Degree(bg.VertexOf[bg.Board.Cell(rc[0], rc[1])]); d != 1 {
			t.Errorf("hopido 4x4 inner cell %d,%d has degree %d, want 1", rc[0]+1, rc[1]+1, d)
		}
	}
	if h := bg.DegreeHistogram(); len(h) < 2 || h[1] != 4 {
		t.Errorf("hopido 4x4 degree histogram %v, want four cells of degree 1", h)
	}
	bg = mustBuild(t, "5x5", "hopido")
	for _, rc := range [][2]int{{0, 0}, {0, 4}, {4, 0}, {4, 4}} {
		if d := bg.Degree(bg.VertexOf[bg.Board.Cell(rc[0], rc[1])]); d != 3 {
			t.Errorf("hopido 5x5 corner %d,%d has degree %d, want 3", rc[0]+1, rc[1]+1, d)
		}
	}
	bg = mustBuild(t, "8x8", "knight")
	if bg.N() != 64 || bg.M() != 168 {
		t.Errorf("knight 8x8: %d vertices, %d edges; want 64, 168", bg.N(), bg.M())
	}
	bg = mustBuild(t, "8x8", "king")
	if bg.M() != 210 {
		t.Errorf("king 8x8: %d edges, want 210", bg.M())
	}
	bg = mustBuild(t, "3x3", "knight")
	if bg.Degree(4) != 0 {
		t.Errorf("knight 3x3 centre has degree %d", bg.Degree(4))
	}
}

// Build matches a naive construction (every pair of open cells, adjacent
// when their offset is one of a leaper's) on random boards with blocked
// cells, for several move sets; the numbering is row-major over open cells.
func TestBuildNaive(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	specs := []string{"hopido", "knight", "king", "wazir", "camel", "1,3+2,2", "0,4", "2,3+1,1"}
	for i := range 300 {
		b, _ := board.New(1+rng.IntN(9), 1+rng.IntN(9))
		for cell := range int32(b.Cells()) {
			if rng.IntN(4) == 0 {
				b.SetBlocked(cell, true)
			}
		}
		s, _ := moves.Parse(specs[i%len(specs)])
		bg := moves.Build(b, s)
		var cells []int32
		for cell := range int32(b.Cells()) {
			if !b.Blocked(cell) {
				cells = append(cells, cell)
			}
		}
		if !slices.Equal(bg.CellOf, cells) || bg.N() != len(cells) {
			t.Fatalf("CellOf %v, want %v", bg.CellOf, cells)
		}
		if vs := []int32{int32(bg.N() - 1), 0}; bg.N() > 0 && !slices.Equal(bg.Cells(vs), []int32{cells[len(cells)-1], cells[0]}) {
			t.Fatalf("Cells(%v) = %v", vs, bg.Cells(vs))
		}
		for cell := range int32(b.Cells()) {
			v := bg.VertexOf[cell]
			if b.Blocked(cell) != (v < 0) || (v >= 0 && bg.CellOf[v] != cell) {
				t.Fatalf("VertexOf[%d] = %d", cell, v)
			}
		}
		edges := 0
		for u, cu := range cells {
			for v, cv := range cells {
				r1, c1 := b.RowCol(cu)
				r2, c2 := b.RowCol(cv)
				a, bb := abs(r1-r2), abs(c1-c2)
				want := slices.Contains(s.Leapers, moves.Leaper{A: min(a, bb), B: max(a, bb)})
				if got := bg.HasEdge(int32(u), int32(v)); got != want {
					t.Fatalf("%s on %s: edge %s-%s is %v, want %v", s.Name, b.Spec(), b.FormatCell(cu), b.FormatCell(cv), got, want)
				}
				if want {
					edges++
				}
			}
		}
		if bg.M()*2 != edges {
			t.Fatalf("M = %d, want %d", bg.M(), edges/2)
		}
	}
}

// Automorphisms are automorphisms of the graph: bijections on vertices that
// map edges to edges; there are as many as the board has symmetries.
func TestAutomorphisms(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range 200 {
		side := 1 + rng.IntN(7)
		b, _ := board.New(side, side+rng.IntN(2))
		if rng.IntN(2) == 0 { // a symmetric pair of blocks keeps some symmetry
			c := int32(rng.IntN(b.Cells()))
			b.SetBlocked(c, true)
			b.SetBlocked(int32(b.Cells())-1-c, true)
		}
		if b.Open() == 0 {
			continue
		}
		s, _ := moves.Parse([]string{"hopido", "knight", "king", "1,3"}[i%4])
		bg := moves.Build(b, s)
		autos := bg.Automorphisms()
		if len(autos) != len(b.Symmetries()) || len(autos) < 1 {
			t.Fatalf("%d automorphisms for %d symmetries", len(autos), len(b.Symmetries()))
		}
		for _, p := range autos {
			seen := make([]bool, bg.N())
			for v, w := range p {
				if w < 0 || int(w) >= bg.N() || seen[w] {
					t.Fatalf("not a permutation: %v", p)
				}
				seen[w] = true
				for _, x := range bg.Neighbors(int32(v)) {
					if !bg.HasEdge(w, p[x]) {
						t.Fatalf("%s on %s: edge %d-%d maps to a non-edge", s.Name, b.Spec(), v, x)
					}
				}
			}
		}
	}
}

// CentreRank puts cells far from the centre first (lower rank).
func TestCentreRank(t *testing.T) {
	t.Parallel()
	bg := mustBuild(t, "5x7", "knight")
	rank := bg.CentreRank()
	corner, centre, edge := rank[bg.VertexOf[0]], rank[bg.VertexOf[bg.Board.Cell(2, 3)]], rank[bg.VertexOf[bg.Board.Cell(0, 3)]]
	if !(corner < edge && edge < centre) {
		t.Errorf("ranks corner %d, edge middle %d, centre %d; want increasing", corner, edge, centre)
	}
	for _, p := range bg.Automorphisms() {
		for v, w := range p {
			if rank[v] != rank[w] {
				t.Fatalf("rank not symmetric: %d vs %d", rank[v], rank[w])
			}
		}
	}
}

func ExampleParse() {
	for _, spec := range []string{"diplomatico", "2,1", "1,0+1,1", "0,0"} {
		s, err := moves.Parse(spec)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %s, %d moves\n", s.Name, s.Spec(), len(s.Vectors()))
	}
	// Output:
	// hopido: 2,2+3,0, 8 moves
	// 1,2: 1,2, 8 moves
	// 1,1+1,0: 1,1+1,0, 8 moves
	// bad move set "0,0": the null move 0,0 goes nowhere; use a leaper such as 1,2
}

func ExampleBuild() {
	b, _ := board.ParseSpec("4x4")
	bg := moves.Build(b, moves.Hopido())
	fmt.Println(bg.N(), "cells,", bg.M(), "edges")
	for v := range int32(bg.N()) {
		if bg.Degree(v) == 1 {
			fmt.Println("dead end at", b.FormatCell(bg.CellOf[v]), "->", b.FormatCell(bg.CellOf[bg.Neighbors(v)[0]]))
		}
	}
	// Output:
	// 16 cells, 16 edges
	// dead end at 2,2 -> 4,4
	// dead end at 2,3 -> 4,1
	// dead end at 3,2 -> 1,4
	// dead end at 3,3 -> 1,1
}
