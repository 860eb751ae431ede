package request

import (
	"bufio"
	"io"
	"os"
	"strconv"
	"strings"
)

// FallbackMemory is the memory budget assumed when the available memory
// cannot be read: 4 GiB.
const FallbackMemory = 4 << 30

// DefaultMaxMemory returns the default of --max-memory: three quarters of
// the memory the kernel reports available (MemAvailable in /proc/meminfo),
// or FallbackMemory where that cannot be read.
func DefaultMaxMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return FallbackMemory
	}
	defer f.Close()
	if n := memAvailable(io.LimitReader(f, 1<<16)); n > 0 {
		return n / 4 * 3
	}
	return FallbackMemory
}

// memAvailable reads MemAvailable from a /proc/meminfo text, in bytes;
// 0 when absent.
func memAvailable(r io.Reader) int64 {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[0] == "MemAvailable:" {
			n, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil || n <= 0 {
				return 0
			}
			if len(f) >= 3 && strings.EqualFold(f[2], "kB") {
				n <<= 10
			}
			return n
		}
	}
	return 0
}
