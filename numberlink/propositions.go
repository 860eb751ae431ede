package numberlink

import (
	"context"
	"fmt"
)

// Violation is one part of the seed's unsolvability Proposition (§2.1) that
// holds for a grid. It wraps ErrUnsolvable.
type Violation struct {
	// Part is the Proposition's part, 1 to 6.
	Part int
	// Node is the node the part fires at, or -1 for part 2 (a property of
	// the whole grid).
	Node int
	// Neighbour is the incompatible neighbour q of part 6, else -1.
	Neighbour int
	// Detail says what was found, with 1-based coordinates.
	Detail string
}

func (v *Violation) Error() string {
	return fmt.Sprintf("unsolvable by Proposition part %d (§2.1): %s", v.Part, v.Detail)
}

// Unwrap makes errors.Is(v, ErrUnsolvable) true.
func (v *Violation) Unwrap() error { return ErrUnsolvable }

// Unsolvable returns the first part of the Proposition of §2.1 that holds for
// g (parts in order 1 to 6, nodes in row-major order), or nil if none does.
// Any part proves that g has no solution. Part 4 is skipped under
// rules.AllowDisconnected, which drops the connectivity it relies on.
func Unsolvable(g *Grid, rules Rules) *Violation {
	v, _ := UnsolvableContext(context.Background(), g, rules)
	return v
}

