package count

import (
	"math/rand/v2"
	"testing"
)

// addLanes, without and with zeroing (with the vector instructions where
// the machine has them), agrees with the sum of each element modulo its
// lane's prime, and zeroing leaves its source zero, for one
// to six lanes and blocks shorter and longer than a vector's round, on
// residues near the primes (sums past 2^63).
func TestAddLanes(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	var primes []uint64
	for q := range wideModuli(6 * 63) {
		primes = append(primes, q)
	}
	for k := 1; k <= 6; k++ {
		qs := primes[:k]
		for _, words := range []int{1, 3, 4, 5, 12, 13, 100} {
			n := words * k
			dst, src, want := make([]uint64, n), make([]uint64, n), make([]uint64, n)
			for i := range n {
				q := qs[i%k]
				dst[i], src[i] = q-1-rng.Uint64N(q/4), rng.Uint64N(q)
				if i%7 == 0 {
					src[i] = q - 1
				}
				want[i] = (dst[i] + src[i]) % q // below 2^64: residues below 2^63
			}
			dst2, src2 := append([]uint64(nil), dst...), append([]uint64(nil), src...)
			addLanes(dst, src, qs, lanePattern(qs), false)
			addLanes(dst2, src2, qs, lanePattern(qs), true)
			for i := range n {
				if dst[i] != want[i] || dst2[i] != want[i] || src2[i] != 0 {
					t.Fatalf("%d lanes, %d words: element %d = %d and %d (zeroing, source left %d), want %d", k, words, i, dst[i], dst2[i], src2[i], want[i])
				}
			}
		}
	}
}
