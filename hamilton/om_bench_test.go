package hamilton_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
)

// BenchmarkOMKnight304 finds the start-to-end knight path of Okuno and
// Miyano's record, 304x304 from 1,1 to 304,1, with each strategy (issue
// target: under 10 s) and one worker or all. Every path found is checked.
func BenchmarkOMKnight304(b *testing.B) {
	bg := benchGraph(b, "304x304", "knight")
	n := int32(304)
	p := hamilton.Problem{G: bg.Graph, Start: 0, End: (n - 1) * n}
	og := oracleGraphOfGraph(bg.Graph)
	for _, s := range []hamilton.Strategy{hamilton.StrategyDefault, hamilton.StrategyOkunoMiyano} {
		for _, workers := range []int{1, 0} {
			b.Run(fmt.Sprintf("%s/workers=%d", s.Kind, workers), func(b *testing.B) {
				var nodes uint64
				for b.Loop() {
					ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
					path, st, err := hamilton.Find(ctx, p, hamilton.Options{Workers: workers, Strategy: s, Rank: bg.CentreRank()})
					cancel()
					if err != nil {
						b.Fatal(err)
					}
					if err := checkPath(og, p, path); err != nil {
						b.Fatal(err)
					}
					nodes += st.Nodes
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			})
		}
	}
}
