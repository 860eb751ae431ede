package verify_test

import (
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/verify"
)

// TestGraphPath checks paths on the house graph: a square 0-1-2-3 with a
// roof 4 on 2 and 3.
func TestGraphPath(t *testing.T) {
	house := verify.GraphRules{N: 5, Edges: [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {2, 4}, {3, 4}}, Start: -1, End: -1}
	closed := house
	closed.Closed = true
	fixed := house
	fixed.Start, fixed.End = 0, 4
	for _, tc := range []struct {
		name string
		r    verify.GraphRules
		path []int
		says string
	}{
		{"path", house, []int{0, 1, 2, 4, 3}, ""},
		{"cycle", closed, []int{0, 1, 2, 4, 3}, ""},
		{"fixed", fixed, []int{0, 1, 2, 3, 4}, ""},
		{"not closed", closed, []int{1, 0, 3, 2, 4}, "does not close"},
		{"short", house, []int{0, 1, 2, 3}, "visits all 5"},
		{"repeat", house, []int{0, 1, 2, 3, 0}, "already visited"},
		{"jump", house, []int{0, 2, 1, 3, 4}, "not adjacent"},
		{"range", house, []int{0, 1, 2, 3, 9}, "not in the graph"},
		{"start", fixed, []int{1, 0, 3, 2, 4}, "starts at"},
		{"end", fixed, []int{0, 1, 2, 4, 3}, "ends at"},
	} {
		err := verify.GraphPath(tc.r, tc.path)
		if tc.says == "" && err != nil || tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.says)
		}
	}
}
