package hamilton

import (
	"fmt"
	"strings"
)

// StrategyKind names a search algorithm.
type StrategyKind uint8

const (
	// KindDefault is the engine's own search: a walk from the start with
	// link-count dead ends, forced-move look-ahead, an exact connectivity
	// check, Warnsdorff ordering and (in Find) Luby restarts over a
	// portfolio of workers.
	KindDefault StrategyKind = iota
	// KindOkunoMiyano is the search of Okuno and Miyano ("Challenging the
	// Record for the Maximum Solution to the Knight's Tour Problem", §2-§3):
	// a walk from the start that deletes and forces edges of the remaining
	// graph as it goes and backtracks at terminals, three hands, loops and
	// islands whose bridges have the wrong parity. See Rule.
	KindOkunoMiyano
)

// Strategy selects the search algorithm of Find, Count and Enumerate and its
// settings. The zero value is StrategyDefault. Every search call runs on
// one driver (driver.go) with either engine; Supports says which calls a
// strategy runs, and the others refuse it. Precheck does not depend on it.
type Strategy struct {
	Kind StrategyKind
	// Disable switches Okuno–Miyano rules off (the zero value keeps them
	// all), so that tests can compare counts with and without each one.
	Disable RuleSet
	// Order is the Okuno–Miyano visit order of the neighbours of a vertex.
	Order VisitOrder
	// SplitDepth, if positive, makes Find use the paper's first speed-up
	// (§3 (1)): the first SplitDepth moves are explored sequentially, and
	// the resulting path prefixes are then searched in parallel, first
	// solution wins. Zero uses the second (§3 (2)): every worker searches
	// the whole tree with its own visit order, first to finish wins.
	// Count and Enumerate always split when they use more than one worker.
	// Both kinds honour it.
	SplitDepth int
	// NoRestarts runs every worker of Find's portfolio on one visit order
	// to the end, as the paper does. By default a worker gives up after a
	// node budget that follows the Luby sequence and starts again with a
	// fresh order drawn from its seed, so that one unlucky order cannot
	// hold the search (the restart that exhausts its tree still proves
	// that there is no solution). Both kinds honour it.
	NoRestarts bool
}

// StrategyDefault is the engine's default search (KindDefault).
var StrategyDefault = Strategy{}

// StrategyOkunoMiyano is the Okuno–Miyano search with every rule on and
// Warnsdorff visit order.
var StrategyOkunoMiyano = Strategy{Kind: KindOkunoMiyano}

// ParseStrategy reads a strategy name: "default" or "okuno-miyano" (also
// "om").
func ParseStrategy(s string) (Strategy, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "default":
		return StrategyDefault, nil
	case "okuno-miyano", "om":
		return StrategyOkunoMiyano, nil
	}
	return Strategy{}, fmt.Errorf("unknown search strategy %q: use default or okuno-miyano", s)
}

// String returns the strategy's name as ParseStrategy reads it, followed by
// its non-default settings.
func (s Strategy) String() string {
	if s.Kind == KindDefault {
		return "default"
	}
	out := "okuno-miyano"
	if s.Disable != 0 {
		out += " without " + s.Disable.String()
	}
	if s.Order != VisitWarnsdorff {
		out += ", " + s.Order.String() + " order"
	}
	if s.SplitDepth > 0 {
		out += fmt.Sprintf(", split at depth %d", s.SplitDepth)
	}
	if s.NoRestarts {
		out += ", no restarts"
	}
	return out
}

// Rule is one pruning rule of the Okuno–Miyano search; Stats.Pruned counts
// how often each fired.
type Rule uint8

