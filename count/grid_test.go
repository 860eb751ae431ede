package count_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// gridOf returns the Grid of bg or fails.
func gridOf(t testing.TB, bg *moves.BoardGraph) count.Grid {
	t.Helper()
	g, ok := count.GridOf(bg)
	if !ok {
		t.Fatalf("GridOf(%s) = false", bg.Board.Spec())
	}
	return g
}

// The grid sweep agrees with the brute force on every case of the shared
// table whose moves are the grid's (1,0): every board of up to 20 cells,
// the boards with blocked cells, open and closed, with and without start
// and end; with one worker and with several.
func TestCountGridMatchesOracle(t *testing.T) {
	t.Parallel()
	n := eachCase(t, func(_ int, c *oracle.Case) bool { return c.Moves == "1,0" }, func(t *testing.T, i int, c *oracle.Case, bg *moves.BoardGraph, p hamilton.Problem) {
		want := c.Want()
		for _, workers := range []int{1, 3} {
			got, _, err := count.CountGrid(context.Background(), p, gridOf(t, bg), count.Options{Workers: workers})
			if err != nil {
				t.Fatalf("workers %d: %v", workers, err)
			}
			if !got.IsUint64() || got.Uint64() != want {
				t.Errorf("workers %d: CountGrid = %v, oracle %d", workers, got, want)
			}
			wide, _, err := count.CountGridWide(context.Background(), p, gridOf(t, bg), count.Options{Workers: workers})
			if err != nil || wide.Cmp(got) != 0 {
				t.Errorf("workers %d: CountGridWide = %v, %v; oracle %d", workers, wide, err, want)
			}
		}
	})
	if n < 100 {
		t.Fatalf("only %d grid cases in the oracle table", n)
	}
}

// gridBoard builds the grid graph of a board drawn as text ('.' open,
// '#' blocked, rows separated by '/').
func gridBoard(t testing.TB, draw string) *moves.BoardGraph {
	t.Helper()
	rows := strings.Split(draw, "/")
	b, err := board.New(len(rows), len(rows[0]))
	if err != nil {
		t.Fatal(err)
	}
	for r, row := range rows {
		for c, ch := range row {
			if ch == '#' {
				b.SetBlocked(b.Cell(r, c), true)
			}
		}
	}
	s, err := moves.Parse("1,0")
	if err != nil {
		t.Fatal(err)
	}
	return moves.Build(b, s)
}

