package hexgrid

import (
	"fmt"

	"github.com/boardgraph/boardgraph/verify"
)

// Verify checks sol against g with the independent checker verify.HexGrid,
// which works from g's clues alone and shares no code with this package.
func Verify(g *Grid, rules Rules, sol Solution) error {
	if len(sol) != len(g.Pairs) {
		return fmt.Errorf("%w: %d pair counts for a grid of %d pairs", verify.ErrBadBridge, len(sol), len(g.Pairs))
	}
	var bs []verify.Bridge
	for _, b := range Bridges(g, sol) {
		bs = append(bs, verify.Bridge{R1: b.R1, C1: b.C1, R2: b.R2, C2: b.C2, N: b.N})
	}
	return verify.HexGrid(g.Rows, g.Cols, g.Clues(), g.K, verify.KGridRules{NoLoops: rules.NoLoops, AllowDisconnected: rules.AllowDisconnected}, bs)
}
