package construct

import (
	"fmt"
	"testing"

	"github.com/boardgraph/boardgraph/moves"
)

// legalSink consumes a walk and checks that every step (and, for a closed
// walk, the step back to the first cell) is a move of set and stays on the
// board. It keeps O(1) memory: it does not check that cells are distinct
// (the tests do that with package verify); it counts them.
func legalSink(w Walk, rows, cols int, set moves.Set, closed bool) (int, error) {
	const r = 8
	var ok [2*r + 1][2*r + 1]bool
	for _, v := range set.Vectors() {
		ok[v.DR+r][v.DC+r] = true
	}
	n, pr, pc, fr, fc := 0, 0, 0, 0, 0
	var err error
	for row, col := range w {
		if row < 0 || row >= rows || col < 0 || col >= cols {
			err = fmt.Errorf("cell %d: %d,%d is off the board", n, row, col)
			break
		}
		if n == 0 {
			fr, fc = row, col
		} else if dr, dc := row-pr+r, col-pc+r; dr < 0 || dr > 2*r || dc < 0 || dc > 2*r || !ok[dr][dc] {
			err = fmt.Errorf("step %d: %d,%d to %d,%d is not a move", n, pr, pc, row, col)
			break
		}
		pr, pc = row, col
		n++
	}
	if err == nil && closed {
		if dr, dc := fr-pr+r, fc-pc+r; dr < 0 || dr > 2*r || dc < 0 || dc > 2*r || !ok[dr][dc] {
			err = fmt.Errorf("the last cell %d,%d is not a move from the first %d,%d", pr, pc, fr, fc)
		}
	}
	if err == nil && n != rows*cols {
		err = fmt.Errorf("%d cells, want %d", n, rows*cols)
	}
	return n, err
}

// BenchmarkWalk builds and streams walks on large boards into legalSink:
// construction (planning every block) plus every cell.
func BenchmarkWalk(b *testing.B) {
	cases := []struct {
		name   string
		n      int
		set    moves.Set
		closed bool
		make   func(n int) (Walk, error)
		rows   int // 0: n x n; otherwise rows x (n*n/rows)
	}{
		{"knight-closed", 1000, moves.Knight(), true, func(n int) (Walk, error) { return KnightClosed(n, n) }, 0},
		{"knight-closed", 10000, moves.Knight(), true, func(n int) (Walk, error) { return KnightClosed(n, n) }, 0},
		{"knight-open", 10000, moves.Knight(), false, func(n int) (Walk, error) { return KnightOpen(n, n) }, 0},
		{"hopido-open", 1000, moves.Hopido(), false, func(n int) (Walk, error) { return Diplomatico(n, n, false) }, 0},
		{"hopido-open", 10000, moves.Hopido(), false, func(n int) (Walk, error) { return Diplomatico(n, n, false) }, 0},
		{"hopido-closed", 10000, moves.Hopido(), true, func(n int) (Walk, error) { return Diplomatico(n, n, true) }, 0},
		// Narrow bands of 10^8 cells: out and back, and the exact plan of 4 rows.
		{"knight-closed-5rows", 10000, moves.Knight(), true, func(n int) (Walk, error) { return KnightClosed(5, n*n/5) }, 5},
		{"knight-open-4rows", 10000, moves.Knight(), false, func(n int) (Walk, error) { return KnightOpen(4, n*n/4) }, 4},
	}
	for _, c := range cases {
		b.Run(fmt.Sprintf("%s-%d", c.name, c.n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				w, err := c.make(c.n)
				if err != nil {
					b.Fatal(err)
				}
				rows, cols := c.n, c.n
				if c.rows > 0 {
					rows, cols = c.rows, c.n*c.n/c.rows
				}
				if _, err := legalSink(w, rows, cols, c.set, c.closed); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(c.n*c.n), "ns/cell")
		})
	}
}
