package hamilton_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// The product's board graph numbers vertices like the oracle's and has the
// same edges (moves.Build against an independent construction), so vertex
// indices can be compared between them.
func TestBoardGraphMatchesOracle(t *testing.T) {
	t.Parallel()
	done := map[string]bool{}
	for i := range oracle.Cases {
		c := &oracle.Cases[i]
		key := c.Board + "/" + c.Moves
		if done[key] {
			continue
		}
		done[key] = true
		bg, og := boardGraph(t, c), c.Graph()
		if !slices.Equal(toInt(bg.CellOf), og.CellOf) {
			t.Fatalf("%s: CellOf %v, oracle %v", key, bg.CellOf, og.CellOf)
		}
		for v := range og.N() {
			want := slices.Clone(og.Adj[v])
			slices.Sort(want)
			if got := toInt(bg.Neighbors(int32(v))); !slices.Equal(got, want) {
				t.Fatalf("%s: neighbours of %d: %v, oracle %v", key, v, got, want)
			}
		}
	}
}

func toInt(s []int32) []int {
	out := make([]int, len(s))
	for i, x := range s {
		out[i] = int(x)
	}
	return out
}

// countConfigs are the option sets every count must agree under: one and
// two workers, no memo, a tiny memo (constant collisions) and the default,
// with and without the board's symmetries.
var countConfigs = []struct {
	name string
	opt  hamilton.Options
	sym  bool
}{
	{"workers=1/nomemo", hamilton.Options{Workers: 1, MemoBits: -1}, false},
	{"workers=1/memo=3", hamilton.Options{Workers: 1, MemoBits: 3}, false},
	{"workers=2/memo=10", hamilton.Options{Workers: 2, MemoBits: 10}, false},
	{"workers=1/memo=6/sym", hamilton.Options{Workers: 1, MemoBits: 6}, true},
	{"workers=2/memo=8/sym", hamilton.Options{Workers: 2, MemoBits: 8}, true},
}

// eachConfig calls f with c's problem under every configuration of
// countConfigs, but, outside BOARDGRAPH_LONG=1, those with a weak memo on a
// heavy case.
func eachConfig(t *testing.T, c *oracle.Case, f func(name string, p hamilton.Problem, opt hamilton.Options)) {
	t.Helper()
	for _, cfg := range countConfigs {
		if heavy(c) && weakMemo(cfg.opt) && !testfix.Long() {
			continue
		}
		p, _ := problem(t, c, cfg.sym)
		f(cfg.name, p, cfg.opt)
	}
}

// TestCountOracle compares Count with the brute force on every case of the
// shared table, under every configuration.
func TestCountOracle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	eachCase(t, 3, nil, func(t *testing.T, c *oracle.Case) {
		skipHeavy(t, c)
		want := c.Want()
		eachConfig(t, c, func(name string, p hamilton.Problem, opt hamilton.Options) {
			got, st, err := hamilton.Count(ctx, p, opt)
			if err != nil || got != want {
				t.Errorf("%s: Count = %d, %v; want %d", name, got, err, want)
			}
			if st.Solutions != got {
				t.Errorf("%s: Stats.Solutions = %d, count %d", name, st.Solutions, got)
			}
		})
	})
}

// TestCountPerStartOracle checks per-start counts vertex by vertex on every
// open case without a fixed start (with and without a fixed end), and that
// they add up to Count.
func TestCountPerStartOracle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	open := func(c *oracle.Case) bool { return !c.Closed && c.Start < 0 }
	eachCase(t, 3, open, func(t *testing.T, c *oracle.Case) {
		skipHeavy(t, c)
		k := c.Counts()
		eachConfig(t, c, func(name string, p hamilton.Problem, opt hamilton.Options) {
			per, _, err := hamilton.CountPerStart(ctx, p, opt)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(per) != c.Graph().N() {
				t.Fatalf("%s: %d entries for %d vertices", name, len(per), c.Graph().N())
			}
			var sum uint64
			for v, got := range per {
				sum += got
				if want := k.Open(v, c.EndVertex()); got != want {
					t.Errorf("%s: vertex %d: %d paths, want %d", name, v, got, want)
				}
			}
			if sum != c.Want() {
				t.Errorf("%s: per-start counts add up to %d, want %d", name, sum, c.Want())
			}
		})
	})
}

// CountPerStart rejects closed tours and fixed starts.
func TestCountPerStartInvalid(t *testing.T) {
	t.Parallel()
	c := findCase(t, "hopido/4x5/open/start=1,1")
	p, _ := problem(t, c, false)
	if _, _, err := hamilton.CountPerStart(context.Background(), p, hamilton.Options{}); !errors.Is(err, hamilton.ErrInvalid) {
		t.Errorf("fixed start: err = %v, want ErrInvalid", err)
	}
	c = findCase(t, "hopido/4x5/closed")
	p, _ = problem(t, c, false)
	if _, _, err := hamilton.CountPerStart(context.Background(), p, hamilton.Options{}); !errors.Is(err, hamilton.ErrInvalid) {
		t.Errorf("closed: err = %v, want ErrInvalid", err)
	}
}

