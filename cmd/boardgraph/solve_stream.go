package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/verify"
)

// autoConstructCells is where solve --method auto switches from search to
// construction (when the board is plain and a construction exists for the
// move set): boards of more than 2^18 cells (about 512x512). Below it the
// search answers in well under a second and prints the familiar varied
// solutions; above it the search's memory grows by some 340 bytes per cell
// (757 MB at 1500x1500), while a construction streams in constant memory.
const autoConstructCells = 1 << 18

// streamFlags are solve's flags for the method and the output file.
type streamFlags struct {
	method string
	out    string
}

func (sf *streamFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&sf.method, "method", "auto", "find the path by `M`: search, construct (linear time, plain boards, no search), or auto (construct on plain boards over 2^18 cells when a construction exists, search otherwise)")
	fs.StringVar(&sf.out, "out", "", "write the solution to `FILE` (atomically, verified from the file before success) instead of stdout; the format is --format, by default path (binary for a name ending in .bgp)")
}

// solvePlan is what solve will do.
type solvePlan struct {
	e      *env // the command's env, with stdin replaced by the board text when the board came from stdin
	format string
	build  Walk // nil: search
	b      *board.Board
	ms     moves.Set
	start  *[2]int
	end    *[2]int
}

// plan checks the method and output flags, reads the board once and
// decides between search and construction.
func (sf *streamFlags) plan(e *env, pf *problemFlags, pos []string, formatSet bool) (*solvePlan, error) {
	p := &solvePlan{e: e, format: pf.format}
	switch sf.method {
	case "auto", "search", "construct":
	default:
		return nil, usagef("unknown --method %q; use auto, search or construct", sf.method)
	}
	if p.format == "text" {
		p.format = "path"
	}
	switch {
	case sf.out != "" && !formatSet:
		p.format = "path"
		if strings.HasSuffix(strings.ToLower(sf.out), ".bgp") {
			p.format = "binary"
		}
	case p.format == "binary" && sf.out == "":
		return nil, usagef("--format binary writes a file: give --out FILE")
	}
	if p.format == "binary" {
		if err := binaryHolds(pf.moveSpec); err != nil {
			return nil, err
		}
	}
	switch p.format {
	case "grid", "path", "json", "binary":
	default:
		return nil, usagef("unknown --format %q; use grid, path, json or (with --out) binary", pf.format)
	}
	// pf.load validates the format for the search's own output; the file
	// format is p.format.
	pf.format = map[string]string{"binary": "path"}[p.format]
	if pf.format == "" {
		pf.format = p.format
	}
	if sf.method == "search" {
		return p, nil
	}
	if pf.workers < 0 {
		return nil, usagef("--workers %d: give a positive number of goroutines, or 0 for all cores", pf.workers)
	}
	if pf.timeout < 0 {
		return nil, usagef("--timeout %v: give a positive duration such as 30s", pf.timeout)
	}
	if len(pos) > 1 {
		return nil, usagef("unexpected argument %q; give one board (a size such as 5x5 or --board FILE)", pos[1])
	}
	spec := ""
	if len(pos) == 1 {
		spec = pos[0]
	}
	var data []byte
	if pf.boardFile == "-" {
		// Read stdin once; the search, if it comes to that, reads the copy.
		var err error
		if data, err = io.ReadAll(io.LimitReader(e.stdin, maxSolutionBytes+1)); err != nil {
			return nil, usagef("cannot read the board: %v", err)
		}
		sub := *e
		sub.stdin = bytes.NewReader(data)
		e = &sub
	}
	b, err := readBoard(e, spec, pf.boardFile)
	if err != nil {
		return nil, err
	}
	if data != nil {
		e.stdin = bytes.NewReader(data)
	}
	p.e = e
	ms, err := moves.Parse(pf.moveSpec)
	if err != nil {
		return nil, err
	}
	p.b, p.ms = b, ms
	build := builderFor(ms)
	plain := b.Plain()
	switch {
	case sf.method == "auto" && b.Cells() > maxSearchCells && !plain:
		return nil, usagef("the %s board has %d cells: too many for search (at most %d), and constructions need a plain board; use a smaller board", b.Spec(), b.Cells(), maxSearchCells)
	case sf.method == "auto" && (!plain || b.Cells() <= autoConstructCells):
		return p, nil
	case !plain:
		return nil, usagef("--method construct needs a plain board (no blocked cells or givens); use --method search")
	}
	if pf.closed && pf.end != "" {
		return nil, usagef("--closed with --end: a closed tour has no end; give only --start")
	}
	if b.Cells() > maxSearchCells && (sf.out == "" || (p.format != "path" && p.format != "binary")) {
		return nil, usagef("the %s board has %d cells, too many to hold in memory: write the path to a file with --out FILE --format path or binary, or use a smaller board", b.Spec(), b.Cells())
	}
	for _, f := range []struct {
		name, s string
		dst     **[2]int
	}{{"start", pf.start, &p.start}, {"end", pf.end, &p.end}} {
		if f.s == "" {
			continue
		}
		c, err := b.ParseCell(f.s)
		if err != nil {
			return nil, fmt.Errorf("--%s: %w", f.name, err)
		}
		r, col := b.RowCol(c)
		*f.dst = &[2]int{r, col}
	}
	walk, err := build(b.Rows, b.Cols, pf.closed, p.start, p.end)
	switch {
	case errors.Is(err, errNotCovered) && sf.method == "auto" && b.Cells() <= maxSearchCells:
		return p, nil // search instead
	case errors.Is(err, errNotCovered):
		return nil, usagef("%v; use --method search on boards of at most %d cells", err, maxSearchCells)
	case err != nil:
		return nil, err
	}
	p.build = walk
	return p, nil
}

