package numberlink

import "context"

// Solutions returns up to limit distinct solutions of g under rules, in the
// order the complete search (Count) meets them; fewer when g has fewer.
// With limit 2 it shows that a puzzle is not unique. When ctx is cancelled
// it returns the solutions found so far with ctx.Err().
func Solutions(ctx context.Context, g *Grid, rules Rules, limit uint64) ([]Solution, error) {
	return firstSolutions(ctx, g, rules, limit)
}
