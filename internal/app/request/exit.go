package request

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/report"
)

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
