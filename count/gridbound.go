package count

import (
	"context"
	"math"
	"slices"
)

// gridBoundMaxPlugs bounds the frontier of the relaxed sweep
// (gridBoundBits): 2^plugs occupancy patterns of float64 per end count.
const gridBoundMaxPlugs = 24

// gridBoundBits returns a proven upper bound, in bits, on the number of
// undirected solutions the grid sweep s counts (the count before
// CountGrid doubles it): the number of spanning subgraphs of the grid in
// which every open cell has degree 2, but for exactly two cells of
// degree 1 on paths (the fixed ends among them). Every Hamiltonian path
// or cycle is one of them, so their number bounds the count; it counts
// the subgraphs made of a cycle and more cycles, or of a path and
// cycles, too. It is counted by the sweep of the words' occupancy alone
// (2^plugs patterns times the ends made so far), in float64 rounded up
// by a margin larger than the rounding of every addition (each value is
// a sum of nonnegative terms through at most 4 additions a step, so its
// relative error is below (1+2^-53)^(4*steps) - 1, far below the
// 2^-30 added), layers rescaled by 2^-900 when they grow past 2^900.
// Past gridBoundMaxPlugs plugs it returns the cruder bound of at most
// two choices of each cell's lower and right edges (four with path
// ends): cells bits, or 2 cells bits.
func gridBoundBits(ctx context.Context, s *gridSweep, lone, workers int) (int, error) {
	plugs := s.w + 1
	if plugs > gridBoundMaxPlugs {
		return (1+lone/2)*len(s.kinds) + 2, nil
	}
	ne := lone + 1
	size := 1 << plugs
	cur, next := make([]float64, size*ne), make([]float64, size*ne)
	cur[0] = 1
	exp := 0
	bigs := make([]float64, max(1, workers))
	for step := range s.kinds {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		c := s.kinds[step]
		moves := boundMoves(&c, ne)
		// Positions j and j+1 are the bits bb+1 and bb: the states
		// that differ only there (a group) go to states of their own
		// group, so the groups split between workers without locks.
		bb := uint(plugs - 2 - c.j)
		err := parallelClear(ctx, next, workers)
		if err != nil {
			return 0, err
		}
		clear(bigs)
		err = parallel(ctx, size>>2, workers, func(p, lo, hi int) {
			big := 0.0
			for g := lo; g < hi; g++ {
				base := g>>bb<<(bb+2) | g&(1<<bb-1)
				for ab := range 4 {
					o := base | ab<<bb
					for e := range ne {
						x := cur[o*ne+e]
						if x == 0 {
							continue
						}
						for _, mv := range moves[ab*ne+e] {
							t := base | mv.dr<<bb
							if c.shift {
								t >>= 1
							}
							i := t*ne + mv.e
							v := next[i] + x
							next[i] = v
							big = max(big, v)
						}
					}
				}
			}
			bigs[p] = big
		})
		if err != nil {
			return 0, err
		}
		if slices.Max(bigs) > 0x1p900 {
			for i, x := range next {
				if x != 0 {
					next[i] = max(x*0x1p-900, 0x1p-1000)
				}
			}
			exp += 900
		}
		cur, next = next, cur
	}
	f := cur[lone] // all plugs empty, lone ends made (2 on paths, 0 on cycles)
	if f == 0 {
		return 1, nil
	}
	f = f*(1+0x1p-30) + 1
	return int(math.Ceil(math.Log2(f))) + exp + 1, nil
}

// A boundMove is a way of a cell of the relaxed sweep: its edges down
// and right (bits 1 and 0 of dr) and the ends made after it.
type boundMove struct{ dr, e int }

// boundMoves returns the ways of cell c from each state of its two
// plugs ab (bit 1 the left plug, bit 0 the upper) and ends made e, at
// index ab*ne+e: degree 2 (2 less the plugs taken of its edges down and
// right), or 1 where a path may end (the fixed ends always), and no
// edge for a blocked cell; only to open neighbours, never right from
// the last column.
func boundMoves(c *cellKind, ne int) [][]boundMove {
	out := make([][]boundMove, 4*ne)
	for ab := range 4 {
		in := ab>>1 + ab&1
		for e := range ne {
			var mv []boundMove
			put := func(down, right, e2 int) {
				if down == 1 && !c.down || right == 1 && (!c.right || c.shift) || e2 >= ne {
					return
				}
				mv = append(mv, boundMove{dr: down<<1 | right, e: e2})
			}
			switch {
			case c.blocked:
				if in == 0 {
					put(0, 0, e)
				}
			default:
				if !c.mustEnd { // degree 2: 2 - in of the edges down and right
					switch in {
					case 0:
						put(1, 1, e)
					case 1:
						put(1, 0, e)
						put(0, 1, e)
					case 2:
						put(0, 0, e)
					}
				}
				if c.mustEnd || e < c.endLimit {
					switch in {
					case 0:
						put(1, 0, e+1)
						put(0, 1, e+1)
					case 1:
						put(0, 0, e+1)
					}
				}
			}
			out[ab*ne+e] = mv
		}
	}
	return out
}
