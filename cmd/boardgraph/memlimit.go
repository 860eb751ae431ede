package main

import "runtime/debug"

// gcLimitFloor is the least soft memory limit given to the Go runtime:
// below about 64 MiB the runtime's own heap and stacks come near the
// limit and the collector runs without pause (a refusal for
// --max-memory 4M took 9 s), while the requests' own budgets (the
// refusals that name --max-memory) still hold at any size.
const gcLimitFloor = 64 << 20

// limitGarbage makes the collector work harder rather than let garbage
// pass limit bytes (at least gcLimitFloor); the returned function puts
// back the limit before it.
func limitGarbage(limit int64) func() {
	old := debug.SetMemoryLimit(max(limit, gcLimitFloor))
	return func() { debug.SetMemoryLimit(old) }
}
