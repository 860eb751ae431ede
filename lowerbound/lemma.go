package lowerbound

import (
	"context"
	"fmt"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// MinSide and MaxSide bound the block sizes of Appendix A: its lemmas are
// stated for boards with 5 <= n, m <= 9.
const (
	MinSide = 5
	MaxSide = 9
)

// Cell names a cell of an n x m board relative to its edges, 1-based as in
// the paper's v_{i,j}: a positive Row counts from the top (1 is the first
// row), a negative one from the bottom (-1 is row n); Col likewise from the
// left or the right. So v_{3,m-2} is Cell{3, -3} and v_{n,m} is Cell{-1, -1}.
type Cell struct{ Row, Col int }

// On returns the 1-based row and column of c on a rows x cols board.
func (c Cell) On(rows, cols int) (row, col int) {
	row, col = c.Row, c.Col
	if row < 0 {
		row = rows + 1 + row
	}
	if col < 0 {
		col = cols + 1 + col
	}
	return row, col
}

// String writes c as the paper does: "v_{3,1}", "v_{3,m-2}", "v_{n,m}".
func (c Cell) String() string {
	side := func(v int, size string) string {
		switch {
		case v == -1:
			return size
		case v < 0:
			return fmt.Sprintf("%s-%d", size, -v-1)
		}
		return fmt.Sprint(v)
	}
	return "v_{" + side(c.Row, "n") + "," + side(c.Col, "m") + "}"
}

// Lemma is a claim of Appendix A's shape: on every n x m board with
// MinSide <= n, m <= MaxSide there are at least two Winning Paths (directed
// Hamiltonian paths of the move graph) from Start to End.
type Lemma struct {
	Name       string
	Start, End Cell
}

// The lemmas of Appendix A, and the repair of Lemma A.1 that this package
// proposes.
var (
	// LemmaA1 is Lemma A.1: paths from v_{3,1} to v_{3,m-2}. Its end is one
	// orthogonal move (3,0) from v_{3,m+1}, the start of the next block to
	// the right (Lemma A.2). It is false: 5x7 and 7x5 have no such path.
	LemmaA1 = Lemma{Name: "A.1", Start: Cell{3, 1}, End: Cell{3, -3}}
	// LemmaA3 is Lemma A.3: paths from v_{3,1} to v_{n,m}, one move (3,0)
	// above the start of the column-mirrored block below (Lemma A.4).
	LemmaA3 = Lemma{Name: "A.3", Start: Cell{3, 1}, End: Cell{-1, -1}}
	// RepairedA1 replaces Lemma A.1: paths from v_{3,1} to v_{5,m-1}, one
	// diagonal move (2,2) from v_{3,m+1}, so Lemma A.2's join works
	// unchanged. It holds on all 25 sizes (TestLemmaTable).
	RepairedA1 = Lemma{Name: "A.1'", Start: Cell{3, 1}, End: Cell{5, -2}}
)

// Paths counts the Winning Paths of l on the rows x cols board of move set
// ms, up to limit (0: no limit). A result equal to limit means "at least
// limit". The count is exact, by hamilton.Enumerate with fixed ends; its
// cost is that search's, bounded by limit when paths are plentiful and
// exponential in rows*cols when they are not (proving that 5x7 has none of
// Lemma A.1's takes about 60,000 nodes).
func Paths(ctx context.Context, ms moves.Set, rows, cols int, l Lemma, limit uint64) (uint64, error) {
	b, err := board.New(rows, cols)
	if err != nil {
		return 0, err
	}
	bg := moves.Build(b, ms)
	vertex := func(c Cell) int32 {
		r, col := c.On(rows, cols)
		return bg.VertexOf[b.Cell(r-1, col-1)]
	}
	p := hamilton.Problem{G: bg.Graph}.WithEnds(vertex(l.Start), vertex(l.End))
	n, _, err := hamilton.Enumerate(ctx, p, hamilton.Options{Workers: 1}, limit, func([]int32) bool { return true })
	return n, err
}
