package render

import (
	"errors"
	"strings"
	"testing"
)

// TestPathRefusesBadInput: Path refuses, with ErrInput and a reason, what
// it cannot draw, instead of drawing something else; in particular a
// --highlight step the path does not have (it was silently dropped).
func TestPathRefusesBadInput(t *testing.T) {
	b, path := gridPath(t, fig4) // 50 steps
	for _, tc := range []struct {
		name string
		path []int32
		opt  PathOptions
		want string
	}{
		{"highlight past the end", path, PathOptions{Highlight: []int{99}}, "highlight step 99"},
		{"highlight of the last step", path, PathOptions{Highlight: []int{50}}, "highlight step 50"},
		{"highlight 0", path, PathOptions{Highlight: []int{0}}, "highlight step 0"},
		{"highlight negative", path, PathOptions{Highlight: []int{25, -1}}, "highlight step -1"},
		{"highlight on an empty path", nil, PathOptions{Highlight: []int{1}}, "highlight step 1"},
		{"cell outside", []int32{0, 50}, PathOptions{}, "outside"},
		{"negative cell", []int32{-1}, PathOptions{}, "outside"},
	} {
		_, err := Path(b, tc.path, tc.opt)
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want ErrInput naming %q", tc.name, err, tc.want)
		}
	}
	if _, err := Path(b, path, PathOptions{Highlight: []int{1, 25, 49}}); err != nil {
		t.Errorf("highlights 1, 25, 49 of a 50-step path: %v", err)
	}
}
