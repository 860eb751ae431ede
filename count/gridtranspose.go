package count

import (
	"cmp"
	"context"
	"slices"
)

// Moving a layer between its two rankings (gridlean.go).
//
// Split a word w of L letters after h letters into P (h letters, from
// depth 0 to depth d, with a lone letters and balance u) and S (from
// depth d to 0, the other lone letters and balance). Its rank is A(P) +
// B(S), A(P) the rank of the first word with prefix P and B(S) the rank
// of S among the suffixes from P's state; its mirror image is
// mirror(S)·mirror(P), ranked likewise. For each class and each state
// at the split the move is a transposition of the matrix of P by S,
// through four small tables of offsets.

// prefixWords returns the words of n letters with at most lone lone
// letters that never go below depth 0, with their depth, lone letters
// and balance under signs sig (the first n of them) at their end.
func prefixWords(n, lone int, sig []int8) (ws []uint64, d, k, b []int) {
	var rec func(i, dd, kk, bb int, w uint64)
	rec = func(i, dd, kk, bb int, w uint64) {
		if dd < 0 || kk > lone {
			return
		}
		if i == n {
			ws, d, k, b = append(ws, w), append(d, dd), append(k, kk), append(b, bb)
			return
		}
		for c := range uint64(4) {
			d2 := dd + net(c)
			k2 := kk + b2i(c == gLone)
			b2 := bb
			if c != gEmpty {
				b2 += int(sig[i])
			}
			rec(i+1, d2, k2, b2, w<<2|c)
		}
	}
	rec(0, 0, 0, 0, 0)
	return
}

// suffixWords returns the words of n letters (signs sig) that close
// every bracket they open and some from before, with the depth they
// start from, their lone letters and balance.
func suffixWords(n, lone int, sig []int8) (ws []uint64, d, k, b []int) {
	// The mirror images of the prefixes of the mirrored signs.
	ms := make([]int8, n)
	for i := range ms {
		ms[i] = sig[n-1-i]
	}
	pw, pd, pk, pb := prefixWords(n, lone, ms)
	for i, w := range pw {
		ws = append(ws, mirrorWord(w, n))
		d, k, b = append(d, pd[i]), append(k, pk[i]), append(b, pb[i])
	}
	return
}

// tblock is one matrix of a transposition: the count of the word of
// prefix z and suffix y moves from pa[z]+sa[y] to sm[y]+pm[z] (within
// its class).
type tblock struct{ pa, pm, sa, sm []uint64 }

// tkey names a transposition of one class: from pattern A to pattern B
// (words of L letters).
type tkey struct {
	A, B *gridPattern
	L    int
	i, t int
}

// tplan returns the matrices of the transposition of class (i, t) from
// A to B, cached in pats (the sweep makes the same ones every row).
func (g *gridPatterns) tplan(A, B *gridPattern, L, i, t int) []tblock {
	tk := tkey{A, B, L, i, t}
	g.mu.Lock()
	if tb, ok := g.tp[tk]; ok {
		g.mu.Unlock()
		return tb
	}
	g.mu.Unlock()
	h := L / 2
	pw, pd, pk, pb := prefixWords(h, A.lone, A.sig[:h])
	sw, sd, sk, sb := suffixWords(L-h, A.lone, A.sig[h:])
	type key struct{ d, k, b int }
	pbucket := make(map[key][]int)
	var keys []key
	for x := range pw {
		kk := key{pd[x], pk[x], pb[x]}
		if pbucket[kk] == nil {
			keys = append(keys, kk)
		}
		pbucket[kk] = append(pbucket[kk], x)
	}
	sbucket := make(map[key][]int)
	for y := range sw {
		kk := key{sd[y], sk[y], sb[y]}
		sbucket[kk] = append(sbucket[kk], y)
	}
	var out []tblock
	for _, pk := range keys {
		ps := pbucket[pk]
		ss := sbucket[key{pk.d, i - pk.k, t - pk.b}]
		if len(ss) == 0 || pk.k > i {
			continue
		}
		var tb tblock
		tb.pa, tb.pm = make([]uint64, len(ps)), make([]uint64, len(ps))
		for z, p := range ps {
			tb.pa[z], _, _, _ = A.span(pw[p]<<(2*uint(L-h)), 0, h, 0, i, t)
			tb.pm[z], _, _, _ = B.span(mirrorWord(pw[p], h), L-h, L, pk.d, pk.k, pk.b)
		}
		tb.sa, tb.sm = make([]uint64, len(ss)), make([]uint64, len(ss))
		for z, s := range ss {
			tb.sa[z], _, _, _ = A.span(sw[s], h, L, pk.d, i-pk.k, t-pk.b)
			tb.sm[z], _, _, _ = B.span(mirrorWord(sw[s], L-h)<<(2*uint(h)), 0, L-h, 0, i, t)
		}
		// Prefixes in the order of their places in B and suffixes in
		// the order of theirs in A: a tile of both then reads and
		// writes a few short runs of counts (transpose).
		sortPairs(tb.pm, tb.pa)
		sortPairs(tb.sa, tb.sm)
		out = append(out, tb)
	}
	g.mu.Lock()
	if g.tp == nil {
		g.tp = make(map[tkey][]tblock)
	}
	g.tp[tk] = out
	g.mu.Unlock()
	return out
}

