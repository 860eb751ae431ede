package hamilton_test

import (
	"context"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// speed says when a reference case runs: always, not in -short mode, or
// only with BOARDGRAPH_LONG=1.
type speed int

const (
	fast speed = iota
	medium
	slow
)

func skipBySpeed(t *testing.T, s speed) {
	t.Helper()
	switch {
	case s == medium && testing.Short():
		t.Skip("takes seconds; skipped in -short mode")
	case s == slow && !testfix.Long():
		t.Skip("takes many seconds; run with BOARDGRAPH_LONG=1")
	}
}

// TestReferenceCounts checks Count against the published values collected in
// docs/references.md (directed paths; closed tours as directed cycles, so the
// undirected published figures are doubled).
func TestReferenceCounts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		moves      string
		rows, cols int
		closed     bool
		start      [2]int // 1-based row,col; {0,0} for none
		want       uint64
		speed      speed
	}{
		{"hopido 1x1 (paper)", "hopido", 1, 1, false, [2]int{}, 1, fast},
		{"hopido 2x2 (paper)", "hopido", 2, 2, false, [2]int{}, 0, fast},
		{"hopido 3x3 (paper)", "hopido", 3, 3, false, [2]int{}, 0, fast},
		{"hopido 4x4 (paper)", "hopido", 4, 4, false, [2]int{}, 0, fast},
		{"hopido 4x5 (paper)", "hopido", 4, 5, false, [2]int{}, 144, fast},
		{"hopido 4x6 (paper)", "hopido", 4, 6, false, [2]int{}, 128, fast},
		{"hopido 4x7 (paper)", "hopido", 4, 7, false, [2]int{}, 72, fast},
		{"hopido 7x4 (paper, transposed)", "hopido", 7, 4, false, [2]int{}, 72, fast},
		{"hopido 5x5 (paper)", "hopido", 5, 5, false, [2]int{}, 12400, fast},
		{"hopido 5x5 from the centre (puzzling.SE 52429)", "hopido", 5, 5, false, [2]int{3, 3}, 352, fast},
		{"hopido 5x5 from a corner (PyCSP3 CalvinPuzzle)", "hopido", 5, 5, false, [2]int{1, 1}, 552, fast},
		{"hopido 5x5 from the opposite corner", "hopido", 5, 5, false, [2]int{5, 5}, 552, fast},
		{"hopido 5x7 from a corner (Lamberti)", "hopido", 5, 7, false, [2]int{1, 1}, 52730, fast},
		{"hopido 5x7 from the centre (Lamberti)", "hopido", 5, 7, false, [2]int{3, 4}, 13272, fast},
		{"knight 1x1 (A165134)", "knight", 1, 1, false, [2]int{}, 1, fast},
		{"knight 2x2 (A165134)", "knight", 2, 2, false, [2]int{}, 0, fast},
		{"knight 3x3 (A165134)", "knight", 3, 3, false, [2]int{}, 0, fast},
		{"knight 4x4 (A165134)", "knight", 4, 4, false, [2]int{}, 0, fast},
		{"knight 5x5 (A165134)", "knight", 5, 5, false, [2]int{}, 1728, fast},
		{"knight 6x6 (A165134)", "knight", 6, 6, false, [2]int{}, 6637920, slow},
		{"knight 3x4 (A169696 x2)", "knight", 3, 4, false, [2]int{}, 16, fast},
		{"knight 3x7 (A169696 x2)", "knight", 3, 7, false, [2]int{}, 104, fast},
		{"knight 3x8 (A169696 x2)", "knight", 3, 8, false, [2]int{}, 792, fast},
		{"knight 3x9 (A169696 x2)", "knight", 3, 9, false, [2]int{}, 1120, fast},
		{"knight 3x10 (A169696 x2)", "knight", 3, 10, false, [2]int{}, 6096, fast},
		{"knight 3x11 (A169696 x2)", "knight", 3, 11, false, [2]int{}, 21344, fast},
		{"knight 3x12 (A169696 x2)", "knight", 3, 12, false, [2]int{}, 114496, fast},
		{"knight 4x3 (A079137 x2)", "knight", 4, 3, false, [2]int{}, 2 * 8, fast},
		{"knight 4x5 (A079137 x2)", "knight", 4, 5, false, [2]int{}, 2 * 82, fast},
		{"knight 4x6 (A079137 x2)", "knight", 4, 6, false, [2]int{}, 2 * 744, fast},
		{"knight 4x7 (A079137 x2)", "knight", 4, 7, false, [2]int{}, 2 * 6378, fast},
		{"knight 4x8 (A079137 x2)", "knight", 4, 8, false, [2]int{}, 2 * 31088, fast},
		{"knight 4x9 (A079137 x2)", "knight", 4, 9, false, [2]int{}, 2 * 189688, slow},
		{"knight 4x10 (A079137 x2)", "knight", 4, 10, false, [2]int{}, 2 * 1213112, slow},
		{"knight closed 3x10 (A070030 x2)", "knight", 3, 10, true, [2]int{}, 2 * 16, fast},
		{"knight closed 3x12 (A070030 x2)", "knight", 3, 12, true, [2]int{}, 2 * 176, fast},
		{"knight closed 3x14 (A070030 x2)", "knight", 3, 14, true, [2]int{}, 2 * 1536, fast},
		{"knight closed 3x16 (A070030 x2)", "knight", 3, 16, true, [2]int{}, 2 * 15424, medium},
		{"knight closed 6x5 (A175881 x2)", "knight", 6, 5, true, [2]int{}, 2 * 8, fast},
		{"knight closed 6x6 (A001230 x2)", "knight", 6, 6, true, [2]int{}, 2 * 9862, fast},
		{"knight closed 6x6 from a corner (A001230 x2)", "knight", 6, 6, true, [2]int{1, 1}, 2 * 9862, fast},
		{"knight closed 6x7 (A175881 x2)", "knight", 6, 7, true, [2]int{}, 2 * 1067638, slow},
		{"knight closed 6x8 (A175881 x2)", "knight", 6, 8, true, [2]int{}, 2 * 55488142, slow},
		{"knight closed 5x5: both sides odd (Schwenk)", "knight", 5, 5, true, [2]int{}, 0, fast},
		{"knight closed 4x8: a side of 4 (Schwenk)", "knight", 4, 8, true, [2]int{}, 0, fast},
		{"knight closed 3x8 (Schwenk)", "knight", 3, 8, true, [2]int{}, 0, fast},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			skipBySpeed(t, tc.speed)
			t.Parallel()
			bg := testfix.BoardGraph(t, tc.rows, tc.cols, tc.moves)
			p := hamilton.Problem{G: bg.Graph, Closed: tc.closed, Symmetries: bg.Automorphisms()}
			if tc.start != [2]int{} {
				p.FixStart, p.Start = true, bg.VertexOf[bg.Board.Cell(tc.start[0]-1, tc.start[1]-1)]
			}
			t0 := time.Now()
			got, st, err := hamilton.Count(context.Background(), p, hamilton.Options{})
			if err != nil || got != tc.want {
				t.Errorf("Count = %d, %v; want %d", got, err, tc.want)
			}
			t.Logf("%d in %v (%d nodes, %d workers)", got, time.Since(t0).Round(time.Millisecond), st.Nodes, st.Workers)
		})
	}
}

