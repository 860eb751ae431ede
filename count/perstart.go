package count

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
)

// CountPerStart returns, for every vertex v, the number of directed open
// paths p asks for whose first vertex is v (the table of the Diplomatico
// paper's per-start figures), and their sum. It runs one count with a
// fixed start per orbit of p.Symmetries (every vertex when there are
// none; p.Symmetries should then be a group, as board.Symmetries gives),
// and gives every vertex of an orbit its representative's count: the
// representative is the orbit's smallest vertex. Stats add up the
// counts' transitions and elapsed time and keep the largest peak.
// p must be open without a fixed start (ErrInvalid otherwise); a fixed
// end is kept. The cost is that of one count per orbit, each smaller than
// the count without a start (fewer free ends).
func CountPerStart(ctx context.Context, p hamilton.Problem, opt Options) ([]uint64, uint64, Stats, error) {
	if p.Closed || p.FixStart {
		return nil, 0, Stats{}, fmt.Errorf("%w: per-start counts need an open path without a fixed start", ErrInvalid)
	}
	if p.G == nil || p.G.N() == 0 {
		return nil, 0, Stats{}, fmt.Errorf("%w: the graph has no vertices", ErrInvalid)
	}
	orbit := StartOrbits(p.G.N(), p.Symmetries)
	per := make([]uint64, p.G.N())
	var all Stats
	t0 := time.Now()
	for v, rep := range orbit {
		if int(rep) != v {
			per[v] = per[rep]
			continue
		}
		q := p
		q.FixStart, q.Start, q.Symmetries = true, int32(v), nil
		n, st, err := Count(ctx, q, opt)
		all.Transitions += st.Transitions
		all.PeakStates = max(all.PeakStates, st.PeakStates)
		all.PeakBytes = max(all.PeakBytes, st.PeakBytes)
		all.Plan, all.Steps = st.Plan, st.Steps
		if err != nil {
			all.Elapsed = time.Since(t0)
			return nil, 0, all, fmt.Errorf("start vertex %d: %w", v, err)
		}
		per[v] = n
	}
	all.Elapsed = time.Since(t0)
	var sum uint64
	for _, n := range per {
		var c uint64
		sum, c = bits.Add64(sum, n, 0)
		if c != 0 {
			return nil, 0, all, fmt.Errorf("%w: the per-start counts add up past 2^64-1", ErrOverflow)
		}
	}
	return per, sum, all, nil
}

// StartOrbits returns, for each of n vertices, the smallest vertex of its
// orbit under the permutations syms (closed under composition: the
// orbits are the connected classes of v ~ perm[v]).
func StartOrbits(n int, syms [][]int32) []int32 {
	orbit := make([]int32, n)
	for v := range orbit {
		orbit[v] = int32(v)
	}
	var find func(v int32) int32
	find = func(v int32) int32 {
		for orbit[v] != v {
			orbit[v] = orbit[orbit[v]]
			v = orbit[v]
		}
		return v
	}
	for _, perm := range syms {
		if len(perm) != n {
			continue
		}
		for v, w := range perm {
			a, b := find(int32(v)), find(w)
			if a < b {
				orbit[b] = a
			} else if b < a {
				orbit[a] = b
			}
		}
	}
	for v := range orbit {
		orbit[v] = find(int32(v))
	}
	return orbit
}
