package hamilton_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// benchGraph builds the board graph of a spec and a move set for a benchmark.
func benchGraph(b *testing.B, spec, mv string) *moves.BoardGraph {
	b.Helper()
	return testfix.SpecGraph(b, spec, mv)
}

// BenchmarkCount counts directed open paths on the 6x6 targets
// (goal: under 3 s wall each on 2 cores).
func BenchmarkCount(b *testing.B) {
	for _, c := range []struct{ spec, moves string }{{"6x6", "hopido"}, {"6x6", "knight"}, {"5x5", "hopido"}} {
		b.Run(c.moves+"-"+c.spec, func(b *testing.B) {
			bg := benchGraph(b, c.spec, c.moves)
			p := hamilton.Problem{G: bg.Graph, Symmetries: bg.Automorphisms()}
			var nodes uint64
			for b.Loop() {
				_, st, err := hamilton.Count(context.Background(), p, hamilton.Options{})
				if err != nil {
					b.Fatal(err)
				}
				nodes += st.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkSolveSweep runs Find on every n x m board with 5 <= n, m <= 64,
// for Diplomatico and the knight, without and with the start fixed at 1,1,
// and reports the slowest board (goal: none over 50 ms) and the mean.
func BenchmarkSolveSweep(b *testing.B) {
	for _, mv := range []string{"hopido", "knight"} {
		for _, fixed := range []bool{false, true} {
			name := mv + "-free"
			if fixed {
				name = mv + "-from-1,1"
			}
			b.Run(name, func(b *testing.B) {
				var worst, total time.Duration
				var worstBoard string
				boards := 0
				for b.Loop() {
					for r := 5; r <= 64; r++ {
						for c := 5; c <= 64; c++ {
							bg := benchGraph(b, fmt.Sprintf("%dx%d", r, c), mv)
							p := hamilton.Problem{G: bg.Graph}
							if fixed {
								p.FixStart, p.Start = true, 0
							}
							t0 := time.Now()
							if _, _, err := hamilton.Find(context.Background(), p, hamilton.Options{Rank: bg.CentreRank()}); err != nil {
								b.Fatalf("%dx%d: %v", r, c, err)
							}
							d := time.Since(t0)
							total += d
							boards++
							if d > worst {
								worst, worstBoard = d, fmt.Sprintf("%dx%d", r, c)
							}
						}
					}
				}
				b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
				b.ReportMetric(float64(total.Microseconds())/1000/float64(boards), "mean-ms")
				b.Logf("slowest board %s: %v", worstBoard, worst)
			})
		}
	}
}
