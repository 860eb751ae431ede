package hamilton_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/moves"
)

// omConfigs are the Okuno–Miyano settings every count must agree under:
// every rule on, each rule off alone, all off, and two workers (the split).
// Without edge deletion (or without every rule) the search is close to
// plain enumeration, so those run on the cases of at most 50 solutions and
// 14 (16) vertices; without forcing or terminal on at most 200 solutions.
func omConfigs() []struct {
	name string
	opt  hamilton.Options
	cap  uint64
	maxN int
} {
	type cfg = struct {
		name string
		opt  hamilton.Options
		cap  uint64
		maxN int
	}
	om := func(off hamilton.RuleSet, workers int) hamilton.Options {
		s := hamilton.StrategyOkunoMiyano
		s.Disable = off
		return hamilton.Options{Workers: workers, Strategy: s}
	}
	out := []cfg{{"all", om(0, 1), omCountCap, 64}, {"all/workers=2", om(0, 2), omCountCap, 64}}
	for r := range hamilton.NumRules {
		c, maxN := uint64(omCountCap), 64
		switch r {
		case hamilton.RuleEdgeDeletion:
			c, maxN = 50, 14
		case hamilton.RuleForcing, hamilton.RuleTerminal:
			c = 200
		}
		out = append(out, cfg{"without-" + r.String(), om(hamilton.Rules(r), 1), c, maxN})
	}
	out = append(out, cfg{"none", om(^hamilton.RuleSet(0), 1), 50, 16})
	return out
}

// omCountCap skips oracle cases with more solutions than this: the
// Okuno–Miyano search enumerates every solution (no memo), and some king
// cases have millions.
const omCountCap = 3000

// TestOMCountOracle: counts with every Okuno–Miyano rule, without each one
// and without all agree with the brute force on every case of the shared
// table (a pruning rule must never lose a solution).
func TestOMCountOracle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfgs := omConfigs()
	// Counting by enumeration: keep the test fast.
	few := func(c *oracle.Case) bool { return c.Want() <= omCountCap }
	eachCase(t, 3, few, func(t *testing.T, c *oracle.Case) {
		want := c.Want()
		for _, cfg := range cfgs {
			if want > cfg.cap || c.Graph().N() > cfg.maxN {
				continue
			}
			p, _ := problem(t, c, cfg.name == "all")
			got, _, err := hamilton.Count(ctx, p, cfg.opt)
			if err != nil || got != want {
				t.Errorf("%s %s: Count = %d, %v; want %d", c.Name, cfg.name, got, err, want)
			}
		}
	})
}

// TestOMFindOracle: Find with the Okuno–Miyano strategy, in each visit
// order, as a portfolio and as a split, returns a path that checks against
// the oracle's graph whenever the oracle counts one, and ErrNoSolution
// otherwise.
func TestOMFindOracle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	strategies := []struct {
		name    string
		s       hamilton.Strategy
		workers int
	}{
		{"warnsdorff", hamilton.StrategyOkunoMiyano, 1},
		{"fixed", hamilton.Strategy{Kind: hamilton.KindOkunoMiyano, Order: hamilton.VisitFixed}, 1},
		{"random/portfolio", hamilton.Strategy{Kind: hamilton.KindOkunoMiyano, Order: hamilton.VisitRandom}, 2},
		{"split", hamilton.Strategy{Kind: hamilton.KindOkunoMiyano, SplitDepth: 2}, 2},
	}
	for i := range oracle.Cases {
		c := &oracle.Cases[i]
		want := c.Want()
		og := c.Graph()
		for _, s := range strategies {
			p, _ := problem(t, c, false)
			path, _, err := hamilton.Find(ctx, p, hamilton.Options{Workers: s.workers, Strategy: s.s, Seed: uint64(i)})
			switch {
			case want == 0 && !errors.Is(err, hamilton.ErrNoSolution):
				t.Errorf("%s %s: Find = %v, %v; want ErrNoSolution", c.Name, s.name, path, err)
			case want > 0 && err != nil:
				t.Errorf("%s %s: Find: %v; the oracle counts %d", c.Name, s.name, err, want)
			case want > 0:
				if err := checkPath(og, p, path); err != nil {
					t.Errorf("%s %s: %v", c.Name, s.name, err)
				}
			}
		}
	}
}

