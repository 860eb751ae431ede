package analysis

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
)

// TestCancel stops a run early: the partial result is returned with
// ctx.Err(), marked incomplete, and its total is a lower bound.
func TestCancel(t *testing.T) {
	t.Parallel()
	_, p := problemOf(t, "6x6", "hopido")
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, err := Analyze(ctx, p, Options{Workers: 2})
	if !errors.Is(err, context.DeadlineExceeded) || res == nil || res.Complete {
		t.Fatalf("err %v, result %v", err, res != nil)
	}
	if res.Total >= 8250272 {
		t.Fatalf("partial total %d is not below the full count", res.Total)
	}
}

// TestProgress checks that the progress callback is called with a growing
// number of paths (run under -race to check it is race-free). The run is
// one that lasts far longer than a tick (6x6 Hopido, 8,250,272 paths),
// stopped by the callback itself at its third call: a progress that never
// comes fails the test (the run then finishes) instead of passing as a
// skip.
func TestProgress(t *testing.T) {
	t.Parallel()
	_, p := problemOf(t, "6x6", "hopido")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	var seen []uint64
	res, err := Analyze(ctx, p, Options{Workers: 2, ProgressEvery: time.Millisecond, Progress: func(st hamilton.Stats) {
		mu.Lock()
		seen = append(seen, st.Solutions)
		if len(seen) == 3 {
			cancel()
		}
		mu.Unlock()
	}})
	mu.Lock()
	defer mu.Unlock()
	if !errors.Is(err, context.Canceled) || res == nil || res.Complete || len(seen) < 3 {
		t.Fatalf("want the run stopped by its third progress call: err %v, %d calls", err, len(seen))
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] < seen[i-1] {
			t.Fatalf("progress went backwards: %v", seen)
		}
	}
	if last := seen[len(seen)-1]; last > res.Stats.Solutions {
		t.Fatalf("progress reported %d paths, the run enumerated %d", last, res.Stats.Solutions)
	}
}

// TestInvalid checks the problems Analyze refuses.
func TestInvalid(t *testing.T) {
	t.Parallel()
	_, p := problemOf(t, "4x5", "hopido")
	bad := []hamilton.Problem{p, p, p, p}
	bad[0].FixStart = true
	bad[1].Closed = true
	bad[2].Symmetries = [][]int32{{0}}
	swap := make([]int32, p.G.N())
	for i := range swap {
		swap[i] = int32(i)
	}
	swap[0], swap[1] = 1, 0 // not an automorphism
	bad[3].Symmetries = [][]int32{swap}
	for i, q := range bad {
		if _, err := Analyze(context.Background(), q, Options{}); !errors.Is(err, ErrInvalid) {
			t.Errorf("case %d: err %v, want ErrInvalid", i, err)
		}
	}
}

// TestGivens analyses a board with a given (the centre of 5x5 holds 13):
// the reduced run (symmetries keeping the given, no reversal) equals the
// full one, and the total equals hamilton.Count with the same given.
func TestGivens(t *testing.T) {
	t.Parallel()
	bg, p := problemOf(t, "5x5", "hopido")
	p.Givens = make([]int32, bg.N())
	for i := range p.Givens {
		p.Givens[i] = -1
	}
	p.Givens[bg.VertexOf[bg.Board.Cell(2, 2)]] = 12
	p.Givens[bg.VertexOf[bg.Board.Cell(0, 0)]] = 0
	want, _, err := hamilton.Count(context.Background(), p, hamilton.Options{})
	if err != nil {
		t.Fatal(err)
	}
	full, err := Analyze(context.Background(), p, Options{NoReduce: true})
	if err != nil {
		t.Fatal(err)
	}
	red, err := Analyze(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want == 0 || full.Total != want || red.Total != want || red.Reversal || red.Group != 2 {
		t.Fatalf("count %d, full %d, reduced %d (reversal %v, group %d; want the diagonal reflection only)", want, full.Total, red.Total, red.Reversal, red.Group)
	}
	for i := range full.StepCell {
		if full.StepCell[i] != red.StepCell[i] {
			t.Fatalf("step table differs at %d", i)
		}
	}
	if red.Orbits*2 != want+red.OrbitSizes[1] {
		t.Fatalf("orbits %d with sizes %v for %d paths", red.Orbits, red.OrbitSizes, want)
	}
}
