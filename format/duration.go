package format

import "time"

// Round rounds a duration for a summary line: to the millisecond, or to
// the microsecond below one.
func Round(d time.Duration) time.Duration {
	if d < time.Millisecond {
		return d.Round(time.Microsecond)
	}
	return d.Round(time.Millisecond)
}
