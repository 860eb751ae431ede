package analysis

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

func problemOf(t testing.TB, spec, ms string) (*moves.BoardGraph, hamilton.Problem) {
	t.Helper()
	bg := testfix.SpecGraph(t, spec, ms)
	return bg, hamilton.Problem{G: bg.Graph, Symmetries: bg.Automorphisms()}
}

// naive tallies every statistic from a plain enumeration of all paths.
type naive struct {
	total, closed    uint64
	pair, step, edge map[[2]int]uint64
	orbits           map[string]bool
	sizes            map[int]uint64 // orbit size -> number of orbits
	canon            [][]int32
	all              [][]int32 // every path
}

// geometric returns the rectangle's symmetries as functions on (row, col),
// written out here independently of board.Symmetries.
func geometric(rows, cols int) []func(r, c int) (int, int) {
	R, C := rows-1, cols-1
	fs := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return R - r, c },
		func(r, c int) (int, int) { return r, C - c },
		func(r, c int) (int, int) { return R - r, C - c },
	}
	if rows == cols {
		fs = append(fs,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return C - c, r },
			func(r, c int) (int, int) { return c, R - r },
			func(r, c int) (int, int) { return C - c, R - r },
		)
	}
	return fs
}

// bruteForce enumerates every path with hamilton.Enumerate (no symmetry
// reduction), canonicalises each by trying every symmetry and reversal, and
// counts the distinct canonical forms and the distinct images of each.
func bruteForce(t testing.TB, bg *moves.BoardGraph) *naive {
	t.Helper()
	b := bg.Board
	n := bg.N()
	nv := &naive{pair: map[[2]int]uint64{}, step: map[[2]int]uint64{}, edge: map[[2]int]uint64{}, orbits: map[string]bool{}, sizes: map[int]uint64{}}
	var geo []func(r, c int) (int, int)
	for _, f := range geometric(b.Rows, b.Cols) {
		keeps := true // the symmetry must map open cells to open cells
		for cell := range int32(b.Cells()) {
			r, c := b.RowCol(cell)
			r2, c2 := f(r, c)
			if b.Blocked(cell) != b.Blocked(b.Cell(r2, c2)) {
				keeps = false
			}
		}
		if keeps {
			geo = append(geo, f)
		}
	}
	img := make([]int32, n)
	key := func(p []int32) string { return fmt.Sprint(p) }
	_, _, err := hamilton.Enumerate(context.Background(), hamilton.Problem{G: bg.Graph}, hamilton.Options{Workers: 1}, 0, func(p []int32) bool {
		nv.total++
		nv.all = append(nv.all, slices.Clone(p))
		nv.pair[[2]int{int(p[0]), int(p[n-1])}]++
		for i, v := range p {
			nv.step[[2]int{i, int(v)}]++
		}
		for i := 1; i < n; i++ {
			u, v := min(p[i-1], p[i]), max(p[i-1], p[i])
			nv.edge[[2]int{int(u), int(v)}]++
		}
		if n >= 3 && bg.HasEdge(p[0], p[n-1]) {
			nv.closed++
		}
		images := map[string]bool{}
		var best []int32
		for _, f := range geo {
			for rev := range 2 {
				for i, v := range p {
					src := v
					if rev == 1 {
						src = p[n-1-i]
					}
					r, c := b.RowCol(bg.CellOf[src])
					r2, c2 := f(r, c)
					img[i] = bg.VertexOf[b.Cell(r2, c2)]
				}
				images[key(img)] = true
				if best == nil || slices.Compare(img, best) < 0 {
					best = slices.Clone(img)
				}
			}
		}
		if k := key(best); !nv.orbits[k] {
			nv.orbits[k] = true
			nv.sizes[len(images)]++
			nv.canon = append(nv.canon, best)
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(nv.canon, slices.Compare[[]int32])
	return nv
}

// TestAgainstBruteForce checks every statistic, the orbit count and the
// orbit sizes (Burnside) and the canonical representatives against plain
// enumeration and canonicalisation on every board up to 25 cells (up to
// 5x6, both orientations, with BOARDGRAPH_LONG=1) for Diplomatico and the knight.
func TestAgainstBruteForce(t *testing.T) {
	t.Parallel()
	for _, ms := range []string{"hopido", "knight"} {
		for rows := 1; rows <= 6; rows++ {
			for cols := 1; cols <= 6; cols++ {
				if rows*cols > 30 || rows*cols > 25 && !testfix.Long() || rows*cols > 20 && testing.Short() {
					continue // -short: up to 20 cells (5x5 takes 10 s under load)
				}
				spec := fmt.Sprintf("%dx%d", rows, cols)
				t.Run(ms+"/"+spec, func(t *testing.T) {
					t.Parallel()
					bg, p := problemOf(t, spec, ms)
					nv := bruteForce(t, bg)
					res, err := Analyze(context.Background(), p, Options{Workers: 2, Canonical: true})
					if err != nil {
						t.Fatal(err)
					}
					checkAgainst(t, bg, res, nv)
				})
			}
		}
	}
}

func checkAgainst(t *testing.T, bg *moves.BoardGraph, res *Result, nv *naive) {
	t.Helper()
	n := bg.N()
	if res.Total != nv.total || !res.Complete {
		t.Fatalf("total %d (complete %v), brute force %d", res.Total, res.Complete, nv.total)
	}
	for s := range n {
		for e := range n {
			if got, want := res.Pair[s*n+e], nv.pair[[2]int{s, e}]; got != want {
				t.Fatalf("pair %d->%d: %d, want %d", s, e, got, want)
			}
		}
	}
	for i := range n {
		for v := range n {
			if got, want := res.StepCell[i*n+v], nv.step[[2]int{i, v}]; got != want {
				t.Fatalf("step %d cell %d: %d, want %d", i, v, got, want)
			}
		}
	}
	if len(res.Edges) != bg.M() {
		t.Fatalf("%d edges, graph has %d", len(res.Edges), bg.M())
	}
	for k, e := range res.Edges {
		if got, want := res.EdgeUse[k], nv.edge[[2]int{int(e[0]), int(e[1])}]; got != want {
			t.Fatalf("edge %v: %d, want %d", e, got, want)
		}
	}
	if res.ClosedPaths != nv.closed {
		t.Fatalf("closed paths %d, want %d", res.ClosedPaths, nv.closed)
	}
	if res.Orbits != uint64(len(nv.orbits)) {
		t.Fatalf("Burnside: %d orbits, brute force %d", res.Orbits, len(nv.orbits))
	}
	if len(nv.sizes) == 0 {
		nv.sizes = map[int]uint64{}
	}
	for k, c := range nv.sizes {
		if res.OrbitSizes[k] != c {
			t.Fatalf("orbit sizes %v, brute force %v", res.OrbitSizes, nv.sizes)
		}
	}
	for k, c := range res.OrbitSizes {
		if nv.sizes[k] != c {
			t.Fatalf("orbit sizes %v, brute force %v", res.OrbitSizes, nv.sizes)
		}
	}
	// Decided steps, independently: sort every path; a path's longest
	// prefix shared with another is its longest common prefix with a
	// neighbour in sorted order.
	slices.SortFunc(nv.all, slices.Compare[[]int32])
	decided := make([]uint64, n+1)
	for i, p := range nv.all {
		l := 0
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(nv.all) {
				l = max(l, lcp(p, nv.all[j]))
			}
		}
		decided[min(l+1, n)]++
	}
	if nv.total > 0 && !slices.Equal(res.DecidedAt, decided) {
		t.Fatalf("decided steps %v, brute force %v", res.DecidedAt, decided)
	}
	if len(nv.canon) > 0 && !slices.Equal(res.Smallest, nv.canon[0]) {
		t.Fatalf("smallest path %v, want %v", res.Smallest, nv.canon[0])
	}
	if len(res.Canonical) != len(nv.canon) {
		t.Fatalf("%d canonical paths, brute force %d", len(res.Canonical), len(nv.canon))
	}
	for i := range nv.canon {
		if !slices.Equal(res.Canonical[i], nv.canon[i]) {
			t.Fatalf("canonical %d: %v, brute force %v", i, res.Canonical[i], nv.canon[i])
		}
	}
}

// TestOracle checks the per-pair counts against the oracle's own DFS on the
// shared case table's open boards without constraints (small ones).
func TestOracle(t *testing.T) {
	t.Parallel()
	for _, c := range oracle.Cases {
		if c.Closed || c.Start >= 0 || c.End >= 0 || c.Rows*c.Cols > 20 || testing.Short() && c.Rows*c.Cols > 15 {
			continue // -short: up to 15 cells (king 4x4 and 4x5 take seconds)
		}
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			bg := testfix.BoardGraph(t, c.Rows, c.Cols, c.Moves, c.Blocked...)
			res, err := Analyze(context.Background(), hamilton.Problem{G: bg.Graph, Symmetries: bg.Automorphisms()}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := c.Counts()
			n := bg.N()
			for s := range n {
				for e := range n {
					if res.Pair[s*n+e] != want.Pair[s][e] {
						t.Fatalf("pair %d->%d: %d, oracle %d", s, e, res.Pair[s*n+e], want.Pair[s][e])
					}
				}
			}
		})
	}
}

// TestReference checks the published per-start values (docs/references.md):
// Diplomatico 5x5 has 12400 directed paths, 552 from each corner and 352
// from the centre; knight 5x5 has 1728, 304 from each corner, 56 from
// (1,3), 64 from the centre, 56 from (2,2), and none from a square of the
// minority colour.
func TestReference(t *testing.T) {
	t.Parallel()
	cases := []struct {
		ms    string
		total uint64
		at    map[[2]int]uint64 // 1-based row, col
	}{
		{"hopido", 12400, map[[2]int]uint64{{1, 1}: 552, {1, 5}: 552, {5, 1}: 552, {5, 5}: 552, {3, 3}: 352}},
		{"knight", 1728, map[[2]int]uint64{{1, 1}: 304, {5, 5}: 304, {1, 3}: 56, {3, 3}: 64, {2, 2}: 56, {1, 2}: 0, {2, 3}: 0}},
	}
	for _, tc := range cases {
		t.Run(tc.ms, func(t *testing.T) {
			t.Parallel()
			bg, p := problemOf(t, "5x5", tc.ms)
			res, err := Analyze(context.Background(), p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Total != tc.total {
				t.Errorf("total %d, want %d", res.Total, tc.total)
			}
			for rc, want := range tc.at {
				v := bg.VertexOf[bg.Board.Cell(rc[0]-1, rc[1]-1)]
				if res.PerStart[v] != want || res.PerEnd[v] != want {
					t.Errorf("cell %v: %d starts, %d ends, want %d", rc, res.PerStart[v], res.PerEnd[v], want)
				}
			}
			if tc.ms == "knight" {
				for v, c := range res.PerStart {
					r, col := bg.Board.RowCol(bg.CellOf[v])
					if (r+col)%2 == 1 && c != 0 {
						t.Errorf("minority-colour cell %s starts %d paths", bg.Board.FormatCell(bg.CellOf[v]), c)
					}
				}
				if len(res.NeverEnd()) != 12 {
					t.Errorf("%d cells never end a path, want the 12 of the minority colour", len(res.NeverEnd()))
				}
			}
		})
	}
}

// TestReduceMatches checks that the symmetry-reduced run equals the full
// enumeration statistic for statistic, on boards with blocked cells and
// non-square shapes where the group is smaller.
func TestReduceMatches(t *testing.T) {
	t.Parallel()
	maps := map[string]string{
		"lobes": "......\n......\n..##..\n......\n......\n",
		"notch": "#....\n.....\n.....\n.....\n....#\n",
		"cross": "#...#\n.....\n.....\n.....\n#...#\n",
		"step":  "#.....\n......\n......\n.....#\n",
	}
	for name, m := range maps {
		for _, ms := range []string{"hopido", "knight", "1,1+3,0"} {
			if ms == "1,1+3,0" && (name == "lobes" || name == "notch") && !testfix.Long() {
				continue // 10^6 and more paths: minutes under load (BOARDGRAPH_LONG=1)
			}
			if testing.Short() && ms != "hopido" {
				continue // -short: the other move sets take 5 to 10 s each under load
			}
			t.Run(name+"/"+ms, func(t *testing.T) {
				t.Parallel()
				b, err := board.Parse(strings.NewReader(m))
				if err != nil {
					t.Fatal(err)
				}
				set, _ := moves.Parse(ms)
				bg := moves.Build(b, set)
				p := hamilton.Problem{G: bg.Graph, Symmetries: bg.Automorphisms()}
				if bg.N() <= 25 {
					res, err := Analyze(context.Background(), p, Options{Canonical: true})
					if err != nil {
						t.Fatal(err)
					}
					checkAgainst(t, bg, res, bruteForce(t, bg))
				}
				full, err := Analyze(context.Background(), p, Options{NoReduce: true, Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				red, err := Analyze(context.Background(), p, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if full.Total != red.Total || !slices.Equal(full.Pair, red.Pair) || !slices.Equal(full.StepCell, red.StepCell) ||
					!slices.Equal(full.EdgeUse, red.EdgeUse) || full.ClosedPaths != red.ClosedPaths {
					t.Fatalf("reduced run differs from the full one (total %d vs %d)", red.Total, full.Total)
				}
				if full.Order != 2 || red.Group < 2 {
					t.Fatalf("group orders: full %d (want 2: reversal only), reduced group %d (want >= 2)", full.Order, red.Group)
				}
			})
		}
	}
}

// TestClosedTours checks the closed-tour figures derived from the paths
// against hamilton.Count with Closed (directed tours up to rotation).
func TestClosedTours(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ spec, ms string }{{"5x5", "hopido"}, {"5x6", "knight"}, {"4x5", "hopido"}, {"3x4", "king"}} {
		t.Run(tc.ms+"/"+tc.spec, func(t *testing.T) {
			t.Parallel()
			_, p := problemOf(t, tc.spec, tc.ms)
			res, err := Analyze(context.Background(), p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			q := p
			q.Closed = true
			want, _, err := hamilton.Count(context.Background(), q, hamilton.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.DirectedTours != want || res.UndirectedTours*2 != want {
				t.Fatalf("tours %d directed, %d undirected; hamilton.Count says %d directed", res.DirectedTours, res.UndirectedTours, want)
			}
		})
	}
}

// TestKnight6x6 checks two published 6x6 knight figures at once: 6637920
// directed open paths (OEIS A165134) and 9862 undirected closed tours
// (OEIS A001230, McKay 1997), the latter derived from the paths whose ends
// are a knight's move apart. About 2 s on two cores; skipped with -short.
func TestKnight6x6(t *testing.T) {
	testfix.SkipShort(t, "enumerates 6.6 million paths")
	t.Parallel()
	_, p := problemOf(t, "6x6", "knight")
	res, err := Analyze(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 6637920 || res.UndirectedTours != 9862 {
		t.Fatalf("%d paths, %d undirected closed tours; want 6637920 and 9862", res.Total, res.UndirectedTours)
	}
	var sum uint64
	for _, c := range res.PerStart {
		sum += c
	}
	if sum != res.Total || res.Orbits*16 < res.Total {
		t.Fatalf("per-start sum %d, %d orbits for %d paths", sum, res.Orbits, res.Total)
	}
}
