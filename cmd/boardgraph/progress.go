package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	lines "github.com/boardgraph/boardgraph/progress"
	"github.com/boardgraph/boardgraph/request"
)

// progress prints progress lines on stderr for runs longer than a second:
// a live line rewritten in place on a terminal, a plain line every few
// seconds otherwise, nothing with --quiet. Engines call it from their own
// goroutines; the mutex keeps it apart from done. The library words the
// lines (package progress).
type progress struct {
	e       *env
	verb    string
	quiet   bool
	grace   time.Duration // no output before this much time has passed
	every   time.Duration // between plain lines
	start   time.Time
	mu      sync.Mutex
	last    time.Duration
	printed bool // a live line is on the screen
}

func newProgress(e *env, verb string, quiet bool) *progress {
	p := &progress{e: e, verb: verb, quiet: quiet, grace: time.Second, every: 5 * time.Second, start: time.Now()}
	if e.progressEvery > 0 {
		p.grace, p.every = e.progressEvery, e.progressEvery
	}
	return p
}

// line prints a progress line (a live line on a terminal, a plain line every
// few seconds otherwise) after the grace period.
func (p *progress) line(elapsed time.Duration, what string) {
	if p.quiet {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if elapsed < p.grace {
		return
	}
	if p.e.stderrTTY || p.last == 0 || elapsed-p.last >= p.every {
		p.last = elapsed
		p.emit(fmt.Sprintf("%s: %s, %s", p.verb, elapsed.Round(100*time.Millisecond), what))
	}
}

// interval is how often an engine should call back: four times a second
// for a live line, at most every second (or every line) otherwise.
func (p *progress) interval() time.Duration {
	switch {
	case p.e.progressEvery > 0:
		return p.e.progressEvery
	case p.e.stderrTTY:
		return 250 * time.Millisecond
	}
	return min(time.Second, p.every)
}

// set installs the search's callback in opt.
func (p *progress) set(opt *hamilton.Options) {
	if p.quiet {
		return
	}
	opt.Progress = p.report
	opt.ProgressEvery = p.interval()
}

func (p *progress) report(st hamilton.Stats) { p.line(st.Elapsed, lines.Search(st)) }

// dp returns the dynamic program's progress options, reporting to p.
func (p *progress) dp() request.DPOptions {
	if p.quiet {
		return request.DPOptions{}
	}
	report := func(st count.Stats) {
		elapsed := time.Since(p.start) // the DP fills Stats.Elapsed only at the end
		p.line(elapsed, lines.DP(st, elapsed))
	}
	return request.DPOptions{Progress: report, ProgressEvery: p.interval()}
}

// emit writes text as the live line on a terminal, as a plain line
// otherwise. The caller holds p.mu.
func (p *progress) emit(text string) {
	if p.e.stderrTTY {
		fmt.Fprintf(p.e.stderr, "\r\033[K%s", text)
		p.printed = true
		return
	}
	fmt.Fprintln(p.e.stderr, text)
}

// done clears the live line, if any, before the result is printed.
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.printed {
		fmt.Fprint(p.e.stderr, "\r\033[K")
		p.printed = false
	}
}

// poll prints line() after the grace period on every tick of its own
// goroutine (four times a second on a terminal, every few seconds
// otherwise) until the returned stop is called; stop clears a live line
// and may be called more than once.
func (p *progress) poll(line func() string) (stop func()) {
	if p.quiet {
		return func() {}
	}
	every := p.every
	if p.e.stderrTTY && p.e.progressEvery == 0 {
		every = 250 * time.Millisecond
	}
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				if time.Since(p.start) >= p.grace {
					p.mu.Lock()
					p.emit(line())
					p.mu.Unlock()
				}
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(quit); wg.Wait(); p.done() }) }
}

// cellProgress shows a streamed write or check (progress.Stream) on
// stderr, prefixed with the command's name, until stop.
type cellProgress struct {
	*lines.Stream
	stop func()
}

func startCellProgress(e *env, quiet bool, cmd string, total int64) *cellProgress {
	sp := &lines.Stream{Total: total}
	stop := newProgress(e, cmd, quiet).poll(func() string { return cmd + ": " + sp.Line() })
	return &cellProgress{Stream: sp, stop: stop}
}
