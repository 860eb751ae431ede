//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package count

import "errors"

// freeBytes is unknown here: the disk check is skipped.
func freeBytes(dir string) (uint64, error) { return 0, errors.New("statfs not available") }
