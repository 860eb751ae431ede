package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/construct"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/request"
	"github.com/boardgraph/boardgraph/verify"
)

// buildWalk is the construction solve uses (tests substitute their own).
var buildWalk request.Builder = construct.Build

// planConstruction decides between search and construction for solve's
// method m (request.Leaper.Construction) and returns the constructed walk,
// or nil to search.
func planConstruction(l *request.Leaper, m string) (construct.Walk, error) {
	walk, err := l.Construction(m, buildWalk)
	var proof *construct.EndsError
	if errors.Is(err, construct.ErrNoTour) || errors.As(err, &proof) {
		return nil, &noSolutionError{err.Error()}
	}
	return walk, err
}

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
			fmt.Fprintf(e.stderr, "constructed %s: %s; %v\n", l.Label(), info, roundDur(time.Since(began)))
		}
		return exitOK
	}
	if l.Board.Cells() > maxSearchCells { // planConstruction refuses these; pictures need the path in memory too
		return fail(e, usagef("the %s board has %d cells, too many to hold in memory for pictures: drop --svg and --png", l.Board.Spec(), l.Board.Cells()))
	}
	var cells []verify.Cell
	n := 0
	for r, c := range walk {
		cells = append(cells, verify.Cell{Row: r + 1, Col: c + 1})
		if n++; n&0xffff == 0 && ctx.Err() != nil {
			return fail(e, &stoppedError{fmt.Sprintf("%s after %d cells of the construction; nothing was written", stopReason(ctx, l.Timeout), n)})
		}
		if n > l.Board.Cells() {
			break
		}
	}
	if err := verify.Path(l.Rules(), cells); err != nil {
		return fail(e, &internalError{fmt.Sprintf("the construction returned a path that fails verification (%v); nothing was printed", err)})
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
		walk := func(yield func(int, int) bool) {
			for _, c := range cells {
				if !yield(c.Row-1, c.Col-1) {
					return
				}
			}
		}
		info, err := writeStreamed(ctx, e, l, walk)
		if err != nil {
			return fail(e, streamError(ctx, l.Timeout, err, "the solver", out.Out))
		}
		if !out.Quiet {
			fmt.Fprintf(e.stderr, "%s\n", info)
		}
		return exitOK
	}
	var buf bytes.Buffer
	if err := l.WriteSolution(&buf, out.Format, "solve", cells, res); err != nil {
		return fail(e, err)
	}
	if err := writeFileAtomic(out.Out, buf.Bytes()); err != nil {
		return fail(e, err)
	}
	if !out.Quiet {
		fmt.Fprintf(e.stderr, "wrote %s (%s)\n", out.Out, out.Format)
	}
	return exitOK
}

// writeFileAtomic writes data to name through an atomic file: the file
// appears whole or not at all.
func writeFileAtomic(name string, data []byte) error {
	af, err := pathio.CreateAtomic(name)
	if err != nil {
		return usagef("%v", err)
	}
	defer af.Abort()
	if _, err := af.Write(data); err != nil {
		return usagef("cannot write %s: %v", name, err)
	}
	return af.Commit()
}

// writeStreamed writes walk to --out as a verified path file
// (request.Leaper.WritePath) with progress on stderr, and returns a
// one-line summary.
func writeStreamed(ctx context.Context, e *env, l *request.Leaper, walk construct.Walk) (string, error) {
	pr := startCellProgress(e, l.Output.Quiet, "solve", int64(l.Board.Open()))
	defer pr.stop()
	res, err := l.WritePath(ctx, walk, pathio.VerifiedOptions{Phase: pr.phase, Count: &pr.count})
	pr.stop()
	if err != nil {
		return "", err
	}
	kind := "Hamiltonian path"
	if res.Closed {
		kind = "closed tour"
	}
	info := fmt.Sprintf("wrote %s (%s, %s, %s) and verified it from the file: a %s; write %v, verify %v",
		l.Output.Out, l.Output.Format, plural(int(res.Cells), "cell"), humanBytes(res.Size), kind, roundDur(res.Write), roundDur(res.Verify))
	if rss := peakRSS(); rss > 0 {
		info += ", peak memory " + humanBytes(rss)
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

// roundDur rounds a duration for a summary line: to the millisecond, or
// to the microsecond below one.
func roundDur(d time.Duration) time.Duration {
	if d < time.Millisecond {
		return d.Round(time.Microsecond)
	}
	return d.Round(time.Millisecond)
}

// flagGiven reports whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// humanBytes writes a size as "37.5 MB".
func humanBytes(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}

// cellProgress prints progress of a streaming write or check on stderr:
// after a grace second, a live line on a terminal (four times a second) or
// a plain line every five seconds, nothing with --quiet. The worker
// stores its count in count; a ticker goroutine reads it.
type cellProgress struct {
	e       *env
	cmd     string
	total   int64
	count   atomic.Int64
	mu      sync.Mutex
	verb    string
	since   time.Time
	quit    chan struct{}
	wg      sync.WaitGroup
	printed bool
	stopped bool
}

func startCellProgress(e *env, quiet bool, cmd string, total int64) *cellProgress {
	p := &cellProgress{e: e, cmd: cmd, total: total, quit: make(chan struct{}), since: time.Now()}
	if quiet {
		p.stopped = true
		return p
	}
	grace, every := time.Second, 5*time.Second
	if e.stderrTTY {
		every = 250 * time.Millisecond
	}
	if e.progressEvery > 0 {
		grace, every = e.progressEvery, e.progressEvery
	}
	began := time.Now()
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.quit:
				return
			case <-t.C:
				if time.Since(began) >= grace {
					p.print()
				}
			}
		}
	}()
	return p
}

// phase starts a new stage ("writing", "verifying"), counting from 0.
func (p *cellProgress) phase(verb string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.verb, p.since = verb, time.Now()
	p.count.Store(0)
}

func (p *cellProgress) print() {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.count.Load()
	el := time.Since(p.since)
	line := fmt.Sprintf("%s: %s %s of %s cells (%s cells/s), %v", p.cmd, p.verb, human(uint64(n)), human(uint64(p.total)),
		human(uint64(float64(n)/max(el.Seconds(), 1e-9))), el.Round(100*time.Millisecond))
	if p.e.stderrTTY {
		fmt.Fprintf(p.e.stderr, "\r\033[K%s", line)
		p.printed = true
		return
	}
	fmt.Fprintln(p.e.stderr, line)
}

// stop ends the ticker and clears a live line. It may be called twice.
func (p *cellProgress) stop() {
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		return
	}
	p.stopped = true
	p.mu.Unlock()
	close(p.quit)
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.printed {
		fmt.Fprint(p.e.stderr, "\r\033[K")
		p.printed = false
	}
}
