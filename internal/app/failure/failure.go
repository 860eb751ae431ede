package failure

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/render"
	"github.com/boardgraph/boardgraph/verify"
)

// ErrInput reports input the user can fix: a bad flag value, an unreadable
// or oversized file, two inputs where one is wanted. Every error of
// internal/app/request wraps it or a parser's own sentinel (board.ErrSpec,
// moves.ErrMoves, ...).
var ErrInput = errors.New("bad input")

// Kind is the kind of failure every front end tells apart. The front ends
// word it for their users: cmd/boardgraph turns it into an exit code
// (docs/design.md: 1, 2, 3, 70), web into an HTTP status.
type Kind int

// The kinds of failure. The zero Kind is none of them.
const (
	KindNoSolution Kind = iota + 1 // a proof that there is no solution (or, for a check, an invalid one)
	KindInput                      // bad input or usage: the user fixes the command or the file
	KindStopped                    // stopped early (timeout, signal, limit), after the partial result
	KindInternal                   // a bug in boardgraph: for example a solution that failed verification
)

// KindError is an error whose kind its maker chose (Inputf, Stopped,
// NoSolution, Internal).
type KindError struct {
	Kind Kind
	Msg  string
	// Err is the error the message was made from, when its format wrapped
	// one with %w (Inputf("reading %s: %w", name, err)), so that errors.Is
	// and errors.As still find the cause.
	Err error
}

func (x *KindError) Error() string { return x.Msg }

// Unwrap returns the cause the message wraps, if any.
func (x *KindError) Unwrap() error { return x.Err }

// Is makes a KindInput error match ErrInput (so IsInput holds for it).
func (x *KindError) Is(target error) bool { return x.Kind == KindInput && target == ErrInput }

// Inputf is bad input or usage (KindInput), worded as fmt.Errorf does:
// the causes that format wraps with %w stay visible to errors.Is.
func Inputf(format string, a ...any) error {
	err := fmt.Errorf(format, a...)
	return &KindError{Kind: KindInput, Msg: err.Error(), Err: err}
}

// Stopped is work stopped early after its partial result (KindStopped).
func Stopped(msg string) error { return &KindError{Kind: KindStopped, Msg: msg} }

// NoSolution is a proof that there is no solution (KindNoSolution).
func NoSolution(msg string) error { return &KindError{Kind: KindNoSolution, Msg: msg} }

// Internal is a bug in boardgraph itself (KindInternal).
func Internal(msg string) error { return &KindError{Kind: KindInternal, Msg: msg} }

// Classify words err as one line, without the program's name, and picks
// its kind: the kind a KindError carries; KindInternal for an
// UnverifiedError; KindInput for a failed write (IsIO), worded as the
// write's own error (front ends that tell it apart check IsIO first: the
// server answers 500); KindInput for input (IsInput), its "bad input: "
// prefix dropped; KindStopped for an IncompleteError or a context's
// error (a write stopped by a signal, pathio.StoppedError); KindNoSolution for
// anything else (hamilton.ErrNoSolution and the like). Internal errors
// are prefixed "INTERNAL ERROR (a bug in boardgraph, please report it)".
// Newlines in the message become "; ", and a leading "boardgraph: " is
// dropped so that the caller can add the one prefix.
func Classify(err error) (msg string, kind Kind) {
	var (
		xe *KindError
		ic *IncompleteError
		uv *UnverifiedError
	)
	kind = KindNoSolution
	switch {
	case errors.As(err, &xe):
		kind = xe.Kind
	case errors.As(err, &uv):
		kind = KindInternal
	case IsIO(err):
		// The documented kind of a failure to read or write files, but
		// the message is the write's own (the file and the cause): it
		// does not blame the input.
		kind = KindInput
	case IsInput(err):
		kind = KindInput
	case errors.As(err, &ic), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		kind = KindStopped
	}
	text := strings.TrimPrefix(strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", "; "), "boardgraph: ")
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "write" && pe.Path == "/dev/stdout" {
		// The words the command line uses when it notices the failed
		// write itself, not "write /dev/stdout: ...".
		text = "cannot write the result to standard output: " + pe.Err.Error()
	}
	switch kind {
	case KindInternal:
		return "INTERNAL ERROR (a bug in boardgraph, please report it): " + text, kind
	case KindInput:
		return strings.TrimPrefix(text, ErrInput.Error()+": "), kind
	}
	return text, kind
}

// IsInput reports whether err is input the user can fix: ErrInput, or the
// sentinel of a parser or writer the requests use (board specs, maps and
// cells, move sets, invalid problems, path-file syntax, output files,
// format names, JSON solutions, picture file names and sizes, Hidato
// puzzles). The CLI answers such errors with exit
// code 2, the web server with 400. A write the machine failed is not
// input, though it wraps pathio.ErrWrite: see IsIO, checked first.
func IsInput(err error) bool {
	for _, target := range []error{ErrInput, board.ErrSpec, board.ErrMap, board.ErrCoord, moves.ErrMoves, hamilton.ErrInvalid,
		verify.ErrSyntax, pathio.ErrWrite, pathio.ErrSpecialFile, format.ErrName, format.ErrSolution, render.ErrFileName, render.ErrTooLarge,
		hidato.ErrPuzzle} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// IncompleteError is a count that ended without a complete result for a
// reason other than its context: a count past the widest integer of its
// counter, or a checkpoint that could not be written. The message says
// what was done; Err is the cause (hamilton.ErrOverflow,
// shard.ErrCheckpoint).
type IncompleteError struct {
	Msg string
	Err error
}

func (e *IncompleteError) Error() string { return e.Msg }
func (e *IncompleteError) Unwrap() error { return e.Err }

// UnverifiedError is a solution that a solver returned and the
// independent verifier rejected: a bug in the solver, never bad input.
// Nothing was written.
type UnverifiedError struct {
	Solver string // "the engine", "the construction"
	Err    error  // the verifier's reason
	// Left says what became of the output; "" is "nothing was printed".
	Left string
}

func (e *UnverifiedError) Error() string {
	left := e.Left
	if left == "" {
		left = "nothing was printed"
	}
	return fmt.Sprintf("%s returned a path that fails verification (%v); %s", e.Solver, e.Err, left)
}

func (e *UnverifiedError) Unwrap() error { return e.Err }

// IsIO reports whether err is a failure of the machine rather than of the
// input: a write that failed for want of space or quota, on a read-only
// file system or with an I/O error of the device. The CLI keeps exit code
// 2 for it, with a message naming the file and the cause; the web server
// answers 500. A write refused for the name (a missing directory, no
// permission) stays input, for the user to fix. Callers check IsIO before
// IsInput, which a failed write also satisfies (pathio.ErrWrite).
func IsIO(err error) bool {
	for _, target := range []error{syscall.ENOSPC, syscall.EIO, syscall.EDQUOT, syscall.EROFS, syscall.EFBIG} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}
