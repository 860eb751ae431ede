package hamilton_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// The boards the issue names: 1x1 solves; 2x2, 3x3, 4x4 and 3x10 (hopido)
// are proved unsolvable without search, with a reason.
func TestFindSmallHopido(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bg := testfix.BoardGraph(t, 1, 1, "hopido")
	path, _, err := hamilton.Find(ctx, hamilton.Problem{G: bg.Graph}, hamilton.Options{})
	if err != nil || len(path) != 1 || path[0] != 0 {
		t.Errorf("1x1: %v, %v", path, err)
	}
	for _, rc := range [][2]int{{2, 2}, {3, 3}, {4, 4}, {3, 10}, {10, 3}, {2, 9}} {
		bg := testfix.BoardGraph(t, rc[0], rc[1], "hopido")
		p := hamilton.Problem{G: bg.Graph}
		_, st, err := hamilton.Find(ctx, p, hamilton.Options{})
		var reason *hamilton.Reason
		if !errors.Is(err, hamilton.ErrNoSolution) || !errors.As(err, &reason) {
			t.Errorf("%dx%d: err = %v; want ErrNoSolution with a Reason", rc[0], rc[1], err)
			continue
		}
		if st.Nodes != 0 {
			t.Errorf("%dx%d: %d search nodes; the precheck should decide", rc[0], rc[1], st.Nodes)
		}
		if r, err := hamilton.Precheck(&p); err != nil || r == nil || r.Text != reason.Text {
			t.Errorf("%dx%d: Precheck = %v, %v; Find gave %q", rc[0], rc[1], r, err, reason.Text)
		}
	}
}

// Find on every board from 5x5 to 14x14 (both orientations), hopido and
// knight, without a start and from the corner 1,1: every returned path is
// valid, and without a start none fails (open knight's tours exist on every
// board with both sides at least 5, docs/references.md; the Diplomatico paper
// tiles every such board). The knight from a corner always has a path there
// (a corner is on the larger colour class). Hopido from 1,1: a proof that
// no path exists is logged as a finding, not failed.
func TestFindBoards(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{"hopido", "knight"} {
		for r := 5; r <= 14; r++ {
			for c := 5; c <= 14; c++ {
				for _, fromCorner := range []bool{false, true} {
					name := fmt.Sprintf("%s/%dx%d/corner=%v", spec, r, c, fromCorner)
					bg := testfix.BoardGraph(t, r, c, spec)
					p := hamilton.Problem{G: bg.Graph}
					if fromCorner {
						p.FixStart, p.Start = true, 0
					}
					err := findChecked(oracleGraphOf(bg), p, hamilton.Options{Workers: 2, Rank: bg.CentreRank()})
					if errors.Is(err, hamilton.ErrNoSolution) && spec == "hopido" && fromCorner {
						t.Logf("%s: finding: proved that no path starts at 1,1", name)
					} else if err != nil {
						t.Errorf("%s: %v", name, err)
					}
				}
			}
		}
	}
}

// Closed knight's tours on boards where Schwenk's theorem says they exist,
// and closed Hopido tours on boards of the Diplomatico paper's size range.
func TestFindClosed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		spec       string
		rows, cols int
	}{
		{"knight", 6, 6}, {"knight", 5, 6}, {"knight", 6, 8}, {"knight", 8, 8}, {"knight", 10, 10}, {"knight", 3, 10},
		{"hopido", 5, 5}, {"hopido", 6, 6}, {"hopido", 7, 7}, {"hopido", 10, 10},
	} {
		name := fmt.Sprintf("%s/%dx%d", tc.spec, tc.rows, tc.cols)
		bg := testfix.BoardGraph(t, tc.rows, tc.cols, tc.spec)
		p := hamilton.Problem{G: bg.Graph, Closed: true}
		if err := findChecked(oracleGraphOf(bg), p, hamilton.Options{Workers: 2}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Different seeds and tie-break ranks change the search order, never the
// validity of what Find returns.
func TestFindSeeds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		spec       string
		rows, cols int
		start      int32
		closed     bool
	}{
		{"knight", 8, 8, 0, false}, {"knight", 7, 9, -1, false}, {"hopido", 10, 10, -1, false},
		{"hopido", 9, 11, 0, false}, {"knight", 8, 8, -1, true}, {"1,0+1,1", 6, 7, 5, false},
	} {
		bg := testfix.BoardGraph(t, tc.rows, tc.cols, tc.spec)
		og := oracleGraphOf(bg)
		p := hamilton.Problem{G: bg.Graph, Closed: tc.closed}.WithEnds(tc.start, -1)
		for seed := range uint64(12) {
			for _, rank := range [][]int32{nil, bg.CentreRank()} {
				if err := findChecked(og, p, hamilton.Options{Workers: 1 + int(seed%2), Seed: seed, Rank: rank}); err != nil {
					t.Errorf("%s %dx%d seed %d: %v", tc.spec, tc.rows, tc.cols, seed, err)
				}
			}
		}
	}
}
