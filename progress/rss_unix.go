//go:build unix

package progress

import (
	"runtime"
	"syscall"
)

// PeakRSS returns the process's peak resident memory in bytes, or 0 when
// it is not known.
func PeakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss) // bytes there
	}
	return int64(ru.Maxrss) * 1024 // kilobytes on Linux and the BSDs
}
