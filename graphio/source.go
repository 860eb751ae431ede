package graphio

import (
	"context"
	"fmt"
	"iter"
	"strconv"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/moves"
)

// Source is what the writers write: a graph, how its vertices are named,
// and optional properties. Writers stream it: they hold no more than a
// buffer of output and O(N) bookkeeping for a solution.
type Source struct {
	G *graph.Graph
	// Title names the graph ("4x5 hopido (3,0+2,2)"); optional.
	Title string
	// ID names vertex v in the file; nil names it "v1", "v2", ...
	ID func(v int32) string
	// Cell, if set, gives the vertex's board cell, 1-based (the paper's
	// v_{i,j}: row i, column j); writers then add row and col properties.
	Cell func(v int32) (row, col int)
	// Path, if set, is a solution: vertex Path[i] gets the property
	// step = i+1, and each consecutive pair is marked (the edge property
	// path_step in GraphML, DOT and JSON; a NEXT relationship in the CSV
	// and Cypher exports). Closed marks the last-to-first step as well.
	Path   []int32
	Closed bool
	// NodeProps are extra integer properties per vertex (for example the
	// analysis counts paths_starting and paths_ending).
	NodeProps []Prop
	// EdgeProps are extra integer properties per edge, indexed by edge
	// ordinal: the edges {u,v} with u < v, in order of u then v (the order
	// of analysis.Result.Edges).
	EdgeProps []Prop
}

// Prop is a named integer property with one value per vertex or edge.
type Prop struct {
	Name   string
	Values []uint64
}

// BoardSource returns the source for a board graph: vertices named n_i_j
// after the paper's Appendix B (row i, column j, 1-based), with row and col.
func BoardSource(bg *moves.BoardGraph, title string) *Source {
	b := bg.Board
	return &Source{
		G:     bg.Graph,
		Title: title,
		ID: func(v int32) string {
			r, c := b.RowCol(bg.CellOf[v])
			return "n_" + strconv.Itoa(r+1) + "_" + strconv.Itoa(c+1)
		},
		Cell: func(v int32) (int, int) {
			r, c := b.RowCol(bg.CellOf[v])
			return r + 1, c + 1
		},
	}
}

// NamedSource returns the source for a graph read from a file, keeping its
// vertex names.
func NamedSource(n *Named) *Source {
	return &Source{G: n.G, Title: n.Name, ID: n.VertexName}
}

// prepared is a Source checked and indexed for writing.
type prepared struct {
	*Source
	step []int32 // 1-based step per vertex, 0 when off the path (or no path)
	next []int32 // successor on the path, -1
}

// check validates the source's lengths and the path (a sequence of distinct
// vertices joined by edges); the writers refuse to write anything otherwise.
func (s *Source) prepare() (*prepared, error) {
	if s.G == nil {
		return nil, fmt.Errorf("graphio: no graph to write")
	}
	n := s.G.N()
	for _, p := range s.NodeProps {
		if len(p.Values) != n {
			return nil, fmt.Errorf("graphio: node property %s has %d values for %d vertices", p.Name, len(p.Values), n)
		}
	}
	for _, p := range s.EdgeProps {
		if len(p.Values) != s.G.M() {
			return nil, fmt.Errorf("graphio: edge property %s has %d values for %d edges", p.Name, len(p.Values), s.G.M())
		}
	}
	p := &prepared{Source: s}
	if s.ID == nil {
		p.Source = new(Source)
		*p.Source = *s
		p.ID = func(v int32) string { return "v" + strconv.Itoa(int(v)+1) }
	}
	if s.Path != nil {
		p.step = make([]int32, n)
		p.next = make([]int32, n)
		for i := range p.next {
			p.next[i] = -1
		}
		for i, v := range s.Path {
			if v < 0 || int(v) >= n || p.step[v] != 0 {
				return nil, fmt.Errorf("graphio: the path visits vertex %d twice or it is out of range", v)
			}
			p.step[v] = int32(i + 1)
			if i > 0 {
				u := s.Path[i-1]
				if !s.G.HasEdge(u, v) {
					return nil, fmt.Errorf("graphio: the path steps from vertex %d to %d, which are not adjacent", u, v)
				}
				p.next[u] = v
			}
		}
		if s.Closed && len(s.Path) > 2 {
			last, first := s.Path[len(s.Path)-1], s.Path[0]
			if !s.G.HasEdge(last, first) {
				return nil, fmt.Errorf("graphio: the tour does not close: vertices %d and %d are not adjacent", last, first)
			}
			p.next[last] = first
		}
	}
	return p, nil
}

// pathStep is the step at which the path goes along edge {u,v} (the step of
// the vertex it leaves), or 0.
func (p *prepared) pathStep(u, v int32) int32 {
	switch {
	case p.next == nil:
		return 0
	case p.next[u] == v:
		return p.step[u]
	case p.next[v] == u:
		return p.step[v]
	}
	return 0
}

// edges calls fn with each edge {u,v}, u < v, and its ordinal, checking ctx
// every 65536 edges.
func (p *prepared) edges(ctx context.Context, fn func(k int, u, v int32) error) error {
	k := 0
	for u := range int32(p.G.N()) {
		for _, v := range p.G.Neighbors(u) {
			if v <= u {
				continue
			}
			if k&0xffff == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if err := fn(k, u, v); err != nil {
				return err
			}
			k++
		}
	}
	return nil
}

// nodes calls fn with each vertex, checking ctx every 65536 vertices.
func (p *prepared) nodes(ctx context.Context, fn func(v int32) error) error {
	for v := range int32(p.G.N()) {
		if v&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return nil
}

// intProps lists a vertex's integer properties in writing order: row, col
// (boards), degree, step (with a path), then NodeProps.
func (p *prepared) nodeKeys() []string {
	var keys []string
	if p.Cell != nil {
		keys = append(keys, "row", "col")
	}
	keys = append(keys, "degree")
	if p.step != nil {
		keys = append(keys, "step")
	}
	for _, np := range p.NodeProps {
		keys = append(keys, np.Name)
	}
	return keys
}

// nodeValues appends v's values in the order of nodeKeys; a step of 0 (off
// the path) is reported as absent through ok.
func (p *prepared) nodeValues(v int32, out []uint64) []uint64 {
	out = out[:0]
	if p.Cell != nil {
		r, c := p.Cell(v)
		out = append(out, uint64(r), uint64(c))
	}
	out = append(out, uint64(p.G.Degree(v)))
	if p.step != nil {
		out = append(out, uint64(p.step[v]))
	}
	for _, np := range p.NodeProps {
		out = append(out, np.Values[v])
	}
	return out
}

// present yields the properties an element has: each key with its value,
// leaving out the step key where it is 0 (not on the path).
func present(keys []string, vals []uint64, step string) iter.Seq2[string, uint64] {
	return func(yield func(string, uint64) bool) {
		for i, k := range keys {
			if (k != step || vals[i] != 0) && !yield(k, vals[i]) {
				return
			}
		}
	}
}

// edgeKeys lists the edge properties: path_step with a path, then EdgeProps.
func (p *prepared) edgeKeys() []string {
	var keys []string
	if p.step != nil {
		keys = append(keys, "path_step")
	}
	for _, ep := range p.EdgeProps {
		keys = append(keys, ep.Name)
	}
	return keys
}

func (p *prepared) edgeValues(k int, u, v int32, out []uint64) []uint64 {
	out = out[:0]
	if p.step != nil {
		out = append(out, uint64(p.pathStep(u, v)))
	}
	for _, ep := range p.EdgeProps {
		out = append(out, ep.Values[k])
	}
	return out
}
