package analysis

import (
	"context"
	"testing"
)

// BenchmarkAnalyze measures a full analysis (every statistic) of the open
// paths of a board; 6x6 Diplomatico has about 8.25 million directed paths.
func BenchmarkAnalyze(b *testing.B) {
	for _, tc := range []struct{ spec, ms string }{{"5x5", "hopido"}, {"5x6", "hopido"}, {"6x6", "hopido"}} {
		b.Run(tc.ms+"/"+tc.spec, func(b *testing.B) {
			_, p := problemOf(b, tc.spec, tc.ms)
			var paths uint64
			for b.Loop() {
				res, err := Analyze(context.Background(), p, Options{})
				if err != nil {
					b.Fatal(err)
				}
				paths = res.Total
			}
			b.ReportMetric(float64(paths), "paths")
			b.ReportMetric(float64(paths)*float64(b.N)/b.Elapsed().Seconds(), "paths/s")
		})
	}
}
