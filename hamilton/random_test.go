package hamilton_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/oracle"
	"github.com/boardgraph/boardgraph/moves"
)

// Beyond the shared table: random boards of 21 to 30 open cells (knight: 25) with
// blocked cells, where the engine's memo, work splitting and symmetry
// handling all take part, against the brute force (hopido and knight only:
// their sparse graphs keep the brute force cheap at this size).
func TestCountRandomBoards(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, 22))
	ctx := context.Background()
	specs := map[string][][2]int{"hopido": {{3, 0}, {2, 2}}, "knight": {{1, 2}}}
	tested := 0
	for i := range 40 {
		spec := []string{"hopido", "knight"}[i%2]
		rows, cols := 5+rng.IntN(2), 5+rng.IntN(2)
		var blocked []int
		for cell := range rows * cols {
			if rng.IntN(7) == 0 {
				blocked = append(blocked, cell)
			}
		}
		if rng.IntN(3) == 0 { // a symmetric pattern keeps symmetries in play
			blocked = blocked[:0]
			c := rng.IntN(rows * cols)
			blocked = append(blocked, c, rows*cols-1-c)
		}
		og := oracle.Build(rows, cols, blocked, specs[spec])
		n := og.N()
		if n < 21 || n > 30 || (spec == "knight" && n > 25) {
			continue // the brute force takes seconds on larger knight graphs
		}
		k := og.Count()
		tested++
		b, _ := board.New(rows, cols)
		for _, c := range blocked {
			b.SetBlocked(int32(c), true)
		}
		s, _ := moves.Parse(spec)
		bg := moves.Build(b, s)
		start, end := rng.IntN(n), rng.IntN(n)
		for _, tc := range []struct {
			closed     bool
			start, end int
		}{{false, -1, -1}, {false, start, -1}, {false, -1, end}, {false, start, end}, {true, -1, -1}, {true, start, -1}} {
			if tc.start >= 0 && tc.start == tc.end {
				continue
			}
			want := k.Open(tc.start, tc.end)
			if tc.closed {
				want = k.Closed(og, tc.start)
			}
			name := fmt.Sprintf("%s %s blocked %v closed=%v start=%d end=%d", spec, b.Spec(), blocked, tc.closed, tc.start, tc.end)
			for _, cfg := range countConfigs {
				p := hamilton.Problem{G: bg.Graph, Start: int32(tc.start), End: int32(tc.end), Closed: tc.closed}
				if cfg.sym {
					p.Symmetries = bg.Automorphisms()
				}
				got, _, err := hamilton.Count(ctx, p, cfg.opt)
				if err != nil || got != want {
					t.Errorf("%s: %s: Count = %d, %v; want %d", name, cfg.name, got, err, want)
				}
			}
			if !tc.closed && tc.start < 0 {
				p := hamilton.Problem{G: bg.Graph, Start: -1, End: int32(tc.end), Symmetries: bg.Automorphisms()}
				per, _, err := hamilton.CountPerStart(ctx, p, hamilton.Options{Workers: 2})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				for v, x := range per {
					if w := k.Open(v, tc.end); x != w {
						t.Errorf("%s: per-start %d: %d, want %d", name, v, x, w)
					}
				}
			}
		}
	}
	if tested < 10 {
		t.Errorf("only %d random boards in range", tested)
	}
	t.Logf("%d random boards", tested)
}
