package hamilton_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

func knightBoard(t testing.TB, rows, cols int, blocked ...int32) *moves.BoardGraph {
	t.Helper()
	b, err := board.New(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range blocked {
		b.SetBlocked(x, true)
	}
	m, err := moves.Parse("knight")
	if err != nil {
		t.Fatal(err)
	}
	return moves.Build(b, m)
}

func TestConradCriterion(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n, sr, sc, tr, tc int
		exists, applies   bool
	}{
		{8, 0, 0, 0, 1, true, true},   // even board, different colours
		{8, 0, 0, 1, 1, false, true},  // same colour
		{7, 0, 0, 6, 6, true, true},   // odd board, both corner colour
		{7, 0, 0, 0, 1, false, true},  // one off-colour end
		{7, 0, 1, 1, 0, false, true},  // both off-colour
		{5, 0, 0, 4, 4, false, false}, // n < 6: the theorem says nothing
		{6, 0, 0, 0, 0, false, false}, // s = t
		{6, 0, 0, 6, 0, false, false}, // off the board
	} {
		ex, ap := hamilton.ConradCriterion(c.n, c.sr, c.sc, c.tr, c.tc)
		if ex != c.exists || ap != c.applies {
			t.Errorf("ConradCriterion%v = %v, %v; want %v, %v", c, ex, ap, c.exists, c.applies)
		}
	}
}

// TestConradPrecheck: on the 6x6 and 7x7 knight boards every start/end pair
// the criterion rejects is rejected by Precheck (with the "conrad" rule
// among PrecheckAll's reasons), and on 6x6 every pair it allows is found by
// search with each strategy, and the path checks.
func TestConradPrecheck(t *testing.T) {
	t.Parallel()
	for _, k := range []int{6, 7} {
		t.Run(fmt.Sprintf("%dx%d", k, k), func(t *testing.T) {
			t.Parallel()
			bg := knightBoard(t, k, k)
			og := oracleGraphOf(bg)
			n := int32(k * k)
			rejected, found := 0, 0
			for s := range n {
				for e := range n {
					if s == e {
						continue
					}
					p := hamilton.Problem{G: bg.Graph}.WithEnds(s, e)
					exists, applies := hamilton.ConradCriterion(k, int(s)/k, int(s)%k, int(e)/k, int(e)%k)
					if !applies {
						t.Fatalf("criterion does not apply to %d-%d", s, e)
					}
					if !exists {
						rs, err := hamilton.PrecheckAll(&p)
						if err != nil {
							t.Fatal(err)
						}
						if !slices.ContainsFunc(rs, func(r *hamilton.Reason) bool { return r.Rule == "conrad" }) {
							t.Fatalf("%d-%d: conrad rule did not fire (%v)", s, e, rs)
						}
						rejected++
						continue
					}
					if r, _ := hamilton.Precheck(&p); r != nil {
						t.Fatalf("%d-%d: allowed pair rejected: %s", s, e, r.Text)
					}
					if k != 6 {
						continue
					}
					for _, st := range []hamilton.Strategy{hamilton.StrategyDefault, hamilton.StrategyOkunoMiyano} {
						path, _, err := hamilton.Find(context.Background(), p, hamilton.Options{Workers: 1, Strategy: st})
						if err != nil {
							t.Fatalf("%s %d-%d: %v", st, s, e, err)
						}
						if err := checkPath(og, p, path); err != nil {
							t.Fatalf("%s %d-%d: %v", st, s, e, err)
						}
					}
					found++
				}
			}
			// Ordered pairs: half the cells have the other colour.
			if k == 6 && (rejected != 36*17 || found != 36*18) {
				t.Errorf("rejected %d, found %d; want %d and %d", rejected, found, 36*17, 36*18)
			}
			t.Logf("rejected %d pairs, found %d paths", rejected, found)
		})
	}
}

// TestConradOnlyPlainKnight: the rule stays silent on anything but the
// plain knight's graph on n x n, n >= 6, even for pairs it would reject
// there.
func TestConradOnlyPlainKnight(t *testing.T) {
	t.Parallel()
	hop, err := moves.Parse("hopido")
	if err != nil {
		t.Fatal(err)
	}
	b6, _ := board.New(6, 6)
	for _, c := range []struct {
		name string
		bg   *moves.BoardGraph
	}{
		{"blocked", knightBoard(t, 6, 6, 35)},
		{"6x7", knightBoard(t, 6, 7)},
		{"5x5", knightBoard(t, 5, 5)},
		{"hopido", moves.Build(b6, hop)},
	} {
		p := hamilton.Problem{G: c.bg.Graph, Start: 0, FixStart: true, End: 7, FixEnd: true} // 1,1 and 2,2 on 6x6: same colour
		rs, err := hamilton.PrecheckAll(&p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if r.Rule == "conrad" {
				t.Errorf("%s: conrad fired: %s", c.name, r.Text)
			}
		}
	}
	bg := knightBoard(t, 6, 6)
	p := hamilton.Problem{G: bg.Graph, Start: 0, FixStart: true, End: 7, FixEnd: true}
	r, err := hamilton.Precheck(&p)
	if err != nil || r == nil || r.Rule != "conrad" {
		t.Fatalf("plain 6x6: Precheck = %v, %v; want the conrad rule", r, err)
	}
	if want := "no knight's path from vertex 0 to vertex 7 on 6x6: the board has an even number of cells, so start and end must have different colours (Conrad, Hindrichs, Morsy and Wegener 1994)"; r.Text != want {
		t.Errorf("reason %q, want %q", r.Text, want)
	}
}
