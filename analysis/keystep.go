package analysis

import (
	"context"
	"fmt"

	"github.com/boardgraph/boardgraph/hamilton"
)

// Completions returns, for a solution path of p, how many solutions share
// each of its prefixes: counts[k-1] is the number of solutions whose first k
// vertices are path[:k], for k = 1, 2, ... up to the first k where that
// number is 1 (it stays 1 from there on). decided is that k: the earliest
// step after which the prefix admits a single completion (the "key state"
// of the path). Each count is one hamilton.Count with the prefix as givens.
//
// path must be a solution of p (an open-path problem without a fixed start
// or end); otherwise the count falls to 0 and Completions returns an error.
// On cancellation it returns the counts so far with ctx.Err().
func Completions(ctx context.Context, p hamilton.Problem, path []int32, opt hamilton.Options) (counts []uint64, decided int, err error) {
	n := p.G.N()
	if len(path) != n {
		return nil, 0, fmt.Errorf("%w: a path of %d vertices for a graph of %d", ErrInvalid, len(path), n)
	}
	if p.FixStart || p.FixEnd || p.Closed {
		return nil, 0, fmt.Errorf("%w: completions are counted for open paths without a fixed start or end", ErrInvalid)
	}
	// Check the whole path first: the counts can reach 1 before a bad
	// step further on would show.
	seen := make([]bool, n)
	for i, v := range path {
		if v < 0 || int(v) >= n || seen[v] || (i > 0 && !p.G.HasEdge(path[i-1], v)) {
			return nil, 0, fmt.Errorf("%w: the path is not a Hamiltonian path (step %d)", ErrInvalid, i+1)
		}
		seen[v] = true
	}
	giv := make([]int32, n)
	for i := range giv {
		giv[i] = -1
	}
	if p.Givens != nil {
		copy(giv, p.Givens)
	}
	p.Symmetries = nil // the prefix pins the vertices; none would be used
	for k := 1; k <= n; k++ {
		v := path[k-1]
		if v < 0 || int(v) >= n || (giv[v] >= 0 && giv[v] != int32(k-1)) {
			return counts, 0, fmt.Errorf("%w: the path is not a solution (vertex %d at position %d)", ErrInvalid, v, k)
		}
		giv[v] = int32(k - 1)
		q := p
		q.Givens = giv
		o := opt
		if o.MemoBits == 0 {
			// A table sized for the vertices still free: the default
			// 16 MiB per call would cost more than the count itself
			// once the prefix is long.
			o.MemoBits = max(6, min(18, n-k-18))
		}
		c, _, err := hamilton.Count(ctx, q, o)
		if err != nil {
			return counts, 0, err
		}
		if c == 0 {
			return counts, 0, fmt.Errorf("%w: the path is not a solution (no completion of its first %d vertices)", ErrInvalid, k)
		}
		counts = append(counts, c)
		if c == 1 {
			return counts, k, nil
		}
	}
	return counts, n, nil
}
