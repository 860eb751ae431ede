package construct

import (
	"context"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// stKey identifies a block cover problem: block height and width, the two
// terminals (local cells, row-major) and up to two pairs of cells joined by
// a virtual vertex (255 where unused).
type stKey [8]uint8

// stCover is a solved block cover: segments of local cells (rows rr and
// columns cc) between terminals and virtual-vertex cells, and for every
// local cell that ends a segment the code 2*segment + (1 if it is the
// segment's last cell), or -1.
type stCover struct {
	rr, cc []uint8
	segs   []int32 // segment i is rr[segs[i]:segs[i+1]]
	endAt  [256]int16
}

// stNodeBudget bounds one block search. Feasible block covers are found in
// a few hundred nodes; the budget only stops a search for a cover that does
// not exist, after which another layout is tried.
const stNodeBudget = 1 << 17

// stCoverFor returns the cover for key from the knight's block library
// (the same bounded cache as the tiler's block paths), searching on a miss.
func stCoverFor(key stKey) *stCover {
	covers := libraryFor(moves.Knight()).covers
	if cov, ok := covers.get(key); ok {
		return cov
	}
	return covers.add(key, stSolve(key))
}

// stSolve finds a Hamiltonian path of the h x w knight graph plus one
// virtual vertex per joined pair (adjacent to both cells of the pair only)
// between the two terminals, and cuts it at the virtual vertices into the
// block's segments. It returns nil if the engine finds none within the
// budget.
func stSolve(key stKey) *stCover {
	h, w := int(key[0]), int(key[1])
	cells := h * w
	nv := 0
	for i := 4; i < 8; i += 2 {
		if key[i] != 255 {
			nv++
		}
	}
	n := cells + nv
	adj := make([][]int32, n)
	for r := range h {
		for c := range w {
			v := int32(r*w + c)
			for _, d := range [8][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 >= 0 && r2 < h && c2 >= 0 && c2 < w {
					adj[v] = append(adj[v], int32(r2*w+c2))
				}
			}
		}
	}
	for i := range nv {
		x := int32(cells + i)
		a, b := int32(key[4+2*i]), int32(key[5+2*i])
		adj[x] = append(adj[x], a, b)
		adj[a] = append(adj[a], x)
		adj[b] = append(adj[b], x)
	}
	off := make([]int32, n+1)
	var tgt []int32
	for v := range n {
		// Knight targets are generated in increasing order; virtual
		// vertices are larger than every cell, so each list is sorted
		// once the two virtual pair cells of a virtual vertex are.
		l := adj[v]
		for i := 1; i < len(l); i++ {
			for j := i; j > 0 && l[j-1] > l[j]; j-- {
				l[j-1], l[j] = l[j], l[j-1]
			}
		}
		tgt = append(tgt, l...)
		off[v+1] = int32(len(tgt))
	}
	g, err := graph.FromCSR(off, tgt)
	if err != nil {
		return nil
	}
	// Warnsdorff tie-break: cells farther from the centre first.
	rank := make([]int32, n)
	for r := range h {
		for c := range w {
			dr, dc := 2*r-h+1, 2*c-w+1
			rank[r*w+c] = int32(2*(h*h+w*w) - (dr*dr + dc*dc))
		}
	}
	path, _, err := hamilton.Find(context.Background(),
		hamilton.Problem{G: g}.WithEnds(int32(key[2]), int32(key[3])),
		hamilton.Options{Workers: 1, MaxNodes: stNodeBudget, Rank: rank})
	if err != nil {
		return nil
	}
	cov := &stCover{segs: []int32{0}}
	for i := range cov.endAt {
		cov.endAt[i] = -1
	}
	for _, v := range path {
		if int(v) >= cells {
			cov.segs = append(cov.segs, int32(len(cov.rr)))
			continue
		}
		cov.rr = append(cov.rr, uint8(int(v)/w))
		cov.cc = append(cov.cc, uint8(int(v)%w))
	}
	cov.segs = append(cov.segs, int32(len(cov.rr)))
	for s := 0; s+1 < len(cov.segs); s++ {
		lo, hi := cov.segs[s], cov.segs[s+1]
		if lo == hi {
			return nil // two virtual vertices in a row cannot happen
		}
		first := int(cov.rr[lo])*w + int(cov.cc[lo])
		last := int(cov.rr[hi-1])*w + int(cov.cc[hi-1])
		cov.endAt[first] = int16(2 * s)
		if hi-lo > 1 {
			cov.endAt[last] = int16(2*s + 1)
		}
	}
	return cov
}
