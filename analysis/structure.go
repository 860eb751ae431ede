package analysis

import (
	"github.com/boardgraph/boardgraph/moves"
)

// Family describes the graph of one leaper of a move set on its own.
type Family struct {
	Moves moves.Set
	// Components is the number of connected components and Label[v] the
	// component of vertex v (vertices as in the full board graph).
	Components int
	Label      []int32
	// Edges is the number of edges of this leaper alone.
	Edges int
}

// Structure holds structural facts of a board graph (the Diplomatico
// paper's Section II: the Board Graph of Definition II.1).
type Structure struct {
	Vertices, Edges int
	// Degrees[d] is the number of vertices of degree d.
	Degrees []int
	// Components is the number of connected components.
	Components int
	// Bipartite reports whether the graph is 2-colourable; Side is the
	// colouring when it is.
	Bipartite bool
	Side      []int8
	// Articulation lists the cut vertices in increasing order.
	Articulation []int32
	// Families describes each leaper of the move set on its own: for
	// Diplomatico the (3,0) hops keep (row mod 3, col mod 3), 9 classes,
	// and the (2,2) hops keep both parities and also the parity of
	// row div 2 + col div 2, 8 classes; each alone splits the board.
	Families []Family
}

// Structural returns the structural facts of bg. The cost is
// O(families * (V + E)).
func Structural(bg *moves.BoardGraph) *Structure {
	g := bg.Graph
	s := &Structure{Vertices: g.N(), Edges: g.M(), Degrees: g.DegreeHistogram()}
	_, s.Components = g.Components()
	s.Side, s.Bipartite = g.Bipartition()
	if !s.Bipartite {
		s.Side = nil
	}
	s.Articulation = g.ArticulationPoints()
	for _, fam := range bg.Moves.Families() {
		fg := moves.Build(bg.Board, fam)
		label, count := fg.Components()
		s.Families = append(s.Families, Family{Moves: fam, Components: count, Label: label, Edges: fg.M()})
	}
	return s
}
