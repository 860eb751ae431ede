//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package pathio

import (
	"context"
	"os"
)

// openPipe opens the named pipe name for writing (a plain open, where
// the system has no non-blocking open of a pipe).
func openPipe(ctx context.Context, name string) (*os.File, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return os.OpenFile(name, os.O_WRONLY, 0)
}
