package numberlink

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// quadraticGrid builds the neighbour and crossing tables the obvious way,
// as NewGrid did before the sweep: walk from each node to the nearest node
// in each direction, and compare every horizontal pair with every vertical
// one. It is the reference for TestNewGridMatchesQuadratic.
func quadraticGrid(rows, cols int, clues []int) (nbr [][MaxDirections]int32, pairs []Pair, crossings [][]int32) {
	cell := make([]int32, rows*cols)
	var nodes []Node
	for i, m := range clues {
		cell[i] = -1
		if m > 0 {
			cell[i] = int32(len(nodes))
			nodes = append(nodes, Node{Row: i / cols, Col: i % cols, Mag: m})
		}
	}
	nbr = make([][MaxDirections]int32, len(nodes))
	for i, nd := range nodes {
		nbr[i] = [MaxDirections]int32{-1, -1, -1, -1, -1, -1}
		for d := range 4 {
			nbr[i][d] = -1
			r, c := nd.Row+delta[d][0], nd.Col+delta[d][1]
			for r >= 0 && r < rows && c >= 0 && c < cols {
				if j := cell[r*cols+c]; j >= 0 {
					nbr[i][d] = j
					break
				}
				r, c = r+delta[d][0], c+delta[d][1]
			}
		}
	}
	for i := range nodes {
		for _, d := range []Direction{Right, Down} {
			if j := nbr[i][d]; j >= 0 {
				pairs = append(pairs, Pair{A: int32(i), B: j, Horizontal: d == Right, Dir: d})
			}
		}
	}
	crossings = make([][]int32, len(pairs))
	for p, pr := range pairs {
		if !pr.Horizontal {
			continue
		}
		a, b := nodes[pr.A], nodes[pr.B]
		for q, qr := range pairs {
			if qr.Horizontal {
				continue
			}
			qa, qb := nodes[qr.A], nodes[qr.B]
			if a.Col < qa.Col && qa.Col < b.Col && qa.Row < a.Row && a.Row < qb.Row {
				crossings[p] = append(crossings[p], int32(q))
				crossings[q] = append(crossings[q], int32(p))
			}
		}
	}
	return nbr, pairs, crossings
}

// TestNewGridMatchesQuadratic builds random grids of every density, from
// 1x1 to 40x40, and checks that the sweep gives exactly the neighbours,
// pairs and crossing lists (same order) of the all-pairs comparison.
func TestNewGridMatchesQuadratic(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(10, 4))
	total := 0
	for trial := range 600 {
		rows, cols := 1+rng.IntN(40), 1+rng.IntN(40)
		density := rng.Float64()
		if trial%3 == 0 {
			density *= 0.15 // sparse grids have long pairs and many crossings
		}
		clues := make([]int, rows*cols)
		for i := range clues {
			if rng.Float64() < density {
				clues[i] = 1 + rng.IntN(8)
			}
		}
		g, err := NewGrid(rows, cols, 2, clues)
		if err != nil {
			t.Fatal(err)
		}
		nbr, pairs, crossings := quadraticGrid(rows, cols, clues)
		name := fmt.Sprintf("trial %d (%dx%d, density %.2f)", trial, rows, cols, density)
		if !reflect.DeepEqual(g.Nbr, nbr) && !(len(g.Nbr) == 0 && len(nbr) == 0) {
			t.Fatalf("%s: neighbours differ", name)
		}
		if !reflect.DeepEqual(g.Pairs, pairs) && !(len(g.Pairs) == 0 && len(pairs) == 0) {
			t.Fatalf("%s: pairs differ", name)
		}
		if len(g.Crossings) != len(crossings) {
			t.Fatalf("%s: %d crossing lists, want %d", name, len(g.Crossings), len(crossings))
		}
		for p := range crossings {
			if !reflect.DeepEqual(g.Crossings[p], crossings[p]) {
				t.Fatalf("%s: pair %d crosses %v, want %v", name, p, g.Crossings[p], crossings[p])
			}
			total += len(crossings[p])
		}
		for i := range g.Nodes {
			for d := range 4 {
				p := g.PairAt[i][d]
				if (p < 0) != (g.Nbr[i][d] < 0) || p >= 0 && !(g.Pairs[p].A == int32(i) || g.Pairs[p].B == int32(i)) {
					t.Fatalf("%s: PairAt[%d][%d] = %d does not match the neighbours", name, i, d, p)
				}
			}
		}
	}
	if total < 1000 {
		t.Fatalf("only %d crossings in all trials: the random grids test too little", total)
	}
}

// TestNewGridContextCancel: a cancelled context stops the build with the
// context's error and no grid.
func TestNewGridContextCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	clues := make([]int, 100*100)
	clues[0], clues[len(clues)-1] = 1, 1
	g, err := NewGridContext(ctx, 100, 100, 2, clues)
	if g != nil || !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, %v", g, err)
	}
}

// sparseClues is a rows x cols puzzle with clues 1..8 on about 30% of the
// cells, like the 400x400 one that took 11 s to load.
func sparseClues(rows, cols int, seed uint64) []int {
	rng := rand.New(rand.NewPCG(seed, 1))
	clues := make([]int, rows*cols)
	for i := range clues {
		if rng.IntN(10) < 3 {
			clues[i] = 1 + rng.IntN(8)
		}
	}
	return clues
}

// BenchmarkNewGrid measures building sparse grids (the sweep is linear in
// the cells; the all-pairs comparison it replaced took 11 s at 400x400 and
// over 9 minutes at 4000x4000).
func BenchmarkNewGrid(b *testing.B) {
	for _, n := range []int{400, 1000, 4000} {
		clues := sparseClues(n, n, uint64(n))
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			for b.Loop() {
				if _, err := NewGrid(n, n, 2, clues); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n*n)*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
		})
	}
}

// FuzzNewGrid builds a grid from arbitrary bytes (the size from the first
// two, a clue per later byte, 0 for most values) and checks the sweep's
// neighbours, pairs and crossings against the all-pairs comparison.
func FuzzNewGrid(f *testing.F) {
	f.Add([]byte{3, 3, 1, 0, 1, 0, 0, 0, 1, 0, 1})
	f.Add([]byte{5, 4, 2, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2})
	f.Add([]byte{1, 1, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		rows, cols := 1+int(data[0])%24, 1+int(data[1])%24
		clues := make([]int, rows*cols)
		for i := range clues {
			if 2+i < len(data) && data[2+i]%4 == 1 {
				clues[i] = 1 + int(data[2+i]>>2)%8
			}
		}
		g, err := NewGrid(rows, cols, 2, clues)
		if err != nil {
			t.Fatal(err)
		}
		nbr, pairs, crossings := quadraticGrid(rows, cols, clues)
		if len(g.Nbr)+len(nbr) > 0 && !reflect.DeepEqual(g.Nbr, nbr) || len(g.Pairs)+len(pairs) > 0 && !reflect.DeepEqual(g.Pairs, pairs) {
			t.Fatal("neighbours or pairs differ from the all-pairs reference")
		}
		for p := range crossings {
			if !reflect.DeepEqual(g.Crossings[p], crossings[p]) {
				t.Fatalf("pair %d crosses %v, want %v", p, g.Crossings[p], crossings[p])
			}
		}
	})
}