// TestReferencePerStart checks per-start tables: the knight 5x5 (OEIS
// A165134: 304 from a corner, 56 from 1,3 and 2,2, 64 from the centre, 0
// from the other colour) and hopido 5x5 (552 at the corners, 352 at the
// centre), and that every table is invariant under the board's symmetries.
func TestReferencePerStart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		moves string
		want  map[[2]int]uint64
		total uint64
	}{
		{"knight", map[[2]int]uint64{{1, 1}: 304, {1, 5}: 304, {5, 1}: 304, {5, 5}: 304, {1, 3}: 56, {3, 1}: 56, {2, 2}: 56, {4, 4}: 56, {3, 3}: 64, {1, 2}: 0, {2, 3}: 0}, 1728},
		{"hopido", map[[2]int]uint64{{1, 1}: 552, {1, 5}: 552, {5, 1}: 552, {5, 5}: 552, {3, 3}: 352}, 12400},
	}
	for _, tc := range tests {
		for _, sym := range []bool{false, true} {
			bg := testfix.BoardGraph(t, 5, 5, tc.moves)
			p := hamilton.Problem{G: bg.Graph}
			if sym {
				p.Symmetries = bg.Automorphisms()
			}
			per, _, err := hamilton.CountPerStart(context.Background(), p, hamilton.Options{})
			if err != nil {
				t.Fatalf("%s: %v", tc.moves, err)
			}
			var sum uint64
			for _, x := range per {
				sum += x
			}
			if sum != tc.total {
				t.Errorf("%s sym=%v: per-start sum %d, want %d", tc.moves, sym, sum, tc.total)
			}
			for rc, want := range tc.want {
				if got := per[bg.VertexOf[bg.Board.Cell(rc[0]-1, rc[1]-1)]]; got != want {
					t.Errorf("%s sym=%v: from %d,%d: %d, want %d", tc.moves, sym, rc[0], rc[1], got, want)
				}
			}
			for _, perm := range bg.Automorphisms() {
				for v, w := range perm {
					if per[v] != per[w] {
						t.Errorf("%s sym=%v: per-start not symmetric: %d at %d, %d at %d", tc.moves, sym, per[v], v, per[w], w)
					}
				}
			}
		}
	}
}

