//go:build linux || darwin || freebsd || netbsd || openbsd

package pathio

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// openPipe opens the named pipe name for writing. A blocking open would
// wait for a reader in the kernel, where neither a context nor a signal
// can end it; a non-blocking open fails with ENXIO until a reader is
// there, so it is retried every 20 ms until ctx ends or PipeWait passes.
// The file stays in non-blocking mode, which puts its writes under the
// runtime's poller (they still block for the caller, and take write
// deadlines).
func openPipe(ctx context.Context, name string) (*os.File, error) {
	give := time.Now().Add(PipeWait)
	for {
		f, err := os.OpenFile(name, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if !errors.Is(err, syscall.ENXIO) {
			return f, err
		}
		if time.Now().After(give) {
			return nil, noReaderError{name, PipeWait}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// noReaderError is a named pipe that no process opened for reading in
// time; it wraps ENXIO, the open's own error.
type noReaderError struct {
	name string
	wait time.Duration
}

func (e noReaderError) Error() string {
	return fmt.Sprintf("no process opened the named pipe for reading within %v; start its reader first (for example: cat %s &)", e.wait, e.name)
}

func (e noReaderError) Unwrap() error { return syscall.ENXIO }
