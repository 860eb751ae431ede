package request

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

func TestDurationValue(t *testing.T) {
	t.Parallel()
	var d time.Duration
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&DurationValue{P: &d, Name: "timeout"}, "timeout", "stop after `D`")
	if err := fs.Parse([]string{"--timeout", "1m30s"}); err != nil || d != 90*time.Second {
		t.Fatalf("1m30s: %v %v", d, err)
	}
	if g := fs.Lookup("timeout").Value.(flag.Getter).Get(); g != 90*time.Second {
		t.Fatalf("Get: %v", g)
	}
	err := fs.Parse([]string{"--timeout", "10"})
	if err == nil || !strings.HasSuffix(err.Error(), ": give a unit, for example 10s (seconds) or 10m (minutes)") || strings.Contains(err.Error(), "bad input") {
		t.Fatalf("10: %v", err)
	}
	if (&DurationValue{P: new(time.Duration)}).String() != "" {
		t.Fatal("a zero duration prints as the empty default")
	}
}

// TestCheckGivenMoves: a blank --moves is bad input naming the presets;
// any other value passes (ParseMoves judges it).
func TestCheckGivenMoves(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", " ", "\t"} {
		err := CheckGivenMoves(s)
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "hopido (3,0+2,2)") {
			t.Errorf("%q: %v", s, err)
		}
	}
	if err := CheckGivenMoves("knight"); err != nil {
		t.Error(err)
	}
}
