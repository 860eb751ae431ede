package numberlink

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// TestRateSmall grades hand-made grids, each needing a known stage.
func TestRateSmall(t *testing.T) {
	t.Parallel()
	cases := []smallCase[string]{
		// 2=2: each end has one neighbour, so τ (and bounds) draw the double.
		{"domino", 1, 2, 2, []int{2, 2}, Rules{}, "bounds"},
		// A square of 2s: bounds allow 0..2 on every side; isolation
		// forbids a double (it would close a pair off), then bounds finish.
		{"square of 2s", 2, 2, 2, []int{2, 2, 2, 2}, Rules{}, "isolation"},
		// With connectivity optional the square has 3 solutions.
		{"square disconnected", 2, 2, 2, []int{2, 2, 2, 2}, Rules{AllowDisconnected: true}, "search needed (two or more solutions)"},
		// A square of 3s has two solutions (the double goes either way).
		{"square of 3s", 2, 2, 2, []int{3, 3, 3, 3}, Rules{}, "search needed (two or more solutions)"},
		// Found by a random search: bounds alone stall; the crossing stage,
		// with bounds, decides every pair.
		{"crossing", 3, 3, 2, []int{
			2, 2, 2,
			4, 0, 3,
			3, 2, 0,
		}, Rules{}, "crossing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			g := c.grid(t)
			gr, err := Rate(context.Background(), g, SolveOptions{Rules: c.rules})
			if err != nil {
				t.Fatal(err)
			}
			// The stage level, without τ (checked separately below).
			gr.Tau = false
			if gr.String() != c.want {
				t.Fatalf("grade %q, want %q", gr, c.want)
			}
		})
	}
}

// TestRateNoSolution checks that unsolvable grids give ErrNoSolution.
func TestRateNoSolution(t *testing.T) {
	t.Parallel()
	for _, clues := range [][]int{{1, 1, 1}, {3, 1, 0}, {1, 0, 0}} {
		g := mustGrid(t, 1, 3, 2, clues)
		if _, err := Rate(context.Background(), g, SolveOptions{}); !errors.Is(err, ErrNoSolution) {
			t.Errorf("%v: err %v", clues, err)
		}
	}
	// Bounds force a vertical and a horizontal connection that cross.
	g := mustGrid(t, 3, 3, 1, []int{0, 1, 0, 1, 0, 1, 0, 1, 0})
	if _, err := Rate(context.Background(), g, SolveOptions{Rules: Rules{AllowDisconnected: true}}); !errors.Is(err, ErrNoSolution) {
		t.Errorf("crossing forced: err %v", err)
	}
}