// TestOMEnumerateOracle: Enumerate yields exactly the oracle's number of
// paths, all distinct and valid, with one worker and with two.
func TestOMEnumerateOracle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	few := func(c *oracle.Case) bool { return c.Want() <= 200 }
	eachCase(t, 1, few, func(t *testing.T, c *oracle.Case) {
		want := c.Want()
		og := c.Graph()
		for _, workers := range []int{1, 2} {
			p, _ := problem(t, c, false)
			n, distinct, bad, err := enumerateChecked(ctx, og, p, hamilton.Options{Workers: workers, Strategy: hamilton.StrategyOkunoMiyano})
			if err != nil || bad != nil || n != want || distinct != want {
				t.Errorf("%s workers=%d: Enumerate = %d (%d distinct), %v, %v; want %d", c.Name, workers, n, distinct, err, bad, want)
			}
		}
	})
}

func TestOMInvalid(t *testing.T) {
	t.Parallel()
	bg := knightBoard(t, 5, 5)
	givens := make([]int32, 25)
	for i := range givens {
		givens[i] = -1
	}
	givens[12] = 3
	p := hamilton.Problem{G: bg.Graph, Start: 0, FixStart: true, Givens: givens}
	_, _, err := hamilton.Find(context.Background(), p, hamilton.Options{Strategy: hamilton.StrategyOkunoMiyano})
	if !errors.Is(err, hamilton.ErrInvalid) || !strings.Contains(err.Error(), "givens") {
		t.Errorf("givens: %v, want ErrInvalid naming givens", err)
	}
}

func TestParseStrategy(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want hamilton.Strategy
		ok   bool
	}{
		{"default", hamilton.StrategyDefault, true},
		{"", hamilton.StrategyDefault, true},
		{"okuno-miyano", hamilton.StrategyOkunoMiyano, true},
		{"OM", hamilton.StrategyOkunoMiyano, true},
		{"warnsdorff", hamilton.Strategy{}, false},
	} {
		got, err := hamilton.ParseStrategy(c.in)
		if got != c.want || (err == nil) != c.ok {
			t.Errorf("ParseStrategy(%q) = %v, %v", c.in, got, err)
		}
		if c.ok {
			if back, err := hamilton.ParseStrategy(got.String()); err != nil || back != got {
				t.Errorf("round trip of %q: %v, %v", got.String(), back, err)
			}
		}
	}
	s := hamilton.Strategy{Kind: hamilton.KindOkunoMiyano, Disable: hamilton.Rules(hamilton.RuleLoop, hamilton.RuleIslands), Order: hamilton.VisitRandom, SplitDepth: 3}
	if got, want := s.String(), "okuno-miyano without loop+islands, random order, split at depth 3"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}

// ExampleStrategy finds a knight's path from corner to corner of the 8x8
// board (opposite colours) with the Okuno–Miyano strategy.
func ExampleStrategy() {
	b, _ := board.New(8, 8)
	m, _ := moves.Parse("knight")
	bg := moves.Build(b, m)
	p := hamilton.Problem{G: bg.Graph, Start: 0, FixStart: true, End: 7, FixEnd: true}
	path, st, err := hamilton.Find(context.Background(), p, hamilton.Options{Workers: 1, Strategy: hamilton.StrategyOkunoMiyano})
	fmt.Println(len(path), path[0], path[63], err, st.Pruned[hamilton.RuleEdgeDeletion] > 0)
	// Output: 64 0 7 <nil> true
}

