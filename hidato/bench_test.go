package hidato

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/moves"
)

// BenchmarkGenerate makes one puzzle per iteration, a new seed each time,
// and reports the median time per puzzle beside the mean (ns/op):
//
//	go test -run XXX -bench Generate -benchtime 20x ./hidato
func BenchmarkGenerate(b *testing.B) {
	for _, c := range []struct {
		spec  string
		moves string
		level Level
	}{
		{"10x10", "hopido", LevelEasy},
		{"10x10", "hopido", LevelMedium},
		{"10x10", "hopido", LevelHard},
		{"10x10", "hopido", LevelExpert},
		{"10x10", "knight", LevelHard},
		{"20x20", "hopido", LevelEasy},
		{"20x20", "hopido", LevelMedium},
		{"20x20", "hopido", LevelHard},
	} {
		b.Run(c.moves+"/"+c.spec+"/"+c.level.String(), func(b *testing.B) {
			shape, _ := board.ParseSpec(c.spec)
			ms, _ := moves.Parse(c.moves)
			var times []float64
			givens := 0
			seed := uint64(0)
			for b.Loop() {
				t0 := time.Now()
				g, err := Generate(context.Background(), shape, Options{Moves: ms, Level: c.level, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(t0).Seconds())
				givens += g.Puzzle.Givens()
				seed++
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2], "median-s")
			b.ReportMetric(times[len(times)-1], "max-s")
			b.ReportMetric(float64(givens)/float64(len(times)), "givens")
		})
	}
}
