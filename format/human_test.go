package format

import (
	"testing"
	"time"
)

func TestHuman(t *testing.T) {
	t.Parallel()
	for x, want := range map[uint64]string{0: "0", 999: "999", 1000: "1k", 1250: "1.2k", 3_000_000: "3M", 729_237_344: "729.2M", 1 << 62: "4.61e+18"} {
		if got := Human(x); got != want {
			t.Errorf("Human(%d) = %q, want %q", x, got, want)
		}
	}
	for n, want := range map[int64]string{512: "512 B", 1500: "1.5 kB", 37_500_000: "37.5 MB", 1_250_000_000: "1.25 GB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
	if got := Round(1234567 * time.Nanosecond); got != time.Millisecond {
		t.Errorf("Round(1.234567ms) = %v", got)
	}
	if got := Round(1234 * time.Nanosecond); got != time.Microsecond {
		t.Errorf("Round(1.234µs) = %v", got)
	}
}
