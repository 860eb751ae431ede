package progress

import (
	"strings"
	"testing"
	"time"
)

func TestCells(t *testing.T) {
	t.Parallel()
	if got, want := Cells("writing", 3_000_000, 100_000_000, 1500*time.Millisecond), "writing 3M of 100M cells (2M cells/s), 1.5s"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p := &Stream{Total: 100}
	p.Count.Store(7)
	if got := p.Line(); !strings.HasPrefix(got, " 7 of 100 cells (") {
		t.Errorf("before a phase: %q", got)
	}
	p.Phase("verifying")
	p.Count.Store(40)
	if got := p.Line(); !strings.HasPrefix(got, "verifying 40 of 100 cells (") {
		t.Errorf("verifying: %q", got)
	}
}
