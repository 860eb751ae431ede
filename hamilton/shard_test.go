package hamilton_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// shardTotal counts every shard of `of` (of <= 0: -of more shards than
// units) and adds them up, checking that the
// shards' unit tallies cover the division once.
func shardTotal(t *testing.T, p hamilton.Problem, opt hamilton.Options, minUnits, of int) (uint64, *hamilton.Units) {
	t.Helper()
	ctx := context.Background()
	units, err := hamilton.SplitUnits(ctx, p, minUnits)
	if err != nil {
		t.Fatal(err)
	}
	if of <= 0 {
		of = units.Len() - of // more shards than units
	}
	var total uint64
	mine := 0
	for i := range of {
		seen := map[int]bool{}
		res, _, err := hamilton.CountShard(ctx, p, opt, i, of, hamilton.ShardOptions{Units: units, OnUnit: func(u int, c uint64) error {
			if seen[u] || !hamilton.InShard(u, i, of) {
				t.Errorf("shard %d/%d: unit %d reported twice or not in the shard", i, of, u)
			}
			seen[u] = true
			return nil
		}})
		if err != nil {
			t.Fatalf("shard %d/%d: %v", i, of, err)
		}
		if res.Counted != res.Mine || len(seen) != res.Mine || res.Units != units.Len() || res.Fingerprint != units.Fingerprint {
			t.Fatalf("shard %d/%d: %+v, %d units reported, division %d/%s", i, of, res, len(seen), units.Len(), units.Fingerprint)
		}
		mine += res.Mine
		total += res.Count
	}
	if mine != units.Len() {
		t.Fatalf("shards hold %d units, the division %d", mine, units.Len())
	}
	return total, units
}

// TestShardsOracle checks, on every case of the shared brute-force table
// (boards up to 20 cells, five move sets, open and closed, with and without
// start and end), that the shards of several divisions add up to the
// oracle's count, for shard numbers below, near and above the number of
// units.
func TestShardsOracle(t *testing.T) {
	t.Parallel()
	for i := range oracle.Cases {
		c := &oracle.Cases[i]
		if testing.Short() && i%5 != 0 {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			skipHeavy(t, c)
			want := c.Want()
			p, _ := problem(t, c, i%2 == 0)
			cfgs := []struct{ minUnits, of int }{{1, 1}, {12, 3}, {40, 7}, {12, -3}}
			if heavy(c) && !testfix.Long() {
				cfgs = cfgs[1:2] // the other divisions: every lighter case, and BOARDGRAPH_LONG=1
			}
			for _, cfg := range cfgs {
				got, units := shardTotal(t, p, hamilton.Options{Workers: 1}, cfg.minUnits, cfg.of)
				if got != want {
					t.Fatalf("min %d units, %d shards: %d units at depth %d add up to %d, want %d", cfg.minUnits, cfg.of, units.Len(), units.Depth, got, want)
				}
			}
		})
	}
}

// bigProblem builds a problem on a board with symmetries.
func bigProblem(t testing.TB, spec, mv string, closed bool, start, end int32) hamilton.Problem {
	bg := benchGraphT(t, spec, mv)
	return hamilton.Problem{G: bg.Graph, Closed: closed, Symmetries: bg.Automorphisms()}.WithEnds(start, end)
}

func benchGraphT(t testing.TB, spec, mv string) *moves.BoardGraph {
	t.Helper()
	return testfix.SpecGraph(t, spec, mv)
}