// TestRateSound checks, on random small grids, that a grid graded below
// search has exactly one solution (by the naive enumerator), and that a
// grid the naive enumerator finds unsolvable is reported so.
func TestRateSound(t *testing.T) {
	t.Parallel()
	for _, rules := range allRules {
		t.Run(rulesName(rules), func(t *testing.T) {
			t.Parallel()
			rng := newTestRand(7)
			byLevel := map[Level]int{}
			for trial := range 120 {
				k := 1 + trial%3
				g := randomSolvedGrid(rng, 2+rng.IntN(3), 2+rng.IntN(4), k, 0.55, trial%4 == 3)
				if len(g.Pairs) > map[int]int{1: 16, 2: 12, 3: 10}[k] {
					continue
				}
				want := naiveCount(g, rules)
				gr, err := Rate(context.Background(), g, SolveOptions{Rules: rules})
				if want == 0 {
					if !errors.Is(err, ErrNoSolution) {
						t.Fatalf("%v: grade %v err %v for an unsolvable grid", g.Clues(), gr, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%v: %v", g.Clues(), err)
				}
				byLevel[gr.Level]++
				if gr.Level < LevelSearch && want != 1 {
					t.Fatalf("%v: graded %v but has %d solutions", g.Clues(), gr, want)
				}
				if gr.Level == LevelSearch && gr.Solutions != min(want, 2) {
					t.Fatalf("%v: grade says %d solutions, naive %d", g.Clues(), gr.Solutions, want)
				}
			}
			t.Log(byLevel)
		})
	}
}

// TestRateTatham: Tatham's generator only emits puzzles its deduction-only
// solver finishes; ours should finish them without search too.
func TestRateTatham(t *testing.T) {
	t.Parallel()
	ids := storedTathamIDs(t)
	levels := map[Level]int{}
	for i, id := range ids {
		if testing.Short() && i%10 != 0 {
			continue
		}
		g, rules := tathamGrid(t, id)
		gr, err := Rate(context.Background(), g, SolveOptions{Rules: rules})
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		levels[gr.Level]++
		if gr.Level == LevelSearch {
			t.Errorf("%s: needs search", id)
		}
	}
	t.Log(levels)
}

func TestLevelNames(t *testing.T) {
	t.Parallel()
	for l := LevelBounds; l <= LevelSearch; l++ {
		got, err := parseLevel(l.String())
		if err != nil || got != l {
			t.Errorf("%v: parseLevel gives %v, %v", l, got, err)
		}
	}
	if _, err := parseLevel("hard"); err == nil {
		t.Error("parseLevel accepted hard")
	}
	if s := fmt.Sprint(Level(99)); s != "Level(99)" {
		t.Error(s)
	}
	want := []string{"bounds", "crossing", "isolation", "bridges", "probe", "search"}
	var got []string
	for l := LevelBounds; l <= LevelSearch; l++ {
		got = append(got, l.String())
	}
	if !slices.Equal(got, want) {
		t.Error(got)
	}
}

// TestPinwheelComplete: τ draws nothing on the seed's Pinwheel (Figure 6),
// yet the complete solver solves it and proves it unique.
func TestPinwheelComplete(t *testing.T) {
	t.Parallel()
	g := pinwheel()
	n, sol, _, err := Count(context.Background(), g, 0, SolveOptions{})
	if err != nil || n != 1 {
		t.Fatalf("Pinwheel: %d solutions, %v; want exactly 1", n, err)
	}
	if msg := checkSolution(g, sol, Rules{}); msg != "" {
		t.Fatal(msg)
	}
	gr, err := Rate(context.Background(), g, SolveOptions{})
	if err != nil || gr.Tau || gr.Level == LevelSearch {
		t.Fatalf("Pinwheel grade %v (%+v), %v", gr, gr, err)
	}
	t.Logf("Pinwheel grade: %v", gr.Level)
}

// TestTauAgreesWithCount: whenever τ solves a grid (so it is unique by the
// §3.2 Theorem), the complete solver counts exactly one solution, the same.
func TestTauAgreesWithCount(t *testing.T) {
	t.Parallel()
	ids := storedTathamIDs(t)
	solved := 0
	for i, id := range ids {
		if testing.Short() && i%5 != 0 {
			continue
		}
		g, rules := tathamGrid(t, id)
		res, err := Tau(context.Background(), g, rules)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Solved {
			continue
		}
		solved++
		n, _, _, err := Count(context.Background(), g, 2, SolveOptions{Rules: rules})
		if err != nil || n != 1 {
			t.Fatalf("%s: τ solves it but Count gives %d, %v", id, n, err)
		}
	}
	if solved == 0 {
		t.Fatal("τ solved none of the stored Tatham puzzles; the test checks nothing")
	}
	t.Logf("τ solved %d puzzles", solved)
}

// ExampleRate grades the smallest puzzle that needs the isolation stage
// (which τ also solves, through its condition 4), and the seed's Pinwheel,
// on which τ draws nothing.
func ExampleRate() {
	g, _ := NewGrid(2, 2, 2, []int{2, 2, 2, 2})
	gr, _ := Rate(context.Background(), g, SolveOptions{})
	fmt.Println(gr, gr.Level)
	gr, _ = Rate(context.Background(), pinwheel(), SolveOptions{})
	fmt.Println(gr, gr.Level)
	// Output:
	// tau isolation
	// probe probe
}
