package request

import (
	"fmt"

	"github.com/boardgraph/boardgraph/verify"
)

// UnverifiedError is a solution that a solver returned and the
// independent verifier rejected: a bug in the solver, never bad input.
// Nothing was written.
type UnverifiedError struct {
	Solver string // "the engine", "the construction"
	Err    error  // the verifier's reason
}

func (e *UnverifiedError) Error() string {
	return fmt.Sprintf("%s returned a path that fails verification (%v); nothing was printed", e.Solver, e.Err)
}

func (e *UnverifiedError) Unwrap() error { return e.Err }

// Verified converts an engine path to 1-based cells and checks it with
// the independent verifier; a rejected path is an *UnverifiedError.
func (s *Search) Verified(path []int32) ([]verify.Cell, error) {
	cells := s.Cells(path)
	if err := verify.Path(s.Rules(), cells); err != nil {
		return nil, &UnverifiedError{"the engine", err}
	}
	return cells, nil
}

// Verified checks an engine's path with the independent verifier; a
// rejected path is an *UnverifiedError.
func (gr *Graph) Verified(path []int32) error {
	if err := gr.Check(path); err != nil {
		return &UnverifiedError{"the engine", err}
	}
	return nil
}