// transposeTile is the side of the tiles of prefixes and suffixes a
// transpose moves together.
const transposeTile = 16

// sortPairs sorts key and val (equal lengths) together by key.
func sortPairs(key, val []uint64) {
	idx := make([]int, len(key))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(key[a], key[b]) })
	k2, v2 := make([]uint64, len(key)), make([]uint64, len(key))
	for i, x := range idx {
		k2[i], v2[i] = key[x], val[x]
	}
	copy(key, k2)
	copy(val, v2)
}

// transpose sets dst's counts (layout to, pattern of L letters B; all
// zero before) to those of src (layout from, pattern A) moved by f:
// mirror images when L is the patterns' length; when L is one less, the
// words whose first position is empty, ranked first in both, are "0"·x
// in from and "0"·mirror(x) in to, and the others stay zero. Each word
// has k counts, consecutive. It leaves src zero.
func transpose(ctx context.Context, pats *gridPatterns, from, to *gridLayout, src, dst []uint64, L, k, workers int) error {
	A, B := from.pt, to.pt
	if L < A.L {
		A, B = pats.get(A.sig[A.L-L:]), pats.get(B.sig[B.L-L:])
	}
	kk := uint64(k)
	for _, tc := range to.classes {
		x := from.find(tc.i, tc.t)
		if x < 0 {
			continue
		}
		fc := from.classes[x]
		plan := pats.tplan(A, B, L, fc.i, fc.t)
		in, out := src[fc.off*kk:(fc.off+fc.size)*kk], dst[tc.off*kk:(tc.off+tc.size)*kk]
		for _, tb := range plan {
			tiles := (len(tb.pa) + transposeTile - 1) / transposeTile
			err := parallel(ctx, tiles, workers, func(_, lo, hi int) {
				for zt := lo * transposeTile; zt < min(hi*transposeTile, len(tb.pa)); zt += transposeTile {
					pa, pm := tb.pa[zt:min(zt+transposeTile, len(tb.pa))], tb.pm[zt:]
					for yt := 0; yt < len(tb.sa); yt += transposeTile {
						sa, sm := tb.sa[yt:min(yt+transposeTile, len(tb.sa))], tb.sm[yt:]
						for z, a := range pa {
							row, off := in[a*kk:], pm[z]
							switch kk {
							case 1:
								for y, s := range sa {
									out[sm[y]+off] = row[s]
								}
							case 2:
								for y, s := range sa {
									d := (sm[y] + off) * 2
									o, i := out[d:d+2], row[s*2:s*2+2]
									o[0], o[1] = i[0], i[1]
								}
							case 3:
								for y, s := range sa {
									d := (sm[y] + off) * 3
									o, i := out[d:d+3], row[s*3:s*3+3]
									o[0], o[1], o[2] = i[0], i[1], i[2]
								}
							default:
								for y, s := range sa {
									d := (sm[y] + off) * kk
									o, i := out[d:d+kk], row[s*kk:(s+1)*kk]
									for l := range o {
										o[l] = i[l]
									}
								}
							}
						}
					}
				}
			})
			if err != nil {
				return err
			}
		}
	}
	// The source is zero again, ready to be the next layer.
	return parallelClear(ctx, src, workers)
}
