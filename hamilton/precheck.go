package hamilton

import "fmt"

// Precheck looks for a proof that the problem has no solution without
// searching: a graph that is disconnected, too many vertices of degree one,
// colour classes of a bipartite graph that cannot alternate along a path, or
// givens that lie too far apart. It returns nil when none of these fires (the
// problem may still have no solution). The cost is O(V + E) plus a
// breadth-first search per given.
func Precheck(p *Problem) (*Reason, error) {
	at, err := p.validate()
	if err != nil {
		return nil, err
	}
	return precheck(p, at), nil
}

func precheck(p *Problem, at []int32) *Reason {
	g := p.G
	n := p.n()
	if p.Closed && n < 3 {
		return &Reason{"too-small", fmt.Sprintf("a closed tour needs at least 3 cells; this board has %d", n)}
	}
	if n == 1 {
		return nil
	}
	if _, k := g.Components(); k > 1 {
		return &Reason{"disconnected", fmt.Sprintf("the move graph falls apart into %d components, so no single path can visit every cell", k)}
	}
	// Dead ends (Diplomatico paper, Proposition II.1): a vertex of degree
	// one can only be an end of the path, and a path has two ends (a closed
	// tour none). Fixed ends of degree one use up an end of their own.
	var ones []int32
	for v := range n {
		if g.Degree(v) == 1 {
			ones = append(ones, v)
		}
	}
	ends := 2
	if p.Closed {
		ends = 0
	}
	free := 0
	for _, v := range ones {
		if (v != at[0] && v != at[n-1]) || p.Closed {
			free++
		}
	}
	fixed := 0
	if at[0] >= 0 && !p.Closed {
		fixed++
	}
	if at[n-1] >= 0 && !p.Closed {
		fixed++
	}
	if len(ones) > ends || free > ends-fixed {
		what := "a path has only two ends"
		if p.Closed {
			what = "a closed tour has no ends"
		} else if fixed > 0 {
			what = fmt.Sprintf("a path has two ends and %d of them are fixed elsewhere", fixed)
		}
		return &Reason{"dead-ends", fmt.Sprintf("%d cells have only one move (each must be an end of the path), but %s", len(ones), what)}
	}
	// Colour classes (bipartite move graphs, e.g. the knight): consecutive
	// vertices alternate colours, so the classes differ by at most one and
	// the ends are fixed by the difference.
	if side, ok := g.Bipartition(); ok {
		var cnt [2]int32
		for _, s := range side {
			cnt[s]++
		}
		diff := cnt[0] - cnt[1]
		switch {
		case p.Closed && diff != 0:
			return &Reason{"colour", fmt.Sprintf("the move graph is bipartite with colour classes of %d and %d cells; a closed tour needs equal classes", cnt[0], cnt[1])}
		case diff > 1 || diff < -1:
			return &Reason{"colour", fmt.Sprintf("the move graph is bipartite with colour classes of %d and %d cells; a path alternates colours, so they may differ by at most one", cnt[0], cnt[1])}
		}
		// Every fixed position must have the colour the alternation gives it.
		big := int8(0)
		if diff < 0 {
			big = 1
		}
		var ref int32 = -1 // some fixed position
		for pos := range n {
			if at[pos] >= 0 {
				ref = pos
				break
			}
		}
		if ref >= 0 {
			colourAt := func(pos int32) int8 { // colour of position pos given ref
				c := side[at[ref]]
				if (pos-ref)%2 != 0 {
					c = 1 - c
				}
				return c
			}
			for pos := range n {
				if v := at[pos]; v >= 0 && side[v] != colourAt(pos) {
					return &Reason{"colour", fmt.Sprintf("the move graph is bipartite, and the cells fixed at positions %d and %d do not alternate colours correctly", ref+1, pos+1)}
				}
			}
			if diff != 0 && colourAt(0) != big {
				return &Reason{"colour", fmt.Sprintf("the move graph is bipartite with colour classes of %d and %d cells, so the path must start and end on the larger class; the fixed cells force the other", cnt[0], cnt[1])}
			}
		}
	}
	// Givens must be reachable from each other in the steps between them.
	off, tgt := g.CSR()
	prev := int32(-1)
	for pos := range n {
		v := at[pos]
		if v < 0 {
			continue
		}
		if prev >= 0 {
			if d := bfsDist(off, tgt, at[prev])[v]; d < 0 || d > pos-prev {
				return &Reason{"givens", fmt.Sprintf("the cells fixed at positions %d and %d are more than %d moves apart", prev+1, pos+1, pos-prev)}
			}
		}
		prev = pos
	}
	return nil
}