// UnsolvableContext is Unsolvable stopped by ctx: when ctx ends before a
// part holds or all are checked it returns ctx's error. Part 4 tries
// every configuration of every node (φ(n, r, k) of them: with k = 100
// about 38 µs a node, 14 s on a 600x600 grid), so it checks ctx every 64
// nodes (issue 33).
func UnsolvableContext(ctx context.Context, g *Grid, rules Rules) (*Violation, error) {
	for part := 1; part <= 6; part++ {
		if vs := checkPart(ctx, g, rules, part, true); len(vs) > 0 {
			return &vs[0], nil
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// unsolvableAll returns every (part, node) of the Proposition that holds.
func unsolvableAll(g *Grid, rules Rules) []Violation {
	var out []Violation
	for part := 1; part <= 6; part++ {
		out = append(out, checkPart(context.Background(), g, rules, part, false)...)
	}
	return out
}

// checkPart evaluates one part of the Proposition; first stops at the first
// node it fires at. Part 4 stops early, with what it found, when ctx ends.
func checkPart(ctx context.Context, g *Grid, rules Rules, part int, first bool) []Violation {
	switch part {
	case 1:
		return propositionPart1(g, first)
	case 2:
		return propositionPart2(g)
	case 3:
		return propositionPart3(g, first)
	case 4:
		if rules.AllowDisconnected {
			return nil
		}
		return propositionPart4(ctx, g, first)
	case 5:
		return propositionPart5(g, first)
	case 6:
		return propositionPart6(g, first)
	}
	return nil
}

func at(g *Grid, p int) string {
	return fmt.Sprintf("(%d,%d)", g.Nodes[p].Row+1, g.Nodes[p].Col+1)
}

// propositionPart1 is part 1 of the Proposition (§2.1): a node with no
// neighbours can form no connection.
func propositionPart1(g *Grid, first bool) []Violation {
	var out []Violation
	for p := range g.Nodes {
		if g.Degree(p) == 0 {
			out = append(out, Violation{Part: 1, Node: p, Neighbour: -1,
				Detail: fmt.Sprintf("node %s (magnitude %d) has no neighbour in any direction", at(g, p), g.Nodes[p].Mag)})
			if first {
				break
			}
		}
	}
	return out
}

// propositionPart2 is part 2 (§2.1): each connection adds 1 to two
// magnitudes, so the magnitudes must sum to an even number.
func propositionPart2(g *Grid) []Violation {
	sum := 0
	for _, nd := range g.Nodes {
		sum += nd.Mag
	}
	if sum%2 == 0 {
		return nil
	}
	return []Violation{{Part: 2, Node: -1, Neighbour: -1, Detail: fmt.Sprintf("the magnitudes sum to %d, an odd number", sum)}}
}

// propositionPart3 is part 3 (§2.1): a node whose neighbours' magnitudes sum
// to less than its own cannot be completed.
func propositionPart3(g *Grid, first bool) []Violation {
	var out []Violation
	for p, nd := range g.Nodes {
		sum := 0
		for _, q := range g.Nbr[p] {
			if q >= 0 {
				sum += g.Nodes[q].Mag
			}
		}
		if g.Degree(p) > 0 && sum < nd.Mag {
			out = append(out, Violation{Part: 3, Node: p, Neighbour: -1,
				Detail: fmt.Sprintf("node %s has magnitude %d but its neighbours' magnitudes sum to %d", at(g, p), nd.Mag, sum)})
			if first {
				break
			}
		}
	}
	return out
}

// propositionPart4 is part 4 (§2.1): every configuration of connections of
// some node p disconnects the graph. A configuration here is a word of
// Φ_k[p] that meets conditions 1 to 3 of Φ_Γk[p] (§2.2) in the grid with no
// connections drawn; it disconnects the graph when it completes p and all
// the neighbours it uses without reaching the rest (condition 4). The part
// holds only if at least one configuration exists (otherwise parts 3, 5 or 6
// speak to the node).
func propositionPart4(ctx context.Context, g *Grid, first bool) []Violation {
	var out []Violation
	s := NewState(g, Rules{})
	for p := range g.Nodes {
		if p&63 == 63 && ctx.Err() != nil {
			return out
		}
		configs, disjoint := 0, 0
		for _, w := range PhiOver(g.K, s.Rem[p], s.mask(p)) {
			switch s.Check(p, w) {
			case CondLimit, CondCrossing, CondNeighbour:
			case CondDisjoint:
				configs++
				disjoint++
			default:
				configs++
			}
		}
		if configs > 0 && configs == disjoint {
			out = append(out, Violation{Part: 4, Node: p, Neighbour: -1,
				Detail: fmt.Sprintf("%s to complete node %s (magnitude %d) closes off a group of complete nodes from the rest", ways(configs), at(g, p), g.Nodes[p].Mag)})
			if first {
				break
			}
		}
	}
	return out
}

// propositionPart5 is part 5 (§2.1): a node with r neighbours and magnitude
// above rk would need more than k connections to some neighbour.
func propositionPart5(g *Grid, first bool) []Violation {
	var out []Violation
	for p, nd := range g.Nodes {
		r := g.Degree(p)
		if r > 0 && nd.Mag > r*g.K {
			out = append(out, Violation{Part: 5, Node: p, Neighbour: -1,
				Detail: fmt.Sprintf("node %s has magnitude %d > %d·k = %d with %d neighbour(s) and k = %d", at(g, p), nd.Mag, r, r*g.K, r, g.K)})
			if first {
				break
			}
		}
	}
	return out
}

// propositionPart6 is part 6, the incompatible nodes property (§2.1): if
// k > 1 and a node p with r neighbours has magn(p) = (r-1)k + j for some j in
// 2..k, every neighbour must take at least j connections, so a neighbour q
// with magn(q) <= j-1 makes p impossible to complete. (The seed's proof
// calls this part 7.)
func propositionPart6(g *Grid, first bool) []Violation {
	var out []Violation
	if g.K <= 1 {
		return nil
	}
	for p, nd := range g.Nodes {
		r := g.Degree(p)
		if r == 0 {
			continue
		}
		j := nd.Mag - (r-1)*g.K
		if j < 2 || j > g.K {
			continue
		}
		for _, q := range g.Nbr[p] {
			if q >= 0 && g.Nodes[q].Mag <= j-1 {
				out = append(out, Violation{Part: 6, Node: p, Neighbour: int(q),
					Detail: fmt.Sprintf("node %s has magnitude %d = (%d-1)·%d + %d, so each neighbour needs %d connections, but %s has magnitude %d",
						at(g, p), nd.Mag, r, g.K, j, j, at(g, int(q)), g.Nodes[q].Mag)})
				if first {
					return out
				}
			}
		}
	}
	return out
}

func ways(n int) string {
	if n == 1 {
		return "the only way"
	}
	return fmt.Sprintf("each of the %d ways", n)
}
