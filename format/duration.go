package format

import (
	"strconv"
	"time"
)

// Round rounds a duration for a summary line: to the millisecond, or to
// the microsecond below one.
func Round(d time.Duration) time.Duration {
	if d < time.Millisecond {
		return d.Round(time.Microsecond)
	}
	return d.Round(time.Millisecond)
}

// Plural writes a count with its noun for a summary line: "1 cell",
// "2 cells" (the plural adds an s).
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
