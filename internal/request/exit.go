package request

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/report"
)

// Kind is the kind of failure every front end tells apart. The front ends
// word it for their users: cmd/boardgraph turns it into an exit code
// (DESIGN.md: 1, 2, 3, 70), web into an HTTP status.
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

// PuzzleError gives an error of the numberlink commands its kind for
// Classify: a proof of unsolvability or a failed verification
// (numberlink.Invalid) is NoSolution, a failed self-check
// (report.ErrSelfCheck) Internal, an error that has a kind keeps it, and
// anything else is input; the new messages begin "numberlink: ".
func PuzzleError(err error) error {
	var xe *KindError
	// The package's own sentinels already begin "numberlink: "; the
	// prefix is added once ("numberlink: numberlink: cannot generate").
	msg := "numberlink: " + strings.TrimPrefix(err.Error(), "numberlink: ")
	// The order matters: an error wraps its kind's sentinel and its cause
	// ("%w: %w"), and the kind comes first. A failed self-check wrapping
	// the verifier's finding is a bug; bad input wrapping a proof (an
	// --after step that breaks the puzzle) is input.
	switch {
	case errors.Is(err, report.ErrSelfCheck):
		return Internal(strings.TrimPrefix(err.Error(), report.ErrSelfCheck.Error()+": "))
	case errors.As(err, &xe) || IsIO(err) || IsInput(err):
		return err
	case numberlink.Invalid(err):
		return NoSolution(msg)
	}
	return Inputf("%s", msg)
}

// StopReason words why ctx ended, for messages: "timed out after 2s"
// (timeout is the run's limit), "interrupted (SIGTERM)" when the cause
// names a signal, or "interrupted".
func StopReason(ctx context.Context, timeout time.Duration) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("timed out after %v", timeout)
	}
	if c := context.Cause(ctx); c != nil && c != ctx.Err() {
		return "interrupted (" + c.Error() + ")" // a signal: SIGINT, SIGTERM or SIGHUP
	}
	return "interrupted"
}

// StoppedPreparing turns err into a stop (KindStopped) when it is ctx's
// own error, that is when ctx ended while the request was being made
// ready (SearchContext, NewCountContext: building the move graph and
// ordering the board take seconds on the largest boards), before any
// work that has a partial result. Any other err is returned as it is.
// before words what had not happened yet ("before a solution was found").
func StoppedPreparing(ctx context.Context, timeout time.Duration, err error, before string) error {
	if err == nil || ctx.Err() == nil || !errors.Is(err, ctx.Err()) {
		return err
	}
	return Stopped(fmt.Sprintf("%s %s (while building the move graph and planning): nothing to report", StopReason(ctx, timeout), before))
}
