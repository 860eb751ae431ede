package count

import (
	"context"
	"math/bits"
)

// Mirrored layers. The blocks of gridlean.go are the words that share a
// prefix up to the cell's positions, so they are long when the cell is
// near the left end of the frontier and one word long near its right
// end. The sweep therefore ranks the layer by the words' mirror images
// (mirrorWord) for the right half of each row, where the blocks are
// again long, and moves the counts between the two rankings twice a row
// (transpose).
//
// Split a word w of L letters after h letters into P (h letters, from
// depth 0 to depth d with a lone letters) and S (from depth d to 0 with
// b lone letters). Its rank is A(P) + B(S), A(P) the rank of the first
// word with prefix P and B(S) the rank of S among the suffixes from d
// with b lone letters; its mirror image is mirror(S)·mirror(P), ranked
// A(mirror(S)) + B(mirror(P)). For each (d, a, b) the move is a
// transposition of the matrix of P by S, with four small tables of
// offsets.

// words returns the words of n letters (position 0 in the high bits of
// the 2n low bits) from depth d0 to depth d1 with exactly k lone
// letters, in increasing order.
func words(n, d0, d1, k int) []uint64 {
	var out []uint64
	var rec func(i, d, k int, w uint64)
	rec = func(i, d, k int, w uint64) {
		if d < 0 || k < 0 || abs(d-d1) > n-i {
			return
		}
		if i == n {
			if d == d1 && k == 0 {
				out = append(out, w)
			}
			return
		}
		for c := range uint64(4) {
			d2, k2 := letterStep(d, k, c)
			rec(i+1, d2, k2, w<<2|c)
		}
	}
	rec(0, d0, k, 0)
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// span returns the share of the rank that the letters of w at positions
// from to to-1 make, for a word of L letters entered at depth d with k
// lone letters to come (w's position p in bits 2(L-1-p)).
func (ls *leanSpace) span(w uint64, from, to, L, d, k int) uint64 {
	var r uint64
	for p := from; p < to; p++ {
		c := w >> (2 * uint(L-1-p)) & 3
		r += ls.cum[ls.idx(L-1-p, d, k)+int(c)]
		d, k = letterStep(d, k, c)
	}
	return r
}

// transpose sets dst's counts of the words of L letters (L = plugs or
// plugs-1: the first ranks of the layer, those that begin with an empty
// position) to those of src ranked the other way: dst[rank(mirror(w))]
// = src[rank(w)]. The rest of dst is zeroed.
func (ls *leanSpace) transpose(ctx context.Context, src, dst *modLayer, L, workers int) error {
	h := L / 2
	for i := range src.v {
		clear(dst.v[i])
		for d := 0; d <= min(h, L-h); d++ {
			for a := 0; a <= i; a++ {
				b := i - a
				ps, ss := words(h, 0, d, a), words(L-h, d, 0, b)
				if len(ps) == 0 || len(ss) == 0 {
					continue
				}
				pa, pb := make([]uint64, len(ps)), make([]uint64, len(ps))
				for x, p := range ps {
					pa[x] = ls.span(p<<(2*uint(L-h)), 0, h, L, 0, i)
					pb[x] = ls.span(mirrorWord(p, h), L-h, L, L, d, a)
				}
				sa, sb := make([]uint64, len(ss)), make([]uint64, len(ss))
				for x, s := range ss {
					sb[x] = ls.span(s, h, L, L, d, b)
					sa[x] = ls.span(mirrorWord(s, L-h)<<(2*uint(h)), 0, L-h, L, 0, i)
				}
				from, to := src.v[i], dst.v[i]
				err := parallel(ctx, len(ps), workers, func(_, lo, hi int) {
					for x := lo; x < hi; x++ {
						row := from[pa[x]:]
						off := pb[x]
						for y, s := range sb {
							to[sa[y]+off] = row[s]
						}
					}
				})
				if err != nil {
					return err
				}
			}
		}
	}
	return nil
}

var _ = bits.Reverse64
