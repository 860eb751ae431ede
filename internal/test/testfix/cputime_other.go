//go:build !unix

package testfix

import "time"

// CPUTime is 0 where getrusage is missing: callers fall back to wall time.
func CPUTime() time.Duration { return 0 }
