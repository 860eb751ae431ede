package numberlink

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

// coelhoBySize groups the benchmark instances by island count.
func coelhoBySize(b *testing.B) map[int][]coelhoInstance {
	out := map[int][]coelhoInstance{}
	for _, in := range loadCoelho(b) {
		out[in.islands] = append(out[in.islands], in)
	}
	return out
}

// BenchmarkSolveCoelho times the first solution on every Coelho et al.
// instance of each size (one op = all instances of the size, one core);
// ms/instance is the mean the target refers to (published: 0.16 s,
// 1.13 s, 6.32 s, 36.94 s branch-and-cut; <0.01, 0.04, 0.12, 1.48 s lazy
// cuts on Gurobi), max-ms the slowest instance of the last op.
func BenchmarkSolveCoelho(b *testing.B) {
	groups := coelhoBySize(b)
	for _, size := range []int{100, 200, 300, 400} {
		group := groups[size]
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			var nodes uint64
			var worst time.Duration
			for b.Loop() {
				worst = 0
				for _, in := range group {
					t0 := time.Now()
					_, st, err := Solve(context.Background(), in.g, SolveOptions{})
					if err != nil {
						b.Fatalf("%s: %v", in.name, err)
					}
					worst = max(worst, time.Since(t0))
					nodes += st.Nodes
				}
			}
			per := float64(b.N * len(group))
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/per, "ms/instance")
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(nodes)/per, "nodes/instance")
		})
	}
}

// BenchmarkCount2Coelho times the uniqueness check (Count with limit 2) on
// every instance of each size; the target is under 2 s per 400-island
// instance.
func BenchmarkCount2Coelho(b *testing.B) {
	groups := coelhoBySize(b)
	for _, size := range []int{100, 400} {
		group := groups[size]
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			var worst time.Duration
			for b.Loop() {
				worst = 0
				for _, in := range group {
					t0 := time.Now()
					n, _, _, err := Count(context.Background(), in.g, 2, SolveOptions{})
					if err != nil || n == 0 {
						b.Fatalf("%s: %d %v", in.name, n, err)
					}
					worst = max(worst, time.Since(t0))
				}
			}
			per := float64(b.N * len(group))
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/per, "ms/instance")
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
		})
	}
}

// BenchmarkGenerate times one unique puzzle per op (a new seed each op), at
// the default density and difficulty, and reports the median and the
// slowest op besides the mean.
func BenchmarkGenerate(b *testing.B) {
	for _, c := range []struct {
		size, k int
		style   Style
	}{{7, 2, StyleHashi}, {15, 2, StyleHashi}, {30, 2, StyleHashi}, {30, 3, StyleHashi}, {30, 2, StylePuzzledom},
		{50, 2, StyleHashi}, {50, 2, StylePuzzledom}, {100, 2, StyleHashi}} {
		b.Run(fmt.Sprintf("%dx%d/k%d/%s", c.size, c.size, c.k, c.style), func(b *testing.B) {
			seed := int64(0)
			islands := 0
			var times []time.Duration
			for b.Loop() {
				t0 := time.Now()
				g, _, err := Generate(context.Background(), GenerateOptions{Rows: c.size, Cols: c.size, K: c.k, Style: c.style, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(t0))
				islands += len(g.Nodes)
				seed++
			}
			slices.Sort(times)
			b.ReportMetric(float64(islands)/float64(len(times)), "islands")
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
		})
	}
}

// BenchmarkGenerateDifficulty times one puzzle of each named difficulty at
// 20x20 per op.
func BenchmarkGenerateDifficulty(b *testing.B) {
	for _, lvl := range []Level{Easy, Medium, Hard, Expert} {
		b.Run(lvl.DifficultyName(), func(b *testing.B) {
			seed := int64(0)
			var times []time.Duration
			for b.Loop() {
				t0 := time.Now()
				if _, _, err := Generate(context.Background(), GenerateOptions{Rows: 20, Cols: 20, K: 2, Seed: seed, Difficulty: lvl}); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(t0))
				seed++
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
		})
	}
}
