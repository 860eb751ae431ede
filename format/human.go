package format

import (
	"fmt"
	"strings"
	"time"
)

// Human writes a count for a person with a k, M, G, T or P suffix (powers
// of 1000, at most one decimal): 950, 1.2k, 3M.
func Human(x uint64) string {
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

// Bytes writes a size in decimal units: "512 B", "37.5 MB", "1.25 GB".
func Bytes(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}

// Round rounds a duration for a summary line: to the millisecond, or to
// the microsecond below one.
func Round(d time.Duration) time.Duration {
	if d < time.Millisecond {
		return d.Round(time.Microsecond)
	}
	return d.Round(time.Millisecond)
}
