//go:build unix

package testfix

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// FIFO makes a named pipe "pipe" in dir, skipping the test where mkfifo
// fails, and starts its reader: the channel gets everything written into
// the pipe once the writer closes it (nil when the pipe cannot be opened).
func FIFO(tb testing.TB, dir string) (string, <-chan []byte) {
	tb.Helper()
	fifo := filepath.Join(dir, "pipe")
	Mkfifo(tb, fifo)
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		data, _ := io.ReadAll(f)
		f.Close()
		got <- data
	}()
	return fifo, got
}

// Mkfifo makes a named pipe at path, skipping the test where the system
// cannot.
func Mkfifo(tb testing.TB, path string) {
	tb.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		tb.Skipf("mkfifo: %v", err)
	}
}
