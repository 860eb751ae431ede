package construct

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

// stBenchRuns gives every run of the benchmark (-count, b.N probing) its
// own pairs, so that the blocks of s and t are never served from the cache
// of an earlier run.
var stBenchRuns atomic.Uint64

// BenchmarkKnightPathBetween builds and walks (without printing) a knight's
// path between random allowed cells: each iteration draws a new pair, so
// the blocks holding s and t are searched afresh; the other blocks come
// from the shared cache after the first iteration.
func BenchmarkKnightPathBetween(b *testing.B) {
	for _, n := range []int{100, 1000, 3000} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(stBenchRuns.Add(1), uint64(n)))
			cells := 0
			for b.Loop() {
				var s, e [2]int
				for {
					s = [2]int{rng.IntN(n), rng.IntN(n)}
					e = [2]int{rng.IntN(n), rng.IntN(n)}
					if KnightEndsAllowed(n, n, s, e) == nil {
						break
					}
				}
				w, err := KnightPathBetween(n, n, s, e)
				if err != nil {
					b.Fatal(err)
				}
				sum := 0
				for r, c := range w {
					sum += r ^ c
					cells++
				}
				if sum < 0 {
					b.Fatal("impossible")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(cells), "ns/cell")
		})
	}
}
