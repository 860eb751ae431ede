package main

import (
	"github.com/boardgraph/boardgraph/internal/app/request"
	lines "github.com/boardgraph/boardgraph/progress"
)

// newProgress returns the progress printer of a run on stderr
// (progress.Printer: a live line on a terminal, plain lines otherwise,
// nothing when quiet); e.progressEvery shortens its times in tests.
func newProgress(e *env, verb string, quiet bool) *lines.Printer {
	p := lines.NewPrinter(e.stderr, verb, e.stderrTTY, quiet)
	if e.progressEvery > 0 {
		p.Grace, p.Every, p.Tick = e.progressEvery, e.progressEvery, e.progressEvery
	}
	return p
}

// dpProgress returns the dynamic program's progress options, printing to p.
func dpProgress(p *lines.Printer) request.DPOptions {
	if !p.On() {
		return request.DPOptions{}
	}
	return request.DPOptions{Progress: p.DP, ProgressEvery: p.Interval()}
}
