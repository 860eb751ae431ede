package request

import (
	"errors"
	"fmt"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/render"
)

// TestIsInput: the sentinels of input the user fixes are input, also when
// wrapped; a proof of no solution and a bug are not.
func TestIsInput(t *testing.T) {
	t.Parallel()
	for _, err := range []error{ErrInput, render.ErrFileName, render.ErrTooLarge, hidato.ErrPuzzle, hamilton.ErrInvalid} {
		if !IsInput(fmt.Errorf("context: %w", err)) {
			t.Errorf("%v is not input", err)
		}
	}
	for _, err := range []error{hamilton.ErrNoSolution, &UnverifiedError{Solver: "the engine", Err: errors.New("x")}, errors.New("other")} {
		if IsInput(err) {
			t.Errorf("%v is input", err)
		}
	}
}