// job is the light job of a construction: no graph is built.
func (p *solvePlan) job(pf *problemFlags) *leaperJob {
	j := &leaperJob{b: p.b, ms: p.ms}
	j.rules = verify.Rules{Rows: p.b.Rows, Cols: p.b.Cols, Closed: pf.closed, Name: leaperSpec(p.ms)}
	for _, l := range p.ms.Leapers {
		j.rules.Leapers = append(j.rules.Leapers, [2]int{l.A, l.B})
	}
	if p.start != nil {
		j.rules.Start = &verify.Cell{Row: p.start[0] + 1, Col: p.start[1] + 1}
	}
	if p.end != nil {
		j.rules.End = &verify.Cell{Row: p.end[0] + 1, Col: p.end[1] + 1}
	}
	return j
}

// runConstruct writes a constructed path: streamed to --out for the path
// and binary formats (any size), or held in memory, verified and printed
// like a search result for boards the search could handle.
func (sf *streamFlags) runConstruct(p *solvePlan, pf *problemFlags, pics *pictureFlags) int {
	e := p.e
	j := p.job(pf)
	ctx, cancel := pf.context(e)
	defer cancel()
	began := time.Now()
	label := fmt.Sprintf("%s with %s", j.b.Spec(), movesLabel(j.ms))
	if sf.out != "" && (p.format == "path" || p.format == "binary") && !pics.any() {
		info, err := writeStreamed(ctx, e, pf, j, sf.out, p.format, p.build)
		if err != nil {
			return fail(e, streamError(ctx, pf, err, "the construction", sf.out))
		}
		if !pf.quiet {
			fmt.Fprintf(e.stderr, "constructed %s: %s; %v\n", label, info, roundDur(time.Since(began)))
		}
		return exitOK
	}
	if j.b.Cells() > maxSearchCells { // plan refuses these; pictures need the path in memory too
		return fail(e, usagef("the %s board has %d cells, too many to hold in memory for pictures: drop --svg and --png", j.b.Spec(), j.b.Cells()))
	}
	var cells []verify.Cell
	n := 0
	for r, c := range p.build {
		cells = append(cells, verify.Cell{Row: r + 1, Col: c + 1})
		if n++; n&0xffff == 0 && ctx.Err() != nil {
			return fail(e, &stoppedError{fmt.Sprintf("%s after %d cells of the construction; nothing was written", stopReason(ctx, pf.timeout), n)})
		}
		if n > j.b.Cells() {
			break
		}
	}
	if err := verify.Path(j.rules, cells); err != nil {
		return fail(e, &internalError{fmt.Sprintf("the construction returned a path that fails verification (%v); nothing was printed", err)})
	}
	if code := sf.emit(ctx, e, pf, j, p.format, cells, nil); code != exitOK {
		return code
	}
	if err := pics.savePathQuietly(e, j.b, cells, pf.closed, pf.quiet); err != nil {
		return fail(e, err)
	}
	if p.format != "json" && !pf.quiet && sf.out == "" {
		fmt.Fprintf(e.stderr, "constructed %s: %s, verified; %v\n", label, plural(len(cells), "cell"), time.Since(began).Round(time.Microsecond))
	}
	return exitOK
}

