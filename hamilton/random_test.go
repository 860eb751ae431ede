package hamilton_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
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
	boards := testfix.Scale(40, 10, 40)
	for i := range boards {
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
				p := hamilton.Problem{G: bg.Graph, Closed: tc.closed}.WithEnds(int32(tc.start), int32(tc.end))
				if cfg.sym {
					p.Symmetries = bg.Automorphisms()
				}
				got, _, err := hamilton.Count(ctx, p, cfg.opt)
				if err != nil || got != want {
					t.Errorf("%s: %s: Count = %d, %v; want %d", name, cfg.name, got, err, want)
				}
			}
			if !tc.closed && tc.start < 0 {
				p := hamilton.Problem{G: bg.Graph, Symmetries: bg.Automorphisms()}.WithEnds(-1, int32(tc.end))
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
	if tested < boards/4 {
		t.Errorf("only %d random boards in range", tested)
	}
	t.Logf("%d random boards", tested)
}

// Random graphs (not board graphs) of up to 9 vertices, all densities,
// with random constraints: dead ends, cut vertices, bipartite and
// disconnected graphs in every combination, a third of them with random
// givens. Count, Find and Precheck against the brute force.
func TestCountRandomGraphs(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(41, 42))
	ctx := context.Background()
	for range testfix.Scale(2000, 500, 2000) {
		n := 1 + rng.IntN(9)
		density := rng.Float64()
		og := &oracle.Graph{Adj: make([][]int, n)}
		var edges [][2]int32
		for u := range n {
			for v := u + 1; v < n; v++ {
				if rng.Float64() < density {
					og.Adj[u] = append(og.Adj[u], v)
					og.Adj[v] = append(og.Adj[v], u)
					edges = append(edges, [2]int32{int32(u), int32(v)})
				}
			}
		}
		g := testfix.FromEdges(t, n, edges)
		k := og.Count()
		s, e := rng.IntN(n+1)-1, rng.IntN(n+1)-1
		closed := rng.IntN(3) == 0
		if closed {
			e = -1
		}
		if s >= 0 && s == e && n > 1 {
			e = -1
		}
		want := k.Open(s, e)
		if closed {
			want = k.Closed(og, s)
		}
		p := hamilton.Problem{G: g, Closed: closed}.WithEnds(int32(s), int32(e))
		if rng.IntN(3) == 0 && (!closed || s >= 0) {
			// Random givens (closed tours only with a start: see
			// TestClosedGivensWithoutStart); the brute force filters.
			p.Givens = make([]int32, n)
			for v := range p.Givens {
				p.Givens[v] = -1
			}
			verts, poss := rng.Perm(n), rng.Perm(n)
			for j := range 1 + rng.IntN(min(2, n)) {
				p.Givens[verts[j]] = int32(poss[j])
			}
			if _, err := hamilton.Precheck(&p); err != nil {
				continue // clashes with the start or end: covered by TestInvalidProblems
			}
			want = 0
			og.Paths(func(q []int) {
				path := make([]int32, n)
				for i, v := range q {
					path[i] = int32(v)
				}
				if checkPath(og, p, path) == nil {
					want++
				}
			})
		}
		name := fmt.Sprintf("graph %v start %d end %d closed %v givens %v", edges, s, e, closed, p.Givens)
		for _, cfg := range countConfigs[:3] {
			if got, _, err := hamilton.Count(ctx, p, cfg.opt); err != nil || got != want {
				t.Errorf("%s: %s: Count = %d, %v; want %d", name, cfg.name, got, err, want)
			}
		}
		if r, err := hamilton.Precheck(&p); err != nil || (r != nil && want > 0) {
			t.Errorf("%s: Precheck = %v, %v with %d solutions", name, r, err, want)
		}
		path, _, err := hamilton.Find(ctx, p, hamilton.Options{Workers: 1})
		switch {
		case want == 0 && !errors.Is(err, hamilton.ErrNoSolution):
			t.Errorf("%s: Find = %v, %v; want ErrNoSolution", name, path, err)
		case want > 0 && err != nil:
			t.Errorf("%s: Find: %v; %d solutions exist", name, err, want)
		case want > 0:
			if err := checkPath(og, p, path); err != nil {
				t.Errorf("%s: Find: %v", name, err)
			}
		}
	}
}
