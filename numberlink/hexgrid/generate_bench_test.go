package hexgrid

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkGenerate generates unique hex 2-grids at density 0.3, a new
// seed per iteration:
//
//	go test ./numberlink/hexgrid -run X -bench Generate
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{8, 10, 15, 20} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed++
				if _, _, err := Generate(context.Background(), GenerateOptions{Rows: n, Cols: n, K: 2, Seed: seed}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