// TestOMCancel: an Okuno–Miyano count stops promptly at its deadline with
// a partial count below the true one (knight 6x6: 6,637,920), and Find
// stops with ErrLimit when its node budget runs out.
func TestOMCancel(t *testing.T) {
	t.Parallel()
	bg := knightBoard(t, 6, 6)
	for _, workers := range []int{1, 2} {
		p := hamilton.Problem{G: bg.Graph}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		t0 := time.Now()
		got, st, err := hamilton.Count(ctx, p, hamilton.Options{Workers: workers, Strategy: hamilton.StrategyOkunoMiyano})
		elapsed := time.Since(t0)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || got > 6637920 || st.Nodes == 0 || elapsed > 2*time.Second {
			t.Errorf("workers=%d: Count = %d, %v after %v (%d nodes); want a partial count and DeadlineExceeded promptly", workers, got, err, elapsed, st.Nodes)
		}
	}
	// A 1600-cell path takes well over the budget's 100 nodes (checked
	// every 1024).
	p := hamilton.Problem{G: knightBoard(t, 40, 40).Graph, Start: 0, FixStart: true}
	_, st, err := hamilton.Find(context.Background(), p, hamilton.Options{Workers: 1, MaxNodes: 100, Strategy: hamilton.StrategyOkunoMiyano})
	if !errors.Is(err, hamilton.ErrLimit) || st.Nodes > 1024 {
		t.Errorf("Find with MaxNodes 100: %v after %d nodes, want ErrLimit", err, st.Nodes)
	}
}

// TestOMRepeatable: with one worker a seed fixes the visit orders and the
// restarts, so Find returns the same path twice; the paper's fixed order
// without restarts finds the 12x12 knight's path from 1,1 to 12,1.
func TestOMRepeatable(t *testing.T) {
	t.Parallel()
	bg := knightBoard(t, 12, 12)
	p := hamilton.Problem{G: bg.Graph, Start: 0, FixStart: true, End: 132, FixEnd: true} // 1,1 to 12,1
	og := oracleGraphOf(bg)
	for _, order := range []hamilton.VisitOrder{hamilton.VisitWarnsdorff, hamilton.VisitFixed, hamilton.VisitRandom} {
		opt := hamilton.Options{Workers: 1, Seed: 7, Strategy: hamilton.Strategy{Kind: hamilton.KindOkunoMiyano, Order: order}}
		a, _, err1 := hamilton.Find(context.Background(), p, opt)
		b, _, err2 := hamilton.Find(context.Background(), p, opt)
		if err1 != nil || err2 != nil || pathKey(a) != pathKey(b) || checkPath(og, p, a) != nil {
			t.Errorf("%v: %v, %v; paths equal %v", order, err1, err2, pathKey(a) == pathKey(b))
		}
	}
	opt := hamilton.Options{Workers: 1, Strategy: hamilton.Strategy{Kind: hamilton.KindOkunoMiyano, Order: hamilton.VisitFixed, NoRestarts: true}}
	path, st, err := hamilton.Find(context.Background(), p, opt)
	if err != nil || checkPath(og, p, path) != nil || st.Restarts != 0 {
		t.Errorf("fixed order, no restarts: %v, %d restarts", err, st.Restarts)
	}
}

// TestOMPaperFixedOrder reproduces the paper's §1 claim for visit order (1):
// with one order of the move directions for every vertex (here the
// permutation drawn from seed 8), no Warnsdorff and no restarts, the search
// finds the 304x304 knight's path from 1,1 to 304,1 with next to no
// backtracking.
func TestOMPaperFixedOrder(t *testing.T) {
	t.Parallel()
	n := 304
	bg := knightBoard(t, n, n)
	p := hamilton.Problem{G: bg.Graph}.WithEnds(0, int32((n-1)*n))
	opt := hamilton.Options{Workers: 1, Seed: 8, Strategy: hamilton.Strategy{Kind: hamilton.KindOkunoMiyano, Order: hamilton.VisitFixed, NoRestarts: true}}
	path, st, err := hamilton.Find(context.Background(), p, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkPath(oracleGraphOf(bg), p, path); err != nil {
		t.Fatal(err)
	}
	if st.Restarts != 0 || st.Nodes > uint64(n*n) {
		t.Errorf("%d nodes, %d restarts; want at most one node per cell, none", st.Nodes, st.Restarts)
	}
}
