package request

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strings"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/progress"
	"github.com/boardgraph/boardgraph/render"
	"github.com/boardgraph/boardgraph/verify"
)

// SavePath writes walk, a path that producer ("the solver", "the
// construction") made for the request, to the path file --out
// (Leaper.WritePath: streamed, atomic, read back and verified before it
// appears) and words the result in one line: the file, its format, cells
// and size, the kind of path and the write and verify times.
//
// Errors: when ctx ends, one wrapping ctx.Err() that says how far the
// write got; a path the verifier or
// the writer rejects, or a format it cannot write, is an *UnverifiedError
// of producer (a bug, never bad input); a write that fails (IsIO) is
// returned as it is; any other refusal of the file wraps ErrInput and
// names --out.
func (l *Leaper) SavePath(ctx context.Context, walk iter.Seq2[int, int], producer string, opt pathio.VerifiedOptions) (string, error) {
	res, err := l.WritePath(ctx, walk, opt)
	var vf *pathio.VerifyError
	switch {
	case err == nil:
	case ctx.Err() != nil:
		how := strings.TrimPrefix(err.Error(), ctx.Err().Error()+" ") // how far it got
		return "", fmt.Errorf("%w while writing %s: %s; no file was written", ctx.Err(), l.Output.Out, how)
	case errors.As(err, &vf):
		return "", &UnverifiedError{Solver: producer, Err: vf.Err, Left: l.Output.Out + " was not written"}
	case errors.Is(err, pathio.ErrPath), errors.Is(err, pathio.ErrFormat):
		return "", &UnverifiedError{Solver: producer, Err: fmt.Errorf("the writer rejects it: %w", err), Left: l.Output.Out + " was not written"}
	case IsIO(err):
		return "", err // the file and the cause: the machine's fault, not the name's
	default:
		return "", fmt.Errorf("%w: %w; check the --out file name", ErrInput, err)
	}
	kind := "Hamiltonian path"
	if res.Closed {
		kind = "closed tour"
	}
	return fmt.Sprintf("wrote %s (%s, %s, %s) and verified it from the file: a %s; write %v, verify %v",
		l.Output.Out, l.Output.Format, cellCount(res.Cells), progress.Bytes(res.Size), kind, format.Round(res.Write), format.Round(res.Verify)), nil
}

// PathPicture draws path, a verified solution of the request, on its board
// (render.Path, with the closing move of a closed tour).
func (l *Leaper) PathPicture(path []verify.Cell) (*render.Picture, error) {
	cells := make([]int32, len(path))
	for i, c := range path {
		cells[i] = l.Board.Cell(c.Row-1, c.Col-1)
	}
	return render.Path(l.Board, cells, render.PathOptions{Closed: l.Closed})
}

// SearchStats is the "stats" object of a JSON result for a search's
// statistics (format.Stats).
func SearchStats(st hamilton.Stats) *format.Stats {
	return format.NewStats(st.Nodes, st.Backtracks, st.Prunes, st.MemoHits, st.Restarts, st.Workers, st.Elapsed)
}
