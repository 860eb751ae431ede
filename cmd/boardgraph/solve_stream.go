package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/construct"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/pathio"
	lines "github.com/boardgraph/boardgraph/progress"
	"github.com/boardgraph/boardgraph/render"
	"github.com/boardgraph/boardgraph/verify"
)

// buildWalk is the construction solve uses (tests substitute their own).
var buildWalk request.Builder = construct.BuildContext

// runConstruct writes a constructed path: streamed to --out for the path
// and binary formats (any size), or held in memory, verified and printed
// like a search result for boards the search could handle.
func runConstruct(ctx context.Context, e *env, l *request.Leaper, walk construct.Walk, pics *pictureFlags) int {
	began := time.Now()
	out := l.Output
	if out.Streamed() && !pics.Any() {
		info, err := writeStreamed(ctx, e, l, walk, "the construction")
		if err != nil {
			return fail(e, err)
		}
		if !out.Quiet {
			fmt.Fprintf(e.stderr, "constructed %s: %s; %v\n", l.Label(), info, format.Round(time.Since(began)))
		}
		return exitOK
	}
	if l.Board.Cells() > request.MaxSearchCells { // Leaper.Construction refuses these; pictures need the path in memory too
		return fail(e, request.Inputf("the %s board has %d cells, too many to hold in memory for pictures: drop --svg and --png", l.Board.Spec(), l.Board.Cells()))
	}
	cells, n, err := l.ConstructedCells(ctx, walk)
	switch {
	case err != nil && ctx.Err() != nil:
		return fail(e, request.Stopped(fmt.Sprintf("%s after %d cells of the construction; nothing was written", request.StopReason(ctx, l.Timeout), n)))
	case err != nil:
		return fail(e, err)
	}
	if code := emit(ctx, e, l, cells, format.Result{Method: "construct"}); code != exitOK {
		return code
	}
	if err := pics.save(ctx, e, func() (*render.Picture, error) { return l.PathPicture(cells) }, out.Quiet); err != nil {
		return fail(e, err)
	}
	if !out.JSON() && !out.Quiet && out.Out == "" {
		fmt.Fprintf(e.stderr, "constructed %s: %s, verified; %v\n", l.Label(), format.Plural(len(cells), "cell"), time.Since(began).Round(time.Microsecond))
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
	if out.Streamed() {
		info, err := writeStreamed(ctx, e, l, request.CellWalk(cells), "the solver")
		if err != nil {
			return fail(e, err)
		}
		if !out.Quiet {
			fmt.Fprintf(e.stderr, "%s\n", info)
		}
		return exitOK
	}
	write := func(w io.Writer) error { return l.WriteSolution(w, out.Format, "solve", cells, res) }
	if err := pathio.WriteFileAtomicContext(ctx, out.Out, write); err != nil {
		return fail(e, err)
	}
	if !out.Quiet {
		fmt.Fprintf(e.stderr, "wrote %s (%s)\n", out.Out, out.Format)
	}
	return exitOK
}

// writeStreamed writes walk to --out as a verified path file
// (request.Leaper.SavePath) with progress on stderr, and returns its
// one-line summary; producer names the maker of the path in errors.
func writeStreamed(ctx context.Context, e *env, l *request.Leaper, walk construct.Walk, producer string) (string, error) {
	pr, stop := newProgress(e, "solve", l.Output.Quiet).PollStream(int64(l.Board.Open()))
	defer stop()
	info, err := l.SavePath(ctx, walk, producer, pathio.VerifiedOptions{Phase: pr.Phase, Count: &pr.Count})
	stop()
	if err != nil && ctx.Err() != nil {
		return "", request.Stopped(fmt.Sprintf("%s %v", request.StopReason(ctx, l.Timeout), strings.TrimPrefix(err.Error(), ctx.Err().Error()+" ")))
	}
	if rss := lines.PeakRSS(); rss > 0 && err == nil {
		info += ", peak memory " + lines.Bytes(rss)
	}
	return info, err
}
