package request

import (
	"context"
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/verify"
)

// Solve finds one solution with the search (opt: Search.Options plus the
// caller's seed, strategy and progress) and checks it with the
// independent verifier. A proof that there is none is an error wrapping
// hamilton.ErrNoSolution that says why ("no solution on 5x5 with ...: "
// and the reason); a path the verifier rejects is an *UnverifiedError.
// When ctx ends first it returns ctx's error.
func (s *Search) Solve(ctx context.Context, opt hamilton.Options) ([]verify.Cell, hamilton.Stats, error) {
	path, st, err := hamilton.Find(ctx, s.Problem, opt)
	if err != nil {
		return nil, st, noSolution(err, "no solution on "+s.Label(), st)
	}
	cells, err := s.Verified(path)
	return cells, st, err
}

// Solve finds one solution with the search and checks it with the
// independent verifier. A proof that there is none is an error wrapping
// hamilton.ErrNoSolution that says why; a path the verifier rejects is an
// *UnverifiedError. When ctx ends first it returns ctx's error.
func (gr *Graph) Solve(ctx context.Context, opt hamilton.Options) ([]int32, hamilton.Stats, error) {
	path, st, err := hamilton.Find(ctx, gr.Problem, opt)
	if err != nil {
		return nil, st, noSolution(err, fmt.Sprintf("no %s in %s", gr.Kind(), gr.File), st)
	}
	return path, st, gr.Verified(path)
}

// noSolution words an error of hamilton.Find that proves there is no
// solution: what ("no solution on 5x5 with ...") and the reason, or the
// nodes of a complete search. Other errors pass unchanged.
func noSolution(err error, what string, st hamilton.Stats) error {
	if !errors.Is(err, hamilton.ErrNoSolution) {
		return err
	}
	var reason *hamilton.Reason
	if errors.As(err, &reason) {
		return &wordedError{what + ": " + reason.Text, err}
	}
	return &wordedError{fmt.Sprintf("%s: the search examined every possibility (%d nodes)", what, st.Nodes), err}
}

// wordedError is err with another text.
type wordedError struct {
	msg string
	err error
}

func (e *wordedError) Error() string { return e.msg }
func (e *wordedError) Unwrap() error { return e.err }
