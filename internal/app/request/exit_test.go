package request

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/report"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/render"
)

// TestClassify: every kind of error gets its kind and one line
// without doubled prefixes.
func TestClassify(t *testing.T) {
	t.Parallel()
	checkClassify(t, "Classify", func(err error) error { return err }, []classifyCase{
		{Inputf("--k %d: use 1..8", 9), "--k 9: use 1..8", KindInput},
		{fmt.Errorf("%w: the board\nhas no open cell", ErrInput), "the board; has no open cell", KindInput},
		{fmt.Errorf("reading: %w", hamilton.ErrInvalid), "reading: " + hamilton.ErrInvalid.Error(), KindInput},
		{Stopped("timed out after 1s"), "timed out after 1s", KindStopped},
		{&IncompleteError{Msg: "count past 2^64", Err: hamilton.ErrOverflow}, "count past 2^64", KindStopped},
		{NoSolution("no path"), "no path", KindNoSolution},
		// A write stopped by a signal (an --out pipe without a reader) is
		// a stop, not a proof of no solution.
		{&pathio.StoppedError{Msg: "stopped while writing to p", Err: context.Canceled}, "stopped while writing to p", KindStopped},
		{fmt.Errorf("writing: %w", context.DeadlineExceeded), "writing: context deadline exceeded", KindStopped},
		{fmt.Errorf("5x5: %w", hamilton.ErrNoSolution), "5x5: " + hamilton.ErrNoSolution.Error(), KindNoSolution},
		{Internal("boardgraph: drawing failed"), "INTERNAL ERROR (a bug in boardgraph, please report it): drawing failed", KindInternal},
		{&UnverifiedError{Solver: "the engine", Err: errors.New("cell 3 twice")}, "INTERNAL ERROR (a bug in boardgraph, please report it): the engine returned a path that fails verification (cell 3 twice); nothing was printed", KindInternal},
	})
	if !IsInput(Inputf("x")) || IsInput(Stopped("x")) || !errors.Is(fmt.Errorf("w: %w", Inputf("x")), ErrInput) {
		t.Error("an Inputf error must be input, and only it")
	}
}

// TestPuzzleError: numberlink errors get the kinds the numberlink
// commands exit with.
func TestPuzzleError(t *testing.T) {
	t.Parallel()
	checkClassify(t, "Classify(PuzzleError)", PuzzleError, []classifyCase{
		{fmt.Errorf("%w: node 3 needs 4", numberlink.ErrUnsolvable), "numberlink: " + numberlink.ErrUnsolvable.Error() + ": node 3 needs 4", KindNoSolution},
		{fmt.Errorf("%w: τ drew 3 on a 2-bridge", report.ErrSelfCheck), "INTERNAL ERROR (a bug in boardgraph, please report it): τ drew 3 on a 2-bridge", KindInternal},
		{Stopped("numberlink tau: interrupted"), "numberlink tau: interrupted", KindStopped},
		{fmt.Errorf("%w: no such file", ErrInput), "no such file", KindInput},
		{errors.New("line 2: 7 is not a clue"), "numberlink: line 2: 7 is not a clue", KindInput},
		// The package's sentinels carry the prefix already: once only.
		{fmt.Errorf("%w: 2 islands on 1x1", numberlink.ErrGenerate), "numberlink: cannot generate: 2 islands on 1x1", KindInput},
	})
}

// classifyCase is an error with the message and the kind that Classify
// gives it.
type classifyCase struct {
	err  error
	msg  string
	code Kind
}

// checkClassify fails t for every case whose error, passed through wrap,
// Classify does not give the case's message and kind (what names the call).
func checkClassify(t *testing.T, what string, wrap func(error) error, cases []classifyCase) {
	t.Helper()
	for _, tc := range cases {
		if msg, code := Classify(wrap(tc.err)); msg != tc.msg || code != tc.code {
			t.Errorf("%s(%q) = %q, %d; want %q, %d", what, tc.err, msg, code, tc.msg, tc.code)
		}
	}
}

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
