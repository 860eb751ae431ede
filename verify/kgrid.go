package verify

import (
	"errors"
	"fmt"
	"sort"
)

// Bridge is a run of N connections drawn between the nodes at 0-based
// (R1, C1) and (R2, C2), a segment of a proposed solution.
type Bridge struct {
	R1, C1, R2, C2 int
	N              int
}

// String writes the bridge with 1-based coordinates, as a person reads it.
func (b Bridge) String() string {
	return fmt.Sprintf("(%d,%d)-(%d,%d)x%d", b.R1+1, b.C1+1, b.R2+1, b.C2+1, b.N)
}

// KGridRules are the variants of the k-grid rules KGrid checks.
type KGridRules struct {
	// NoLoops requires the connections to form a tree (Tatham's "L" option).
	NoLoops bool
	// AllowDisconnected drops the requirement that all nodes be connected.
	AllowDisconnected bool
}

// The rules KGrid checks, in the order it checks them; the returned error
// wraps exactly one of these.
var (
	ErrBadBridge     = errors.New("bridge is not between two nodes")
	ErrNotNeighbours = errors.New("bridge joins nodes that are not nearest neighbours")
	ErrOverLimit     = errors.New("more than k connections between two nodes")
	ErrCrossing      = errors.New("bridges cross")
	ErrIncomplete    = errors.New("node does not have its number of connections")
	ErrDisconnected  = errors.New("nodes are not all connected")
	ErrLoop          = errors.New("bridges form a loop")
)

// KGrid checks a proposed solution of a numbered k-grid (Hashiwokakero with
// at most k connections per pair) against the definition of a solved k-grid
// (the numberlink seed, §2) and the rules' variants, working only from the
// raw clue matrix (row-major, rows x cols, 0 = empty), k and the bridges. It
// shares no code with package numberlink's grid model, checks or solver: it recomputes which cells
// hold nodes, which nodes are nearest neighbours, which segments cross, each
// node's connection count and connectivity itself.
//
// It returns nil for a solution, or an error naming the first broken rule, in
// this order: a bridge not between two distinct nodes in one row or column
// with 1..k connections (ErrBadBridge); a node strictly between its ends
// (ErrNotNeighbours); more than k connections on one pair (ErrOverLimit);
// two crossing bridges (ErrCrossing); a node whose connections differ from
// its magnitude (ErrIncomplete); the nodes not all connected, unless
// rules.AllowDisconnected (ErrDisconnected); a cycle when rules.NoLoops
// (ErrLoop). Coordinates in messages are 1-based.
//
// The cost is O(rows·cols + b·(rows+cols) + h·v) for b bridges, h horizontal
// and v vertical ones.
func KGrid(rows, cols int, clues []int, k int, rules KGridRules, bridges []Bridge) error {
	if rows < 1 || cols < 1 || len(clues) != rows*cols {
		return fmt.Errorf("%w: %d clues for a %dx%d grid", ErrBadBridge, len(clues), rows, cols)
	}
	if k < 1 {
		return fmt.Errorf("%w: k=%d", ErrOverLimit, k)
	}
	isNode := func(r, c int) bool { return r >= 0 && r < rows && c >= 0 && c < cols && clues[r*cols+c] > 0 }
	// Normalise each bridge so that (R1, C1) comes first in row-major order,
	// and merge repeats of the same pair.
	type seg struct{ r1, c1, r2, c2 int }
	total := map[seg]int{}
	var order []seg
	for _, b := range bridges {
		if b.N == 0 {
			continue
		}
		if !isNode(b.R1, b.C1) || !isNode(b.R2, b.C2) {
			return fmt.Errorf("%w: %v: both ends must be numbered cells", ErrBadBridge, b)
		}
		if b.R1 != b.R2 && b.C1 != b.C2 || b.R1 == b.R2 && b.C1 == b.C2 {
			return fmt.Errorf("%w: %v: the ends must be two cells in one row or one column", ErrBadBridge, b)
		}
		if b.N < 0 || b.N > k {
			return fmt.Errorf("%w: %v: a bridge carries 1..%d connections", ErrBadBridge, b, k)
		}
		s := seg{b.R1, b.C1, b.R2, b.C2}
		if s.r1 > s.r2 || s.c1 > s.c2 {
			s = seg{b.R2, b.C2, b.R1, b.C1}
		}
		if s.r1 == s.r2 {
			for c := s.c1 + 1; c < s.c2; c++ {
				if isNode(s.r1, c) {
					return fmt.Errorf("%w: %v passes the node at (%d,%d)", ErrNotNeighbours, b, s.r1+1, c+1)
				}
			}
		} else {
			for r := s.r1 + 1; r < s.r2; r++ {
				if isNode(r, s.c1) {
					return fmt.Errorf("%w: %v passes the node at (%d,%d)", ErrNotNeighbours, b, r+1, s.c1+1)
				}
			}
		}
		if _, seen := total[s]; !seen {
			order = append(order, s)
		}
		total[s] += b.N
	}
	for _, s := range order {
		if total[s] > k {
			return fmt.Errorf("%w: (%d,%d)-(%d,%d) has %d, k=%d", ErrOverLimit, s.r1+1, s.c1+1, s.r2+1, s.c2+1, total[s], k)
		}
	}
	// Crossings: a horizontal segment on row r over columns (c1, c2) and a
	// vertical one on column c over rows (r1, r2) cross iff c1 < c < c2 and
	// r1 < r < r2. Sweep the vertical ones sorted by column.
	var hs, vs []seg
	for _, s := range order {
		if s.r1 == s.r2 {
			hs = append(hs, s)
		} else {
			vs = append(vs, s)
		}
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].c1 < vs[j].c1 })
	for _, h := range hs {
		lo := sort.Search(len(vs), func(i int) bool { return vs[i].c1 > h.c1 })
		for _, v := range vs[lo:] {
			if v.c1 >= h.c2 {
				break
			}
			if v.r1 < h.r1 && h.r1 < v.r2 {
				return fmt.Errorf("%w: (%d,%d)-(%d,%d) and (%d,%d)-(%d,%d) meet at (%d,%d)", ErrCrossing,
					h.r1+1, h.c1+1, h.r2+1, h.c2+1, v.r1+1, v.c1+1, v.r2+1, v.c2+1, h.r1+1, v.c1+1)
			}
		}
	}
	links := make([]link, len(order))
	for i, s := range order {
		links[i] = link{s.r1*cols + s.c1, s.r2*cols + s.c2, total[s]}
	}
	return checkNodes(cols, clues, rules, links)
}

