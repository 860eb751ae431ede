package hamilton_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
)

// BenchmarkShardOverhead counts Diplomatico and knight 6x6 with one worker,
// whole and as N shards one after another (each CountShard call has its own
// memo, as separate machines would), and reports the shards' summed time
// and nodes relative to the whole count: the price of splitting.
//
//	go test ./hamilton -run XXX -bench ShardOverhead -benchtime 1x
func BenchmarkShardOverhead(b *testing.B) {
	ctx := context.Background()
	for _, mv := range []string{"hopido", "knight"} {
		p := bigProblem(b, "6x6", mv, false, -1, -1)
		opt := hamilton.Options{Workers: 1}
		var wholeTime time.Duration
		var wholeNodes uint64
		b.Run(mv+"/whole", func(b *testing.B) {
			for b.Loop() {
				t0 := time.Now()
				_, st, err := hamilton.Count(ctx, p, opt)
				if err != nil {
					b.Fatal(err)
				}
				wholeTime, wholeNodes = time.Since(t0), st.Nodes
			}
			b.ReportMetric(float64(wholeNodes), "nodes")
		})
		for _, of := range []int{4, 16} {
			b.Run(fmt.Sprintf("%s/shards=%d", mv, of), func(b *testing.B) {
				var sum time.Duration
				var nodes uint64
				for b.Loop() {
					sum, nodes = 0, 0
					units, err := hamilton.SplitUnits(ctx, p, 0)
					if err != nil {
						b.Fatal(err)
					}
					for i := range of {
						t0 := time.Now()
						_, st, err := hamilton.CountShard(ctx, p, opt, i, of, hamilton.ShardOptions{Units: units})
						if err != nil {
							b.Fatal(err)
						}
						sum += time.Since(t0)
						nodes += st.Nodes
					}
				}
				b.ReportMetric(float64(nodes), "nodes")
				if wholeTime > 0 {
					b.ReportMetric(float64(sum)/float64(wholeTime), "time/whole")
					b.ReportMetric(float64(nodes)/float64(wholeNodes), "nodes/whole")
				}
			})
		}
	}
}
