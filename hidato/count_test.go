package hidato

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// bruteCount is the tests' own obvious counter: every numbering of the open
// cells built cell by cell from each start, with moves generated here from
// the leapers (no code shared with the package), checked against the givens.
func bruteCount(p *Puzzle) uint64 {
	b := p.Board
	var vecs [][2]int
	for _, l := range p.Moves.Leapers {
		for _, d := range [][2]int{{l.A, l.B}, {l.B, l.A}} {
			for _, sr := range []int{-1, 1} {
				for _, sc := range []int{-1, 1} {
					vecs = append(vecs, [2]int{sr * d[0], sc * d[1]})
				}
			}
		}
	}
	n := b.Open()
	used := make([]bool, b.Cells())
	var total uint64
	var walk func(cell int32, k int)
	walk = func(cell int32, k int) { // cell holds number k (1-based)
		if g := b.Given(cell); g != 0 && int(g) != k {
			return
		}
		if k == n {
			total++
			return
		}
		used[cell] = true
		r, c := b.RowCol(cell)
		seen := map[int32]bool{}
		for _, v := range vecs {
			rr, cc := r+v[0], c+v[1]
			if !b.Inside(rr, cc) {
				continue
			}
			next := b.Cell(rr, cc)
			if used[next] || b.Blocked(next) || seen[next] {
				continue
			}
			seen[next] = true
			walk(next, k+1)
		}
		used[cell] = false
	}
	for cell := range int32(b.Cells()) {
		if !b.Blocked(cell) {
			walk(cell, 1)
		}
	}
	return total
}

// hamiltonCount counts with package hamilton's search (Problem.Givens).
func hamiltonCount(t testing.TB, p *Puzzle) uint64 { return hamiltonCountUpTo(t, p, 0) }

// hamiltonCountUpTo counts with package hamilton, stopping at limit (0: no
// limit).
func hamiltonCountUpTo(t testing.TB, p *Puzzle, limit uint64) uint64 {
	bg := moves.Build(p.Board, p.Moves)
	givens := make([]int32, bg.N())
	for v := range givens {
		givens[v] = p.Board.Given(bg.CellOf[v]) - 1
	}
	pr := hamilton.Problem{G: bg.Graph, Givens: givens}
	opt := hamilton.Options{Workers: 1}
	var c uint64
	var err error
	if limit == 0 {
		c, _, err = hamilton.Count(context.Background(), pr, opt)
	} else {
		c, _, err = hamilton.Enumerate(context.Background(), pr, opt, limit, func([]int32) bool { return true })
	}
	if err != nil && err != hamilton.ErrNoSolution {
		t.Fatal(err)
	}
	return c
}

// randomGivens puts k random distinct numbers on random open cells.
func randomGivens(b *board.Board, k int, rng *rand.Rand) {
	var open []int32
	for c := range int32(b.Cells()) {
		if !b.Blocked(c) {
			open = append(open, c)
		}
	}
	nums := rng.Perm(len(open))
	rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
	for i := range k {
		b.SetGiven(open[i], int32(nums[i]+1))
	}
}

func TestCountMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sets := []string{"hopido", "knight", "1,3", "3,0+2,2+1,3"}
	sizes := [][2]int{{3, 4}, {4, 4}, {4, 5}, {3, 6}, {5, 4}}
	for _, ms := range sets {
		mv, err := moves.Parse(ms)
		if err != nil {
			t.Fatal(err)
		}
		for _, sz := range sizes {
			for trial := range 12 {
				b, _ := board.New(sz[0], sz[1])
				if trial%3 == 2 {
					b.SetBlocked(int32(rng.IntN(b.Cells())), true)
				}
				k := trial % 4
				if ms == "3,0+2,2+1,3" {
					k += 3 // a rich move set: without givens, 4x5 has 791960 paths
				}
				randomGivens(b, k, rng)
				p := &Puzzle{Board: b, Moves: mv}
				name := fmt.Sprintf("%s/%dx%d/%d", ms, sz[0], sz[1], trial)
				want := bruteCount(p)
				got, err := Count(context.Background(), p, 0)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if got.Solutions != want {
					t.Fatalf("%s: Count = %d, brute force %d\n%s", name, got.Solutions, want, b.Format())
				}
				if h := hamiltonCount(t, p); h != want {
					t.Fatalf("%s: hamilton %d, brute force %d", name, h, want)
				}
			}
		}
	}
}
