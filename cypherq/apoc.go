package cypherq

import (
	"fmt"
	"slices"

	"github.com/boardgraph/boardgraph/graph"
)

// ExpandOptions are the parts of an apoc.path.expandConfig configuration
// that decide which paths it returns.
type ExpandOptions struct {
	MinLevel, MaxLevel int
	// Uniqueness is "NODE_GLOBAL" (a node is visited at most once in the
	// whole traversal from one start node) or "NODE_PATH" (a node occurs at
	// most once in each path).
	Uniqueness string
	// DFS traverses depth first (bfs: false); APOC's default is breadth
	// first.
	DFS bool
}

// Expand models which paths apoc.path.expandConfig returns from start on
// an undirected graph stored as MOVE relationships in both directions, as
// Neo4j's traversal framework does it: branches are taken in breadth-first
// (or depth-first) order, the uniqueness rule is checked when a branch is
// taken, and paths of MinLevel to MaxLevel relationships are returned. yield
// gets each path (reused between calls) and may stop the traversal.
//
// This is the investigation the issue asks for: under NODE_GLOBAL each node
// is reached once, by the first branch that gets there, so the traversal is
// a spanning tree of start's component. Breadth first, that tree is a
// shortest-path tree, and a path of n-1 relationships exists in it only if
// some node lies n-1 steps from start, which in a graph of n nodes happens
// only when the graph is itself a path. Depth first, the tree holds at most
// one root-to-leaf path of n-1 relationships. So the paper's APOC query,
// with NODE_GLOBAL, returns no Hamiltonian paths on the boards it timed
// (breadth first, the default), and could never return more than one per
// start node; NODE_PATH returns every path without a repeated node, which
// with MinLevel = MaxLevel = n-1 is every Hamiltonian path from start.
//
// The model is checked against Neo4j itself by the tests when NEO4J_URI is
// set. The cost is the number of branches the traversal takes: O(N + E)
// under NODE_GLOBAL, the number of simple paths under NODE_PATH.
func Expand(g *graph.Graph, start int32, opt ExpandOptions, yield func(path []int32) bool) error {
	global := false
	switch opt.Uniqueness {
	case "NODE_GLOBAL":
		global = true
	case "NODE_PATH":
	default:
		return fmt.Errorf("uniqueness %q is not modelled; use NODE_GLOBAL or NODE_PATH", opt.Uniqueness)
	}
	if start < 0 || int(start) >= g.N() {
		return fmt.Errorf("start vertex %d out of range", start)
	}
	visited := make([]bool, g.N())
	// A branch is a path; the frontier holds branches not yet taken.
	frontier := [][]int32{{start}}
	for len(frontier) > 0 {
		var p []int32
		if opt.DFS {
			p = frontier[len(frontier)-1]
			frontier = frontier[:len(frontier)-1]
		} else {
			p = frontier[0]
			frontier = frontier[1:]
		}
		head := p[len(p)-1]
		if global {
			if visited[head] {
				continue
			}
			visited[head] = true
		} else if slices.Contains(p[:len(p)-1], head) {
			continue
		}
		level := len(p) - 1
		if level >= opt.MinLevel && level <= opt.MaxLevel {
			if !yield(p) {
				return nil
			}
		}
		if level >= opt.MaxLevel {
			continue
		}
		nb := g.Neighbors(head)
		children := make([][]int32, 0, len(nb))
		for _, w := range nb {
			children = append(children, append(slices.Clone(p), w))
		}
		if opt.DFS {
			// The first neighbour is taken first: push in reverse.
			slices.Reverse(children)
		}
		frontier = append(frontier, children...)
	}
	return nil
}

// ExpandCount returns how many paths Expand yields from every start vertex
// together: what the paper's APOC query, run with no fixed start, returns.
func ExpandCount(g *graph.Graph, opt ExpandOptions) (uint64, error) {
	var total uint64
	for s := range int32(g.N()) {
		err := Expand(g, s, opt, func([]int32) bool { total++; return true })
		if err != nil {
			return 0, err
		}
	}
	return total, nil
}
