//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package shard

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// lockFile takes an exclusive advisory lock (flock) on f; it fails with
// ErrLocked, naming path, when another open file holds it for more than
// lockWait. The lock goes with the open file: closing f, or the process
// ending (even by kill -9), releases it. The short wait covers a child
// process that inherited a descriptor between fork and exec (os/exec in
// the same program), which holds the lock for a moment.
func lockFile(f *os.File, path string) error {
	deadline := time.Now().Add(lockWait)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK) && time.Now().Before(deadline):
			time.Sleep(10 * time.Millisecond)
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return fmt.Errorf("%s is %w (flock): wait for that run to finish or stop it, or choose another file", path, ErrLocked)
		}
		return fmt.Errorf("locking %s: %w", path, err)
	}
}

// lockWait is how long lockFile waits for a lock held by someone else.
const lockWait = 300 * time.Millisecond
