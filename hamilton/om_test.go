package hamilton_test

import (
	"context"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/oracle"
)

// omConfigs are the Okuno–Miyano settings every count must agree under:
// every rule on, each rule off alone, all off, and two workers (the split).
// Without edge deletion (or without every rule) the search is close to
// plain enumeration, so those run on the cases of at most 200 solutions.
func omConfigs() []struct {
	name string
	opt  hamilton.Options
	cap  uint64
} {
	type cfg = struct {
		name string
		opt  hamilton.Options
		cap  uint64
	}
	om := func(off hamilton.RuleSet, workers int) hamilton.Options {
		s := hamilton.StrategyOkunoMiyano
		s.Disable = off
		return hamilton.Options{Workers: workers, Strategy: s}
	}
	out := []cfg{{"all", om(0, 1), omCountCap}, {"all/workers=2", om(0, 2), omCountCap}}
	for r := range hamilton.NumRules {
		c := uint64(omCountCap)
		if r <= hamilton.RuleTerminal {
			c = 200
		}
		out = append(out, cfg{"without-" + r.String(), om(hamilton.Rules(r), 1), c})
	}
	out = append(out, cfg{"none", om(^hamilton.RuleSet(0), 1), 200})
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
	for i := range oracle.Cases {
		c := &oracle.Cases[i]
		want := c.Want()
		if want > omCountCap {
			continue // counting by enumeration: keep the test fast
		}
		for _, cfg := range cfgs {
			if want > cfg.cap {
				continue
			}
			p, _ := problem(t, c, cfg.name == "all")
			got, _, err := hamilton.Count(ctx, p, cfg.opt)
			if err != nil || got != want {
				t.Errorf("%s %s: Count = %d, %v; want %d", c.Name, cfg.name, got, err, want)
			}
		}
	}
}
