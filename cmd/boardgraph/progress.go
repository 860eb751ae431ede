package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/request"
)

// progress prints progress lines on stderr for runs longer than a second:
// a live line rewritten in place on a terminal, a plain line every few
// seconds otherwise, nothing with --quiet. Engines call it from their own
// goroutines; the mutex keeps it apart from done. The library words the
// lines (request.SearchProgress, DPProgress, CellProgress).
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

func (p *progress) report(st hamilton.Stats) { p.line(st.Elapsed, request.SearchProgress(st)) }

// dp returns the dynamic program's progress options, reporting to p.
func (p *progress) dp() request.DPOptions {
	if p.quiet {
		return request.DPOptions{}
	}
	report := func(st count.Stats) {
		p.line(time.Since(p.start), request.DPProgress(st)) // the DP fills Stats.Elapsed only at the end
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

// cellProgress prints the progress of a streaming write or check: after
// the grace period, on every tick of its own goroutine (four times a
// second on a terminal, every five seconds otherwise), the cells the
// worker has stored in count.
type cellProgress struct {
	*progress
	total int64
	count atomic.Int64
	stage string // "writing", "verifying"
	since time.Time
	quit  chan struct{}
	wg    sync.WaitGroup
	ended bool
}

func startCellProgress(e *env, quiet bool, cmd string, total int64) *cellProgress {
	p := &cellProgress{progress: newProgress(e, cmd, quiet), total: total, since: time.Now(), quit: make(chan struct{}), ended: quiet}
	if quiet {
		return p
	}
	every := p.every
	if e.stderrTTY && e.progressEvery == 0 {
		every = 250 * time.Millisecond
	}
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
				if time.Since(p.start) >= p.grace {
					p.mu.Lock()
					p.emit(p.verb + ": " + request.CellProgress(p.stage, p.count.Load(), p.total, time.Since(p.since)))
					p.mu.Unlock()
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
	p.stage, p.since = verb, time.Now()
	p.count.Store(0)
}

// stop ends the ticker and clears a live line. It may be called twice.
func (p *cellProgress) stop() {
	p.mu.Lock()
	if p.ended {
		p.mu.Unlock()
		return
	}
	p.ended = true
	p.mu.Unlock()
	close(p.quit)
	p.wg.Wait()
	p.done()
}
