package graphio_test

import (
	"context"
	"sync"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/moves"
)

// countWriter counts the bytes written.
type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

var bigOnce = sync.OnceValue(func() *moves.BoardGraph {
	b, _ := board.ParseSpec("1000x1000")
	return moves.Build(b, moves.Hopido())
})

// BenchmarkWrite1000 writes the 1000x1000 Diplomatico board graph (10^6
// nodes, about 4*10^6 edges) in every format to a byte counter: the
// writers' own cost, without the disk. The board graph is built once.
func BenchmarkWrite1000(b *testing.B) {
	bg := bigOnce()
	src := graphio.BoardSource(bg, "1000x1000 hopido")
	for _, f := range []graphio.Format{graphio.GraphML, graphio.DOT, graphio.NodeLink, graphio.CSV, graphio.Cypher, graphio.EdgeList, graphio.DIMACS, graphio.TSPLIB} {
		b.Run(string(f), func(b *testing.B) {
			var total int64
			for b.Loop() {
				var w countWriter
				var err error
				if f == graphio.CSV {
					err = graphio.WriteCSV(context.Background(), &w, &w, src)
				} else {
					err = graphio.Write(context.Background(), &w, f, src, graphio.WriteOptions{})
				}
				if err != nil {
					b.Fatal(err)
				}
				total = w.n
			}
			b.SetBytes(total)
			b.ReportMetric(float64(total)/1e6, "MB/op")
		})
	}
}
