package request

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckGivenMoves: a blank --moves is bad input naming the presets;
// any other value passes (ParseMoves judges it).
func TestCheckGivenMoves(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", " ", "\t"} {
		err := CheckGivenMoves(s)
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "hopido (3,0+2,2)") {
			t.Errorf("%q: %v", s, err)
		}
	}
	if err := CheckGivenMoves("knight"); err != nil {
		t.Error(err)
	}
}
