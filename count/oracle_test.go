package count_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// caseGraph builds the product's board graph of an oracle case.
func caseGraph(t testing.TB, c *oracle.Case) *moves.BoardGraph {
	t.Helper()
	return testfix.BoardGraph(t, c.Rows, c.Cols, c.Moves, c.Blocked...)
}

// boardOrders caches count.BoardOrder per board of the oracle table: the
// order search anneals for 1000 moves per vertex, and the table's 1,700
// cases share about 200 boards.
var boardOrders sync.Map // board key -> []int32

func caseOrder(bg *moves.BoardGraph, c *oracle.Case) []int32 {
	key := fmt.Sprintf("%dx%d/%v/%s", c.Rows, c.Cols, c.Blocked, c.Moves)
	if o, ok := boardOrders.Load(key); ok {
		return o.([]int32)
	}
	o, _ := boardOrders.LoadOrStore(key, count.BoardOrder(bg))
	return o.([]int32)
}

// eachCase runs check on every case of the shared oracle table that keep
// accepts (nil: all), each in a parallel subtest named for the case, with
// its board graph and problem; it returns the number of cases kept.
func eachCase(t *testing.T, keep func(i int, c *oracle.Case) bool, check func(t *testing.T, i int, c *oracle.Case, bg *moves.BoardGraph, p hamilton.Problem)) int {
	n := 0
	for i := range oracle.Cases {
		c := &oracle.Cases[i]
		if keep != nil && !keep(i, c) {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			bg := caseGraph(t, c)
			check(t, i, c, bg, caseProblem(bg, c))
		})
	}
	return n
}

func caseProblem(bg *moves.BoardGraph, c *oracle.Case) hamilton.Problem {
	p := hamilton.Problem{G: bg.Graph, Closed: c.Closed}
	if c.Start >= 0 {
		p.FixStart, p.Start = true, bg.VertexOf[c.Start]
	}
	if c.End >= 0 {
		p.FixEnd, p.End = true, bg.VertexOf[c.End]
	}
	return p
}

// The dynamic program agrees with the brute force on every case of the
// shared table (open and closed, with and without start and end, plain and
// blocked boards, six move sets), in row-major order and in BoardOrder,
// with 64-bit and 128-bit state keys, and with 128-bit counts (CountBig).
func TestCountMatchesOracle(t *testing.T) {
	t.Parallel()
	eachCase(t, nil, func(t *testing.T, i int, c *oracle.Case, bg *moves.BoardGraph, p hamilton.Problem) {
		want := c.Want()
		order := caseOrder(bg, c)
		for _, o := range []struct {
			name  string
			order []int32
			count func(context.Context, hamilton.Problem, count.Options) (uint64, count.Stats, error)
		}{
			{"vertex order", nil, count.Count},
			{"BoardOrder", order, count.Count},
			{"BoardOrder/128-bit states", order, count.CountWide},
			{"BoardOrder/128-bit counts", order, countBig},
		} {
			got, _, err := o.count(context.Background(), p, count.Options{Order: o.order})
			if err != nil {
				t.Fatalf("%s: %v", o.name, err)
			}
			if got != want {
				t.Errorf("%s: Count = %d, oracle %d", o.name, got, want)
			}
		}
	})
}

// countBig is CountBig with Count's result type.
func countBig(ctx context.Context, p hamilton.Problem, opt count.Options) (uint64, count.Stats, error) {
	n, st, err := count.CountBig(ctx, p, opt)
	if err != nil {
		return 0, st, err
	}
	if !n.IsUint64() {
		return 0, st, fmt.Errorf("CountBig = %v: not a uint64", n)
	}
	return n.Uint64(), st, nil
}
