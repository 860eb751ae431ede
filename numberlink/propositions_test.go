package numberlink

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func mustText(t testing.TB, s string) (*Grid, Rules) {
	t.Helper()
	g, rules, err := parseText([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return g, rules
}

// TestPropositionParts gives, for each part of the §2.1 Proposition, a grid
// on which exactly that part fires (unsolvableAll reports no other part), and
// checks the node it names. Each grid is also confirmed unsolvable by brute
// force.
func TestPropositionParts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		part  int
		grid  string
		node  string // 1-based "(r,c)" of the first firing node, "" for part 2
		words []string
	}{
		// Two nodes that see nothing in any direction.
		{1, "k=2\n1..\n...\n..1\n", "(1,1)", []string{"no neighbour"}},
		// 1+2+2+2 = 7.
		{2, "k=2\n12\n22\n", "", []string{"sum to 7"}},
		// The 4 sees 1 + 1 < 4 (k = 3, so 4 <= 2k and j = 1: not part 6).
		{3, "k=3\n141\n", "(1,2)", []string{"magnitude 4", "sum to 2"}},
		// Each 1-1 pair can only close itself off.
		{4, "k=2\n11..\n....\n..11\n", "(1,1)", []string{"closes off"}},
		// k = 1: a 2 with one neighbour needs 2 on one pair.
		{5, "k=1\n22\n", "(1,1)", []string{"magnitude 2 > 1·k"}},
		// §2.1's example: in a 2-grid a magnitude-8 node with four neighbours
		// cannot have a neighbour of magnitude 1.
		{6, "k=2\n2.1.2\n.....\n4.8.4\n.....\n2.3.2\n", "(3,3)", []string{"(1,3) has magnitude 1", "= (4-1)·2 + 2"}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("part%d", tc.part), func(t *testing.T) {
			t.Parallel()
			g, rules := mustText(t, tc.grid)
			all := unsolvableAll(g, rules)
			if len(all) == 0 {
				t.Fatal("no part fires")
			}
			for _, v := range all {
				if v.Part != tc.part {
					t.Errorf("part %d also fires: %v", v.Part, &v)
				}
			}
			v := Unsolvable(g, rules)
			if v == nil || v.Part != tc.part {
				t.Fatalf("Unsolvable = %v, want part %d", v, tc.part)
			}
			if !errors.Is(v, ErrUnsolvable) {
				t.Error("Violation does not wrap ErrUnsolvable")
			}
			msg := v.Error()
			want := append([]string{fmt.Sprintf("Proposition part %d", tc.part)}, tc.words...)
			if tc.node != "" {
				want = append(want, tc.node)
				if at(g, v.Node) != tc.node {
					t.Errorf("fires at %s, want %s", at(g, v.Node), tc.node)
				}
			}
			for _, w := range want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q lacks %q", msg, w)
				}
			}
			if n := len(bruteSolutions(t, g, rules)); n != 0 {
				t.Errorf("brute force finds %d solutions of an unsolvable grid", n)
			}
		})
	}
}

// TestPropositionSound: on random small grids, whenever some part fires,
// brute force finds no solution.
func TestPropositionSound(t *testing.T) {
	t.Parallel()
	fired := map[int]int{}
	forEachSmallGrid(t, 400, func(g *Grid, rules Rules, sols []Solution) {
		for _, v := range unsolvableAll(g, rules) {
			fired[v.Part]++
			if len(sols) > 0 {
				t.Fatalf("part %d fires on a grid with %d solutions:\n%s", v.Part, len(sols), formatText(g, rules))
			}
		}
	})
	for part := 1; part <= 6; part++ {
		if fired[part] == 0 {
			t.Logf("part %d never fired on the random grids", part)
		}
	}
}

func TestPropositionNoFalseAlarm(t *testing.T) {
	t.Parallel()
	// The unique ring, and part 4 off when connectivity is not required.
	g, _ := mustText(t, "k=2\n2.2\n...\n2.2\n")
	if v := Unsolvable(g, Rules{}); v != nil {
		t.Errorf("ring: %v", v)
	}
	g, _ = mustText(t, "k=2\n11..\n....\n..11\n")
	if v := Unsolvable(g, Rules{AllowDisconnected: true}); v != nil {
		t.Errorf("two pairs, disconnected allowed: %v", v)
	}
}

func ExampleUnsolvable() {
	g, _, _ := parseText([]byte("k=2\n2.1.2\n.....\n4.8.4\n.....\n2.3.2\n"))
	fmt.Println(Unsolvable(g, Rules{}))
	// Output:
	// unsolvable by Proposition part 6 (§2.1): node (3,3) has magnitude 8 = (4-1)·2 + 2, so each neighbour needs 2 connections, but (1,3) has magnitude 1
}
