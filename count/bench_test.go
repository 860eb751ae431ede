package count_test

import (
	"context"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

// BenchmarkCount counts reference boards; besides time it reports the peak
// layer (states), the table memory (MiB) and the transitions per second.
// Knight 7x7 and hopido 6x6 take minutes and gigabytes: select them with
// -bench 'Count/(knight/7x7|hopido/6x6)' and -benchtime 1x.
func BenchmarkCount(b *testing.B) {
	for _, c := range []struct {
		name       string
		rows, cols int
		moves      string
		closed     bool
		want       uint64
	}{
		{"hopido/5x5", 5, 5, "hopido", false, 12400},
		{"knight/6x6/closed", 6, 6, "knight", true, 2 * 9862},
		{"knight/6x6", 6, 6, "knight", false, 6637920},
		{"hopido/6x6", 6, 6, "hopido", false, 8250272},
		{"knight/7x7", 7, 7, "knight", false, 165575218320},
	} {
		b.Run(c.name, func(b *testing.B) {
			bg := build(b, c.rows, c.cols, c.moves)
			p := hamilton.Problem{G: bg.Graph, Start: -1, End: -1, Closed: c.closed}
			opt := count.Options{Order: count.BoardOrder(bg), MaxBytes: *maxBytes}
			var st count.Stats
			for b.Loop() {
				got, s, err := count.Count(context.Background(), p, opt)
				if err != nil {
					b.Fatal(err)
				}
				if got != c.want {
					b.Fatalf("Count = %d, want %d", got, c.want)
				}
				st = s
			}
			b.ReportMetric(float64(st.PeakStates), "states")
			b.ReportMetric(float64(st.PeakBytes)/(1<<20), "MiB")
			b.ReportMetric(float64(st.Transitions)/st.Elapsed.Seconds(), "transitions/s")
		})
	}
}
