package hamilton_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

var graphCache sync.Map // key -> *moves.BoardGraph

// boardGraph returns the product's board graph of an oracle case, built
// once per board and move set.
func boardGraph(t testing.TB, c *oracle.Case) *moves.BoardGraph {
	t.Helper()
	key := fmt.Sprintf("%dx%d/%v/%s", c.Rows, c.Cols, c.Blocked, c.Moves)
	if bg, ok := graphCache.Load(key); ok {
		return bg.(*moves.BoardGraph)
	}
	bg := testfix.BoardGraph(t, c.Rows, c.Cols, c.Moves, c.Blocked...)
	graphCache.Store(key, bg)
	return bg
}

// problem returns the hamilton problem of an oracle case.
func problem(t testing.TB, c *oracle.Case, sym bool) (hamilton.Problem, *moves.BoardGraph) {
	bg := boardGraph(t, c)
	p := hamilton.Problem{G: bg.Graph, Closed: c.Closed}
	if c.Start >= 0 {
		p.FixStart, p.Start = true, bg.VertexOf[c.Start]
	}
	if c.End >= 0 {
		p.FixEnd, p.End = true, bg.VertexOf[c.End]
	}
	if sym {
		p.Symmetries = bg.Automorphisms()
	}
	return p, bg
}

// findChecked runs Find on p under a 20 s deadline (the boards of the
// find tests take milliseconds) and checks the path it returns against
// og (checkPath): the error is Find's own, or says why the path is not a
// solution.
func findChecked(og *oracle.Graph, p hamilton.Problem, opt hamilton.Options) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	path, _, err := hamilton.Find(ctx, p, opt)
	if err != nil {
		return err
	}
	if err := checkPath(og, p, path); err != nil {
		return fmt.Errorf("invalid path: %w", err)
	}
	return nil
}

// checkPath verifies a solution against the oracle's own graph (not the
// product's) and the problem's constraints: every vertex once, consecutive
// vertices adjacent, the start, end and givens in place, and for a closed
// tour the last vertex next to the first.
func checkPath(og *oracle.Graph, p hamilton.Problem, path []int32) error {
	n := og.N()
	if len(path) != n {
		return fmt.Errorf("path has %d vertices, want %d", len(path), n)
	}
	seen := make([]bool, n)
	for i, v := range path {
		if v < 0 || int(v) >= n {
			return fmt.Errorf("vertex %d out of range", v)
		}
		if seen[v] {
			return fmt.Errorf("vertex %d repeated", v)
		}
		seen[v] = true
		if i > 0 && !og.Adjacent(int(path[i-1]), int(v)) {
			return fmt.Errorf("step %d: %d-%d is not a move", i, path[i-1], v)
		}
		if p.Givens != nil && p.Givens[v] >= 0 && p.Givens[v] != int32(i) {
			return fmt.Errorf("vertex %d at position %d, given %d", v, i, p.Givens[v])
		}
	}
	if p.FixStart && path[0] != p.Start {
		return fmt.Errorf("starts at %d, want %d", path[0], p.Start)
	}
	if p.FixEnd && path[n-1] != p.End {
		return fmt.Errorf("ends at %d, want %d", path[n-1], p.End)
	}
	if p.Closed && (n < 3 || !og.Adjacent(int(path[n-1]), int(path[0]))) {
		return fmt.Errorf("closed tour does not close: %d-%d", path[n-1], path[0])
	}
	return nil
}

func pathKey(path []int32) string { return fmt.Sprint(path) }

// enumerateChecked runs Enumerate on p with opt and checks every path it
// yields against og, stopping at the first invalid one. It returns the
// number of paths yielded, how many were distinct, the invalid path's
// error (nil when all were valid) and Enumerate's error.
func enumerateChecked(ctx context.Context, og *oracle.Graph, p hamilton.Problem, opt hamilton.Options) (n, distinct uint64, bad, err error) {
	seen := map[string]bool{}
	n, _, err = hamilton.Enumerate(ctx, p, opt, 0, func(path []int32) bool {
		if bad = checkPath(og, p, path); bad != nil {
			bad = fmt.Errorf("invalid path %v: %w", path, bad)
			return false
		}
		seen[pathKey(path)] = true
		return true
	})
	return n, uint64(len(seen)), bad, err
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }

// oracleGraphOf copies a product graph into the oracle's adjacency form, for
// checkPath on graphs that are not in the oracle table.
func oracleGraphOf(bg *moves.BoardGraph) *oracle.Graph { return oracleGraphOfGraph(bg.Graph) }

// oracleGraphOfGraph copies any product graph into the oracle's form.
func oracleGraphOfGraph(g *graph.Graph) *oracle.Graph {
	og := &oracle.Graph{Adj: make([][]int, g.N())}
	for v := range og.Adj {
		for _, w := range g.Neighbors(int32(v)) {
			og.Adj[v] = append(og.Adj[v], int(w))
		}
	}
	return og
}