// The Rosetta Code Hopido board (docs/references.md), and the same board with a 1
// given at its bottom tip, both solve; the solution is checked step by step.
func TestRosettaHopido(t *testing.T) {
	t.Parallel()
	const draw = `
.##.##.
#######
#######
.#####.
..###..
...#...
`
	// The reference draws open cells as 0 and blocked as '.'; translate.
	var sb []byte
	for _, ch := range []byte(draw) {
		switch ch {
		case '#':
			sb = append(sb, '.')
		case '.':
			sb = append(sb, '#')
		default:
			sb = append(sb, ch)
		}
	}
	b, err := board.Parse(bytesReader(sb))
	if err != nil {
		t.Fatal(err)
	}
	if b.Open() != 27 {
		t.Fatalf("board has %d open cells, want 27", b.Open())
	}
	tip := b.Cell(5, 3)
	for _, withGiven := range []bool{false, true} {
		bb := b.Clone()
		if withGiven {
			bb.SetGiven(tip, 1)
		}
		bg := moves.Build(bb, moves.Hopido())
		p := hamilton.Problem{G: bg.Graph}
		if withGiven {
			p.Givens = make([]int32, bg.N())
			for v := range p.Givens {
				p.Givens[v] = int32(bb.Given(bg.CellOf[v])) - 1
			}
		}
		path, _, err := hamilton.Find(context.Background(), p, hamilton.Options{})
		if err != nil {
			t.Fatalf("given=%v: %v", withGiven, err)
		}
		seen := map[int32]bool{}
		for i, v := range path {
			seen[v] = true
			if i > 0 {
				r1, c1 := bb.RowCol(bg.CellOf[path[i-1]])
				r2, c2 := bb.RowCol(bg.CellOf[v])
				dr, dc := abs(r1-r2), abs(c1-c2)
				if !(dr == 3 && dc == 0 || dr == 0 && dc == 3 || dr == 2 && dc == 2) {
					t.Fatalf("given=%v: step %d is not a Hopido move", withGiven, i)
				}
			}
		}
		if len(seen) != 27 || len(path) != 27 {
			t.Fatalf("given=%v: path visits %d of 27 cells", withGiven, len(seen))
		}
		if withGiven && bg.CellOf[path[0]] != tip {
			t.Errorf("path starts at %s, want the tip 6,4", bb.FormatCell(bg.CellOf[path[0]]))
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