// emit prints a verified in-memory solution to stdout, or writes it to
// --out (atomically; path and binary files are read back and verified
// before they appear). extra goes into JSON output.
func (sf *streamFlags) emit(ctx context.Context, e *env, pf *problemFlags, j *leaperJob, format string, cells []verify.Cell, extra map[string]any) int {
	if sf.out == "" {
		if err := j.writeSolution(e.stdout, format, "solve", cells, extra); err != nil {
			return fail(e, err)
		}
		return exitOK
	}
	if format == "path" || format == "binary" {
		walk := func(yield func(int, int) bool) {
			for _, c := range cells {
				if !yield(c.Row-1, c.Col-1) {
					return
				}
			}
		}
		info, err := writeStreamed(ctx, e, pf, j, sf.out, format, walk)
		if err != nil {
			return fail(e, streamError(ctx, pf, err, "the solver", sf.out))
		}
		if !pf.quiet {
			fmt.Fprintf(e.stderr, "%s\n", info)
		}
		return exitOK
	}
	var buf bytes.Buffer
	if err := j.writeSolution(&buf, format, "solve", cells, extra); err != nil {
		return fail(e, err)
	}
	af, err := pathio.CreateAtomic(sf.out)
	if err != nil {
		return fail(e, usagef("%v", err))
	}
	defer af.Abort()
	if _, err := af.Write(buf.Bytes()); err != nil {
		return fail(e, fmt.Errorf("cannot write %s: %v", sf.out, err))
	}
	if err := af.Commit(); err != nil {
		return fail(e, err)
	}
	if !pf.quiet {
		fmt.Fprintf(e.stderr, "wrote %s (%s)\n", sf.out, format)
	}
	return exitOK
}

// writeStreamed writes walk to name in the text path or binary format
// through an atomic file, then reads the file back through the streaming
// verifier (package verify, which shares no code with the writer); only a
// file that passes appears under name. It reports progress on stderr and
// returns a one-line summary.
func writeStreamed(ctx context.Context, e *env, pf *problemFlags, j *leaperJob, name, format string, walk Walk) (string, error) {
	f := pathio.Text
	if format == "binary" {
		f = pathio.Binary
	}
	h := pathio.Header{Rows: j.b.Rows, Cols: j.b.Cols, Length: int64(j.b.Open()), Closed: pf.closed, Name: j.ms.Name}
	for _, v := range j.ms.Vectors() {
		h.Moves = append(h.Moves, [2]int{v.DR, v.DC})
	}
	total := int64(j.b.Open())
	pr := startCellProgress(e, pf.quiet, "solve", total)
	defer pr.stop()
	pr.phase("writing")
	var verifyTime time.Duration
	var res verify.StreamResult
	check := func(temp string) error {
		pr.phase("verifying")
		began := time.Now()
		defer func() { verifyTime = time.Since(began) }()
		fh, err := os.Open(temp)
		if err != nil {
			return err
		}
		defer fh.Close()
		opt := verify.StreamOptions{Progress: func(n int64) { pr.count.Store(n) }}
		rd := bufio.NewReaderSize(fh, 1<<20)
		if f == pathio.Binary {
			res, err = verify.StreamBinary(ctx, j.rules, rd, opt)
		} else {
			res, err = verify.StreamText(ctx, j.rules, rd, opt)
		}
		if err != nil && ctx.Err() == nil {
			return &verifyFailed{err}
		}
		return err
	}
	began := time.Now()
	n, err := pathio.WriteFile(ctx, name, f, h, walk, pathio.WriteOptions{Check: check, Written: &pr.count})
	if err != nil {
		pr.stop()
		if ctx.Err() != nil {
			return "", fmt.Errorf("%w (%d of %d cells written)", ctx.Err(), n, total)
		}
		return "", err
	}
	pr.stop()
	size := int64(0)
	if fi, err := os.Stat(name); err == nil {
		size = fi.Size()
	}
	kind := "Hamiltonian path"
	if res.Closed {
		kind = "closed tour"
	}
	info := fmt.Sprintf("wrote %s (%s, %s, %s) and verified it from the file: a %s; write %v, verify %v",
		name, format, plural(int(n), "cell"), humanBytes(size), kind,
		roundDur(time.Since(began)-verifyTime), roundDur(verifyTime))
	if rss := peakRSS(); rss > 0 {
		info += ", peak memory " + humanBytes(rss)
	}
	return info, nil
}

// verifyFailed marks a written file that failed the independent check.
type verifyFailed struct{ err error }

func (v *verifyFailed) Error() string { return v.err.Error() }

// streamError turns an error of writeStreamed into the CLI's error kinds:
// a stop (exit 3), a path the producer got wrong (an internal error: a
// bug), or an I/O problem.
func streamError(ctx context.Context, pf *problemFlags, err error, producer, name string) error {
	var vf *verifyFailed
	switch {
	case ctx.Err() != nil:
		return &stoppedError{fmt.Sprintf("%s while writing %s: %v; no file was written", stopReason(ctx, pf.timeout), name, strings.TrimPrefix(err.Error(), ctx.Err().Error()+" "))}
	case errors.As(err, &vf):
		return &internalError{fmt.Sprintf("%s produced a path that fails verification (%v); %s was not written", producer, vf.err, name)}
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
