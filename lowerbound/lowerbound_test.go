package lowerbound

import (
	"context"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

func hopido(t testing.TB) moves.Set {
	ms, err := moves.Parse("hopido")
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestTileVerifies builds the repaired tiling on every board from 5x5 to
// 16x16 (long: to 24x24) and checks each path with the independent verifier.
func TestTileVerifies(t *testing.T) {
	ms := hopido(t)
	maxSide := testfix.Scale(16, 16, 24)
	for n := 5; n <= maxSide; n++ {
		for m := 5; m <= maxSide; m++ {
			path, err := Tile(context.Background(), ms, n, m, RepairedA1, LemmaA3)
			if err != nil {
				t.Fatalf("%dx%d: %v", n, m, err)
			}
			cells := make([]verify.Cell, len(path))
			for i, c := range path {
				cells[i] = verify.Cell{Row: int(c)/m + 1, Col: int(c)%m + 1}
			}
			rules := verify.Rules{Rows: n, Cols: m, Leapers: [][2]int{{3, 0}, {2, 2}}, Name: "hopido"}
			if err := verify.Path(rules, cells); err != nil {
				t.Fatalf("%dx%d: the tiling is not a Winning Path: %v", n, m, err)
			}
		}
	}
}

// TestTileWithPaperLemma: the paper's own Lemma A.1 breaks the tiling
// wherever a 5x7 or 7x5 block needs it, and the error names the block.
func TestTileWithPaperLemma(t *testing.T) {
	ms := hopido(t)
	for _, tc := range []struct {
		rows, cols int
		want       string // "" = the tiling works
	}{
		{5, 10, ""},
		{7, 10, "a 7x5 block has no Winning Path from v_{3,1} to v_{3,m-2}"}, // two 7x5 blocks side by side
		{10, 7, ""}, // one block per row: only A.3 is used
		{5, 14, "a 5x7 block has no Winning Path from v_{3,1} to v_{3,m-2}"}, // two 5x7 blocks
	} {
		_, err := Tile(context.Background(), ms, tc.rows, tc.cols, LemmaA1, LemmaA3)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%dx%d: %v", tc.rows, tc.cols, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%dx%d: error %v, want one containing %q", tc.rows, tc.cols, err, tc.want)
		}
	}
}

// TestBoundBelowExactCounts: the tiling's product bound, with per-block
// counts capped at 28, never exceeds the exact count (the frontier DP) on
// one-block boards, and is at least the paper's 2.
func TestBoundBelowExactCounts(t *testing.T) {
	ms := hopido(t)
	ctx := context.Background()
	perBlock := func(h, w int, kind BlockKind) uint64 {
		// A last block may end anywhere, so the across paths are some of
		// its paths: counting those keeps the factor a lower bound.
		l := RepairedA1
		if kind == Turn {
			l = LemmaA3
		}
		c, err := Paths(ctx, ms, h, w, l, 28)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, size := range [][2]int{{5, 5}, {5, 6}, {6, 5}, {6, 6}, {5, 7}, {7, 5}} {
		n, m := size[0], size[1]
		b, _ := board.New(n, m)
		bg := moves.Build(b, ms)
		exact, _, err := count.Count(ctx, hamilton.Problem{G: bg.Graph}, count.Options{Order: count.BoardOrder(bg)})
		if err != nil {
			t.Fatal(err)
		}
		bound := Bound(n, m, perBlock)
		if !bound.IsUint64() || bound.Uint64() > exact || bound.Uint64() < 2 {
			t.Errorf("%dx%d: bound %v, exact %d directed paths", n, m, bound, exact)
		}
	}
}

func TestSplit(t *testing.T) {
	for n := 5; n <= 60; n++ {
		parts := Split(n)
		sum := 0
		for _, p := range parts {
			if p < MinSide || p > MaxSide {
				t.Fatalf("Split(%d) = %v: part %d out of 5..9", n, parts, p)
			}
			sum += p
		}
		if sum != n || len(parts) != n/5 {
			t.Fatalf("Split(%d) = %v", n, parts)
		}
	}
	if Split(4) != nil {
		t.Fatal("Split(4) should be nil")
	}
}

// TestEveryBlockHas28: each of the 25 block sizes has at least 28 Winning
// Paths of both kinds the repaired tiling uses (A.1' and A.3), and 5x5 has
// exactly 28 of each (the frontier DP's counts, count's lemma test), so 28
// is the best per-block constant and N(n x m) >= 28^((n/5)*(m/5)). The 7x8
// searches take seconds under load and run with BOARDGRAPH_LONG=1.
func TestEveryBlockHas28(t *testing.T) {
	ms := hopido(t)
	for n := MinSide; n <= MaxSide; n++ {
		for m := MinSide; m <= MaxSide; m++ {
			if n == 7 && m == 8 && !testfix.Long() {
				continue
			}
			for _, l := range []Lemma{RepairedA1, LemmaA3} {
				got, err := Paths(context.Background(), ms, n, m, l, 28)
				if err != nil || got != 28 {
					t.Errorf("%s on %dx%d: %d paths (capped at 28), %v", l.Name, n, m, got, err)
				}
			}
		}
	}
	if got, _ := Paths(context.Background(), ms, 5, 5, RepairedA1, 0); got != 28 {
		t.Errorf("A.1' on 5x5: %d paths, want exactly 28", got)
	}
}
