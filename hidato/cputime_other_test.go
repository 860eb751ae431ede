//go:build !unix

package hidato

import "time"

// cpuTime is not measured here: medians fall back to wall time.
func cpuTime() time.Duration { return 0 }
