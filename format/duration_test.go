package format

import (
	"testing"
	"time"
)

func TestRound(t *testing.T) {
	t.Parallel()
	if got := Round(1234567 * time.Nanosecond); got != time.Millisecond {
		t.Errorf("Round(1.234567ms) = %v", got)
	}
	if got := Round(1234 * time.Nanosecond); got != time.Microsecond {
		t.Errorf("Round(1.234µs) = %v", got)
	}
}