// The grid sweep agrees with the general dynamic program (count.Count in
// BoardOrder) on boards past the oracle's reach: squares, rectangles
// both ways up (the sweep turns wide ones), blocked cells, fixed ends,
// open and closed.
func TestCountGridMatchesDP(t *testing.T) {
	t.Parallel()
	boards := []string{
		"....../....../....../....../....../......",
		"......./......./......./......./......./......./.......",
		"...../...../...../...../...../...../...../.....",
		"......../......../......../........",
		"..#.../....../....#./....../.#..../......",
		"#......#/......../...##.../......../#......#",
		"...#/..../..../#.../..../..../...#",
	}
	for _, draw := range boards {
		bg := gridBoard(t, draw)
		g := gridOf(t, bg)
		n := int32(bg.N())
		order := count.BoardOrder(bg)
		for _, pc := range []struct {
			name       string
			closed     bool
			start, end int32
		}{
			{"closed", true, -1, -1}, {"open", false, -1, -1}, {"start", false, 0, -1},
			{"end", false, -1, n / 2}, {"both", false, 1, n - 2}, {"closed-start", true, n / 3, -1},
		} {
			t.Run(draw+"/"+pc.name, func(t *testing.T) {
				t.Parallel()
				p := hamilton.Problem{G: bg.Graph, Closed: pc.closed}.WithEnds(pc.start, pc.end)
				want, _, err := count.CountBig(context.Background(), p, count.Options{Order: order})
				if err != nil {
					t.Fatal(err)
				}
				got, _, err := count.CountGrid(context.Background(), p, g, count.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if got.Cmp(want) != 0 {
					t.Errorf("CountGrid = %v, Count %v", got, want)
				}
			})
		}
	}
}

// A003763: Hamiltonian cycles on the 2n x 2n grid, and A120443:
// undirected Hamiltonian paths on the n x n grid (OEIS; the larger ones
// also in issue 25's table, measured there with TdZdd). CountGrid counts
// directed ones: twice these.
var (
	a003763 = []string{"1", "6", "1072", "4638576", "467260456608", "1076226888605605706",
		"56126499620491437281263608", "65882516522625836326159786165530572",
		"1733926377888966183927790794055670829347983946",
		"1020460427390768793543026965678152831571073052662428097106"}
	a120443 = []string{"1", "4", "20", "276", "4324", "229348", "13535280", "3023313284",
		"745416341496", "730044829512632", "786671485270308848", "3452664855804347354220",
		"16652005717670534681315580", "331809088406733654427925292528",
		"7263611367960266490262600117251524",
		// a(16): Bellwood's table in OEIS (terms to 17 from Jacobsen 2007).
		"662634717384979793238814101377988786884"}
)

// gridCount counts the n x m grid's undirected Hamiltonian cycles or
// paths with CountGrid (with the older sweep in multi-word counts,
// CountGridWide, when wide).
func gridCount(t testing.TB, n, m int, closed bool, opt count.Options, wide ...bool) (*big.Int, count.Stats) {
	t.Helper()
	bg := gridBoard(t, strings.TrimSuffix(strings.Repeat(strings.Repeat(".", m)+"/", n), "/"))
	f := count.CountGrid
	if len(wide) > 0 && wide[0] {
		f = count.CountGridWide
	}
	got, st, err := f(context.Background(), hamilton.Problem{G: bg.Graph, Closed: closed}, gridOf(t, bg), opt)
	if err != nil {
		t.Fatal(err)
	}
	if n*m > 1 {
		got.Rsh(got, 1) // directed to undirected
	}
	return got, st
}

// The OEIS values within a few seconds: cycles to 12x12 (past 2^64),
// paths to 9x9 (and 10x10 outside -short; 14x14 cycles and 11x11 paths
// with BOARDGRAPH_LONG=1).
func TestCountGridOEIS(t *testing.T) {
	t.Parallel()
	cyc, paths := 6, 9
	if !testing.Short() {
		paths = 10
	}
	if testfix.Long() {
		cyc, paths = 7, 11
	}
	for n := 1; n <= cyc; n++ {
		t.Run(fmt.Sprintf("A003763/%dx%d", 2*n, 2*n), func(t *testing.T) {
			t.Parallel()
			if got, _ := gridCount(t, 2*n, 2*n, true, count.Options{}); got.String() != a003763[n-1] {
				t.Errorf("got %v, want %s", got, a003763[n-1])
			}
		})
	}
	for n := 1; n <= paths; n++ {
		t.Run(fmt.Sprintf("A120443/%dx%d", n, n), func(t *testing.T) {
			t.Parallel()
			if got, _ := gridCount(t, n, n, false, count.Options{}); got.String() != a120443[n-1] {
				t.Errorf("got %v, want %s", got, a120443[n-1])
			}
		})
	}
}

// GridOf accepts the grid under any name of its moves and with blocked
// cells, and refuses other move sets.
func TestGridOf(t *testing.T) {
	b, _ := board.New(4, 5)
	for _, c := range []struct {
		spec string
		ok   bool
	}{{"1,0", true}, {"0,1", true}, {"knight", false}, {"1,0+1,1", false}, {"2,0", false}} {
		s, err := moves.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := count.GridOf(moves.Build(b, s)); ok != c.ok {
			t.Errorf("GridOf(%s) = %v, want %v", c.spec, ok, c.ok)
		}
	}
}

// CountGrid refuses what it cannot count, in words naming the fix.
func TestCountGridRefuses(t *testing.T) {
	bg := gridBoard(t, "..../..../....")
	g := gridOf(t, bg)
	p := hamilton.Problem{G: bg.Graph, Givens: make([]int32, bg.N())}
	if _, _, err := count.CountGrid(context.Background(), p, g, count.Options{}); !errors.Is(err, count.ErrInvalid) {
		t.Errorf("givens: err = %v, want ErrInvalid", err)
	}
	p = hamilton.Problem{G: bg.Graph}
	if _, _, err := count.CountGrid(context.Background(), p, g, count.Options{MaxBytes: 100}); !errors.Is(err, count.ErrMemory) || !strings.Contains(err.Error(), "over the memory limit of 100 B") {
		t.Errorf("100 bytes: err = %v, want ErrMemory naming the limit", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := count.CountGrid(ctx, p, g, count.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v, want context.Canceled", err)
	}
	other := gridBoard(t, "..../....")
	if _, _, err := count.CountGrid(context.Background(), hamilton.Problem{G: other.Graph}, g, count.Options{}); !errors.Is(err, count.ErrInvalid) {
		t.Errorf("wrong graph: err = %v, want ErrInvalid", err)
	}
}

// The grid sweep agrees with the search (hamilton.Count) on boards just
// past the oracle's 20 cells, with blocked cells and fixed ends.
func TestCountGridMatchesSearch(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		draw       string
		closed     bool
		start, end int32
	}{
		{"...../...../...../...../.....", false, -1, -1},
		{"....../....../....../....../....../......", true, -1, -1},
		{"#...../....../...#../....../......", false, 2, -1},
		{"#...../....../...#../....../......", false, 2, 26},
		{"....../.#..#./....../......", true, 0, -1},
	} {
		t.Run(fmt.Sprintf("%s/closed=%v/%d-%d", c.draw, c.closed, c.start, c.end), func(t *testing.T) {
			t.Parallel()
			bg := gridBoard(t, c.draw)
			p := hamilton.Problem{G: bg.Graph, Closed: c.closed}.WithEnds(c.start, c.end)
			want, _, err := hamilton.Count(context.Background(), p, hamilton.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := count.CountGrid(context.Background(), p, gridOf(t, bg), count.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !got.IsUint64() || got.Uint64() != want || want == 0 {
				t.Errorf("CountGrid = %v, search %d", got, want)
			}
		})
	}
}

// The modular passes of CountGrid agree with the sweep in multi-word
// counts (CountGridWide, the sweep before the primes) on boards whose
// counts pass 2^64 and 2^128 (several primes joined), with blocked
// cells and fixed ends; the primes multiply past the proven bound, and
// the bound is at least the count.
func TestCountGridModularMatchesWide(t *testing.T) {
	t.Parallel()
	long := func(rows, cols int, blocked ...[2]int) string {
		var sb strings.Builder
		for r := range rows {
			if r > 0 {
				sb.WriteByte('/')
			}
			for c := range cols {
				ch := byte('.')
				for _, b := range blocked {
					if b == [2]int{r, c} {
						ch = '#'
					}
				}
				sb.WriteByte(ch)
			}
		}
		return sb.String()
	}
	for _, c := range []struct {
		name       string
		draw       string
		closed     bool
		start, end int32
	}{
		{"6x60 cycles", long(6, 60), true, -1, -1},
		{"60x7 paths", long(60, 7), false, -1, -1},
		{"5x90 paths", long(5, 90), false, -1, -1},
		{"8x30 blocked paths", long(8, 30, [2]int{3, 3}, [2]int{0, 7}, [2]int{5, 20}), false, -1, -1},
		{"7x30 start", long(7, 30), false, 3, -1},
		{"7x30 both", long(7, 30), false, 0, 7*30 - 1},
		{"4x4 cycles", long(4, 4), true, -1, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			bg := gridBoard(t, c.draw)
			g := gridOf(t, bg)
			p := hamilton.Problem{G: bg.Graph, Closed: c.closed}.WithEnds(c.start, c.end)
			want, _, err := count.CountGridWide(context.Background(), p, g, count.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, st, err := count.CountGrid(context.Background(), p, g, count.Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if got.Cmp(want) != 0 || want.Sign() == 0 {
				t.Errorf("CountGrid = %v, wide %v", got, want)
			}
			prod := big.NewInt(1)
			for _, q := range st.Moduli {
				prod.Mul(prod, new(big.Int).SetUint64(q))
			}
			if prod.BitLen() <= st.BoundBits || st.BoundBits < want.BitLen() {
				t.Errorf("%d primes (%d bits) for a bound of %d bits and a count of %d bits", len(st.Moduli), prod.BitLen(), st.BoundBits, want.BitLen())
			}
			// One prime a pass when the memory holds one count a word.
			one := count.Options{Workers: 1, MaxBytes: st.PeakBytes / int64(len(st.Moduli))}
			got1, st1, err := count.CountGrid(context.Background(), p, g, one)
			if err != nil {
				t.Fatal(err)
			}
			if got1.Cmp(want) != 0 || st1.PeakBytes > one.MaxBytes {
				t.Errorf("one prime a pass: CountGrid = %v (%d bytes for a limit of %d), wide %v", got1, st1.PeakBytes, one.MaxBytes, want)
			}
			t.Logf("%d bits, bound %d, %d primes", want.BitLen(), st.BoundBits, len(st.Moduli))
		})
	}
}
