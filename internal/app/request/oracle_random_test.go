package request

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestCountRandomOracle checks Count.Run by both methods against the brute
// force on random problems that no table lists: boards of up to 5x6 with
// random blocked cells, unions of one to three leapers (not only presets:
// 0,2, 2,1+1,4, 3,3, ...), open or closed, with random ends, directed and
// undirected. The seed is fixed, so a failure reproduces; vary
// probeSeed to look at other problems (seeds 1 to 5 and 14 pass, and a
// campaign of some 5,000 such problems through the command line, with
// per-start tables, shards and the graph route, found no disagreement).
func TestCountRandomOracle(t *testing.T) {
	t.Parallel()
	const probeSeed = 14
	rng := rand.New(rand.NewPCG(probeSeed, 2))
	pool := [][2]int{{1, 0}, {1, 1}, {1, 2}, {2, 2}, {3, 0}, {1, 3}, {2, 3}, {0, 2}, {2, 1}, {1, 4}, {3, 3}}
	cases := testfix.Scale(400, 80, 400)
	for done := 0; done < cases; {
		c := oracle.Case{Rows: 1 + rng.IntN(5), Cols: 1 + rng.IntN(6), Start: -1, End: -1}
		var specs []string
		for range 1 + rng.IntN(3) {
			l := pool[rng.IntN(len(pool))]
			c.Leapers = append(c.Leapers, l)
			specs = append(specs, fmt.Sprintf("%d,%d", l[0], l[1]))
		}
		c.Moves = strings.Join(specs, "+")
		for x := range c.Rows * c.Cols {
			if rng.IntN(6) == 0 {
				c.Blocked = append(c.Blocked, x)
			}
		}
		g := oracle.Build(c.Rows, c.Cols, c.Blocked, c.Leapers) // c.Graph would count at once
		edges := 0
		for _, a := range g.Adj {
			edges += len(a)
		}
		// The brute force costs the number of simple paths: keep the
		// graphs small and sparse (a dense 12-vertex graph has ~10^8).
		if g.N() == 0 || g.N() > 12 || edges > 5*g.N() {
			continue
		}
		done++
		c.Closed = rng.IntN(3) == 0
		if rng.IntN(2) == 0 {
			c.Start = g.CellOf[rng.IntN(g.N())]
		}
		if !c.Closed && rng.IntN(2) == 0 {
			if e := g.CellOf[rng.IntN(g.N())]; e != c.Start {
				c.End = e
			}
		}
		c.Name = fmt.Sprintf("%dx%d/%s/blocked%v/closed=%v/start=%d/end=%d", c.Rows, c.Cols, c.Moves, c.Blocked, c.Closed, c.Start, c.End)
		want := c.Want()
		for _, method := range []string{MethodDFS, MethodDP} {
			f, src := caseFlags(&c)
			l, err := NewLeaper(f, src, countNames)
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			s, err := l.Search()
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			cnt, err := NewCount(s, CountFlags{Method: method, Undirected: true, MaxMemory: "1G"})
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			res, err := cnt.Run(t.Context(), s.Options(), DPOptions{})
			if err != nil || !res.Complete || res.Directed.Uint64() != want {
				t.Fatalf("%s %s: %v %v; oracle %d", c.Name, method, res, err, want)
			}
			if d := s.Divisor(); res.Count.Uint64()*d != want {
				t.Errorf("%s %s: undirected %v x %d != %d", c.Name, method, res.Count, d, want)
			}
		}
	}
}
