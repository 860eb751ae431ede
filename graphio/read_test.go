package graphio_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// edgeSet lists g's edges as "u-v" over names, sorted.
func edgeSet(g *graph.Graph, name func(v int32) string) []string {
	var out []string
	for u := range int32(g.N()) {
		for _, v := range g.Neighbors(u) {
			if u < v {
				a, b := name(u), name(v)
				if a > b {
					a, b = b, a
				}
				out = append(out, a+"-"+b)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestSamples reads the house graph (a square 1-2-3-4 with a roof 5 on 3
// and 4) in every format, detected by content, and gets the same graph.
func TestSamples(t *testing.T) {
	want := []string{"0-1", "0-3", "1-2", "2-3", "2-4", "3-4"}
	for _, tc := range []struct {
		file   string
		format graphio.Format
		names  []string
		name   string
	}{
		{"house.edges", graphio.EdgeList, []string{"a", "b", "c", "d", "e"}, ""},
		{"house.dimacs", graphio.DIMACS, []string{"1", "2", "3", "4", "5"}, ""},
		{"house-edgelist.hcp", graphio.TSPLIB, []string{"1", "2", "3", "4", "5"}, "house"},
		{"house-adjlist.hcp", graphio.TSPLIB, []string{"1", "2", "3", "4", "5"}, "house"},
		{"house.graphml", graphio.GraphML, []string{"a", "b", "c", "d", "e"}, "house"},
		{"house.json", graphio.NodeLink, []string{"a", "b", "c", "d", "e"}, ""},
		{"house-d3.json", graphio.NodeLink, []string{"0", "1", "2", "3", "4"}, ""},
	} {
		t.Run(tc.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", "samples", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			g, err := graphio.Read(f, graphio.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if g.Format != tc.format || g.Name != tc.name {
				t.Errorf("format %s, name %q; want %s, %q", g.Format, g.Name, tc.format, tc.name)
			}
			if names := vertexNames(g); !slices.Equal(names, tc.names) {
				t.Errorf("names %v, want %v", names, tc.names)
			}
			got := edgeSet(g.G, func(v int32) string { return string(rune('0' + v)) })
			if !slices.Equal(got, want) {
				t.Errorf("edges %v, want %v", got, want)
			}
		})
	}
}

// TestBadInput checks that malformed and oversized files are refused with
// one line that names the problem and the fix.
func TestBadInput(t *testing.T) {
	small := graphio.Limits{MaxVertices: 4, MaxEdges: 3, MaxBytes: 200, MaxLine: 50}
	for _, tc := range []struct {
		name, in string
		lim      graphio.Limits
		want     error
		says     string
	}{
		{"dimacs no p", "c x\ne 1 2\n", graphio.Limits{}, graphio.ErrFormat, "start with 'p edge N M'"},
		{"dimacs range", "p edge 3 1\ne 1 4\n", graphio.Limits{}, graphio.ErrFormat, "numbered 1 to 3"},
		{"dimacs junk", "p edge 3 1\nx 1 2\n", graphio.Limits{}, graphio.ErrFormat, "'e U V'"},
		{"dimacs huge n", "p edge 99999999999 1\n", graphio.Limits{}, graphio.ErrTooLarge, "check the header"},
		{"tsplib tsp", "NAME : x\nTYPE : TSP\nDIMENSION : 3\n", graphio.Limits{}, graphio.ErrFormat, "TYPE : HCP"},
		{"tsplib no dim", "TYPE : HCP\nEDGE_DATA_SECTION\n1 2\n", graphio.Limits{}, graphio.ErrFormat, "DIMENSION"},
		{"tsplib half", "TYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n1 2 3\n-1\n", graphio.Limits{}, graphio.ErrFormat, "half an edge"},
		{"tsplib range", "TYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n1 7\n-1\n", graphio.Limits{}, graphio.ErrFormat, "out of range 1 to 3"},
		// A DIMENSION past the limit with numbers on the section's line (it panicked).
		{"tsplib huge n, inline data", "TYPE : HCP\nDIMENSION : 9\nEDGE_DATA_SECTION 1 2\n", small, graphio.ErrTooLarge, "give a smaller graph"},
		{"graphml directed", `<graphml><graph edgedefault="directed"><node id="a"/></graph></graphml>`, graphio.Limits{}, graphio.ErrFormat, `edgedefault="undirected"`},
		{"graphml broken", `<graphml><graph><node id="a"></graph>`, graphio.Limits{}, graphio.ErrFormat, "not well-formed"},
		{"graphml root", `<svg/>`, graphio.Limits{}, graphio.ErrFormat, "not <graphml>"},
		{"graphml dup", `<graphml><graph><node id="a"/><node id="a"/></graph></graphml>`, graphio.Limits{}, graphio.ErrFormat, "unique"},
		{"json directed", `{"directed": true, "nodes": [{"id": 1}], "links": []}`, graphio.Limits{}, graphio.ErrFormat, `"directed": false`},
		{"json broken", `{"nodes": [`, graphio.Limits{}, graphio.ErrFormat, "does not parse"},
		{"json index", `{"nodes": [{}], "links": [{"source": 0, "target": 5}]}`, graphio.Limits{}, graphio.ErrFormat, "give node ids"},
		{"empty", "# nothing\n", graphio.Limits{}, graphio.ErrFormat, "no vertices"},
		{"too many vertices", "a b\nc d\ne f\n", small, graphio.ErrTooLarge, "give a smaller graph"},
		{"too many edges", "a b\nb c\nc d\nd a\n", small, graphio.ErrTooLarge, "more than 3 edges: give a smaller graph"},
		{"too many bytes", strings.Repeat("a b\n", 100), small, graphio.ErrTooLarge, "larger than 200 bytes"},
		{"long line", "a " + strings.Repeat("b", 80) + "\n", small, graphio.ErrTooLarge, "longer than 50 bytes"},
		{"json too big", `{"nodes": [` + strings.Repeat(`{"id": 1},`, 40) + `]}`, small, graphio.ErrTooLarge, "larger than 200 bytes"},
		// Wrong kinds the edge-list reader used to take word by word.
		{"dot", "digraph { a -> b; b -> c }\n", graphio.Limits{}, graphio.ErrFormat, "a Graphviz DOT file, which boardgraph writes (export --to dot) but does not read"},
		{"dot strict", "// made by hand\nstrict graph \"g\" {\n  a -- b;\n}\n", graphio.Limits{}, graphio.ErrFormat, "Graphviz DOT"},
		{"bgp", "\x89BGP\r\n\x1a\n\x01\x00\x00\x00", graphio.Limits{}, graphio.ErrFormat, "a binary path file (.bgp) of boardgraph solve, not a graph"},
		{"binary", "a b\n\x00\x07\xff c\n", graphio.Limits{}, graphio.ErrFormat, "binary data, not a graph"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := graphio.Read(strings.NewReader(tc.in), tc.lim)
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, tc.says) {
				t.Errorf("error %q should be one line saying %q", msg, tc.says)
			}
		})
	}
}

// TestLoopsAndDuplicates: a Hamiltonian path uses neither, so they are
// dropped and counted.
func TestLoopsAndDuplicates(t *testing.T) {
	g, err := graphio.Read(strings.NewReader("1 1\n1 2\n2 1\n2 3\n"), graphio.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if g.G.N() != 3 || g.G.M() != 2 || g.Loops != 1 || g.Duplicates != 1 {
		t.Errorf("N=%d M=%d loops=%d dups=%d, want 3 2 1 1", g.G.N(), g.G.M(), g.Loops, g.Duplicates)
	}
}

// TestRoundTrip writes the 4x5 Diplomatico board graph in every format
// Read understands and reads it back: the same vertices (by name, where the
// format keeps names) and edges.
func TestRoundTrip(t *testing.T) {
	bg := testfix.SpecGraph(t, "4x5", "hopido")
	src := graphio.BoardSource(bg, "4x5 hopido")
	// Part of a path: its properties must not disturb the readers.
	src.Path = []int32{0}
	for len(src.Path) < 4 {
		for _, w := range bg.Neighbors(src.Path[len(src.Path)-1]) {
			if !slices.Contains(src.Path, w) {
				src.Path = append(src.Path, w)
				break
			}
		}
	}
	want := edgeSet(bg.Graph, src.ID)
	for _, f := range []graphio.Format{graphio.GraphML, graphio.NodeLink, graphio.EdgeList, graphio.DIMACS, graphio.TSPLIB} {
		t.Run(string(f), func(t *testing.T) {
			var buf bytes.Buffer
			if err := graphio.Write(context.Background(), &buf, f, src, graphio.WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			g, err := graphio.Read(&buf, graphio.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if g.Format != f {
				t.Errorf("detected %s", g.Format)
			}
			name := g.VertexName
			if f == graphio.DIMACS || f == graphio.TSPLIB {
				name = func(v int32) string { return src.ID(v) } // numbered in graph order
			}
			if got := edgeSet(g.G, name); !slices.Equal(got, want) || g.G.N() != bg.N() {
				t.Errorf("read back %d vertices and edges %v\nwant %d and %v", g.G.N(), got, bg.N(), want)
			}
		})
	}
}

// TestWriteRefusesBadPath: a path that is not a path writes nothing.
func TestWriteRefusesBadPath(t *testing.T) {
	bg := testfix.SpecGraph(t, "4x5", "hopido")
	src := graphio.BoardSource(bg, "")
	src.Path = []int32{0, 1}
	var buf bytes.Buffer
	if err := graphio.Write(context.Background(), &buf, graphio.GraphML, src, graphio.WriteOptions{}); err == nil || buf.Len() > 0 {
		t.Errorf("wrote %d bytes for a path with a non-move step (err %v)", buf.Len(), err)
	}
}

// TestTour writes a TSPLIB tour.
func TestTour(t *testing.T) {
	var buf bytes.Buffer
	if err := graphio.WriteTour(&buf, "house", 5, []int32{0, 1, 2, 4, 3}); err != nil {
		t.Fatal(err)
	}
	want := "NAME : house\nCOMMENT : Hamiltonian cycle found and verified by boardgraph\nTYPE : TOUR\nDIMENSION : 5\nTOUR_SECTION\n1\n2\n3\n5\n4\n-1\nEOF\n"
	if buf.String() != want {
		t.Errorf("tour:\n%s\nwant:\n%s", buf.String(), want)
	}
}

// FuzzRead feeds arbitrary bytes to the reader (seeded with every sample in
// testdata/samples): it must not panic, its errors are one line, and what it
// accepts survives a round trip through the edge list writer.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "samples", "*"))
	for _, name := range files {
		data := testfix.ReadFile(f, name)
		f.Add(data)
	}
	f.Add([]byte("p edge 2 1\ne 1 2\n"))
	f.Add([]byte("TYPE : HCP\nDIMENSION : 2\nEDGE_DATA_FORMAT : ADJ_LIST\nEDGE_DATA_SECTION 1 2 -1 -1\nEOF\n"))
	lim := graphio.Limits{MaxBytes: 1 << 16, MaxVertices: 1 << 10, MaxEdges: 1 << 12, MaxLine: 1 << 12}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := graphio.Read(bytes.NewReader(data), lim)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			if !errors.Is(err, graphio.ErrFormat) && !errors.Is(err, graphio.ErrTooLarge) {
				t.Errorf("error %v wraps neither ErrFormat nor ErrTooLarge", err)
			}
			return
		}
		if g.G.N() > lim.MaxVertices || g.G.M() > lim.MaxEdges {
			t.Fatalf("accepted %d vertices, %d edges", g.G.N(), g.G.M())
		}
		for v := range int32(g.G.N()) {
			if s := g.VertexName(v); g.Index(s) != v {
				t.Fatalf("vertex %d is called %q, but Index(%q) is %d", v, s, s, g.Index(s))
			}
		}
		// Names with white space or commas, and names starting with a
		// comment character, do not survive an edge list: check the rest.
		for _, s := range vertexNames(g) {
			if s == "" || strings.ContainsAny(s, " \t\r\n\v\f\u0085\u00a0,#%") || strings.ContainsFunc(s, func(r rune) bool {
				return r == 0x1680 || r >= 0x2000 && r <= 0x200a || r == 0x2028 || r == 0x2029 || r == 0x202f || r == 0x205f || r == 0x3000
			}) {
				return
			}
		}
		var buf bytes.Buffer
		if err := graphio.Write(context.Background(), &buf, graphio.EdgeList, graphio.NamedSource(g), graphio.WriteOptions{}); err != nil {
			t.Fatal(err)
		}
		back, err := graphio.ReadFormat(&buf, graphio.EdgeList, graphio.Limits{})
		if err != nil {
			t.Fatalf("the edge list of an accepted graph does not read back: %v", err)
		}
		name := func(n *graphio.Named) func(int32) string { return n.VertexName }
		if !slices.Equal(edgeSet(g.G, name(g)), edgeSet(back.G, name(back))) || back.G.N() != g.G.N() {
			t.Fatalf("edge list round trip changed the graph")
		}
	})
}

// vertexNames lists g's vertex names in order; a name whose Index is
// another vertex is marked.
func vertexNames(g *graphio.Named) []string {
	out := make([]string, g.G.N())
	for v := range int32(g.G.N()) {
		out[v] = g.VertexName(v)
		if i := g.Index(out[v]); i != v {
			out[v] += fmt.Sprintf(" (Index %d)", i)
		}
	}
	return out
}