// TestShardsMatchCount compares merged shards with Count on boards past
// the oracle's reach (parallel counting with prefixes and the memo), for
// several move sets and start, end and closed variants.
func TestShardsMatchCount(t *testing.T) {
	t.Parallel()
	cases := []struct {
		spec, moves string
		closed      bool
		start, end  int32
	}{
		{"5x5", "hopido", false, -1, -1},
		{"5x5", "knight", false, -1, -1},
		{"5x5", "hopido", false, 0, -1},
		{"5x5", "hopido", false, 12, 0},
		{"4x7", "hopido", false, -1, -1},
		{"6x5", "knight", true, -1, -1},
		{"6x5", "knight", false, -1, 29},
		{"5x6", "1,3+1,1", false, -1, -1},
		{"5x6", "hopido", true, 7, -1},
	}
	for _, tc := range cases {
		t.Run(tc.spec+"/"+tc.moves, func(t *testing.T) {
			t.Parallel()
			p := bigProblem(t, tc.spec, tc.moves, tc.closed, tc.start, tc.end)
			want, _, err := hamilton.Count(context.Background(), p, hamilton.Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for _, of := range []int{1, 4, 16} {
				got, units := shardTotal(t, p, hamilton.Options{Workers: 2}, 0, of)
				if got != want {
					t.Errorf("%d shards of %d units: %d, Count %d", of, units.Len(), got, want)
				}
			}
		})
	}
}

// TestSplitUnitsDeterministic checks that the division does not depend on
// anything but the problem: planned twice, with different search options
// in between, it is the same, and a different problem differs.
func TestSplitUnitsDeterministic(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := bigProblem(t, "5x6", "hopido", false, -1, -1)
	a, err := hamilton.SplitUnits(ctx, p, 500)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := hamilton.Count(ctx, p, hamilton.Options{Workers: 3}); err != nil {
		t.Fatal(err)
	}
	b, err := hamilton.SplitUnits(ctx, p, 500)
	if err != nil {
		t.Fatal(err)
	}
	if a.Fingerprint != b.Fingerprint || a.Len() != b.Len() || a.Depth != b.Depth || a.Len() < 500 {
		t.Fatalf("two plans differ or are too small: %d/%d/%s vs %d/%d/%s", a.Len(), a.Depth, a.Fingerprint, b.Len(), b.Depth, b.Fingerprint)
	}
	for i := range a.Prefixes {
		if len(a.Prefixes[i]) != len(b.Prefixes[i]) || a.Weights[i] != b.Weights[i] {
			t.Fatalf("unit %d differs", i)
		}
		if i > 0 && !less(a.Prefixes[i-1], a.Prefixes[i]) {
			t.Fatalf("units %d and %d are not in order", i-1, i)
		}
	}
	p.FixStart, p.Start = true, 0
	c, err := hamilton.SplitUnits(ctx, p, 500)
	if err != nil {
		t.Fatal(err)
	}
	if c.Fingerprint == a.Fingerprint {
		t.Fatal("a fixed start did not change the fingerprint")
	}
}

func less(a, b []int32) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// TestShardResume stops a shard after some units, then resumes it with the
// reported units as Done: the resumed total equals the uninterrupted one
// and the done units are skipped, not searched.
func TestShardResume(t *testing.T) {
	t.Parallel()
	p := bigProblem(t, "5x6", "knight", false, -1, -1)
	ctx := context.Background()
	units, err := hamilton.SplitUnits(ctx, p, 200)
	if err != nil {
		t.Fatal(err)
	}
	full, _, err := hamilton.CountShard(ctx, p, hamilton.Options{Workers: 2}, 1, 3, hamilton.ShardOptions{Units: units})
	if err != nil {
		t.Fatal(err)
	}
	stopAfter := errors.New("stop")
	var mu sync.Mutex
	done := map[int]uint64{}
	part, _, err := hamilton.CountShard(ctx, p, hamilton.Options{Workers: 2}, 1, 3, hamilton.ShardOptions{Units: units, OnUnit: func(u int, c uint64) error {
		mu.Lock()
		defer mu.Unlock()
		if len(done) == 20 {
			return stopAfter
		}
		done[u] = c
		return nil
	}})
	if !errors.Is(err, stopAfter) || part.Counted != 20 {
		t.Fatalf("stopped shard: %+v, %v", part, err)
	}
	res, _, err := hamilton.CountShard(ctx, p, hamilton.Options{Workers: 2}, 1, 3, hamilton.ShardOptions{Units: units, Done: done,
		OnUnit: func(u int, c uint64) error {
			if _, dup := done[u]; dup {
				t.Errorf("unit %d counted again", u)
			}
			return nil
		}})
	if err != nil || res.Count != full.Count || res.Skipped != 20 || res.Counted != full.Mine-20 {
		t.Fatalf("resumed: %+v, %v; uninterrupted %+v", res, err, full)
	}
	// Done entries of another shard are refused.
	bad := map[int]uint64{0: 1}
	if _, _, err := hamilton.CountShard(ctx, p, hamilton.Options{}, 1, 3, hamilton.ShardOptions{Units: units, Done: bad}); !errors.Is(err, hamilton.ErrInvalid) {
		t.Fatalf("foreign done unit: %v", err)
	}
}

// TestShardCancel cancels a shard: it returns a lower bound and
// context.Canceled, and the units it reported plus a resume give the total.
func TestShardCancel(t *testing.T) {
	t.Parallel()
	p := bigProblem(t, "5x6", "hopido", false, -1, -1)
	want, _, err := hamilton.Count(context.Background(), p, hamilton.Options{})
	if err != nil {
		t.Fatal(err)
	}
	units, err := hamilton.SplitUnits(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	done := map[int]uint64{}
	res, _, err := hamilton.CountShard(ctx, p, hamilton.Options{Workers: 2}, 0, 1, hamilton.ShardOptions{Units: units, OnUnit: func(u int, c uint64) error {
		mu.Lock()
		defer mu.Unlock()
		done[u] = c
		if len(done) == 100 {
			cancel()
		}
		return nil
	}})
	if !errors.Is(err, context.Canceled) || res.Count > want || res.Counted != len(done) || res.Counted >= res.Mine {
		t.Fatalf("cancelled: %+v, %v (want < %d)", res, err, want)
	}
	res, _, err = hamilton.CountShard(context.Background(), p, hamilton.Options{Workers: 2}, 0, 1, hamilton.ShardOptions{Units: units, Done: done})
	if err != nil || res.Count != want {
		t.Fatalf("resumed: %+v, %v; want %d", res, err, want)
	}
}

func TestCountShardInvalid(t *testing.T) {
	t.Parallel()
	p := bigProblem(t, "4x4", "knight", false, -1, -1)
	q := bigProblem(t, "4x5", "knight", false, -1, -1)
	ctx := context.Background()
	uq, err := hamilton.SplitUnits(ctx, q, 0)
	if err != nil {
		t.Fatal(err)
	}
	for name, call := range map[string]func() error{
		"shard=N": func() error {
			_, _, err := hamilton.CountShard(ctx, p, hamilton.Options{}, 2, 2, hamilton.ShardOptions{})
			return err
		},
		"N=0": func() error {
			_, _, err := hamilton.CountShard(ctx, p, hamilton.Options{}, 0, 0, hamilton.ShardOptions{})
			return err
		},
		"negative": func() error {
			_, _, err := hamilton.CountShard(ctx, p, hamilton.Options{}, -1, 2, hamilton.ShardOptions{})
			return err
		},
		"minUnits<0": func() error { _, err := hamilton.SplitUnits(ctx, p, -1); return err },
		"other units": func() error {
			_, _, err := hamilton.CountShard(ctx, p, hamilton.Options{}, 0, 1, hamilton.ShardOptions{Units: uq})
			return err
		},
		"bad problem": func() error {
			_, err := hamilton.SplitUnits(ctx, hamilton.Problem{G: p.G, Start: 99, FixStart: true}, 0)
			return err
		},
	} {
		if err := call(); !errors.Is(err, hamilton.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
}

// TestShardsGivens: shards of problems with givens (a closed tour whose
// givens fix its rotation, an open path with a given in the middle) add up
// to Count.
func TestShardsGivens(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		spec, moves string
		closed      bool
		given       map[int32]int32 // vertex -> position
	}{
		{"5x6", "knight", true, map[int32]int32{7: 4}},
		{"5x6", "knight", true, map[int32]int32{7: 4, 8: 9}},
		{"5x5", "hopido", false, map[int32]int32{12: 6}},
	} {
		p := bigProblem(t, tc.spec, tc.moves, tc.closed, -1, -1)
		p.Givens = make([]int32, p.G.N())
		for v := range p.Givens {
			p.Givens[v] = -1
		}
		for v, pos := range tc.given {
			p.Givens[v] = pos
		}
		want, _, err := hamilton.Count(context.Background(), p, hamilton.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, of := range []int{1, 5} {
			if got, units := shardTotal(t, p, hamilton.Options{Workers: 2}, 50, of); got != want {
				t.Errorf("%s %s %v: %d shards of %d units: %d, Count %d", tc.spec, tc.moves, tc.given, of, units.Len(), got, want)
			}
		}
		t.Logf("%s %s closed=%v givens %v: %d", tc.spec, tc.moves, tc.closed, tc.given, want)
	}
}
