package progress

import (
	"runtime"
	"testing"
)

// TestPeakRSS: on Linux the peak is in bytes (the kernel reports
// kilobytes): a Go test process holds well over a mebibyte, and the peak
// covers a buffer the test touched.
func TestPeakRSS(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the units are checked on Linux")
	}
	buf := make([]byte, 8<<20)
	for i := range buf {
		buf[i] = byte(i)
	}
	if got := PeakRSS(); got < 8<<20 {
		t.Errorf("PeakRSS() = %d bytes, below the 8 MiB buffer just touched", got)
	}
	runtime.KeepAlive(buf)
}
