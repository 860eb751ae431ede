package hamilton

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// omTest builds an Okuno–Miyano engine on a hand-made graph.
func omTest(t *testing.T, n int, edges [][2]int32, start, end int32, off RuleSet) *omEngine {
	t.Helper()
	g := testfix.FromEdges(t, n, edges)
	q := Problem{G: g}.WithEnds(start, end)
	p := &q
	o, err := newOMRun(p, Options{Workers: 1, Strategy: Strategy{Kind: KindOkunoMiyano, Disable: off}})
	if err != nil {
		t.Fatal(err)
	}
	if r := precheck(p, o.at); r != nil {
		t.Fatalf("precheck fired: %s", r.Text)
	}
	return o.engine(modeCount, 0)
}

// move walks from the head to w and reports whether the rules let it.
func (e *omEngine) move(t *testing.T, w int32) bool {
	t.Helper()
	h := e.other[e.start]
	s := e.slotOf(h, w)
	if s < 0 || e.alive[h]>>uint(s)&1 == 0 {
		t.Fatalf("no edge %d-%d left", h, w)
	}
	return e.step(h, uint(s))
}

// edgesOf lists the neighbours of v along the edges in mask m.
func (e *omEngine) edgesOf(v int32, m uint64) []int32 {
	var out []int32
	for f := m; f != 0; f &= f - 1 {
		out = append(out, e.g.tgt[e.g.off[v]+int32(bits.TrailingZeros64(f))])
	}
	return out
}

func (e *omEngine) dump() string {
	s := ""
	for v := range e.g.n {
		s += fmt.Sprintf("%d: alive %v comm %v need %d\n", v, e.edgesOf(v, e.alive[v]), e.edgesOf(v, e.comm[v]), e.need[v])
	}
	return s + fmt.Sprintf("pruned %v edges %d end %d", e.pruned, e.edges, e.end)
}

// k4 is the complete graph on vertices 4..7, the islands of the tests.
var k4 = [][2]int32{{4, 5}, {4, 6}, {4, 7}, {5, 6}, {5, 7}, {6, 7}}

// omCase is a hand-made graph on which one rule fires.
type omCase struct {
	n          int
	edges      [][2]int32
	start, end int32
	off        RuleSet // rules switched off so that this one is reached
}

func (c omCase) engine(t *testing.T, off RuleSet) *omEngine {
	return omTest(t, c.n, c.edges, c.start, c.end, c.off|off)
}

// checkCount compares Count with and without rule r against a brute-force
// enumeration of the case's Hamiltonian paths.
func (c omCase) checkCount(t *testing.T, r Rule) {
	t.Helper()
	g := testfix.FromEdges(t, c.n, c.edges)
	og := &oracle.Graph{Adj: make([][]int, c.n)}
	for _, e := range c.edges {
		og.Adj[e[0]] = append(og.Adj[e[0]], int(e[1]))
		og.Adj[e[1]] = append(og.Adj[e[1]], int(e[0]))
	}
	want := og.Count().Open(int(c.start), int(c.end))
	for _, off := range []RuleSet{c.off, c.off | Rules(r)} {
		p := Problem{G: g}.WithEnds(c.start, c.end)
		got, _, err := Count(context.Background(), p, Options{Workers: 1, Strategy: Strategy{Kind: KindOkunoMiyano, Disable: off}})
		if err != nil || got != want {
			t.Errorf("without %v: Count = %d, %v; brute force %d", off, got, err, want)
		}
	}
}

// deadEnds returns the dead-end counters (terminal .. islands).
func (e *omEngine) deadEnds() [NumRules]uint64 {
	d := e.pruned
	d[RuleEdgeDeletion], d[RuleForcing] = 0, 0
	return d
}

func only(r Rule) [NumRules]uint64 {
	var d [NumRules]uint64
	d[r] = 1
	return d
}

func sameSet(a []int32, b ...int32) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// TestOMEdgeDeletion (§2.1): on K5 from vertex 0 with a free end, the walk
// 0 -> 1 leaves 0 (an end) with the edge 01 alone, and 0 -> 1 -> 2 leaves 1
// with 01 and 12 alone: 3 + 2 edges deleted, no other rule fires (degree-2
// vertices are not forced while the end is free).
func TestOMEdgeDeletion(t *testing.T) {
	t.Parallel()
	var edges [][2]int32
	for u := range int32(5) {
		for v := u + 1; v < 5; v++ {
			edges = append(edges, [2]int32{u, v})
		}
	}
	c := omCase{n: 5, edges: edges, start: 0, end: -1}
	e := c.engine(t, 0)
	if !e.begin(0) || !e.move(t, 1) || !e.move(t, 2) {
		t.Fatal("the walk 0-1-2 was rejected")
	}
	if !sameSet(e.edgesOf(0, e.alive[0]), 1) || !sameSet(e.edgesOf(1, e.alive[1]), 0, 2) {
		t.Errorf("edges left: 0 %v, 1 %v; want [1] and [0 2]\n%s", e.edgesOf(0, e.alive[0]), e.edgesOf(1, e.alive[1]), e.dump())
	}
	if want := ([NumRules]uint64{RuleEdgeDeletion: 5}); e.pruned != want {
		t.Errorf("pruned %v, want %v", e.pruned, want)
	}
	c.checkCount(t, RuleEdgeDeletion)
}

