// Package membudget is the one place where a memory limit gets its
// default and is split between the work's parts: by default three
// quarters of the memory the kernel reports available (Default); of a
// limit, 60% for the frontier dynamic program's state tables (Tables) and
// 90% for the grid sweep's layers (GridLayers). The rest of a limit is the
// garbage collector's slack, spill buffers and the program itself. The
// command line's --max-memory and package count's zero Options.MaxBytes
// both take their numbers from here, so they cannot disagree.
package membudget

import (
	"bufio"
	"io"
	"os"
	"strconv"
	"strings"
)

// Fallback is the memory limit assumed when the available memory cannot
// be read: 4 GiB.
const Fallback = 4 << 30

// Default returns the default memory limit: three quarters of the memory
// the kernel reports available (MemAvailable in /proc/meminfo), or
// Fallback where that cannot be read.
func Default() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return Fallback
	}
	defer f.Close()
	if n := Available(io.LimitReader(f, 1<<16)); n > 0 {
		return n / 4 * 3
	}
	return Fallback
}

// Available reads MemAvailable from a /proc/meminfo text, in bytes; 0
// when absent.
func Available(r io.Reader) int64 {
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

// Tables is the frontier dynamic program's share of a memory limit for
// its state tables: 60%.
func Tables(limit int64) int64 { return limit / 10 * 6 }

// GridLayers is the grid sweep's share of a memory limit for its layers:
// 90% (they are nearly all of its memory; the rank tables of its sign
// patterns take some MB).
func GridLayers(limit int64) int64 { return limit / 10 * 9 }
