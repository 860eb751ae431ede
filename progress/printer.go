package progress

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/base/tick"
)

// Printer writes the progress lines of one run to a writer the caller
// owns (a command's stderr): nothing during the first Grace, then on a
// terminal (Live) one line rewritten in place as often as the engine
// calls back, otherwise a plain line at most every Every. Its methods may
// be called from any goroutine (engines call back from their own).
type Printer struct {
	// Grace is the quiet time before the first line (default 1s); Every
	// is the least time between plain lines (default 5s). Tick, when
	// positive, is the interval Interval and Poll use instead of theirs
	// (tests). Set them before the run starts.
	Grace, Every, Tick time.Duration

	w     io.Writer
	verb  string
	live  bool
	quiet bool
	start time.Time

	mu      sync.Mutex
	last    time.Duration
	printed bool // a live line is on the screen
	// inStep: the last line printed was a DP step's in-step line, so the
	// step's end (with its summed layer) is printed whatever Every says.
	inStep bool
}

// NewPrinter returns a printer whose lines begin "verb: elapsed, ". live
// rewrites one line in place (w is a terminal); quiet prints nothing. The
// run's clock starts now.
func NewPrinter(w io.Writer, verb string, live, quiet bool) *Printer {
	return &Printer{Grace: time.Second, Every: 5 * time.Second, w: w, verb: verb, live: live, quiet: quiet, start: time.Now()}
}

// On reports whether the printer prints at all (not quiet): callers leave
// the engine's callback unset otherwise.
func (p *Printer) On() bool { return !p.quiet }

// Line prints "verb: elapsed, what" when elapsed is past the grace time
// and, for plain lines, Every has passed since the last one.
func (p *Printer) Line(elapsed time.Duration, what string) {
	p.line(elapsed, what, false, false)
}

// line is Line; a DP line says whether it is in a step (inStep), and the
// first line after a step's in-step lines, its end, is always printed
// (a long step's summary: at most one more line a step, and only for
// steps long enough to report from inside).
func (p *Printer) line(elapsed time.Duration, what string, dp, inStep bool) {
	if p.quiet {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if elapsed < p.Grace {
		return
	}
	stepEnd := dp && !inStep && p.inStep
	if p.live || p.last == 0 || elapsed-p.last >= p.Every || stepEnd {
		p.last = elapsed
		p.inStep = dp && inStep
		p.emit(fmt.Sprintf("%s: %s, %s", p.verb, elapsed.Round(100*time.Millisecond), what))
	}
}

// Interval is how often an engine should call back: Tick when set, four
// times a second for a live line, at most every second (or Every, if
// shorter) for plain lines.
func (p *Printer) Interval() time.Duration {
	switch {
	case p.Tick > 0:
		return p.Tick
	case p.live:
		return 250 * time.Millisecond
	}
	return min(time.Second, p.Every)
}

// Search prints a search snapshot (the package's Search wording); it is a
// hamilton.Options.Progress callback.
func (p *Printer) Search(st hamilton.Stats) { p.Line(st.Elapsed, Search(st)) }

// DP prints a snapshot of the frontier dynamic program (the package's DP
// wording) with the time since the printer was made, since the dynamic
// program fills Stats.Elapsed only at the end.
func (p *Printer) DP(st count.Stats) {
	elapsed := time.Since(p.start)
	p.line(elapsed, DP(st, elapsed), true, st.InStep)
}

// SetSearch installs the printer in a search's options (nothing when
// quiet).
func (p *Printer) SetSearch(opt *hamilton.Options) {
	if p.On() {
		opt.Progress, opt.ProgressEvery = p.Search, p.Interval()
	}
}

// emit writes text as the live line or as a plain line; the caller holds
// p.mu.
func (p *Printer) emit(text string) {
	if p.live {
		fmt.Fprintf(p.w, "\r\033[K%s", text)
		p.printed = true
		return
	}
	fmt.Fprintln(p.w, text)
}

// Done clears the live line, if any, so that the result printed next
// starts on a clean line.
func (p *Printer) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.printed {
		fmt.Fprint(p.w, "\r\033[K")
		p.printed = false
	}
}

// Poll prints line() as it stands, from a goroutine of its own, on every
// tick (Tick; else four times a second live, Every otherwise) once the
// grace time has passed, for work that has no callback of its own. The
// returned stop ends the goroutine, waits for it and clears a live line;
// it may be called more than once.
func (p *Printer) Poll(line func() string) (stop func()) {
	if p.quiet {
		return func() {}
	}
	every := p.Every
	switch {
	case p.Tick > 0:
		every = p.Tick
	case p.live:
		every = 250 * time.Millisecond
	}
	end := tick.Every(every, func() {
		if time.Since(p.start) >= p.Grace {
			p.mu.Lock()
			p.emit(line())
			p.mu.Unlock()
		}
	})
	var once sync.Once
	return func() { once.Do(func() { end(); p.Done() }) }
}

// PollStream follows a streamed write or check of total cells (Stream)
// with Poll, each line "verb: " and the Stream's line, until stop.
func (p *Printer) PollStream(total int64) (s *Stream, stop func()) {
	s = &Stream{Total: total}
	return s, p.Poll(func() string { return p.verb + ": " + s.Line() })
}
