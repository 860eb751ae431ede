package request

import (
	"bufio"
	"io"
	"os"
	"strconv"
	"strings"
)

// The memory budget of a command: --max-memory, parsed once here
// (MemoryLimit) for count and solve on boards and graphs alike, or
// DefaultMaxMemory. The command gives the whole limit to the garbage
// collector (debug.SetMemoryLimit); the work takes its shares of it here
// and nowhere else:
//
//   - the frontier DP's state tables: 60% (tableBytes; on a graph, of
//     what the DP's plan leaves); the rest covers the collector's slack,
//     the spill buffers and the program;
//   - the grid sweep's layers: 90% (gridLayerBytes), nearly all of its
//     memory (the rank tables of its sign patterns take some MB);
//   - the search on a graph: 512 bytes a vertex
//     (graphSearchBytesPerVertex), checked against the whole limit.

// tableBytes is the frontier DP's share of a memory limit for its state
// tables: 60%.
func tableBytes(limit int64) int64 { return limit / 10 * 6 }

// gridLayerBytes is the grid sweep's share of a memory limit for its
// layers: 90%.
func gridLayerBytes(limit int64) int64 { return limit / 10 * 9 }

// MemoryLimit parses --max-memory s ("": DefaultMaxMemory) and says how
// the limit was given, for refusals: "the default limit (...)" or "the
// limit you gave with --max-memory". A limit below MinMaxMemory is
// refused.
func MemoryLimit(s string) (int64, string, error) {
	if s == "" {
		return DefaultMaxMemory(), "the default limit (3/4 of the memory available now; --max-memory SIZE sets another)", nil
	}
	v, err := ParseMemory("max-memory", s)
	if err != nil {
		return 0, "", err
	}
	if v < MinMaxMemory {
		return 0, "", inputf("--max-memory %s is below 1M, less than the program itself needs; give a size such as 64M or 12G", s)
	}
	return v, "the limit you gave with --max-memory", nil
}

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
