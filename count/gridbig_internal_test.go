package count

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// bigSweep is the grid sweep with a map from word to big.Int for a layer:
// no ranks, no tables, no words of count; what CountGrid's arithmetic
// must reproduce. It returns the undirected count.
func bigSweep(s *gridSweep, ws *wordSpace) *big.Int {
	cur := map[uint64]*big.Int{0: big.NewInt(1)}
	var out [3]uint64
	for i := range s.kinds[:s.last] {
		next := make(map[uint64]*big.Int)
		for w, c := range cur {
			n, _ := ws.succ(w, &s.kinds[i], &out)
			for _, t := range out[:n] {
				if next[t] == nil {
					next[t] = new(big.Int)
				}
				next[t].Add(next[t], c)
			}
		}
		cur = next
	}
	total := new(big.Int)
	for w, c := range cur {
		_, comp := ws.succ(w, &s.kinds[s.last], &out)
		for range comp {
			total.Add(total, c)
		}
	}
	return total
}

// CountGrid's words of count (one, two, three and more, each widening
// made by repeating a step) agree with math/big on boards whose counts
// pass 2^64 and 2^128.
func TestCountGridBig(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rows, cols int
		closed     bool
		minBits    int
	}{
		{5, 5, false, 1}, {6, 6, true, 1}, {6, 30, true, 65}, {5, 60, false, 129}, {6, 70, true, 129}, {4, 200, false, 129},
	} {
		t.Run(fmt.Sprintf("%dx%d/closed=%v", c.rows, c.cols, c.closed), func(t *testing.T) {
			t.Parallel()
			b, _ := board.New(c.rows, c.cols)
			s, _ := moves.Parse("1,0")
			bg := moves.Build(b, s)
			g, _ := GridOf(bg)
			p := hamilton.Problem{G: bg.Graph, Closed: c.closed}
			got, _, err := CountGrid(context.Background(), p, g, Options{})
			if err != nil {
				t.Fatal(err)
			}
			sw := newGridSweep(g, &p, nil)
			ws, _ := newWordSpace(sw.w+1, 2*b2i(!c.closed))
			want := bigSweep(sw, ws)
			want.Lsh(want, 1)
			if got.Cmp(want) != 0 {
				t.Errorf("CountGrid = %v, math/big %v", got, want)
			}
			if got.BitLen() < c.minBits {
				t.Errorf("%v has %d bits, want a board past %d", got, got.BitLen(), c.minBits-1)
			}
			t.Logf("%d bits", got.BitLen())
		})
	}
}

// The relaxed sweep's bound does not depend on the workers (each
// state's sum is made in one order) and passes the count it bounds.
func TestGridBoundBitsWorkers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rows, cols int
		closed     bool
	}{{6, 6, true}, {5, 7, false}, {14, 3, false}, {16, 14, false}} {
		b, _ := board.New(c.rows, c.cols)
		s, _ := moves.Parse("1,0")
		bg := moves.Build(b, s)
		g, _ := GridOf(bg)
		p := hamilton.Problem{G: bg.Graph, Closed: c.closed}
		sw := newGridSweep(g, &p, nil)
		lone := 2 * b2i(!c.closed)
		one, err := gridBoundBits(context.Background(), sw, lone, 1)
		if err != nil {
			t.Fatal(err)
		}
		three, _ := gridBoundBits(context.Background(), sw, lone, 3)
		if one != three {
			t.Errorf("%dx%d closed=%v: bound %d bits with one worker, %d with three", c.rows, c.cols, c.closed, one, three)
		}
		if c.rows*c.cols > 60 {
			continue // the count takes seconds; the workers split only frontiers of 14 and more
		}
		count, _, err := CountGrid(context.Background(), p, g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if count.BitLen() > one+1 {
			t.Errorf("%dx%d closed=%v: bound %d bits; the directed count has %d", c.rows, c.cols, c.closed, one, count.BitLen())
		}
	}
}
