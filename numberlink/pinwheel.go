package numberlink

// pinwheelRows is a 2-grid with a unique solution on which τ draws nothing.
// The seed's Pinwheel (Figure 6) is printed only as a picture, so this grid
// is our own, found by searching random 2-grids for the same two properties
// (see TestPinwheel): every node has r >= 2 neighbours and magnitude below
// (r-1)k, so steps 1 to 3 of τ do not apply, and ω*(p) = ∅ for every node,
// so step 4 draws nothing either.
var pinwheelRows = []string{
	"2321",
	".463",
	"3..3",
	"2432",
}

// pinwheel returns the Pinwheel fixture of §3.2 (Figure 6): a uniquely
// solvable 2-grid on which the τ algorithm draws no connection, showing that
// the converse of the Theorem fails.
func pinwheel() *Grid {
	return rowsGrid(2, pinwheelRows)
}

// figure4Rows reconstructs the 2-grid Γ_2 of Figure 4 and §2.3, which the
// seed shows only as a picture: a grid with the magnitude-2 node p in the
// bottom-left corner and the magnitude-5 node q in the centre on which
// every set and every reason §2.3 states holds (see TestSection23): Φ_Γ2[p]
// = {12}, with 11 and 22 excluded by condition 4 and the other words by
// condition 3; after u(p, 12), Φ_Γ'2[q] = {11223, 11224, 11234, 12234},
// the words with 33 excluded by condition 3 and those with 44 by condition
// 5, so ω*(q) = 12. It has a unique solution.
var figure4Rows = []string{
	"....2",
	"..3.3",
	"2.54.",
	"2....",
	"2.23.",
}

// Figure4 returns the reconstructed Γ_2 of §2.3 (Figure 4) and the indices
// of its nodes p (bottom left, magnitude 2) and q (centre, magnitude 5).
func Figure4() (g *Grid, p, q int) {
	g = rowsGrid(2, figure4Rows)
	return g, int(g.NodeAt(4, 0)), int(g.NodeAt(2, 2))
}

// rowsGrid builds the k-grid whose rows are given one character per cell,
// '.' for an empty cell and '1'-'9' for a clue (the fixtures above). It
// panics on a malformed fixture: the rows are constants.
func rowsGrid(k int, rows []string) *Grid {
	clues := make([]int, 0, len(rows)*len(rows[0]))
	for _, r := range rows {
		if len(r) != len(rows[0]) {
			panic("numberlink: fixture rows of different lengths")
		}
		for _, ch := range r {
			n := 0
			if ch >= '1' && ch <= '9' {
				n = int(ch - '0')
			} else if ch != '.' {
				panic("numberlink: fixture cell " + string(ch))
			}
			clues = append(clues, n)
		}
	}
	g, err := NewGrid(len(rows), len(rows[0]), k, clues)
	if err != nil {
		panic(err)
	}
	return g
}
