package request

import "github.com/boardgraph/boardgraph/internal/app/failure"

// The kinds of failure and their wording live in package failure, which
// the page's WebAssembly engine imports without the rest of this package;
// these names are the same values.

// ErrInput is failure.ErrInput: input the user can fix.
var ErrInput = failure.ErrInput

// Kind is failure.Kind, the kind of failure every front end tells apart.
type Kind = failure.Kind

// The kinds of failure (failure.Kind).
const (
	KindNoSolution = failure.KindNoSolution
	KindInput      = failure.KindInput
	KindStopped    = failure.KindStopped
	KindInternal   = failure.KindInternal
)

// KindError is failure.KindError, an error whose kind its maker chose.
type KindError = failure.KindError

// IncompleteError is failure.IncompleteError, a count that ended without
// a complete result for a reason other than its context.
type IncompleteError = failure.IncompleteError

// UnverifiedError is failure.UnverifiedError, a solution the independent
// verifier rejected.
type UnverifiedError = failure.UnverifiedError

// Inputf is failure.Inputf: bad input or usage, worded as fmt.Errorf does.
func Inputf(format string, a ...any) error { return failure.Inputf(format, a...) }

// Stopped is failure.Stopped: work stopped early after its partial result.
func Stopped(msg string) error { return failure.Stopped(msg) }

// NoSolution is failure.NoSolution: a proof that there is no solution.
func NoSolution(msg string) error { return failure.NoSolution(msg) }

// Internal is failure.Internal: a bug in boardgraph itself.
func Internal(msg string) error { return failure.Internal(msg) }

// Classify is failure.Classify: err worded as one line, and its kind.
func Classify(err error) (msg string, kind Kind) { return failure.Classify(err) }

// IsInput is failure.IsInput: err is input the user can fix.
func IsInput(err error) bool { return failure.IsInput(err) }

// IsIO is failure.IsIO: err is a failure of the machine, not the input.
func IsIO(err error) bool { return failure.IsIO(err) }
