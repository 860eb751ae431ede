package count

import (
	"context"
	"math"
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
func gridBoundBits(ctx context.Context, s *gridSweep, lone int) (int, error) {
	plugs := s.w + 1
	if plugs > gridBoundMaxPlugs {
		return (1+lone/2)*len(s.kinds) + 2, nil
	}
	ne := lone + 1
	size := 1 << plugs
	cur, next := make([]float64, size*ne), make([]float64, size*ne)
	cur[0] = 1
	exp := 0
	bit := func(p int) int { return plugs - 1 - p } // position p's bit
	for step := range s.kinds {
		if step&63 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		c := s.kinds[step]
		clear(next)
		ba, bb := bit(c.j), bit(c.j+1)
		// put adds x at state (o with its two bits set to down and
		// right, e2 ends) when the cell allows those edges.
		put := func(base, down, right, e2 int, x float64) {
			if down == 1 && !c.down || right == 1 && !c.right || e2 >= ne {
				return
			}
			t := base | down<<ba | right<<bb
			if c.shift {
				if right == 1 {
					return
				}
				t >>= 1
			}
			next[t*ne+e2] += x
		}
		for o := range size {
			a, b := o>>ba&1, o>>bb&1
			base := o &^ (1<<ba | 1<<bb)
			in := a + b
			for e := range ne {
				x := cur[o*ne+e]
				if x == 0 {
					continue
				}
				if c.blocked {
					if in == 0 {
						put(base, 0, 0, e, x)
					}
					continue
				}
				if !c.mustEnd { // degree 2: 2 - in of the edges down and right
					switch in {
					case 0:
						put(base, 1, 1, e, x)
					case 1:
						put(base, 1, 0, e, x)
						put(base, 0, 1, e, x)
					case 2:
						put(base, 0, 0, e, x)
					}
				}
				if c.mustEnd || e < c.endLimit {
					switch in {
					case 0:
						put(base, 1, 0, e+1, x)
						put(base, 0, 1, e+1, x)
					case 1:
						put(base, 0, 0, e+1, x)
					}
				}
			}
		}
		big := 0.0
		for _, x := range next {
			big = max(big, x)
		}
		if big > 0x1p900 {
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
