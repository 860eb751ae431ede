//go:build linux || darwin || freebsd || netbsd || openbsd

package pathio

import (
	"context"
	"errors"
	"os"
	"syscall"
	"time"
)

// openPipe opens the named pipe name for writing. A blocking open would
// wait for a reader in the kernel, where neither a context nor a signal
// can end it; a non-blocking open fails with ENXIO until a reader is
// there, so it is retried every 20 ms until ctx ends. The file stays in
// non-blocking mode, which puts its writes under the runtime's poller
// (they still block for the caller, and take write deadlines).
func openPipe(ctx context.Context, name string) (*os.File, error) {
	for {
		f, err := os.OpenFile(name, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if !errors.Is(err, syscall.ENXIO) {
			return f, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}
