package graphio_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// paperSource is the 4x5 Diplomatico board graph with a verified solution
// and the analysis counts per cell and per edge (paths_starting,
// paths_ending, paths_using: directed paths, 144 in all).
func paperSource(t *testing.T) (*moves.BoardGraph, *graphio.Source, *analysis.Result) {
	t.Helper()
	bg := testfix.SpecGraph(t, "4x5", "hopido")
	p := hamilton.Problem{G: bg.Graph}
	res, err := analysis.Analyze(context.Background(), p, analysis.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	src := graphio.BoardSource(bg, "4x5 hopido (3,0+2,2)")
	src.Path = res.Smallest
	src.NodeProps = []graphio.Prop{{Name: "paths_starting", Values: res.PerStart}, {Name: "paths_ending", Values: res.PerEnd}}
	src.EdgeProps = []graphio.Prop{{Name: "paths_using", Values: res.EdgeUse}}
	return bg, src, res
}

type nxView struct {
	Version    string                    `json:"version"`
	Directed   bool                      `json:"directed"`
	Multigraph bool                      `json:"multigraph"`
	Nodes      map[string]map[string]any `json:"nodes"`
	Degree     map[string]int            `json:"degree"`
	Edges      [][3]json.RawMessage      `json:"edges"`
}

// TestNetworkX has NetworkX read the GraphML and node-link JSON exports:
// it must see the same nodes (ids n_i_j), edges, and attributes: row, col,
// degree (equal to NetworkX's own degree), step (the solution), the
// analysis counts, and path_step on exactly the solution's edges.
func TestNetworkX(t *testing.T) {
	py := testfix.Tool(t, "python3-networkx", "python3")
	if err := exec.Command(py, "-c", "import networkx").Run(); err != nil {
		testfix.Missing(t, "python3 cannot import networkx (apt-get install python3-networkx)")
	}
	bg, src, res := paperSource(t)
	stepOf := map[string]int{}
	for i, v := range src.Path {
		stepOf[src.ID(v)] = i + 1
	}
	for _, f := range []graphio.Format{graphio.GraphML, graphio.NodeLink} {
		t.Run(string(f), func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "g."+string(f))
			var buf bytes.Buffer
			if err := graphio.Write(context.Background(), &buf, f, src, graphio.WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			testfix.WriteFile(t, file, buf.Bytes())
			cmd := exec.Command(py, filepath.Join("testdata", "nxread.py"), string(f), file)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("networkx: %v: %s", err, stderr.String())
			}
			var nx nxView
			if err := json.Unmarshal(out, &nx); err != nil {
				t.Fatal(err)
			}
			if nx.Directed || nx.Multigraph || len(nx.Nodes) != bg.N() || len(nx.Edges) != bg.M() {
				t.Fatalf("NetworkX %s sees directed=%v multigraph=%v, %d nodes, %d edges; want an undirected simple graph of %d and %d",
					nx.Version, nx.Directed, nx.Multigraph, len(nx.Nodes), len(nx.Edges), bg.N(), bg.M())
			}
			num := func(a any) int {
				x, _ := a.(float64)
				return int(x)
			}
			var starts, ends int
			for v := range int32(bg.N()) {
				id := src.ID(v)
				attrs, ok := nx.Nodes[id]
				if !ok {
					t.Fatalf("NetworkX has no node %s", id)
				}
				r, c := src.Cell(v)
				if num(attrs["row"]) != r || num(attrs["col"]) != c || num(attrs["degree"]) != bg.Degree(v) || nx.Degree[id] != bg.Degree(v) || num(attrs["step"]) != stepOf[id] {
					t.Errorf("node %s: NetworkX reads %v (degree %d); want row %d col %d degree %d step %d", id, attrs, nx.Degree[id], r, c, bg.Degree(v), stepOf[id])
				}
				if num(attrs["paths_starting"]) != int(res.PerStart[v]) || num(attrs["paths_ending"]) != int(res.PerEnd[v]) {
					t.Errorf("node %s: analysis counts %v, want %d %d", id, attrs, res.PerStart[v], res.PerEnd[v])
				}
				starts += num(attrs["paths_starting"])
				ends += num(attrs["paths_ending"])
			}
			if starts != 144 || ends != 144 {
				t.Errorf("paths_starting sums to %d and paths_ending to %d; want 144 each (directed, the paper's count)", starts, ends)
			}
			onPath, using := 0, 0
			for _, e := range nx.Edges {
				var u, v string
				var attrs map[string]any
				json.Unmarshal(e[0], &u)
				json.Unmarshal(e[1], &v)
				json.Unmarshal(e[2], &attrs)
				if s, ok := attrs["path_step"]; ok {
					a, b := stepOf[u], stepOf[v]
					if min(a, b) != num(s) || max(a, b)-min(a, b) != 1 {
						t.Errorf("edge %s-%s has path_step %v; its ends are steps %d and %d", u, v, s, a, b)
					}
					onPath++
				}
				using += num(attrs["paths_using"])
			}
			if onPath != bg.N()-1 {
				t.Errorf("%d edges carry path_step, want %d", onPath, bg.N()-1)
			}
			if using != 144*(bg.N()-1) {
				t.Errorf("paths_using sums to %d, want 144 paths x 19 moves = %d", using, 144*(bg.N()-1))
			}
		})
	}
}

// TestGraphviz renders the DOT export with dot -Tsvg: the picture has one
// node per cell and one edge per move.
func TestGraphviz(t *testing.T) {
	dot := testfix.Tool(t, "graphviz", "dot")
	bg, src, _ := paperSource(t)
	var in bytes.Buffer
	if err := graphio.Write(context.Background(), &in, graphio.DOT, src, graphio.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(dot, "-Tsvg")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	svg, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("dot: %v: %s", err, stderr.String())
	}
	s := string(svg)
	if n, m := strings.Count(s, `class="node"`), strings.Count(s, `class="edge"`); n != bg.N() || m != bg.M() {
		t.Errorf("dot drew %d nodes and %d edges, want %d and %d", n, m, bg.N(), bg.M())
	}
	if !strings.Contains(s, "<title>n_1_1</title>") || strings.Count(s, `stroke="red"`) != bg.N()-1 {
		t.Errorf("the SVG lacks node n_1_1 or the %d red solution edges", bg.N()-1)
	}
}