func findCase(t testing.TB, name string) *oracle.Case {
	t.Helper()
	for i := range oracle.Cases {
		if oracle.Cases[i].Name == name {
			return &oracle.Cases[i]
		}
	}
	t.Fatalf("no case %s", name)
	return nil
}

// enumerateMax bounds the cases whose solutions are all collected.
const enumerateMax = 3000

// TestEnumerateOracle checks, on every case with few enough solutions, that
// Enumerate yields exactly the oracle's number of paths, each a valid
// solution and no two alike; and on every case that a limit is honoured.
func TestEnumerateOracle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	eachCase(t, 3, nil, func(t *testing.T, c *oracle.Case) {
		want := c.Want()
		for _, workers := range []int{1, 2} {
			p, _ := problem(t, c, false)
			opt := hamilton.Options{Workers: workers}
			if want <= enumerateMax {
				n, distinct, bad, err := enumerateChecked(ctx, c.Graph(), p, opt)
				if bad != nil {
					t.Fatalf("workers=%d: %v", workers, bad)
				}
				if err != nil || n != want || distinct != want {
					t.Errorf("workers=%d: Enumerate = %d (%d distinct), %v; want %d", workers, n, distinct, err, want)
				}
			}
			if want >= 2 {
				limit := min(want/2, 500)
				calls := uint64(0)
				n, _, err := hamilton.Enumerate(ctx, p, opt, limit, func(path []int32) bool {
					calls++
					return true
				})
				if err != nil || n != limit || calls != limit {
					t.Errorf("workers=%d: limit %d: yielded %d (%d calls), %v", workers, limit, n, calls, err)
				}
				// Returning false from yield stops at once.
				calls = 0
				n, _, err = hamilton.Enumerate(ctx, p, opt, 0, func([]int32) bool { calls++; return false })
				if err != nil || n != 1 || calls != 1 {
					t.Errorf("workers=%d: stop after one: yielded %d (%d calls), %v", workers, n, calls, err)
				}
			}
		}
	})
}

// TestFindOracle checks that Find returns a valid solution exactly when the
// oracle counts one, and ErrNoSolution otherwise, and that Precheck never
// claims a solvable case unsolvable.
func TestFindOracle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	eachCase(t, 1, nil, func(t *testing.T, c *oracle.Case) {
		want := c.Want()
		p, _ := problem(t, c, false)
		reason, err := hamilton.Precheck(&p)
		if err != nil {
			t.Fatalf("Precheck: %v", err)
		}
		if reason != nil && want > 0 {
			t.Errorf("Precheck claims no solution (%s: %s) but the oracle counts %d", reason.Rule, reason.Text, want)
		}
		if reason != nil && (reason.Rule == "" || reason.Text == "") {
			t.Errorf("Precheck reason without rule or text: %+v", reason)
		}
		for _, workers := range []int{1, 2} {
			path, _, err := hamilton.Find(ctx, p, hamilton.Options{Workers: workers})
			switch {
			case want > 0 && err != nil:
				t.Errorf("workers=%d: Find: %v, but the oracle counts %d", workers, err, want)
			case want > 0:
				if err := checkPath(c.Graph(), p, path); err != nil {
					t.Errorf("workers=%d: Find returned an invalid path %v: %v", workers, path, err)
				}
			case !errors.Is(err, hamilton.ErrNoSolution):
				t.Errorf("workers=%d: Find = %v, %v; want ErrNoSolution", workers, path, err)
			}
		}
	})
}

// eachCase runs f, as a subtest named after the case, on the cases of the
// shared oracle table that keep accepts (all when keep is nil); under
// -short only on one case in sample of the table (testfix.Sampled; 1 runs
// every case).
func eachCase(t *testing.T, sample int, keep func(*oracle.Case) bool, f func(t *testing.T, c *oracle.Case)) {
	t.Helper()
	for i := range oracle.Cases {
		c := &oracle.Cases[i]
		if !testfix.Sampled(i, sample) || keep != nil && !keep(c) {
			continue
		}
		t.Run(c.Name, func(t *testing.T) { f(t, c) })
	}
}

// heavy reports the cases of the shared table that cost about a thousand
// times the median: king moves on the 16-cell boards with at least four rows
// and columns (4x4 and 4x5-corners), where a search without a working memo
// walks millions of partial paths. Every branch they reach (open, closed,
// start, end, each option set) is also reached by the king cases on 15
// cells and by the other move sets, so -short skips them and the default
// run gives them only the option sets with a memo; BOARDGRAPH_LONG=1 runs them all.
func heavy(c *oracle.Case) bool {
	return c.Moves == "1,0+1,1" && c.Rows >= 4 && c.Cols >= 4 && c.Rows*c.Cols-len(c.Blocked) >= 16
}

// skipHeavy skips a heavy case in -short mode.
func skipHeavy(t *testing.T, c *oracle.Case) {
	t.Helper()
	if heavy(c) && testing.Short() && !testfix.Long() {
		t.Skip("king moves on 16 cells: seconds per case; run without -short")
	}
}

// weakMemo reports the option sets that count without a working memo
// (none, or 8 entries): on a heavy case they run only with BOARDGRAPH_LONG=1.
func weakMemo(opt hamilton.Options) bool {
	return opt.MemoBits < 0 || opt.MemoBits > 0 && opt.MemoBits < 4
}
