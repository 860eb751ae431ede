package count

import (
	"math/rand/v2"
	"testing"
)

// TestRenumberNibbles checks emitNarrow's register renumbering against
// the plain rule on random frontiers of codes below 16: pair codes
// (codePair and up) get new codes from codePair on in order of first
// appearance, the codes below keep theirs, and each is packed in b bits,
// first to last from the high end.
func TestRenumberNibbles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var x [maxWidth + 2]uint8
		n := 1 + rng.IntN(16)
		kept := make([]uint8, 0, n)
		for j := range n + 2 {
			x[j] = uint8(rng.IntN(16))
			if rng.IntN(8) != 0 && len(kept) < n {
				kept = append(kept, uint8(j))
			}
		}
		b := uint(4)
		var want uint64
		next := map[uint8]uint8{}
		ns := uint8(codePair)
		for _, j := range kept {
			c := x[j]
			if c >= codePair {
				if _, ok := next[c]; !ok {
					next[c] = ns
					ns++
				}
				c = next[c]
			}
			want = want<<b | uint64(c)
		}
		if got := renumberNibbles(kept, &x, b); got != want {
			t.Fatalf("codes %v at %v: got %#x, want %#x", x[:n+2], kept, got, want)
		}
	}
}

// TestRelabel checks expand's word-wide relabelling against the plain
// loop, on random frontiers (positions past w included, which it must not
// change).
func TestRelabel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var x [maxWidth + 2]uint8
		w := rng.IntN(maxWidth + 1)
		for j := range x {
			x[j] = uint8(rng.IntN(20))
		}
		from, to := uint8(rng.IntN(20)), uint8(rng.IntN(20))
		if rng.IntN(4) == 0 {
			from = x[rng.IntN(w+1)]
		}
		want := x
		for j := 0; j <= w; j++ {
			if want[j] == from {
				want[j] = to
			}
		}
		got := x
		relabel(&got, w, from, to)
		if got != want {
			t.Fatalf("relabel %d to %d in %v up to %d: got %v, want %v", from, to, x, w, got, want)
		}
	}
}
