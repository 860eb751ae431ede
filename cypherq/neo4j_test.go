package cypherq_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/cypherq"
	"github.com/boardgraph/boardgraph/moves"
)

// TestNeo4j runs the paper's strategies on 4x5 against the Neo4j server
// named by NEO4J_URI (with NEO4J_USERNAME, NEO4J_PASSWORD), when there is
// one: every path returned is verified by RunBoard; NODE_PATH and the
// Constructive query return all 144 directed paths, and the paper's
// NODE_GLOBAL returns what the Expand model predicts.
func TestNeo4j(t *testing.T) {
	uri := os.Getenv("NEO4J_URI")
	if uri == "" {
		t.Skip("skipped: NEO4J_URI is not set, so there is no Neo4j server to run the paper's queries against (Neo4j cannot be installed here; TestKuzuPaperQueries runs them in Kuzu)")
	}
	user := os.Getenv("NEO4J_USERNAME")
	if user == "" {
		user = "neo4j"
	}
	ctx := context.Background()
	srv, err := cypherq.Connect(ctx, uri, user, os.Getenv("NEO4J_PASSWORD"))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close(ctx)
	b, _ := board.ParseSpec("4x5")
	bg := moves.Build(b, moves.Hopido())
	if err := srv.Load(ctx, cypherq.BoardRows(bg)); err != nil {
		t.Fatal(err)
	}
	global, _ := cypherq.ExpandCount(bg.Graph, cypherq.ExpandOptions{MinLevel: 19, MaxLevel: 19, Uniqueness: "NODE_GLOBAL"})
	want := map[cypherq.Strategy]int{cypherq.Constructive: 144, cypherq.APOCNodePath: 144, cypherq.APOC: int(global), cypherq.Raw: 144}
	res, err := cypherq.RunBoard(ctx, srv, bg, cypherq.Options{}, cypherq.Strategies, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		switch {
		case r.Err != nil:
			t.Logf("%s: %v (APOC may be missing)", r.Strategy, r.Err)
		case r.TimedOut:
			t.Logf("%s: timed out after a minute with %d paths", r.Strategy, r.Paths)
		case r.Paths != want[r.Strategy]:
			t.Errorf("%s: %d paths, want %d", r.Strategy, r.Paths, want[r.Strategy])
		default:
			t.Logf("%s: %d paths in %v", r.Strategy, r.Paths, r.Elapsed)
		}
	}
}
