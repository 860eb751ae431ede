package numberlink

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// hintPositions plays the hint ladder of the generated puzzles (10x10, k
// = 2 and 3, seeds 1..seeds, difficulty d) and returns every position it
// asks from, with its puzzle and solution.
func hintPositions(tb testing.TB, d Level, seeds int) (gs []*Grid, sols, conns []Solution) {
	for _, k := range []int{2, 3} {
		for seed := 1; seed <= seeds; seed++ {
			g, sol, err := Generate(context.Background(), GenerateOptions{Rows: 10, Cols: 10, K: k, Seed: int64(seed), Difficulty: d})
			if errors.Is(err, ErrGenerate) {
				continue
			}
			if err != nil {
				tb.Fatal(err)
			}
			conn := make(Solution, len(g.Pairs))
			for {
				gs, sols, conns = append(gs, g), append(sols, sol), append(conns, slices.Clone(conn))
				h, err := NextHint(context.Background(), g, Rules{}, sol, conn)
				if err != nil {
					tb.Fatal(err)
				}
				if h.Status != HintStep {
					break
				}
				for i, p := range h.Pairs {
					conn[p] = int8(h.Counts[i])
				}
			}
		}
	}
	return gs, sols, conns
}

// BenchmarkNextHint times one hint at every position of the ladders of
// generated 10x10 puzzles (k = 2 and 3, seeds 1 to 5) per difficulty: one
// op is the whole set; p50-ms and p99-ms are the step-time percentiles of
// the last op, steps the number of positions.
func BenchmarkNextHint(b *testing.B) {
	for _, d := range []Level{Easy, Medium, Hard, Expert} {
		gs, sols, conns := hintPositions(b, d, 5)
		b.Run(d.DifficultyName(), func(b *testing.B) {
			times := make([]time.Duration, len(gs))
			for b.Loop() {
				for i := range gs {
					t0 := time.Now()
					if _, err := NextHint(context.Background(), gs[i], Rules{}, sols[i], conns[i]); err != nil {
						b.Fatal(err)
					}
					times[i] = time.Since(t0)
				}
			}
			slices.Sort(times)
			ms := func(q float64) float64 { return float64(times[int(q*float64(len(times)-1))].Microseconds()) / 1000 }
			b.ReportMetric(ms(0.5), "p50-ms")
			b.ReportMetric(ms(0.99), "p99-ms")
			b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(len(gs)), "steps")
		})
	}
}
