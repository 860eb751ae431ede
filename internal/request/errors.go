package request

import (
	"errors"
	"fmt"

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
// code 2, the web server with 400.
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
