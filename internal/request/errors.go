package request

import (
	"errors"
	"fmt"
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
