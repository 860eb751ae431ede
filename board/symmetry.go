package board

import "context"

// Symmetries returns the permutations of cells under the symmetries of the
// rectangle (the dihedral group: 8 elements for a square, 4 otherwise) that
// map the board onto itself, blocked cells and givens included. Each
// permutation p maps cell i to p[i]; the identity is always first.
//
// The cost is O(|group| * cells).
func (b *Board) Symmetries() [][]int32 {
	out, _ := b.SymmetriesContext(context.Background())
	return out
}

// SymmetriesContext is Symmetries that gives up with ctx's error when ctx
// ends (it looks every 65536 cells: a 2048 x 2048 board takes seconds).
func (b *Board) SymmetriesContext(ctx context.Context) ([][]int32, error) {
	type xf func(r, c int) (int, int)
	R, C := b.Rows, b.Cols
	cands := []xf{
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return R - 1 - r, C - 1 - c },
		func(r, c int) (int, int) { return R - 1 - r, c },
		func(r, c int) (int, int) { return r, C - 1 - c },
	}
	if R == C {
		cands = append(cands,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return C - 1 - c, R - 1 - r },
			func(r, c int) (int, int) { return c, R - 1 - r },
			func(r, c int) (int, int) { return C - 1 - c, r },
		)
	}
	var out [][]int32
	for _, f := range cands {
		p := make([]int32, b.Cells())
		ok := true
		for cell := range int32(b.Cells()) {
			if cell%(1<<16) == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			r, c := b.RowCol(cell)
			r2, c2 := f(r, c)
			q := b.Cell(r2, c2)
			if b.Blocked(cell) != b.Blocked(q) || b.Given(cell) != b.Given(q) {
				ok = false
				break
			}
			p[cell] = q
		}
		if ok {
			out = append(out, p)
		}
	}
	return out, nil
}
