package web

import (
	"context"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// The page's Solve on issue 39's 12x12 knight board: the search stops with
// the flow bound's proof (Find tries it while searching), said with its
// rule and its witness cells marked, instead of searching until the node
// budget runs out.
func TestLeaperHintFlowProof(t *testing.T) {
	L, err := leaperInput(&LeaperRequest{Board: testfix.Knight12x12, Moves: "knight"}, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	h, err := leaperHint(context.Background(), L, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	if h.Status != "dead" || h.Rule != "flow" || !strings.Contains(h.Reason, "60 cells marked X") || len(h.Cells) != 60 {
		t.Errorf("hint %+v; want dead by the flow rule, the 60 X cells marked", h)
	}
}
