package cypherq_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/cypherq"
)

func TestWriteQueries(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	if err := cypherq.WriteQueries(&sb, cypherq.Strategies, 20, cypherq.Options{}, "4x5 hopido"); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	for _, s := range cypherq.Strategies {
		q, _ := cypherq.Query(s, 20, cypherq.Options{})
		if !strings.Contains(out, "// "+string(s)+", 4x5 hopido") || !strings.Contains(out, q+";\n") {
			t.Errorf("%s missing from %q", s, out)
		}
	}
	if !strings.Contains(out, "as published: NODE_GLOBAL") {
		t.Error("the APOC note is missing")
	}
}

func TestComparisonText(t *testing.T) {
	t.Parallel()
	c := cypherq.Comparison{Board: "4x5", Label: "4x5, hopido", Server: "Neo4j 5", Opt: cypherq.Options{Limit: 1, Start: &cypherq.Endpoint{Row: 1, Col: 1}},
		Timeout: 30 * time.Second, Ours: 1, OursTime: time.Millisecond,
		Results: []cypherq.Result{{Strategy: cypherq.Raw, Paths: 1, Elapsed: time.Second}, {Strategy: cypherq.APOC, Err: errors.New("no APOC\nhere")}}}
	var sb strings.Builder
	if err := c.WriteText(&sb); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	for _, want := range []string{"4x5, hopido on Neo4j 5: at most 1 path(s) from 1,1 to any cell (directed paths)\n", "1.0000s", "refused: no APOC; here"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q lacks %q", out, want)
		}
	}
}
