package request

import "github.com/boardgraph/boardgraph/internal/base/membudget"

// The memory budget of a command: --max-memory, parsed once here
// (MemoryLimit) for count and solve on boards and graphs alike, or
// DefaultMaxMemory. The command gives the whole limit to the garbage
// collector (debug.SetMemoryLimit); the work takes its shares of it as
// package membudget sets them, the numbers package count's zero
// Options.MaxBytes uses too:
//
//   - the frontier DP's state tables: 60% (tableBytes; on a graph, of
//     what the DP's plan leaves); the rest covers the collector's slack,
//     the spill buffers and the program;
//   - the grid sweep's layers: 90% (gridLayerBytes), nearly all of its
//     memory (the rank tables of its sign patterns take some MB);
//   - the search on a graph: 512 bytes a vertex
//     (graphSearchBytesPerVertex), checked against the whole limit.

// tableBytes is the frontier DP's share of a memory limit for its state
// tables (membudget.Tables: 60%).
func tableBytes(limit int64) int64 { return membudget.Tables(limit) }

// gridLayerBytes is the grid sweep's share of a memory limit for its
// layers (membudget.GridLayers: 90%).
func gridLayerBytes(limit int64) int64 { return membudget.GridLayers(limit) }

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
// cannot be read: 4 GiB (membudget.Fallback).
const FallbackMemory = membudget.Fallback

// DefaultMaxMemory returns the default of --max-memory: three quarters of
// the memory the kernel reports available (membudget.Default).
func DefaultMaxMemory() int64 { return membudget.Default() }
