package hamilton

import "fmt"

// KnightEnds applies the colour condition on the ends of an open knight's
// path on a rows x cols board, from (sr, sc) to (tr, tc) (0-based, distinct
// cells, not checked to lie on the board): with an even number of cells
// the ends must have different colours, with an odd number both must have
// the colour of the corners. The condition is necessary on every board (the
// knight's graph is bipartite and a path alternates colours); by the
// theorem of Conrad, Hindrichs, Morsy and Wegener (1994) it is also
// sufficient on n x n boards with n >= 6, which exact reports. When ok is
// false, why is one sentence naming the broken condition, citing the
// theorem. This is the one place the criterion is written: hamilton's
// precheck (rule "conrad") and construct's s-t paths both use it.
func KnightEnds(rows, cols, sr, sc, tr, tc int) (ok, exact bool, why string) {
	exact = rows == cols && rows >= 6
	s, t := (sr+sc)%2, (tr+tc)%2
	if rows*cols%2 == 0 {
		if s == t {
			return false, exact, "the board has an even number of cells, so start and end must have different colours (Conrad, Hindrichs, Morsy and Wegener 1994)"
		}
		return true, exact, ""
	}
	if s != 0 || t != 0 {
		return false, exact, "the board has an odd number of cells, so start and end must both have the corners' colour (Conrad, Hindrichs, Morsy and Wegener 1994)"
	}
	return true, exact, ""
}

// ConradCriterion reports whether the knight's graph on the n x n board has
// a Hamiltonian path from cell (sr, sc) to cell (tr, tc) (0-based row and
// column), by the theorem of Conrad, Hindrichs, Morsy and Wegener (1994):
// for n >= 6 such a path exists exactly when n is even and the two cells
// have different colours, or n is odd and both have the colour of the
// corners. applies is false when the theorem says nothing: n < 6, a cell
// off the board, or s = t.
func ConradCriterion(n, sr, sc, tr, tc int) (exists, applies bool) {
	in := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n }
	if n < 6 || !in(sr, sc) || !in(tr, tc) || (sr == tr && sc == tc) {
		return false, false
	}
	ok, _, _ := KnightEnds(n, n, sr, sc, tr, tc)
	return ok, true
}

// knightSide returns k when g is exactly the knight's graph on the k x k
// board with vertices numbered row by row (what moves.Build makes of a
// plain board), and 0 otherwise. The check compares every neighbour list,
// so a board with blocked cells or any other move set never passes.
func knightSide(p *Problem) int {
	g := p.G
	n := g.N()
	k := 0
	for k*k < n {
		k++
	}
	if k*k != n || k < 6 {
		return 0
	}
	jumps := [8][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}} // row-major order
	for v := range n {
		r, c := v/k, v%k
		nb := g.Neighbors(int32(v))
		i := 0
		for _, d := range jumps {
			r2, c2 := r+d[0], c+d[1]
			if r2 < 0 || r2 >= k || c2 < 0 || c2 >= k {
				continue
			}
			if i >= len(nb) || nb[i] != int32(r2*k+c2) {
				return 0
			}
			i++
		}
		if i != len(nb) {
			return 0
		}
	}
	return k
}

// conradRule rejects start/end pairs of an open knight's path on a plain
// n x n board, n >= 6, that the theorem of Conrad et al. (1994) rules out
// (see ConradCriterion). On these boards it rejects the same pairs as the
// colour rule; it names the exact criterion, which also says that every
// other pair has a path.
func conradRule(p *Problem, at []int32) *Reason {
	n := p.n()
	s, t := at[0], at[n-1]
	if p.Closed || s < 0 || t < 0 || s == t {
		return nil
	}
	k := knightSide(p)
	if k == 0 {
		return nil
	}
	ok, _, why := KnightEnds(k, k, int(s)/k, int(s)%k, int(t)/k, int(t)%k)
	if ok {
		return nil
	}
	return &Reason{Rule: "conrad", Text: fmt.Sprintf("no knight's path from %s to %s on %dx%d: %s", p.name(s), p.name(t), k, k, why)}
}
