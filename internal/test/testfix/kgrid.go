package testfix

import "math/rand/v2"

// DenseKGridClues returns the clues of a rows x cols k-grid with an
// island on every cell and a solution: random connections of 1 to 3
// along every row and of 0 to 3 down every column (1 to 3 down the
// first), each clue the sum at its cell (row-major). The puzzle has a
// great many solutions, and the solver's stages and probing work over
// the whole grid at every node (issue 33: the "dense" grids of 600x600
// and 2000x2000). The same seed gives the same clues.
func DenseKGridClues(rows, cols int, seed uint64) []int {
	r := rand.New(rand.NewPCG(seed, 33))
	clues := make([]int, rows*cols)
	for i := range rows {
		for j := range cols {
			c := i*cols + j
			if j+1 < cols {
				b := 1 + r.IntN(3)
				clues[c] += b
				clues[c+1] += b
			}
			if i+1 < rows {
				b := r.IntN(4)
				if j == 0 {
					b = 1 + r.IntN(3)
				}
				clues[c] += b
				clues[c+cols] += b
			}
		}
	}
	return clues
}
