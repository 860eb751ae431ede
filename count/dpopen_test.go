package count_test

import (
	"context"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// Open counts that build their next states from the word expanded
// (expandOpen: tails, path ends retired and the count of free ends fixed
// handled on the word) make the very layers of the counts that renumber
// every state (emit, emitNarrow): the same states after every step
// (Stats.Layers), the same transitions tried and the same count, on every
// open case of the shared table (free ends, a fixed start, a fixed end,
// both, blocked cells) in two orders, and on larger knight, Diplomatico,
// king and grid boards with and without fixed ends and blocked cells.
func TestExpandOpenMatchesRenumbering(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	check := func(t *testing.T, p hamilton.Problem, order []int32, wantWords bool) count.Stats {
		t.Helper()
		opt := count.Options{Order: order, Workers: 1}
		fast, fst, err := count.Count(ctx, p, count.WordOpen(opt))
		if err != nil {
			t.Fatal(err)
		}
		slow, sst, err := count.Count(ctx, p, count.SlowOpen(opt))
		if err != nil {
			t.Fatal(err)
		}
		if fast != slow || fst.Transitions != sst.Transitions || !slices.Equal(fst.Layers, sst.Layers) {
			t.Errorf("from words: %d, %d transitions, layers %v; renumbered: %d, %d transitions, layers %v",
				fast, fst.Transitions, fst.Layers, slow, sst.Transitions, sst.Layers)
		}
		if !wantWords {
			return fst
		}
		// The comparison means something only where words are used.
		if n, err := count.WordSteps(ctx, p, count.WordOpen(opt)); err != nil || n == 0 {
			t.Errorf("no step builds its states from words (%d, %v)", n, err)
		}
		if n, _ := count.WordSteps(ctx, p, count.SlowOpen(opt)); n != 0 {
			t.Errorf("SlowOpen: %d steps from words", n)
		}
		return fst
	}
	for i := range oracle.Cases {
		c := &oracle.Cases[i]
		if c.Closed {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			bg := caseGraph(t, c)
			p := caseProblem(bg, c)
			check(t, p, nil, false)
			check(t, p, caseOrder(bg, c), false)
		})
	}
	for _, b := range []struct {
		name       string
		rows, cols int
		spec       string
		start, end int // row-major cells, -1: free
		blocked    []int
		rowMajor   bool // vertex order, not BoardOrder
	}{
		{"knight 5x6", 5, 6, "knight", -1, -1, nil, false},
		{"knight 6x6", 6, 6, "knight", -1, -1, nil, false},
		{"knight 6x6 start", 6, 6, "knight", 0, -1, nil, false},
		{"knight 6x6 end", 6, 6, "knight", -1, 14, nil, false},
		{"knight 6x6 start end", 6, 6, "knight", 0, 35, nil, false},
		{"knight 6x6 blocked", 6, 6, "knight", -1, -1, []int{7, 21}, false},
		{"knight 6x6 blocked start", 6, 6, "knight", 3, -1, []int{14}, false},
		{"hopido 6x6", 6, 6, "hopido", -1, -1, nil, false},
		{"hopido 6x6 start", 6, 6, "hopido", 8, -1, nil, false},
		{"king 5x5", 5, 5, "king", -1, -1, nil, false},
		{"king 5x5 start end", 5, 5, "king", 12, 4, nil, false},
		{"king 5x5 blocked end", 5, 5, "king", -1, 0, []int{6, 18}, false},
		{"grid 4x7", 4, 7, "1,0", -1, -1, nil, false},
		{"grid 4x7 start", 4, 7, "1,0", 9, -1, nil, false},
		{"grid 4x7 blocked start end", 4, 7, "1,0", 0, 27, []int{10}, false},
		// A frontier of 16 codes of 4 bits: the whole word, keys of 66
		// bits with the count of free ends.
		{"grid 2x16 row-major", 2, 16, "1,0", -1, -1, nil, true},
		{"grid 2x16 row-major start", 2, 16, "1,0", 20, -1, nil, true},
	} {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			bg := testfix.BoardGraph(t, b.rows, b.cols, b.spec, b.blocked...)
			p := hamilton.Problem{G: bg.Graph}
			if b.start >= 0 {
				p.FixStart, p.Start = true, bg.VertexOf[b.start]
			}
			if b.end >= 0 {
				p.FixEnd, p.End = true, bg.VertexOf[b.end]
			}
			order := count.BoardOrder(bg)
			if b.rowMajor {
				order = nil
			}
			st := check(t, p, order, true)
			if b.rowMajor && st.KeyBits != 66 {
				t.Errorf("%d-bit keys, want 66 (16 codes of 4 bits and the count of free ends)", st.KeyBits)
			}
		})
	}
}

// Open counts build their states from words by default only where the
// frontier is wide enough to gain (13 on): the knight's 7x7 (14 wide in
// BoardOrder) and a 2x16 grid in row-major order (16) do, the knight's
// 6x6 and Diplomatico 7x7 (12 at most) do not.
func TestOpenWordsByWidth(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		rows, cols int
		spec       string
		rowMajor   bool
		words      bool
	}{
		{7, 7, "knight", false, true},
		{2, 16, "1,0", true, true},
		{6, 6, "knight", false, false},
		{7, 7, "hopido", false, false},
	} {
		bg := build(t, c.rows, c.cols, c.spec)
		opt := count.Options{}
		if !c.rowMajor {
			opt.Order = count.BoardOrder(bg)
		}
		p := hamilton.Problem{G: bg.Graph}
		n, err := count.WordSteps(ctx, p, opt)
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 != c.words {
			t.Errorf("%s %dx%d: %d steps from words, want words: %v", c.spec, c.rows, c.cols, n, c.words)
		}
	}
}
