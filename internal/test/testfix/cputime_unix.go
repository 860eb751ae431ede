//go:build unix

package testfix

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user and system) the process has used so
// far, so that benchmarks on a loaded machine can report CPU per unit of
// work, which waiting for a core does not inflate. It is 0 where the
// system cannot say (then callers fall back to wall time).
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
