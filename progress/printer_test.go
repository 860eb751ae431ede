package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

func TestPrinterPlainLines(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	p := NewPrinter(&b, "count", false, false)
	p.Line(500*time.Millisecond, "in the grace time") // before the first second: nothing
	p.Line(1200*time.Millisecond, "first")
	p.Line(3*time.Second, "too soon") // less than Every (5s) after the first
	p.Line(6300*time.Millisecond, "second")
	p.Done() // no live line to clear
	want := "count: 1.2s, first\ncount: 6.3s, second\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	if got := p.Interval(); got != time.Second {
		t.Errorf("plain interval %v, want 1s", got)
	}
}

// The end of a DP step whose in-step lines were printed is printed too,
// however soon after the last line (it carries the step's summed layer);
// other lines keep to Every.
func TestPrinterStepEnd(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	p := NewPrinter(&b, "count", false, false)
	p.line(2*time.Second, "step 5 running", true, true)
	p.line(3*time.Second, "step 5 done", true, false)           // the step's end: printed
	p.line(4*time.Second, "step 6 done", true, false)           // too soon
	p.line(4500*time.Millisecond, "step 7 running", true, true) // too soon
	p.line(5*time.Second, "step 7 done", true, false)           // too soon: its in-step line was not printed
	p.line(8*time.Second, "step 8 running", true, true)
	p.Line(9*time.Second, "a search line") // not a DP step's end
	want := "count: 2s, step 5 running\ncount: 3s, step 5 done\ncount: 8s, step 8 running\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

func TestPrinterLiveLine(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	p := NewPrinter(&b, "solve", true, false)
	p.Search(hamilton.Stats{Elapsed: 2 * time.Second, Nodes: 4000})
	p.Line(2100*time.Millisecond, "again") // live: every call rewrites the line
	p.Done()
	p.Done() // once cleared, nothing more
	want := "\r\033[Ksolve: 2s, 4k nodes (2k/s)\r\033[Ksolve: 2.1s, again\r\033[K"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	if got := p.Interval(); got != 250*time.Millisecond {
		t.Errorf("live interval %v, want 250ms", got)
	}
	p.Tick = time.Millisecond
	if got := p.Interval(); got != time.Millisecond {
		t.Errorf("interval with Tick %v, want 1ms", got)
	}
}

func TestPrinterQuiet(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	p := NewPrinter(&b, "count", true, true)
	var opt hamilton.Options
	p.SetSearch(&opt)
	p.Line(time.Hour, "never")
	p.Poll(func() string { return "never" })()
	if p.On() || opt.Progress != nil || b.Len() > 0 {
		t.Errorf("quiet printer: On %v, callback set %v, wrote %q", p.On(), opt.Progress != nil, b.String())
	}
	loud := NewPrinter(&b, "count", false, false)
	loud.SetSearch(&opt)
	if opt.Progress == nil || opt.ProgressEvery != time.Second {
		t.Errorf("SetSearch: callback set %v, every %v; want set, 1s", opt.Progress != nil, opt.ProgressEvery)
	}
}

func TestPrinterPollStream(t *testing.T) {
	t.Parallel()
	var b testfix.SyncBuffer // the poller's goroutine writes it
	p := NewPrinter(&b, "verify", false, false)
	p.Grace, p.Tick = 0, time.Millisecond
	s, stop := p.PollStream(1000)
	s.Phase("checked")
	s.Count.Store(500)
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(b.String(), "verify: checked 500 of 1k cells") && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	stop()
	stop() // a second stop is harmless
	got := b.String()
	if !strings.Contains(got, "verify: checked 500 of 1k cells (") {
		t.Fatalf("poll lines %q, want the stream's line", got)
	}
	for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if !strings.HasPrefix(l, "verify: ") {
			t.Errorf("poll line %q lacks the verb", l)
		}
	}
	time.Sleep(5 * time.Millisecond)
	if b.String() != got {
		t.Errorf("the poller wrote after stop: %q", strings.TrimPrefix(b.String(), got))
	}
}
