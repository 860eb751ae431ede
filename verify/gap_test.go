package verify

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestPathBlankLineBetweenCells: a blank line between cells separates two
// paths (enumerate's output), which ParsePath and StreamText refuse as
// unreadable; enumerate's 144 paths of 4x5 were read as one path and
// reported invalid ("1,1 was already visited", exit 1). Blank lines and
// comments before and after the path stay allowed.
func TestPathBlankLineBetweenCells(t *testing.T) {
	one := "1,1\n1,2\n2,2\n2,1\n"
	r := Rules{Rows: 2, Cols: 2, Leapers: [][2]int{{1, 0}}}
	for _, tc := range []struct {
		in  string
		gap bool
	}{
		{one, false},
		{"\n\n" + one + "\n\n# end\n", false},
		{"// head\n\n" + one + "\n", false},
		{one + "\n" + one, true},
		{"1,1\n1,2\n\n2,2\n2,1\n", true},
		{"1,1\n1,2\n\n# note\n2,2\n2,1\n", true},
		{"1,1\n1,2\n   \r\n2,2\n2,1\n", true},
	} {
		_, err := ParsePath(strings.NewReader(tc.in))
		_, serr := StreamText(context.Background(), r, strings.NewReader(tc.in), StreamOptions{})
		for name, e := range map[string]error{"ParsePath": err, "StreamText": serr} {
			got := errors.Is(e, ErrSyntax) && strings.Contains(e.Error(), "one path per file")
			if got != tc.gap || (!tc.gap && e != nil) {
				t.Errorf("%s(%q): %v, want a gap error %v", name, tc.in, e, tc.gap)
			}
		}
	}
}
