package shard

import (
	"errors"
	"os"
)

// ErrLocked means another process holds the lock of a checkpoint: two runs
// of one count at once would corrupt it.
var ErrLocked = errors.New("locked by another running count")

// Lock opens (creating it if needed) and locks the file at path for the
// life of the returned file: the lock that guards a checkpoint replaced by
// rename (the dynamic program's layer checkpoints lock a companion
// PATH.lock). Close the file to unlock. It fails with ErrLocked when
// another process holds the lock.
func Lock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f, path); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
