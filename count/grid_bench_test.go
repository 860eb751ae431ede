package count_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/internal/testfix"
)

// BenchmarkCountGrid counts the grid rows of docs/results.md ("Grid
// graphs": issue 25's table against TdZdd) with CountGrid and fails on a
// wrong value; it reports the frontier states and the peak memory of the
// tables and layers (MiB). The rows marked long (16x16 cycles, 13x13 and
// 14x14 paths, 18x18 cycles) run only with BOARDGRAPH_LONG=1: select one
// with BOARDGRAPH_LONG=1 go test ./count -run XXX -bench
// 'CountGrid/cycles/16x16$' -benchtime 1x.
func BenchmarkCountGrid(b *testing.B) {
	for _, c := range []struct {
		n      int
		closed bool
		long   bool
		want   string // undirected
	}{
		{12, true, false, a003763[5]},
		{14, true, false, a003763[6]},
		{16, true, true, a003763[7]},
		{18, true, true, a003763[8]},
		{10, false, false, a120443[9]},
		{12, false, false, a120443[11]},
		{13, false, true, a120443[12]},
		{14, false, true, a120443[13]},
	} {
		kind := "paths"
		if c.closed {
			kind = "cycles"
		}
		b.Run(fmt.Sprintf("%s/%dx%d", kind, c.n, c.n), func(b *testing.B) {
			if c.long {
				testfix.SkipUnlessLong(b, "a count of seconds to minutes")
			}
			opt := count.Options{MaxBytes: *maxBytes}
			if testfix.Long() {
				opt.ProgressEvery = 30 * time.Second
				opt.Progress = func(s count.Stats) {
					b.Logf("step %d/%d: %d states, %d MiB, %v", s.Step, s.Steps, s.States, s.PeakBytes>>20, s.Elapsed)
				}
			}
			var st count.Stats
			for b.Loop() {
				got, s := gridCount(b, c.n, c.n, c.closed, opt)
				if got.String() != c.want {
					b.Fatalf("CountGrid = %v, want %s", got, c.want)
				}
				st = s
			}
			b.ReportMetric(float64(st.PeakStates), "states")
			b.ReportMetric(float64(st.PeakBytes)/(1<<20), "MiB")
		})
	}
}
