package numberlink

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestGenerateTooSmall: a board with room for fewer than two islands is
// refused in words that name the fix (it said "2 islands on 1x1: use 2 to
// 1").
func TestGenerateTooSmall(t *testing.T) {
	for _, c := range []struct {
		rows, cols int
		style      Style
	}{{1, 1, StyleHashi}, {1, 2, StyleHashi}, {2, 1, StyleHashi}, {1, 1, StylePuzzledom}} {
		_, _, err := Generate(context.Background(), GenerateOptions{Rows: c.rows, Cols: c.cols, K: 2, Style: c.style, Seed: 1})
		if !errors.Is(err, ErrGenerate) || !strings.Contains(err.Error(), "use a larger board") || strings.Contains(err.Error(), "use 2 to 1") {
			t.Errorf("%dx%d style %v: %v", c.rows, c.cols, c.style, err)
		}
	}
	if _, _, err := Generate(context.Background(), GenerateOptions{Rows: 1, Cols: 3, K: 2, Seed: 1}); err != nil {
		t.Errorf("1x3 has room for two islands: %v", err)
	}
}
