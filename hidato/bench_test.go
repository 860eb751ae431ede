package hidato

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/internal/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// BenchmarkGenerate makes one puzzle per iteration, a new seed each time,
// and reports the median and largest CPU time per puzzle (median-cpu-s,
// max-cpu-s: the process's user and system time, so a busy shared machine
// does not inflate them; on systems without getrusage they are wall time)
// beside the wall-clock median and the mean (ns/op):
//
//	nice -n 10 go test -run XXX -bench Generate -benchtime 9x ./hidato
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
		{"20x20", "hopido", LevelExpert},
	} {
		b.Run(c.moves+"/"+c.spec+"/"+c.level.String(), func(b *testing.B) {
			shape, _ := board.ParseSpec(c.spec)
			ms, _ := moves.Parse(c.moves)
			var times, cpus []float64
			givens := 0
			seed := uint64(0)
			for b.Loop() {
				t0, c0 := time.Now(), testfix.CPUTime()
				g, err := Generate(context.Background(), shape, Options{Moves: ms, Level: c.level, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(t0).Seconds())
				if c := testfix.CPUTime() - c0; c > 0 {
					cpus = append(cpus, c.Seconds())
				} else {
					cpus = append(cpus, times[len(times)-1])
				}
				givens += g.Puzzle.Givens()
				seed++
			}
			slices.Sort(times)
			slices.Sort(cpus)
			b.ReportMetric(times[len(times)/2], "median-s")
			b.ReportMetric(cpus[len(cpus)/2], "median-cpu-s")
			b.ReportMetric(cpus[len(cpus)-1], "max-cpu-s")
			b.ReportMetric(float64(givens)/float64(len(times)), "givens")
		})
	}
}
