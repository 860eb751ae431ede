package graphio_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/verify"
)

// TestTSPLIBHCP reads the Hamiltonian cycle instances of TSPLIB 95
// (Reinelt; alb1000 to alb5000, 1000 to 5000 vertices, testdata/hcp, copied
// with their .opt.tour files from github.com/rhgrant10/tsplib95,
// archives/problems): each published tour passes the independent verifier,
// and the Okuno-Miyano search finds a cycle that passes it too.
func TestTSPLIBHCP(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "hcp", "*.hcp"))
	if len(files) < 5 {
		t.Fatalf("found %d instances in testdata/hcp", len(files))
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".hcp")
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			g, err := graphio.Read(f, graphio.Limits{})
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			rules := verify.GraphRules{N: g.G.N(), Start: -1, End: -1, Closed: true}
			for u := range int32(g.G.N()) {
				for _, v := range g.G.Neighbors(u) {
					if u < v {
						rules.Edges = append(rules.Edges, [2]int{int(u), int(v)})
					}
				}
			}
			tour := testfix.ReadFile(t, strings.TrimSuffix(file, ".hcp")+".opt.tour")
			_, sec, _ := strings.Cut(string(tour), "TOUR_SECTION")
			var published []int
			for _, tok := range strings.Fields(sec) {
				if tok == "-1" {
					break
				}
				x, _ := strconv.Atoi(tok)
				published = append(published, x-1)
			}
			if err := verify.GraphPath(rules, published); err != nil {
				t.Fatalf("the published tour fails: %v", err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			path, st, err := hamilton.Find(ctx, hamilton.Problem{G: g.G, Closed: true}, hamilton.Options{Strategy: hamilton.StrategyOkunoMiyano})
			if err != nil {
				t.Fatalf("no cycle found: %v (%d nodes)", err, st.Nodes)
			}
			found := make([]int, len(path))
			for i, v := range path {
				found[i] = int(v)
			}
			if err := verify.GraphPath(rules, found); err != nil {
				t.Fatalf("the cycle found fails verification: %v", err)
			}
			t.Logf("%s: %d vertices, %d edges: a verified Hamiltonian cycle in %v (%d nodes)", name, g.G.N(), g.G.M(), st.Elapsed, st.Nodes)
		})
	}
}
