package request

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestEnumerate: every solution (12400 directed paths on 5x5) is written once, in index order; a limit,
// a write error and a cancelled context end the run, each told apart.
func TestEnumerate(t *testing.T) {
	t.Parallel()
	s := searchOf(t, LeaperFlags{Spec: "5x5", Workers: 1}, Source{}, countNames)
	var seen uint64
	write := func(i uint64, path []int32) error {
		if i != seen+1 {
			t.Errorf("index %d after %d", i, seen)
		}
		seen = i
		_, err := s.Verified(path)
		return err
	}
	all, err := Enumerate(t.Context(), s.Problem, s.Options(), 0, write)
	if err != nil || all.Written != 12400 || all.Written != seen || all.Stopped || all.Limited {
		t.Fatalf("all: %+v %v (%d written)", all, err, seen)
	}
	if got, want := all.Summary("on 5x5"), "12400 solutions (directed) on 5x5; "; !strings.Contains(got, want) {
		t.Errorf("Summary = %q, want it to contain %q", got, want)
	}
	seen = 0
	if r, err := Enumerate(t.Context(), s.Problem, s.Options(), 1, write); err != nil || r.Written != 1 || !r.Limited || r.Stopped {
		t.Errorf("limit 1: %+v %v", r, err)
	}
	boom := errors.New("disk full")
	if r, err := Enumerate(t.Context(), s.Problem, s.Options(), 0, func(uint64, []int32) error { return boom }); err != boom || r.Written != 0 {
		t.Errorf("write error: %+v %v", r, err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	seen = 0
	if r, err := Enumerate(ctx, s.Problem, s.Options(), 0, write); err != nil || !r.Stopped || r.Limited {
		t.Errorf("cancelled: %+v %v", r, err)
	}
	if got := StopReason(ctx, time.Second); got != "interrupted" {
		t.Errorf("StopReason(cancelled) = %q", got)
	}
	ctx, cancel = context.WithTimeout(t.Context(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	if got := StopReason(ctx, 2*time.Second); got != "timed out after 2s" {
		t.Errorf("StopReason(deadline) = %q", got)
	}
}
