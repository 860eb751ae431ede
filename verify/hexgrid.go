package verify

import "fmt"

// HexGrid checks a proposed solution of a numbered hexagonal k-grid (the
// numberlink seed's model with six neighbours per node, §4) from the raw
// clue matrix alone: rows x cols cells in "odd-r" offset layout (row-major,
// 0 = empty; odd 0-based rows are shifted half a cell right), the limit k
// and the bridges, whose ends are 0-based offset (row, col) cells. It
// shares no code with package hexgrid: it recomputes the lines, the cells
// each bridge passes over, crossings, degrees and connectivity itself.
//
// A bridge must join two distinct nodes on one of the three lattice lines
// through a cell (in cube coordinates x = col - (row - row mod 2)/2, z =
// row, y = -x-z: one of x, y, z equal at both ends) with no node strictly
// between them. Two bridges cross iff some empty cell lies strictly inside
// both (the only way two such segments can meet other than at a shared
// end).
//
// It returns nil or an error wrapping the first broken rule in the order of
// KGrid: ErrBadBridge, ErrNotNeighbours, ErrOverLimit, ErrCrossing,
// ErrIncomplete, ErrDisconnected (unless rules.AllowDisconnected), ErrLoop
// (when rules.NoLoops). Coordinates in messages are 1-based.
//
// The cost is O(rows·cols + Σ bridge lengths).
func HexGrid(rows, cols int, clues []int, k int, rules KGridRules, bridges []Bridge) error {
	if rows < 1 || cols < 1 || len(clues) != rows*cols {
		return fmt.Errorf("%w: %d clues for a %dx%d hex grid", ErrBadBridge, len(clues), rows, cols)
	}
	if k < 1 {
		return fmt.Errorf("%w: k=%d", ErrOverLimit, k)
	}
	inside := func(r, c int) bool { return r >= 0 && r < rows && c >= 0 && c < cols }
	isNode := func(r, c int) bool { return inside(r, c) && clues[r*cols+c] > 0 }
	// cube coordinates of an offset cell
	cube := func(r, c int) (x, y, z int) {
		x = c - (r-(r&1))/2
		z = r
		return x, -x - z, z
	}
	type seg struct{ a, b int } // cell indices, a < b
	total := map[seg]int{}
	var order []seg
	covered := make([]int, rows*cols) // 1 + index in order of the bridge over a cell, or 0
	for _, br := range bridges {
		if br.N == 0 {
			continue
		}
		if !isNode(br.R1, br.C1) || !isNode(br.R2, br.C2) {
			return fmt.Errorf("%w: %v: both ends must be numbered cells", ErrBadBridge, br)
		}
		if br.N < 0 || br.N > k {
			return fmt.Errorf("%w: %v: a bridge carries 1..%d connections", ErrBadBridge, br, k)
		}
		x1, y1, z1 := cube(br.R1, br.C1)
		x2, y2, z2 := cube(br.R2, br.C2)
		dx, dy, dz := x2-x1, y2-y1, z2-z1
		if dx != 0 && dy != 0 && dz != 0 || dx == 0 && dy == 0 {
			return fmt.Errorf("%w: %v: the ends must be two cells on one hex line", ErrBadBridge, br)
		}
		a, b := br.R1*cols+br.C1, br.R2*cols+br.C2
		if a > b {
			a, b = b, a
		}
		s := seg{a, b}
		if _, seen := total[s]; !seen {
			// Walk the cells strictly between the ends, one unit step at a
			// time in cube coordinates.
			n := max(abs(dx), abs(dy), abs(dz))
			sx, sz := dx/n, dz/n
			for i := 1; i < n; i++ {
				x, z := x1+i*sx, z1+i*sz
				r, c := z, x+(z-(z&1))/2
				if isNode(r, c) {
					return fmt.Errorf("%w: %v passes the node at (%d,%d)", ErrNotNeighbours, br, r+1, c+1)
				}
			}
			order = append(order, s)
		}
		total[s] += br.N
	}
	for _, s := range order {
		if total[s] > k {
			return fmt.Errorf("%w: (%d,%d)-(%d,%d) has %d, k=%d", ErrOverLimit, s.a/cols+1, s.a%cols+1, s.b/cols+1, s.b%cols+1, total[s], k)
		}
	}
	for i, s := range order {
		r1, c1, r2, c2 := s.a/cols, s.a%cols, s.b/cols, s.b%cols
		x1, _, z1 := cube(r1, c1)
		x2, _, z2 := cube(r2, c2)
		n := max(abs(x2-x1), abs(z2-z1), abs((x2+z2)-(x1+z1)))
		sx, sz := (x2-x1)/n, (z2-z1)/n
		for j := 1; j < n; j++ {
			x, z := x1+j*sx, z1+j*sz
			r, c := z, x+(z-(z&1))/2
			cell := r*cols + c
			if o := covered[cell]; o != 0 {
				t := order[o-1]
				return fmt.Errorf("%w: (%d,%d)-(%d,%d) and (%d,%d)-(%d,%d) meet over (%d,%d)", ErrCrossing,
					t.a/cols+1, t.a%cols+1, t.b/cols+1, t.b%cols+1, r1+1, c1+1, r2+1, c2+1, r+1, c+1)
			}
			covered[cell] = i + 1
		}
	}
	links := make([]link, len(order))
	for i, s := range order {
		links[i] = link{s.a, s.b, total[s]}
	}
	return checkNodes(cols, clues, rules, links)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
