package cypherq_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/cypherq"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden pins the generated Cypher of every strategy, with and without
// a fixed start, end and limit, for the paper's smallest board (4x5, 20
// nodes) and for a graph that is not a board (ids instead of row, col).
func TestGolden(t *testing.T) {
	type variant struct {
		name string
		n    int
		opt  cypherq.Options
	}
	variants := []variant{
		{"4x5", 20, cypherq.Options{}},
		{"4x5-limit1", 20, cypherq.Options{Limit: 1}},
		{"4x5-corners", 20, cypherq.Options{Start: &cypherq.Endpoint{Row: 1, Col: 1}, End: &cypherq.Endpoint{Row: 4, Col: 5}}},
		{"4x5-corners-limit1", 20, cypherq.Options{Start: &cypherq.Endpoint{Row: 1, Col: 1}, End: &cypherq.Endpoint{Row: 4, Col: 5}, Limit: 1}},
		{"ids-start", 5, cypherq.Options{Start: &cypherq.Endpoint{ID: `a "quoted" id`}}},
	}
	for _, s := range cypherq.Strategies {
		for _, v := range variants {
			name := fmt.Sprintf("%s-%s", s, v.name)
			t.Run(name, func(t *testing.T) {
				got, err := cypherq.Query(s, v.n, v.opt)
				if err != nil {
					t.Fatal(err)
				}
				golden := filepath.Join("testdata", name+".golden")
				if *update {
					testfix.WriteFile(t, golden, []byte(got+"\n"))
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -update to create it)", err)
				}
				if got+"\n" != string(want) {
					t.Errorf("query differs from %s:\n%s", golden, got)
				}
			})
		}
	}
}

// TestExpandUniqueness is the NODE_GLOBAL investigation on the paper's 4x5
// board: NODE_PATH with min = max level 19 yields exactly the 144 directed
// Hamiltonian paths (the paper's count), NODE_GLOBAL breadth first (APOC's
// default, the paper's setting) yields none, and depth first at most one
// per start node.
func TestExpandUniqueness(t *testing.T) {
	b, _ := board.ParseSpec("4x5")
	bg := moves.Build(b, moves.Hopido())
	n := bg.N()
	for _, tc := range []struct {
		uniq string
		dfs  bool
		want uint64
		max  bool
	}{
		{"NODE_PATH", false, 144, false},
		{"NODE_PATH", true, 144, false},
		{"NODE_GLOBAL", false, 0, false},
		{"NODE_GLOBAL", true, uint64(n), true},
	} {
		got, err := cypherq.ExpandCount(bg.Graph, cypherq.ExpandOptions{MinLevel: n - 1, MaxLevel: n - 1, Uniqueness: tc.uniq, DFS: tc.dfs})
		if err != nil {
			t.Fatal(err)
		}
		if (!tc.max && got != tc.want) || (tc.max && got > tc.want) {
			t.Errorf("%s dfs=%v: %d paths, want %d (max=%v)", tc.uniq, tc.dfs, got, tc.want, tc.max)
		}
		t.Logf("%s dfs=%v: %d paths of 19 moves on 4x5", tc.uniq, tc.dfs, got)
	}
}

// TestParseStrategies: "all" is every strategy in the paper's order.
func TestParseStrategies(t *testing.T) {
	if s, err := cypherq.ParseStrategies("all"); err != nil || len(s) != len(cypherq.Strategies) || s[0] != cypherq.Raw {
		t.Errorf("all: %v %v", s, err)
	}
	if s, err := cypherq.ParseStrategies("apoc"); err != nil || len(s) != 1 || s[0] != cypherq.APOC {
		t.Errorf("apoc: %v %v", s, err)
	}
	if _, err := cypherq.ParseStrategies("fast"); err == nil || !strings.Contains(err.Error(), "use raw") {
		t.Errorf("fast: %v", err)
	}
}
