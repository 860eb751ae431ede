package count_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// BenchmarkCount counts reference boards in BoardOrder; besides time it
// reports the peak layer (states), the table memory (MiB) and the
// transitions per second. The knight's 7x7 and 8x8 take minutes and
// gigabytes: select one with -bench 'Count/knight/7x7$' -benchtime 1x.
// docs/results.md gives the commands and the times measured.
func BenchmarkCount(b *testing.B) {
	for _, c := range []struct {
		name       string
		rows, cols int
		moves      string
		closed     bool
		want       uint64
	}{
		{"hopido/5x5", 5, 5, "hopido", false, 12400},
		{"knight/6x6/closed", 6, 6, "knight", true, 2 * 9862},
		{"knight/6x6", 6, 6, "knight", false, 6637920},
		{"hopido/6x6", 6, 6, "hopido", false, 8250272},
		{"hopido/6x6/closed", 6, 6, "hopido", true, 26276},
		{"hopido/7x7", 7, 7, "hopido", false, 8642871600},     // TestCrossChecks
		{"hopido/7x7/closed", 7, 7, "hopido", true, 11617568}, // TestCrossChecks
		{"knight/7x7", 7, 7, "knight", false, 165575218320},
		{"knight/7x8/closed", 7, 8, "knight", true, 69048864632}, // TestCrossChecks
		{"knight/8x8/closed", 8, 8, "knight", true, 2 * 13267364410532},
		{"hopido/8x8/closed", 8, 8, "hopido", true, 1022961742428}, // docs/results.md
	} {
		b.Run(c.name, func(b *testing.B) {
			bg := build(b, c.rows, c.cols, c.moves)
			p := hamilton.Problem{G: bg.Graph, Closed: c.closed}
			opt := count.Options{Order: count.BoardOrder(bg), MaxBytes: *maxBytes}
			if testfix.Long() {
				// Predict overestimates hopido 8x8 (2.7e11 states against
				// 1.0e8 measured) and would refuse it: measure, do not
				// predict.
				opt.ProbeStates = -1
				opt.ProgressEvery = 30 * time.Second
				opt.Progress = func(s count.Stats) {
					b.Logf("step %d/%d: %d states, peak %d, %d MiB, %v", s.Step, s.Steps, s.States, s.PeakStates, s.PeakBytes>>20, s.Elapsed)
				}
			}
			var st count.Stats
			for b.Loop() {
				got, s, err := count.Count(context.Background(), p, opt)
				if err != nil {
					b.Fatal(err)
				}
				if got != c.want {
					b.Fatalf("Count = %d, want %d", got, c.want)
				}
				st = s
			}
			b.ReportMetric(float64(st.PeakStates), "states")
			b.ReportMetric(float64(st.PeakBytes)/(1<<20), "MiB")
			b.ReportMetric(float64(st.Transitions)/st.Elapsed.Seconds(), "transitions/s")
		})
	}
}

// BenchmarkCountExact counts the king's Hamiltonian paths on n x n boards
// (OEIS A308129, doubled: directed paths) with CountExact, in the order
// the CLI counts in (BoardOrderSeed then RefineOrder, default seed; the
// annealing is outside the timed loop), as `boardgraph count --moves king
// NxN --method dp` does: one pass whose counts widen from 64 to 128 bits
// and, past 2^128 (10x10), to residues modulo the primes of the count's
// bound. The 10x10 count takes a minute or more: it runs with
// BOARDGRAPH_LONG=1 (-bench 'CountExact/king/10x10$' -benchtime 1x).
func BenchmarkCountExact(b *testing.B) {
	for _, c := range []struct {
		name string
		n    int
		want string // directed: twice A308129(n)
		long bool
	}{
		{"king/7x7", 7, "1659110130720710584", false},
		{"king/8x8", 8, "1635069460917798701270872", false},
		{"king/9x9", 9, "12308784500036123518164726610224", false},
		{"king/10x10", 10, "721833220650131890343295654587745095696", true},
	} {
		b.Run(c.name, func(b *testing.B) {
			if c.long {
				testfix.SkipUnlessLong(b, "king 10x10 paths (a minute or more)")
			}
			bg := build(b, c.n, c.n, "king")
			o, err := count.BoardOrderSeed(context.Background(), bg, count.DefaultOrderSeed)
			if err != nil {
				b.Fatal(err)
			}
			if o, err = count.RefineOrder(context.Background(), bg.Graph, o, count.DefaultOrderSeed); err != nil {
				b.Fatal(err)
			}
			want, _ := new(big.Int).SetString(c.want, 10)
			p := hamilton.Problem{G: bg.Graph}
			opt := count.Options{Order: o, MaxBytes: *maxBytes}
			var st count.Stats
			for b.Loop() {
				got, s, err := count.CountExact(context.Background(), p, opt)
				if err != nil || got.Cmp(want) != 0 {
					b.Fatalf("CountExact = %v, %v; want %v", got, err, want)
				}
				st = s
			}
			b.ReportMetric(float64(st.PeakStates), "states")
			b.ReportMetric(float64(st.PeakBytes)/(1<<20), "MiB")
			b.ReportMetric(float64(len(st.Moduli)), "primes")
		})
	}
}

