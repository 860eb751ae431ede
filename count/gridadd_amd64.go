//go:build amd64 && !purego

package count

import "golang.org/x/sys/cpu"

// haveAVX2 reports whether addModAVX2 may run.
var haveAVX2 = cpu.X86.HasAVX2

// addModAVX2 adds src to dst modulo the primes pat (repeating; len(pat)
// a multiple of 4) four elements at a time, in whole rounds of len(pat)
// elements, and returns the elements done; with zero set it also zeroes
// the elements of src it reads (gridadd_amd64.s).
//
//go:noescape
func addModAVX2(dst, src, pat []uint64, zero bool) int
