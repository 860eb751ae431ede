//go:build !amd64 || purego

package count

// haveAVX2 is false off amd64: addLanes adds one element at a time.
const haveAVX2 = false

// addModAVX2 is never called off amd64.
func addModAVX2(dst, src, pat []uint64, zero bool) int { panic("count: no AVX2") }
