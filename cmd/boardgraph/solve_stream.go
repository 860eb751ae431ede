package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/construct"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/pathio"
	lines "github.com/boardgraph/boardgraph/progress"
	"github.com/boardgraph/boardgraph/request"
	"github.com/boardgraph/boardgraph/verify"
)

// buildWalk is the construction solve uses (tests substitute their own).
var buildWalk request.Builder = construct.Build

// runConstruct writes a constructed path: streamed to --out for the path
// and binary formats (any size), or held in memory, verified and printed
// like a search result for boards the search could handle.
func runConstruct(e *env, l *request.Leaper, walk construct.Walk, pics *pictureFlags) int {
	ctx, cancel := timeoutContext(e, l.Timeout)
	defer cancel()
	began := time.Now()
	out := l.Output
	if out.Out != "" && (out.Format == "path" || out.Format == "binary") && !pics.any() {
		info, err := writeStreamed(ctx, e, l, walk)
		if err != nil {
			return fail(e, streamError(ctx, l.Timeout, err, "the construction", out.Out))
		}
		if !out.Quiet {
			fmt.Fprintf(e.stderr, "constructed %s: %s; %v\n", l.Label(), info, format.Round(time.Since(began)))
		}
		return exitOK
	}
	if l.Board.Cells() > maxSearchCells { // Leaper.Construction refuses these; pictures need the path in memory too
		return fail(e, usagef("the %s board has %d cells, too many to hold in memory for pictures: drop --svg and --png", l.Board.Spec(), l.Board.Cells()))
	}
	cells, n, err := l.ConstructedCells(ctx, walk)
	switch {
	case err != nil && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("%s after %d cells of the construction; nothing was written", stopReason(ctx, l.Timeout), n)})
	case err != nil:
		return fail(e, err)
	}
	if code := emit(ctx, e, l, cells, format.Result{Method: "construct"}); code != exitOK {
		return code
	}
	if err := pics.savePathQuietly(e, l.Board, cells, l.Closed, out.Quiet); err != nil {
		return fail(e, err)
	}
	if !out.JSON() && !out.Quiet && out.Out == "" {
		fmt.Fprintf(e.stderr, "constructed %s: %s, verified; %v\n", l.Label(), plural(len(cells), "cell"), time.Since(began).Round(time.Microsecond))
	}
	return exitOK
}

// emit prints a verified in-memory solution to stdout, or writes it to
// --out (atomically; path and binary files are read back and verified
// before they appear). res carries the JSON extras.
func emit(ctx context.Context, e *env, l *request.Leaper, cells []verify.Cell, res format.Result) int {
	out := l.Output
	if out.Out == "" {
		if err := l.WriteSolution(e.stdout, out.Format, "solve", cells, res); err != nil {
			return fail(e, err)
		}
		return exitOK
	}
	if out.Format == "path" || out.Format == "binary" {
		info, err := writeStreamed(ctx, e, l, request.CellWalk(cells))
		if err != nil {
			return fail(e, streamError(ctx, l.Timeout, err, "the solver", out.Out))
		}
		if !out.Quiet {
			fmt.Fprintf(e.stderr, "%s\n", info)
		}
		return exitOK
	}
	write := func(w io.Writer) error { return l.WriteSolution(w, out.Format, "solve", cells, res) }
	if err := pathio.WriteFileAtomic(out.Out, write); err != nil {
		return fail(e, err)
	}
	if !out.Quiet {
		fmt.Fprintf(e.stderr, "wrote %s (%s)\n", out.Out, out.Format)
	}
	return exitOK
}

// writeStreamed writes walk to --out as a verified path file
// (request.Leaper.WritePath) with progress on stderr, and returns a
// one-line summary.
func writeStreamed(ctx context.Context, e *env, l *request.Leaper, walk construct.Walk) (string, error) {
	pr := startCellProgress(e, l.Output.Quiet, "solve", int64(l.Board.Open()))
	defer pr.stop()
	res, err := l.WritePath(ctx, walk, pathio.VerifiedOptions{Phase: pr.Phase, Count: pr.count})
	pr.stop()
	if err != nil {
		return "", err
	}
	kind := "Hamiltonian path"
	if res.Closed {
		kind = "closed tour"
	}
	info := fmt.Sprintf("wrote %s (%s, %s, %s) and verified it from the file: a %s; write %v, verify %v",
		l.Output.Out, l.Output.Format, plural(int(res.Cells), "cell"), lines.Bytes(res.Size), kind, format.Round(res.Write), format.Round(res.Verify))
	if rss := peakRSS(); rss > 0 {
		info += ", peak memory " + lines.Bytes(rss)
	}
	return info, nil
}

// streamError turns an error of writeStreamed into the CLI's error kinds:
// a stop (exit 3), a path the producer got wrong (an internal error: a
// bug), or an I/O problem.
func streamError(ctx context.Context, timeout time.Duration, err error, producer, name string) error {
	var vf *pathio.VerifyError
	switch {
	case ctx.Err() != nil:
		return &stoppedError{fmt.Sprintf("%s while writing %s: %v; no file was written", stopReason(ctx, timeout), name, strings.TrimPrefix(err.Error(), ctx.Err().Error()+" "))}
	case errors.As(err, &vf):
		return &internalError{fmt.Sprintf("%s produced a path that fails verification (%v); %s was not written", producer, vf.Err, name)}
	case errors.Is(err, pathio.ErrPath):
		return &internalError{fmt.Sprintf("%s produced a path the writer rejects (%v); %s was not written", producer, err, name)}
	case errors.Is(err, pathio.ErrFormat):
		return &internalError{fmt.Sprintf("cannot write %s: %v", name, err)}
	}
	return usagef("%v; check the --out file name", err)
}
