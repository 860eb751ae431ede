package hexgrid

import "fmt"

// Unsolvable applies the seed's Proposition (§2.1), with r ranging over
// 0..6 neighbours, and returns an error wrapping ErrUnsolvable that names
// the first part that shows g has no solution, or nil when none does
// (which proves nothing). The parts checked, in order:
//
//   - part 1: a node with no neighbours (only when the grid has more than
//     one node, or the node's magnitude is positive: always here);
//   - part 2: the magnitudes sum to an odd number (each connection adds 2);
//   - part 5: a node with r neighbours and magn(p) > rk;
//   - part 3: magn(p) exceeds the sum over its neighbours q of
//     min(k, magn(q)), what they can take from p (the seed sums magn(q);
//     the cap by k is sound too and stronger).
//
// Part 6 (incompatible nodes: magn(p) = (r-1)k + j, 2 <= j <= k, next to a
// q with magn(q) <= j-1) is implied by the capped part 3: the neighbours
// can take at most (r-1)k + min(k, magn(q)) <= (r-1)k + j - 1 < magn(p).
// Part 4 (every configuration of some node disconnects the grid) is left to
// the solver's isolation rule. With Rules.AllowDisconnected the checks are
// the same (none uses connectivity). The cost is O(nodes).
func Unsolvable(g *Grid) error {
	at := func(i int) string { return fmt.Sprintf("(%d,%d)", g.Nodes[i].Row+1, g.Nodes[i].Col+1) }
	sum := 0
	for i, nd := range g.Nodes {
		sum += nd.Mag
		if g.Degree(i) == 0 {
			return fmt.Errorf("%w by Proposition part 1 (§2.1): the node %s has no neighbour", ErrUnsolvable, at(i))
		}
	}
	if sum%2 == 1 {
		return fmt.Errorf("%w by Proposition part 2 (§2.1): the magnitudes sum to %d, an odd number", ErrUnsolvable, sum)
	}
	for i, nd := range g.Nodes {
		if r := g.Degree(i); nd.Mag > r*g.K {
			return fmt.Errorf("%w by Proposition part 5 (§2.1): %s has magnitude %d > rk = %d·%d", ErrUnsolvable, at(i), nd.Mag, r, g.K)
		}
	}
	for i, nd := range g.Nodes {
		room := 0
		for _, q := range g.Nbr[i] {
			if q >= 0 {
				room += min(g.K, g.Nodes[q].Mag)
			}
		}
		if nd.Mag > room {
			return fmt.Errorf("%w by Proposition part 3 (§2.1): %s has magnitude %d but its neighbours can take only %d", ErrUnsolvable, at(i), nd.Mag, room)
		}
	}
	return nil
}
