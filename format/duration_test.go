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

func TestPlural(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0 cells", 1: "1 cell", 2: "2 cells", 1000: "1000 cells"} {
		if got := Plural(n, "cell"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}
