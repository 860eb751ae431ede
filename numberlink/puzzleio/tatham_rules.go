package puzzleio

import (
	"fmt"

	"github.com/boardgraph/boardgraph/numberlink"
)

// tathamAccepts reports, as an ErrNotEncodable error, the first reason
// Simon Tatham's Bridges (sgt-bridges, 2023 Debian build) would refuse g's
// game ID: its parameter check wants both sides at least 3 and at most 4
// bridges per pair ("Too many bridges."), and its description check wants
// at least two islands and no two islands in orthogonally adjacent cells
// ("Game description contains joined islands"). Generate with StyleHashi
// never places adjacent islands.
func tathamAccepts(g *numberlink.Grid) error {
	if g.Rows < 3 || g.Cols < 3 {
		return fmt.Errorf("%w: %dx%d: Tatham's Bridges needs both sides at least 3", ErrNotEncodable, g.Cols, g.Rows)
	}
	if g.K > 4 {
		return fmt.Errorf("%w: k=%d: Tatham's Bridges allows at most 4 bridges per pair", ErrNotEncodable, g.K)
	}
	if len(g.Nodes) < 2 {
		return fmt.Errorf("%w: %d island(s): Tatham's Bridges needs at least 2", ErrNotEncodable, len(g.Nodes))
	}
	if i, j, ok := adjacentIslands(g); ok {
		a, b := g.Nodes[i], g.Nodes[j]
		return fmt.Errorf("%w: islands at %d,%d and %d,%d touch: Tatham's Bridges refuses joined islands (generate with the hashi style)",
			ErrNotEncodable, a.Row+1, a.Col+1, b.Row+1, b.Col+1)
	}
	return nil
}

// adjacentIslands returns two nodes of g in orthogonally adjacent cells, if
// any (ok false when there are none). The Hashi style forbids them.
func adjacentIslands(g *numberlink.Grid) (i, j int, ok bool) {
	for a, nd := range g.Nodes {
		for _, d := range []numberlink.Direction{numberlink.Right, numberlink.Down} {
			b := g.Nbr[a][d]
			if b < 0 {
				continue
			}
			o := g.Nodes[b]
			if o.Row-nd.Row+o.Col-nd.Col == 1 {
				return a, int(b), true
			}
		}
	}
	return 0, 0, false
}
