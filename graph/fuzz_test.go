package graph_test

import (
	"encoding/binary"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/graph"
)

// FuzzFromCSR feeds arbitrary CSR arrays (the first byte splits the data
// into offsets and targets, each a run of little-endian int16 values) to the
// validator: it must never panic, and what it accepts must be a simple
// undirected graph.
func FuzzFromCSR(f *testing.F) {
	enc := func(split byte, xs ...int16) []byte {
		b := []byte{split}
		for _, x := range xs {
			b = binary.LittleEndian.AppendUint16(b, uint16(x))
		}
		return b
	}
	f.Add(enc(4, 0, 1, 3, 4, 1, 0, 2, 1))
	f.Add(enc(4, 0, 2, 1, 2, 1, 2))
	f.Add(enc(3, 0, 5, 2, 1, 0))
	f.Add(enc(1, 0))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		split := int(data[0])
		var xs []int32
		for i := 1; i+1 < len(data); i += 2 {
			xs = append(xs, int32(int16(binary.LittleEndian.Uint16(data[i:]))))
		}
		split = min(split, len(xs))
		off, tgt := slices.Clone(xs[:split]), slices.Clone(xs[split:])
		g, err := graph.FromCSR(off, tgt)
		if err != nil {
			return
		}
		n := int32(g.N())
		for v := range n {
			nb := g.Neighbors(v)
			for i, w := range nb {
				if w < 0 || w >= n || w == v || (i > 0 && nb[i-1] >= w) || !g.HasEdge(w, v) {
					t.Fatalf("accepted bad adjacency at %d: %v", v, nb)
				}
			}
		}
		g.Components()
		g.Bipartition()
		g.ArticulationPoints()
	})
}
