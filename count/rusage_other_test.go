//go:build !unix

package count_test

import "time"

// cpuTime is 0 where getrusage is missing: cpu-ns/transition reads 0.
func cpuTime() time.Duration { return 0 }
