package puzzleio

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/numberlink"
)

// TestJSONSolutionRoundTrip writes the Figure 4 grid with its solution, reads
// it back, and maps the bridges onto the same solution; the output is valid
// JSON with the documented field names.
func TestJSONSolutionRoundTrip(t *testing.T) {
	t.Parallel()
	g, _, _ := numberlink.Figure4()
	sol := solutions(t, g)[0]
	for _, rules := range []numberlink.Rules{{}, {NoLoops: true, AllowDisconnected: true}} {
		data, err := MarshalPuzzle(g, rules, sol)
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]any
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatalf("invalid JSON: %v\n%s", err, data)
		}
		for _, key := range []string{"rows", "cols", "k", "clues", "bridges"} {
			if _, ok := raw[key]; !ok {
				t.Errorf("no %q in\n%s", key, data)
			}
		}
		p, err := UnmarshalPuzzle(data)
		if err != nil {
			t.Fatal(err)
		}
		if !sameGrid(p.Grid, g) || p.Rules != rules {
			t.Errorf("grid or rules changed: %+v", p.Rules)
		}
		back, err := numberlink.SolutionFromBridges(p.Grid, p.Bridges)
		if err != nil || !slices.Equal(back, sol) {
			t.Errorf("bridges: %v %v", back, err)
		}
	}
}
