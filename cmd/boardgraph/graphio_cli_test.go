package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/graphio"
)

// TestExportCLI checks export's formats, files and refusals.
func TestExportCLI(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	r := cli(t, "", "export", "4x5", "--to", "graphml", "--with-solution", "--quiet")
	if r.code != 0 || !strings.Contains(r.stdout, `<node id="n_4_5">`) || strings.Count(r.stdout, "<edge ") != 25 || !strings.Contains(r.stdout, `key="n_step"`) {
		t.Errorf("graphml export:\n%s", r)
	}
	g, err := graphio.Read(strings.NewReader(r.stdout), graphio.Limits{})
	if err != nil || g.G.N() != 20 || g.G.M() != 25 {
		t.Errorf("the GraphML export does not read back as 20 nodes and 25 edges: %v", err)
	}
	prefix := filepath.Join(dir, "b")
	r = cli(t, "", "export", "4x5", "--to", "csv", "--out", prefix, "--with-analysis")
	nodes, err1 := os.ReadFile(prefix + ".nodes.csv")
	rels, err2 := os.ReadFile(prefix + ".relationships.csv")
	if r.code != 0 || err1 != nil || err2 != nil {
		t.Fatalf("csv export: %v %v\n%s", err1, err2, r)
	}
	if !strings.HasPrefix(string(nodes), "id:ID,row:int,col:int,degree:int,paths_starting:long,paths_ending:long,:LABEL\n") || strings.Count(string(nodes), "\n") != 21 {
		t.Errorf("nodes.csv:\n%s", nodes)
	}
	if !strings.HasPrefix(string(rels), ":START_ID,:END_ID,:TYPE,paths_using:long\n") || strings.Count(string(rels), ",MOVE,") != 50 {
		t.Errorf("relationships.csv:\n%s", rels)
	}
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"export", "4x5"}, 2, "--to is required"},
		{[]string{"export", "4x5", "--to", "png"}, 2, "use graphml, dot"},
		{[]string{"export", "4x5", "--to", "csv"}, 2, "give --out PREFIX"},
		{[]string{"export", "4x4", "--to", "dot", "--with-solution"}, 1, "no solution"},
		{[]string{"export", "4x5", "--to", "dot", "--start", "1,1"}, 2, "add --with-solution"},
		{[]string{"export", "40x40", "--to", "dot", "--with-analysis"}, 2, "at most 1024"},
	} {
		refuses(t, tc.code, tc.says, tc.args...)
	}
	if _, err := os.Stat(filepath.Join(dir, "none")); err == nil {
		t.Error("a refused export left a file")
	}
}

// TestGraphFlag runs the commands on graph files (--graph): counts agree
// with the board commands when the file is the exported board graph, and
// board-only flags are refused by name.
func TestGraphFlag(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "4x5.hcp")
	if r := cli(t, "", "export", "4x5", "--to", "hcp", "--out", file, "--quiet"); r.code != 0 {
		t.Fatal(r)
	}
	gml := filepath.Join(dir, "4x5.graphml")
	if r := cli(t, "", "export", "4x5", "--to", "graphml", "--out", gml, "--quiet"); r.code != 0 {
		t.Fatal(r)
	}
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"count", "--graph", file}, 0, "144\n"},                                                   // the paper's 4x5 count, directed
		{[]string{"count", "--graph", gml, "--undirected", "--quiet"}, 0, "72\n"},                          // undirected
		{[]string{"count", "--graph", gml, "--start", "n_1_1", "--quiet"}, 0, "6\n"},                       // = count 4x5 --start 1,1
		{[]string{"count", "--graph", gml, "--method", "dp", "--quiet"}, 0, "144\n"},                       // the frontier DP on a graph
		{[]string{"count", "--graph", gml, "--method", "dp", "--order-seed", "7", "--quiet"}, 0, "144\n"},  // another order, the same count
		{[]string{"count", "--graph", gml, "--method", "dfs", "--order-seed", "7", "--quiet"}, 2, ""},      // the search has no order
		{[]string{"solve", "--graph", gml, "--start", "n_1_1", "--end", "n_4_5"}, 1, ""},                   // proven none
		{[]string{"info", "--graph", file}, 0, "hcp, 20 vertices, 25 edges"},                               // facts
		{[]string{"solve", "--graph", file, "--moves", "knight"}, 2, ""},                                   // board-only flag
		{[]string{"solve", "--graph", filepath.Join(dir, "missing")}, 2, ""},                               // no file
		{[]string{"solve", "--graph", file, "--closed", "--format", "tour", "--quiet"}, 0, "TOUR_SECTION"}, // 4x5 has closed tours
		{[]string{"enumerate", "--graph", gml, "--start", "n_1_1", "--format", "json"}, 0, `"verified":true`},
	} {
		r := cli(t, "", tc.args...)
		if r.code != tc.code || !strings.Contains(r.stdout, tc.out) {
			t.Errorf("%v: want exit %d and %q, got\n%s", tc.args, tc.code, tc.out, r)
		}
	}
	// A solution written by solve --graph verifies with verify --graph.
	r := cli(t, "", "solve", "--graph", gml, "--quiet")
	sol := filepath.Join(dir, "sol.txt")
	os.WriteFile(sol, []byte(r.stdout), 0o644)
	if v := cli(t, "", "verify", "--graph", gml, sol); v.code != 0 || !strings.HasPrefix(v.stdout, "valid: a Hamiltonian path") {
		t.Errorf("verify --graph of solve's output:\n%s", v)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	lines[3], lines[4] = lines[4], lines[3]
	os.WriteFile(sol, []byte(strings.Join(lines, "\n")), 0o644)
	if v := cli(t, "", "verify", "--graph", gml, sol); v.code != 1 || !strings.HasPrefix(v.stdout, "invalid:") {
		t.Errorf("verify --graph of a broken path:\n%s", v)
	}
}

// TestNeo4jCLI checks --print and the refusal without a server.
func TestNeo4jCLI(t *testing.T) {
	r := cli(t, "", "neo4j", "4x5", "--print", "--start", "1,1", "--limit", "1")
	if r.code != 0 || strings.Count(r.stdout, ";\n") != 4 || !strings.Contains(r.stdout, "MATCH (start:Node {row: 1, col: 1})") || !strings.Contains(r.stdout, `uniqueness: "NODE_PATH"`) {
		t.Errorf("neo4j --print:\n%s", r)
	}
	t.Setenv("NEO4J_URI", "")
	if r := cli(t, "", "neo4j", "4x5"); r.code != 2 || !strings.Contains(r.stderr, "no Neo4j server") {
		t.Errorf("neo4j without a server:\n%s", r)
	}
	if r := cli(t, "", "neo4j", "4x5", "--print", "--kuzu", "--strategy", "apoc"); r.code != 2 || !strings.Contains(r.stderr, "no APOC") {
		t.Errorf("neo4j --kuzu apoc:\n%s", r)
	}
}
