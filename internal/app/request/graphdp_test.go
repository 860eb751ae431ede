package request

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
)

// gpEdgeList writes GP(n,2) (outer cycle u_i, spokes u_i-v_i, inner
// edges v_i-v_{i+2}) as an edge list whose vertices are named by a random
// permutation of 1..2n drawn from seed: the file's numbering says
// nothing about a good order.
func gpEdgeList(n int, seed uint64) string {
	id := rand.New(rand.NewPCG(seed, 3)).Perm(2 * n)
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d %d\n%d %d\n%d %d\n", id[i]+1, id[(i+1)%n]+1, id[i]+1, id[n+i]+1, id[n+i]+1, id[n+(i+2)%n]+1)
	}
	return b.String()
}

// count --graph --closed on GP(n,2) files: 0 for n = 101 (Alspach: n = 5
// mod 6), 112575012688 directed cycles for n = 100 (2 (2 Lucas(50) + 98),
// OEIS A384294), and past 2^128 for n = 1000, exactly; undirected halves.
func TestGraphCountGP(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n          int
		undirected bool
		want       string
	}{
		{101, false, "0"},
		{100, false, "112575012688"},
		{100, true, "56287506344"},
		{1000, false, "1247039231048699126421204028806947440567809572959276295652675079554494735418041904473897260917485662814504"},
	} {
		g, err := NewGraph(GraphFlags{File: "-", Closed: true}, files(gpEdgeList(tc.n, 5), nil))
		if err != nil {
			t.Fatal(err)
		}
		res, err := g.Count(t.Context(), GraphCountOptions{Undirected: tc.undirected})
		if err != nil || !res.Complete || res.Count.String() != tc.want || !strings.HasPrefix(res.Method, "dp") {
			t.Errorf("GP(%d,2) undirected %v: %+v, %v; want %s by dp", tc.n, tc.undirected, res, err, tc.want)
		}
	}
}

// solve --graph --closed on GP(n,2), the dynamic program beside the
// search: a verified cycle for n = 100, and for n = 101 a proof that none
// exists by the dynamic program (the search alone ran for minutes).
func TestGraphSolveGPByDP(t *testing.T) {
	t.Parallel()
	g, err := NewGraph(GraphFlags{File: "gp100", Closed: true}, files("", map[string]string{"gp100": gpEdgeList(100, 6)}))
	if err != nil {
		t.Fatal(err)
	}
	path, st, err := g.Solve(t.Context(), hamilton.Options{})
	if err != nil || len(path) != 200 || g.Check(path) != nil {
		t.Fatalf("GP(100,2): %d vertices, %v", len(path), err)
	}
	// The search runs beside the dynamic program: either may answer.
	if s := g.SolveSummary(path, st); !strings.Contains(s, "found by the frontier dynamic program (frontier 6 vertices wide)") && !strings.Contains(s, " nodes, ") {
		t.Errorf("SolveSummary = %q, want it to name the dynamic program or the search's nodes", s)
	}
	g, err = NewGraph(GraphFlags{File: "gp101", Closed: true}, files("", map[string]string{"gp101": gpEdgeList(101, 6)}))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = g.Solve(t.Context(), hamilton.Options{})
	if !errors.Is(err, hamilton.ErrNoSolution) || !strings.HasPrefix(err.Error(), "no Hamiltonian cycle in gp101: the frontier dynamic program") {
		t.Errorf("GP(101,2): %v, want a proof by the dynamic program", err)
	}
}