// link is n bridges between the cells a and b (indices r*cols+c): what
// KGrid and HexGrid reduce a drawing to once its geometry is checked.
type link struct{ a, b, n int }

// checkNodes checks the rules that do not depend on the grid's geometry, in
// KGrid's order: every node has as many connections as its number, all
// nodes are connected (unless rules.AllowDisconnected), and under
// rules.NoLoops the connections form a tree. It uses union-find over cell
// indices.
func checkNodes(cols int, clues []int, rules KGridRules, links []link) error {
	deg := make([]int, len(clues))
	parent := make([]int, len(clues))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	cycle := false
	for _, l := range links {
		deg[l.a] += l.n
		deg[l.b] += l.n
		ra, rb := find(l.a), find(l.b)
		if ra == rb {
			cycle = true
		}
		parent[ra] = rb
	}
	for i, m := range clues {
		if m > 0 && deg[i] != m {
			unit := "connections"
			if deg[i] == 1 {
				unit = "connection"
			}
			return fmt.Errorf("%w: (%d,%d) has %d %s, its number is %d", ErrIncomplete, i/cols+1, i%cols+1, deg[i], unit, m)
		}
	}
	if !rules.AllowDisconnected {
		first := -1
		for i, m := range clues {
			if m <= 0 {
				continue
			}
			if first < 0 {
				first = i
			} else if find(i) != find(first) {
				return fmt.Errorf("%w: (%d,%d) cannot reach (%d,%d)", ErrDisconnected, i/cols+1, i%cols+1, first/cols+1, first%cols+1)
			}
		}
	}
	if rules.NoLoops && cycle {
		return fmt.Errorf("%w: the no-loops rule needs the bridges to form a tree", ErrLoop)
	}
	return nil
}
