package numberlink

import (
	"fmt"
	"math/bits"
	"strings"
)

// Word is a connection configuration of a node (seed §2.2): a multiset over
// W = {1, 2, 3, 4}, the symbols for the top, right, bottom and left
// neighbour on the square lattice (W = the six directions on the
// hexagonal one). Word[d] is count(ω, d+1), the number of connections
// drawn towards direction d. The order of the symbols in a written word is
// irrelevant (§2.2: 1212121 = 1111222), so a word is stored as its counts.
type Word [MaxDirections]int

// Len returns |ω|, the number of connections in the word.
func (w Word) Len() int { return w[0] + w[1] + w[2] + w[3] + w[4] + w[5] }

// Count returns count(ω, l) for the paper's symbol l in 1..4.
func (w Word) Count(l int) int { return w[l-1] }

// empty reports whether the word has no symbol (ω = ∅).
func (w Word) empty() bool { return w.Len() == 0 }

// String writes the word as the paper does: its symbols in ascending order,
// "11223"; the empty word is "∅".
func (w Word) String() string {
	if w.empty() {
		return "∅"
	}
	var b strings.Builder
	for d, c := range w {
		for range c {
			b.WriteByte(byte('1' + d))
		}
	}
	return b.String()
}

// ParseWord reads a word written as symbols 1..4 in any order ("2121" =
// "1122"). The empty string and "∅" are the empty word.
func ParseWord(s string) (Word, error) {
	var w Word
	if s == "∅" {
		return w, nil
	}
	for _, r := range s {
		if r < '1' || r > '4' {
			return Word{}, fmt.Errorf("bad word %q: symbols are 1 (up), 2 (right), 3 (down), 4 (left)", s)
		}
		w[r-'1']++
	}
	return w, nil
}

// intersect returns the common part of two words "without deleting
// duplicates" (§2.2, the definition of ω*): the per-symbol minimum.
func (w Word) intersect(v Word) Word {
	for d := range w {
		w[d] = min(w[d], v[d])
	}
	return w
}

// allDirections is the mask of all four symbols of W.
const allDirections = 0b1111

// Phi returns Φ_k[p] for a node of magnitude n (§2.2): every word of length n
// over W = {1, 2, 3, 4} in which no symbol occurs more than k times, in the
// paper's listing order (ascending as written strings). Phi(2, 2) is the
// §2.3 set {11, 12, 13, 14, 22, 23, 24, 33, 34, 44}.
//
// The result has configCount(k, n, 4) words; the cost is proportional to it.
func Phi(k, n int) []Word { return PhiOver(k, n, allDirections) }

// PhiOver is Φ_k[p] restricted to the symbols in mask (bit d set: direction d
// is allowed), the words available to a node whose neighbours lie in those
// directions. Figure 5 counts these words for 4, 3 and 2 neighbours.
func PhiOver(k, n int, mask int) []Word {
	var out []Word
	if k < 0 || n < 0 {
		return out
	}
	var w Word
	// Enumerate counts for directions 0..5 in an order that yields the
	// written strings in ascending order: more 1s first, then more 2s, ...
	var rec func(d, left int)
	rec = func(d, left int) {
		if d == MaxDirections {
			if left == 0 {
				out = append(out, w)
			}
			return
		}
		hi := 0
		if mask&(1<<d) != 0 {
			hi = min(k, left)
		}
		for c := hi; c >= 0; c-- {
			w[d] = c
			rec(d+1, left-c)
		}
		w[d] = 0
	}
	rec(0, n)
	return out
}

// configCount returns |Φ_k[p]| for a node of magnitude n with r neighbours
// (§3.1, Figure 5): the number of ways to write n = x_1 + ... + x_r with
// 0 <= x_i <= k. It is 0 when n > rk or n < 0, and computed by dynamic
// programming in O(r·n) without listing the words.
func configCount(k, n, r int) uint64 {
	if k < 0 || n < 0 || r < 0 || n > r*k {
		return 0
	}
	ways := make([]uint64, n+1) // ways[s] = compositions of s over the parts so far
	ways[0] = 1
	for range r {
		next := make([]uint64, n+1)
		var window uint64 // sum of ways[s-k .. s]
		for s := 0; s <= n; s++ {
			window += ways[s]
			if s-k-1 >= 0 {
				window -= ways[s-k-1]
			}
			next[s] = window
		}
		ways = next
	}
	return ways[n]
}

// figure5 returns the rows of the seed's Figure 5 table for nodes with r
// neighbours (§3.1): row k-1 holds configCount(k, n, r) for n = 1 .. r·k
// (the nonzero entries; the seed leaves the rest blank), for k = 1..kmax.
func figure5(r, kmax int) [][]uint64 {
	rows := make([][]uint64, 0, kmax)
	for k := 1; k <= kmax; k++ {
		rows = append(rows, Figure5Row(r, k))
	}
	return rows
}

// Figure5Row returns one row of Figure 5: configCount(k, n, r) for
// n = 1 .. r·k.
func Figure5Row(r, k int) []uint64 {
	row := make([]uint64, 0, max(0, r*k))
	for n := 1; n <= r*k; n++ {
		row = append(row, configCount(k, n, r))
	}
	return row
}

// maskSize returns the number of directions in a mask.
func maskSize(mask int) int { return bits.OnesCount(uint(mask & (1<<MaxDirections - 1))) }