// forcingCase: p = 1 has the two degree-2 neighbours 2 and 3, so it keeps
// only 12 and 13 (§2.1); that drops 4 to degree 2, which forces 46 and 48,
// and so on (the chain reaction of Figure 1) until the whole path
// 0-8-4-6-2-1-3-7-5-9 is forced before the first move.
var forcingCase = omCase{n: 10, start: 0, end: 9, edges: [][2]int32{{0, 6}, {0, 8}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, 6}, {3, 7}, {4, 6}, {4, 8}, {5, 7}, {5, 8}, {5, 9}, {7, 9}}}

func TestOMForcing(t *testing.T) {
	t.Parallel()
	e := forcingCase.engine(t, 0)
	if !e.begin(0) {
		t.Fatalf("rejected at the root\n%s", e.dump())
	}
	if e.edges != 9 || !slices.Equal(e.path(), []int32{0, 8, 4, 6, 2, 1, 3, 7, 5, 9}) {
		t.Errorf("forced %d edges, path %v; want the whole path 0-8-4-6-2-1-3-7-5-9\n%s", e.edges, e.path(), e.dump())
	}
	if want := ([NumRules]uint64{RuleEdgeDeletion: 5, RuleForcing: 9}); e.pruned != want {
		t.Errorf("pruned %v, want %v", e.pruned, want)
	}
	// Count finds the one solution without a search node.
	p := Problem{G: mustGraph(t, forcingCase), Start: 0, FixStart: true, End: 9, FixEnd: true}
	got, st, err := Count(context.Background(), p, Options{Workers: 1, Strategy: StrategyOkunoMiyano})
	if err != nil || got != 1 || st.Nodes != 0 || st.Pruned[RuleForcing] != 9 {
		t.Errorf("Count = %d, %v, %d nodes, pruned %v; want 1 at the root with 9 forced edges", got, err, st.Nodes, st.Pruned)
	}
	// Without forcing the rest of the rules need a search.
	_, st, _ = Count(context.Background(), p, Options{Workers: 1, Strategy: Strategy{Kind: KindOkunoMiyano, Disable: Rules(RuleForcing)}})
	if st.Nodes == 0 || st.Pruned[RuleForcing] != 0 {
		t.Errorf("without forcing: %d nodes, pruned %v", st.Nodes, st.Pruned)
	}
	forcingCase.checkCount(t, RuleForcing)
}

func mustGraph(t *testing.T, c omCase) *graph.Graph {
	return testfix.FromEdges(t, c.n, c.edges)
}

// TestOMDeadEnds: each dead end of §2.1 (and the islands of §2.2) on a
// graph where it is the rule that stops the walk; the case then has its
// brute-force count with the rule and without it.
func TestOMDeadEnds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		rule Rule
		omCase
		walk []int32 // moves from the head after the root; the last fails
		why  string
	}{
		{"terminal", RuleTerminal, omCase{n: 6, start: 0, end: -1, edges: [][2]int32{{0, 1}, {0, 2}, {0, 3}, {2, 4}, {3, 5}, {1, 4}, {1, 5}, {4, 5}}},
			[]int32{1}, "0 -> 1 leaves 2 and 3 with one edge each: one can be the free end, not both"},
		{"three-hands", RuleThreeHands, omCase{n: 10, start: 0, end: 9, edges: [][2]int32{{0, 6}, {0, 8}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, 6}, {3, 7}, {4, 6}, {5, 7}, {5, 8}, {5, 9}, {7, 9}}},
			nil, "the forcing case without 48: 2, 3 and 4 all have degree 2, three forced paths meet at 1"},
		{"loop", RuleLoop, omCase{n: 8, start: 0, end: 7, edges: [][2]int32{{0, 1}, {0, 3}, {0, 5}, {3, 4}, {3, 6}, {5, 4}, {5, 6}, {4, 7}, {6, 1}, {7, 1}, {7, 2}, {1, 2}, {2, 6}}},
			[]int32{1}, "0 -> 1 deletes 03 and 05, which forces 3-4-5-6-3 into a cycle"},
		{"islands-parity", RuleIslands, omCase{n: 10, start: 0, end: 9, edges: append([][2]int32{{0, 1}, {0, 4}, {0, 5}, {6, 8}, {8, 2}, {1, 2}, {1, 3}, {2, 3}, {2, 9}, {3, 9}}, k4...)},
			[]int32{1}, "0 -> 1 deletes 04 and 05: the island 4567 keeps one bridge (6-8-2), so the path would have to end in it, but End is 9 (conditions I/II)"},
		{"islands-III", RuleIslands, omCase{n: 11, start: 0, end: 7, off: Rules(RuleTerminal, RuleThreeHands), edges: append([][2]int32{{0, 1}, {1, 2}, {0, 4}, {0, 5}, {2, 3}, {3, 6}, {3, 9}, {3, 10}, {2, 8}, {8, 9}, {8, 10}, {9, 10}}, k4...)},
			[]int32{3, 9}, "the walk 0-1-2-3-9 deletes 36, the last edge into the island 4567, which has no bridge left and not the head (condition III; terminal and three hands off, which would see it first)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.engine(t, 0)
			ok := e.begin(c.start)
			for i, w := range c.walk {
				if !ok {
					t.Fatalf("rejected before move %d\n%s", i, e.dump())
				}
				ok = e.move(t, w)
			}
			if ok {
				t.Fatalf("not rejected: %s\n%s", c.why, e.dump())
			}
			if got := e.deadEnds(); got != only(c.rule) {
				t.Errorf("dead ends %v, want %v only (%s)\n%s", got, only(c.rule), c.why, e.dump())
			}
			c.checkCount(t, c.rule)
		})
	}
}
