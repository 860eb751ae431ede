//go:build unix

package count_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used, so
// that benchmarks on a loaded machine can report CPU per transition, which
// waiting for a core does not inflate.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
