package request

import (
	"slices"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
)

// walked is the answer of a graph that is itself one path or one cycle
// (graph.Walk): the path or tour the problem asks for, read off the graph
// in linear time with no search, or nil when the graph is not such a
// graph or the problem's ends or givens ask for more than reading it
// (the search decides those). A path of 2,000,001 vertices is solved so
// in about the memory of the graph itself, where the search's tables
// take some hundred bytes a vertex.
func (gr *Graph) walked() []int32 {
	p := gr.Problem
	if p.Givens != nil {
		return nil
	}
	w := p.G.Walk()
	n := len(w)
	if w == nil || p.Closed && n < 3 {
		return nil
	}
	cycle := n >= 3 && p.G.M() == n
	switch {
	case p.Closed && !cycle:
		return nil
	case p.Closed || cycle:
		if !p.Closed && (p.FixStart || p.FixEnd) {
			return nil
		}
		if p.FixStart {
			i := slices.Index(w, p.Start)
			w = append(w[i:], w[:i]...)
		}
		return w
	}
	if p.FixStart && w[0] != p.Start || p.FixEnd && w[n-1] != p.End {
		slices.Reverse(w)
	}
	if p.FixStart && w[0] != p.Start || p.FixEnd && w[n-1] != p.End {
		return nil
	}
	return w
}

// solveWalked is Solve's answer for a path or cycle graph (walked).
func (gr *Graph) solveWalked() ([]int32, hamilton.Stats, bool, error) {
	began := time.Now()
	w := gr.walked()
	if w == nil {
		return nil, hamilton.Stats{}, false, nil
	}
	gr.byDP = "reading the graph, which is itself one " + map[bool]string{false: "path", true: "cycle"}[gr.Problem.Closed || gr.Problem.G.M() == len(w)]
	return w, hamilton.Stats{Elapsed: time.Since(began)}, true, gr.Verified(w)
}