const (
	// RuleEdgeDeletion (§2.1, "Edge Deletion Strategy"): once a vertex has
	// the edges the path needs there (two inside the path, one at an end),
	// its other edges are deleted. Walking u -> v -> w deletes every edge of
	// v but uv and vw. Counts deleted edges.
	RuleEdgeDeletion Rule = iota
	// RuleForcing (§2.1): a vertex with exactly as many edges left as the
	// path needs there keeps them all (a vertex q of degree 2 forces pq and
	// q'q). A vertex p that receives two forced edges pq and pq' is full,
	// so its other edges go (with RuleEdgeDeletion), which lowers further
	// degrees: the chain reaction of Figure 1. Counts forced edges.
	RuleForcing
	// RuleTerminal (§2.1, Figure 2 "Terminal"): a vertex is left with fewer
	// edges than the path needs there, for example degree 1 away from an
	// allowed end. With a free end the first vertex of degree 1 becomes the
	// end, and a second is a dead end. Counts dead ends.
	RuleTerminal
	// RuleThreeHands (§2.1, Figure 2 "Three Hands"): three or more forced
	// simple paths meet at one vertex (one more than the path can take
	// there). Counts dead ends.
	RuleThreeHands
	// RuleLoop (§2.1, Figure 2 "Loop"): forced edges close a cycle, or a
	// forced path joins the two ends of an open path before every vertex is
	// on it (the same dead end for paths). Counts dead ends.
	RuleLoop
	// RuleIslands (§2.2): islands are the parts of the remaining graph
	// still open to choice (vertices with unforced edges, joined by those
	// edges); bridges are the forced simple paths leaving them. Every
	// island is entered and left along its bridges, so (I)/(II) the number
	// of bridge ends plus the path's current head ("Next") and End inside
	// it must be even, and (III) an island without bridges that does not
	// hold the head can never be reached. Checked on the islands a move
	// changed, within a size budget. Counts dead ends.
	RuleIslands
	// NumRules is the number of rules.
	NumRules
)

var ruleNames = [NumRules]string{"edge-deletion", "forcing", "terminal", "three-hands", "loop", "islands"}

// String returns the rule's name.
func (r Rule) String() string {
	if r < NumRules {
		return ruleNames[r]
	}
	return fmt.Sprintf("rule(%d)", uint8(r))
}

// RuleSet is a set of rules, one bit per Rule.
type RuleSet uint32

// Rules returns the set holding rs.
func Rules(rs ...Rule) RuleSet {
	var s RuleSet
	for _, r := range rs {
		s |= 1 << r
	}
	return s
}

// Has reports whether r is in the set.
func (s RuleSet) Has(r Rule) bool { return s>>r&1 != 0 }

// String lists the set's rules joined by "+".
func (s RuleSet) String() string {
	var names []string
	for r := range NumRules {
		if s.Has(r) {
			names = append(names, r.String())
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}

// VisitOrder is the order in which the Okuno–Miyano search tries the
// neighbours of the path's head (§2.1, "Adjacent Vertex Visit Order
// Strategy").
type VisitOrder uint8

const (
	// VisitWarnsdorff tries the neighbour with the fewest edges left first
	// (ties by Options.Rank, then by a fixed order drawn from the seed). It
	// is not in the paper; it makes the search reach large boards without
	// luck in the order.
	VisitWarnsdorff VisitOrder = iota
	// VisitFixed is the paper's order (1): one order of the neighbour slots
	// (a permutation drawn from Options.Seed; seed 0 is ascending) used at
	// every vertex. Board graphs list neighbours by cell index, so on a
	// board this is one order of the move directions.
	VisitFixed
	// VisitRandom is the paper's order (2): each vertex gets its own
	// random order of its neighbours, drawn from Options.Seed before the
	// search starts.
	VisitRandom
)

// String returns the order's name.
func (o VisitOrder) String() string {
	switch o {
	case VisitWarnsdorff:
		return "warnsdorff"
	case VisitFixed:
		return "fixed"
	case VisitRandom:
		return "random"
	}
	return fmt.Sprintf("order(%d)", uint8(o))
}

// String returns "default" or "okuno-miyano".
func (k StrategyKind) String() string {
	if k == KindOkunoMiyano {
		return "okuno-miyano"
	}
	return "default"
}
