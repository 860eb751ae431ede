package hamilton_test

import (
	"context"
	"errors"
	"testing"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// Each precheck rule fires on a problem built for it, and Find then reports
// ErrNoSolution carrying the same reason without searching. (Soundness, that
// no rule fires on a solvable problem, is checked over the oracle table.)
func TestPrecheckRules(t *testing.T) {
	t.Parallel()
	star, _ := graph.FromEdges(4, [][2]int32{{0, 1}, {0, 2}, {0, 3}})
	pair, _ := graph.FromEdges(2, [][2]int32{{0, 1}})
	path3, _ := graph.FromEdges(3, [][2]int32{{0, 1}, {1, 2}})
	k5 := testfix.BoardGraph(t, 5, 5, "knight")
	h45 := testfix.BoardGraph(t, 4, 5, "hopido")
	none := func(n int) []int32 {
		g := make([]int32, n)
		for i := range g {
			g[i] = -1
		}
		return g
	}
	farGivens := none(h45.N())
	farGivens[0] = 0
	farGivens[h45.VertexOf[h45.Board.Cell(3, 4)]] = 1 // 4,5 is not one move from 1,1
	tests := []struct {
		name string
		p    hamilton.Problem
		rule string
	}{
		{"hopido 3x10 has six dead ends (and falls apart)", hamilton.Problem{G: testfix.BoardGraph(t, 3, 10, "hopido").Graph}, "dead-ends"},
		{"two triangles fall apart", hamilton.Problem{G: twoTriangles(t)}, "disconnected"},
		{"hopido 4x4 has four dead ends (Proposition II.1; it also falls apart)", hamilton.Problem{G: testfix.BoardGraph(t, 4, 4, "hopido").Graph}, "dead-ends"},
		{"a closed tour through a cut vertex (bow tie)", hamilton.Problem{G: bowTie(t), Closed: true}, "cut-cell"},
		{"a cut vertex with three parts", hamilton.Problem{G: starPlus(t)}, "cut-cell"},
		{"a star has three dead ends", hamilton.Problem{G: star}, "dead-ends"},
		{"a closed tour of two cells", hamilton.Problem{G: pair, Closed: true}, "too-small"},
		{"two dead ends but the start is fixed between them", hamilton.Problem{G: path3, Start: 1, FixStart: true}, "dead-ends"},
		{"knight 5x5 closed: 13 and 12 cells per colour", hamilton.Problem{G: k5.Graph, Closed: true}, "colour"},
		{"knight 5x5 from the smaller colour", hamilton.Problem{G: k5.Graph, Start: 1, FixStart: true}, "colour"},
		{"hopido 4x5 givens too far apart", hamilton.Problem{G: h45.Graph, Givens: farGivens}, "givens"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := hamilton.Precheck(&tc.p)
			if err != nil || r == nil {
				t.Fatalf("Precheck = %v, %v; want a %q reason", r, err, tc.rule)
			}
			if r.Rule != tc.rule {
				t.Errorf("rule %q (%s), want %q", r.Rule, r.Text, tc.rule)
			}
			_, st, err := hamilton.Find(context.Background(), tc.p, hamilton.Options{})
			var fr *hamilton.Reason
			if !errors.Is(err, hamilton.ErrNoSolution) || !errors.As(err, &fr) || fr.Text != r.Text || st.Nodes != 0 {
				t.Errorf("Find = %v after %d nodes; want ErrNoSolution with the precheck's reason", err, st.Nodes)
			}
			if n, _, err := hamilton.Count(context.Background(), tc.p, hamilton.Options{}); err != nil || n != 0 {
				t.Errorf("Count = %d, %v; want 0", n, err)
			}
		})
	}
}

// Statistics after a run describe it.
func TestStats(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bg := testfix.BoardGraph(t, 5, 5, "hopido")
	p := hamilton.Problem{G: bg.Graph}
	n, st, err := hamilton.Count(ctx, p, hamilton.Options{Workers: 2})
	if err != nil || n != 12400 || st.Solutions != n || st.Nodes == 0 || st.Elapsed <= 0 || st.Workers < 1 || st.Workers > 2 {
		t.Errorf("Count: %d, %v, stats %+v", n, err, st)
	}
	y, st, err := hamilton.Enumerate(ctx, p, hamilton.Options{Workers: 2}, 100, func([]int32) bool { return true })
	if err != nil || y != 100 || st.Solutions != 100 || st.Nodes == 0 {
		t.Errorf("Enumerate: %d, %v, stats %+v", y, err, st)
	}
	_, st, err = hamilton.Find(ctx, p, hamilton.Options{})
	if err != nil || st.Solutions != 1 || st.Nodes < 25 {
		t.Errorf("Find: %v, stats %+v", err, st)
	}
}

// starPlus is three triangles sharing vertex 0: every vertex has degree two
// or more and the graph is connected and not bipartite, so only the
// cut-vertex rule sees that vertex 0 joins three parts.
func starPlus(t *testing.T) *graph.Graph {
	t.Helper()
	return testfix.FromEdges(t, 7, [][2]int32{{0, 1}, {0, 2}, {1, 2}, {0, 3}, {0, 4}, {3, 4}, {0, 5}, {0, 6}, {5, 6}})
}

// bowTie is two triangles sharing vertex 0: it has open Hamiltonian paths but
// no Hamiltonian cycle, since vertex 0 is a cut vertex.
func bowTie(t *testing.T) *graph.Graph {
	t.Helper()
	return testfix.FromEdges(t, 5, [][2]int32{{0, 1}, {1, 2}, {0, 2}, {0, 3}, {3, 4}, {0, 4}})
}

// twoTriangles is two disjoint triangles: no dead ends, but disconnected.
func twoTriangles(t *testing.T) *graph.Graph {
	t.Helper()
	return testfix.FromEdges(t, 6, [][2]int32{{0, 1}, {1, 2}, {0, 2}, {3, 4}, {4, 5}, {3, 5}})
}
