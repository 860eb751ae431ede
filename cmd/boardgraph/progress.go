package main

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/request"
)

// progress prints the engine's progress snapshots on stderr for runs longer
// than a second: a live line rewritten in place on a terminal, a plain line
// every few seconds otherwise, nothing with --quiet. The engine calls it
// from its own watcher goroutine; the mutex keeps it apart from done.
type progress struct {
	e       *env
	verb    string
	quiet   bool
	grace   time.Duration // no output before this much time has passed
	every   time.Duration // between plain lines
	mu      sync.Mutex
	last    time.Duration
	printed bool // a live line is on the screen
}

func newProgress(e *env, verb string, quiet bool) *progress {
	p := &progress{e: e, verb: verb, quiet: quiet, grace: time.Second, every: 5 * time.Second}
	if e.progressEvery > 0 {
		p.grace, p.every = e.progressEvery, e.progressEvery
	}
	return p
}

// set installs the callback in opt.
func (p *progress) set(opt *hamilton.Options) {
	if p.quiet {
		return
	}
	opt.Progress = p.report
	opt.ProgressEvery = 250 * time.Millisecond
	if !p.e.stderrTTY {
		opt.ProgressEvery = min(time.Second, p.every)
	}
	if p.e.progressEvery > 0 {
		opt.ProgressEvery = p.e.progressEvery
	}
}

func (p *progress) report(st hamilton.Stats) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if st.Elapsed < p.grace {
		return
	}
	line := fmt.Sprintf("%s: %s, %s nodes (%s/s)", p.verb, st.Elapsed.Round(100*time.Millisecond),
		human(st.Nodes), human(uint64(float64(st.Nodes)/max(st.Elapsed.Seconds(), 1e-9))))
	if st.Solutions > 0 {
		line += fmt.Sprintf(", %s solutions so far", human(st.Solutions))
	}
	if p.e.stderrTTY {
		fmt.Fprintf(p.e.stderr, "\r\033[K%s", line)
		p.printed = true
		return
	}
	if p.last != 0 && st.Elapsed-p.last < p.every {
		return
	}
	p.last = st.Elapsed
	fmt.Fprintln(p.e.stderr, line)
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

// dpProgress prints the DP's steps on stderr, at most every few seconds,
// after a grace second (like the search's progress lines).
type dpProgress struct {
	e     *env
	quiet bool
	grace time.Duration
	every time.Duration
	start time.Time
	mu    sync.Mutex
}

func newDPProgress(e *env, quiet bool) *dpProgress {
	p := &dpProgress{e: e, quiet: quiet, grace: time.Second, every: 5 * time.Second, start: time.Now()}
	if e.progressEvery > 0 {
		p.grace, p.every = e.progressEvery, e.progressEvery
	}
	return p
}

// options returns the DP's progress options, reporting to p.
func (p *dpProgress) options() request.DPOptions {
	return request.DPOptions{Progress: p.report, ProgressEvery: p.every}
}

func (p *dpProgress) report(st count.Stats) {
	elapsed := time.Since(p.start) // the DP fills Stats.Elapsed only at the end
	if p.quiet || elapsed < p.grace {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.e.stderr, "count (dp): %s, step %d of %d, %s states (peak %s), %s of tables\n",
		elapsed.Round(100*time.Millisecond), st.Step, st.Steps, human(uint64(st.States)), human(uint64(st.PeakStates)), humanBytes(st.PeakBytes))
}

// human writes a count with a k/M/G suffix.
func human(x uint64) string {
	f := float64(x)
	for _, s := range []string{"", "k", "M", "G", "T", "P"} {
		if f < 1000 {
			if s == "" {
				return fmt.Sprintf("%d", x)
			}
			return strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.1f", f), "0"), ".") + s
		}
		f /= 1000
	}
	return fmt.Sprintf("%.3g", float64(x))
}
