package count_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// BenchmarkCountGrid counts the grid rows of docs/results.md ("Grid
// graphs": issue 25's table against TdZdd, and issue 31's modular sweep)
// with CountGrid and fails on a wrong value; it reports the frontier
// states, the peak memory of the layers (or tables) in MiB and the
// primes of the modular count. The "wide" rows count open paths with
// the older sweep in transition tables and multi-word counts
// (CountGridWide), which CountGrid took for paths before issue 31. The
// rows marked long (16x16 and larger cycles, 13x13 and larger paths)
// run only with BOARDGRAPH_LONG=1: select one with BOARDGRAPH_LONG=1 go
// test ./count -run XXX -bench 'CountGrid/cycles/16x16$' -benchtime 1x.
func BenchmarkCountGrid(b *testing.B) {
	for _, c := range []struct {
		n      int
		closed bool
		long   bool
		want   string // undirected
		wide   bool   // paths by the older sweep
	}{
		{12, true, false, a003763[5], false},
		{14, true, false, a003763[6], false},
		{16, true, true, a003763[7], false},
		{18, true, true, a003763[8], false},
		{20, true, true, a003763[9], false},
		{10, false, false, a120443[9], false},
		{12, false, false, a120443[11], false},
		{13, false, true, a120443[12], false},
		{14, false, true, a120443[13], false},
		{15, false, true, a120443[14], false},
		{16, false, true, a120443[15], false},
		{12, false, false, a120443[11], true},
		{13, false, true, a120443[12], true},
		{14, false, true, a120443[13], true},
	} {
		kind := "paths"
		if c.closed {
			kind = "cycles"
		}
		if c.wide {
			kind = "wide-paths"
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
				got, s := gridCount(b, c.n, c.n, c.closed, opt, c.wide)
				if got.String() != c.want {
					b.Fatalf("CountGrid = %v, want %s", got, c.want)
				}
				st = s
			}
			b.ReportMetric(float64(st.PeakStates), "states")
			b.ReportMetric(float64(st.PeakBytes)/(1<<20), "MiB")
			b.ReportMetric(float64(len(st.Moduli)), "primes")
		})
	}
}
