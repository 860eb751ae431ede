//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package count

import "syscall"

// freeBytes returns the space available to this user in dir.
func freeBytes(dir string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return st.Bavail * uint64(st.Bsize), nil
}