// BenchmarkSpill counts hopido 7x7 open in memory and spilled (limit
// 24 MiB, a quarter of its peak tables) with one worker: ns/transition is
// the CPU of one state transition, spill files included in the spilled
// run.
func BenchmarkSpill(b *testing.B) {
	bg := build(b, 7, 7, "hopido")
	p := hamilton.Problem{G: bg.Graph}
	order := count.BoardOrder(bg)
	for _, spill := range []bool{false, true} {
		name := "memory"
		if spill {
			name = "spilled"
		}
		b.Run(name, func(b *testing.B) {
			opt := count.Options{Order: order, Workers: 1}
			if spill {
				opt.MaxBytes, opt.SpillDir = 24<<20, b.TempDir()
			}
			var st count.Stats
			for b.Loop() {
				got, s, err := count.Count(context.Background(), p, opt)
				if err != nil || got != 8642871600 {
					b.Fatalf("Count = %d, %v", got, err)
				}
				if s.Spilled != spill {
					b.Fatalf("spilled %v", s.Spilled)
				}
				st = s
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(st.Transitions), "ns/transition")
			b.ReportMetric(float64(st.SpillWritten)/float64(max(st.SpillRecords, 1)), "B/record")
		})
	}
}

// BenchmarkDP times one state transition of the dynamic program with one
// worker on hopido 6x6 open (8250272 directed paths): with 64-bit keys
// (emitNarrow, also the packing of the knight's and Diplomatico 8x8,
// whose 16 codes fit one word though their keys take 66 bits), the same
// built from words (expandOpen, which open counts use from a frontier of
// 13 on: hopido 6x6's is 9), with
// two-word keys in the tables (knightpath: the 8x8 counts' path),
// with 128-bit keys packed by emitWide (wider codes) in memory, and that
// spilled to files (limit 1 MiB of tables). ns/transition is the
// wall time of one transition, files included in the spilled run, and
// cpu-ns/transition the process's CPU time per transition (steadier on a
// loaded machine; it includes the collector's); compare runs with
// benchstat.
func BenchmarkDP(b *testing.B) {
	bg := build(b, 6, 6, "hopido")
	p := hamilton.Problem{G: bg.Graph}
	order := count.BoardOrder(bg)
	for _, c := range []struct {
		name  string
		count func(context.Context, hamilton.Problem, count.Options) (uint64, count.Stats, error)
		spill bool
	}{
		{"narrow", count.Count, false},
		{"words", countWordOpen, false},
		{"knightpath", count.CountWideTables, false},
		{"wide", count.CountWide, false},
		{"wide/spilled", count.CountWide, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			opt := count.Options{Order: order, Workers: 1}
			if c.spill {
				opt.MaxBytes, opt.SpillDir = 1<<20, b.TempDir()
			}
			var st count.Stats
			cpu0 := testfix.CPUTime()
			for b.Loop() {
				got, s, err := c.count(context.Background(), p, opt)
				if err != nil || got != 8250272 {
					b.Fatalf("Count = %d, %v", got, err)
				}
				if s.Spilled != c.spill {
					b.Fatalf("spilled %v", s.Spilled)
				}
				st = s
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(st.Transitions), "ns/transition")
			b.ReportMetric(float64((testfix.CPUTime()-cpu0).Nanoseconds())/float64(b.N)/float64(st.Transitions), "cpu-ns/transition")
		})
	}
}

// countWordOpen is Count building every next state from words
// (count.WordOpen), whatever the frontier's width.
func countWordOpen(ctx context.Context, p hamilton.Problem, opt count.Options) (uint64, count.Stats, error) {
	return count.Count(ctx, p, count.WordOpen(opt))
}
