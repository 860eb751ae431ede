package hidato

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// BenchmarkGenerate makes one puzzle per iteration, a new seed each time,
// and reports the median and largest CPU time per puzzle (median-cpu-s,
// max-cpu-s: the process's user and system time, so a busy shared machine
// does not inflate them; on systems without getrusage they are wall time)
// beside the wall-clock median and the mean (ns/op):
//
//	nice -n 10 go test -run XXX -bench Generate -benchtime 9x ./hidato
func BenchmarkGenerate(b *testing.B) {
	for _, c := range []struct {
		spec  string
		moves string
		level Level
	}{
		{"10x10", "hopido", LevelEasy},
		{"10x10", "hopido", LevelMedium},
		{"10x10", "hopido", LevelHard},
		{"10x10", "hopido", LevelExpert},
		{"10x10", "knight", LevelHard},
		{"20x20", "hopido", LevelEasy},
		{"20x20", "hopido", LevelMedium},
		{"20x20", "hopido", LevelHard},
		{"20x20", "hopido", LevelExpert},
	} {
		b.Run(c.moves+"/"+c.spec+"/"+c.level.String(), func(b *testing.B) {
			shape, _ := board.ParseSpec(c.spec)
			ms, _ := moves.Parse(c.moves)
			var times, cpus []float64
			givens := 0
			seed := uint64(0)
			for b.Loop() {
				t0, c0 := time.Now(), testfix.CPUTime()
				g, err := Generate(context.Background(), shape, Options{Moves: ms, Level: c.level, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(t0).Seconds())
				if c := testfix.CPUTime() - c0; c > 0 {
					cpus = append(cpus, c.Seconds())
				} else {
					cpus = append(cpus, times[len(times)-1])
				}
				givens += g.Puzzle.Givens()
				seed++
			}
			slices.Sort(times)
			slices.Sort(cpus)
			b.ReportMetric(times[len(times)/2], "median-s")
			b.ReportMetric(cpus[len(cpus)/2], "median-cpu-s")
			b.ReportMetric(cpus[len(cpus)-1], "max-cpu-s")
			b.ReportMetric(float64(givens)/float64(len(times)), "givens")
		})
	}
}

// hintFixture is the positions a ladder passes through on generated
// puzzles, built once per size and level.
type hintFixture struct {
	h   []*Hinter
	pos [][]Position // per puzzle: the givens, then after each step
}

var hintFixtures = map[string]*hintFixture{}

func hintPositions(b *testing.B, spec string, level Level, seeds int) *hintFixture {
	key := fmt.Sprint(spec, level, seeds)
	if f, ok := hintFixtures[key]; ok {
		return f
	}
	f := &hintFixture{}
	ctx := context.Background()
	for seed := 1; seed <= seeds; seed++ {
		g := ladderCase{spec, "hopido", level, uint64(seed)}.generate(b)
		h, err := NewHinter(ctx, g.Puzzle, HintOptions{Solution: g.Grading.Solution})
		if err != nil {
			b.Fatal(err)
		}
		var ps []Position
		pos := Position{Numbers: make([]int32, g.Puzzle.Board.Cells())}
		for {
			ps = append(ps, Position{Numbers: slices.Clone(pos.Numbers)})
			s, err := h.Step(ctx, pos)
			if err != nil {
				b.Fatal(err)
			}
			if s.Kind != StepPlace {
				break
			}
			pos.Numbers[s.Cell] = s.Number
		}
		f.h = append(f.h, h)
		f.pos = append(f.pos, ps)
	}
	hintFixtures[key] = f
	return f
}

// BenchmarkHintStep asks for one hint step per iteration, cycling over
// every position of the ladders of 5 generated puzzles (from the givens to
// the last step), and reports the median and the 99th percentile of the
// step times (p50-ms, p99-ms: wall time, so noisy on a busy machine; and
// p99-cpu-ms, the process's CPU time, which other programs do not
// inflate; zero where getrusage is missing):
//
//	go test -run XXX -bench HintStep -benchtime 2000x ./hidato
func BenchmarkHintStep(b *testing.B) {
	for _, spec := range []string{"6x6", "8x8", "10x10", "12x12"} {
		for l := LevelEasy; l <= LevelExpert; l++ {
			b.Run(spec+"/"+l.String(), func(b *testing.B) {
				f := hintPositions(b, spec, l, 5)
				ctx := context.Background()
				var times, cpus []float64
				i, j := 0, 0
				for b.Loop() {
					t0, c0 := time.Now(), testfix.CPUTime()
					if _, err := f.h[i].Step(ctx, f.pos[i][j]); err != nil {
						b.Fatal(err)
					}
					times = append(times, float64(time.Since(t0).Microseconds())/1000)
					cpus = append(cpus, float64((testfix.CPUTime()-c0).Microseconds())/1000)
					if j++; j == len(f.pos[i]) {
						i, j = (i+1)%len(f.h), 0
					}
				}
				slices.Sort(times)
				b.ReportMetric(times[len(times)/2], "p50-ms")
				b.ReportMetric(times[len(times)*99/100], "p99-ms")
				slices.Sort(cpus)
				b.ReportMetric(cpus[len(cpus)*99/100], "p99-cpu-ms")
			})
		}
	}
}
