package verify

import (
	"errors"
	"strings"
	"testing"
)

// TestKGridRules: each rule of a solved k-grid, broken alone, is reported
// with its sentinel and a one-line message naming the cells.
func TestKGridRules(t *testing.T) {
	t.Parallel()
	// 3x3 with a hole in the middle:
	//   2 . 2
	//   . . .
	//   2 . 2
	ring := []int{2, 0, 2, 0, 0, 0, 2, 0, 2}
	sq := func(n int) []Bridge {
		return []Bridge{{0, 0, 0, 2, n}, {0, 2, 2, 2, n}, {2, 2, 2, 0, n}, {2, 0, 0, 0, n}}
	}
	// 3x3 plus: a centre node crossed by nothing; row 1 and column 1.
	plus := []int{0, 1, 0, 1, 0, 1, 0, 1, 0}
	tests := []struct {
		name    string
		rows    int
		clues   []int
		k       int
		rules   KGridRules
		bridges []Bridge
		want    error
		msg     string
	}{
		{"ring solved", 3, ring, 2, KGridRules{}, sq(1), nil, ""},
		{"ring loop with noloops", 3, ring, 2, KGridRules{NoLoops: true}, sq(1), ErrLoop, "tree"},
		{"ring reversed ends", 3, ring, 2, KGridRules{}, []Bridge{{0, 2, 0, 0, 1}, {2, 2, 0, 2, 1}, {2, 0, 2, 2, 1}, {0, 0, 2, 0, 1}}, nil, ""},
		{"ring split in two", 3, ring, 2, KGridRules{}, []Bridge{{0, 0, 0, 2, 2}, {2, 0, 2, 2, 2}}, ErrDisconnected, "cannot reach"},
		{"ring split allowed", 3, ring, 2, KGridRules{AllowDisconnected: true}, []Bridge{{0, 0, 0, 2, 2}, {2, 0, 2, 2, 2}}, nil, ""},
		{"incomplete", 3, ring, 2, KGridRules{}, sq(1)[:3], ErrIncomplete, "(1,1) has 1 connection, its number is 2"},
		{"over limit by repeats", 3, ring, 1, KGridRules{}, append(sq(1), Bridge{0, 0, 0, 2, 1}), ErrOverLimit, "has 2, k=1"},
		{"count above k", 3, ring, 1, KGridRules{}, []Bridge{{0, 0, 0, 2, 2}}, ErrBadBridge, "1..1"},
		{"diagonal", 3, ring, 2, KGridRules{}, []Bridge{{0, 0, 2, 2, 1}}, ErrBadBridge, "one row or one column"},
		{"empty end", 3, ring, 2, KGridRules{}, []Bridge{{0, 0, 0, 1, 1}}, ErrBadBridge, "numbered cells"},
		{"off grid", 3, ring, 2, KGridRules{}, []Bridge{{0, 0, 0, 5, 1}}, ErrBadBridge, ""},
		{"through a node", 1, []int{1, 2, 1}, 2, KGridRules{}, []Bridge{{0, 0, 0, 2, 1}}, ErrNotNeighbours, "passes the node at (1,2)"},
		{"crossing", 3, plus, 2, KGridRules{}, []Bridge{{1, 0, 1, 2, 1}, {0, 1, 2, 1, 1}}, ErrCrossing, "meet at (2,2)"},
		{"zero bridges ignored", 3, ring, 2, KGridRules{}, append(sq(1), Bridge{0, 0, 2, 2, 0}), nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := KGrid(tc.rows, len(tc.clues)/tc.rows, tc.clues, tc.k, tc.rules, tc.bridges)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("want a solution, got %v", err)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.msg) || strings.Contains(err.Error(), "\n") {
				t.Errorf("message %q lacks %q", err, tc.msg)
			}
		})
	}
}
