package count

import (
	"context"
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/hamilton"
)

// ErrNoSolution is hamilton's: Find proved that p has no solution.
var ErrNoSolution = hamilton.ErrNoSolution

// keeper holds every layer's states of a count made for Find: keys[i]
// are the states after step i.
type keeper struct {
	r     *dp
	keys  [][]key
	bytes int64
	limit int64
}

// add keeps the states of layer l (the one just made), failing with
// ErrMemory past the keeper's limit.
func (k *keeper) add(r *dp, l *layer) error {
	ks := make([]key, 0, l.states())
	sd, kw := r.mem.stride, r.mem.kw
	for pi := range l.parts {
		a := l.parts[pi].a
		for j := 0; j < len(a); j += sd {
			if a[j+kw] == 0 {
				continue
			}
			x := key{lo: a[j]}
			if kw == 2 {
				x.hi = a[j+1]
			}
			ks = append(ks, x)
		}
	}
	k.keys = append(k.keys, ks)
	if k.bytes += int64(len(ks)) * 16; k.bytes > k.limit {
		return fmt.Errorf("%w: the layers Find keeps to walk back passed %s at step %d of %d; count instead, or raise the memory limit", ErrMemory, fmtBytes(float64(k.limit)), r.i+1, r.n)
	}
	return nil
}

// Find returns one Hamiltonian path or cycle of p, found by the frontier
// dynamic program of Count, as its vertices in order (a cycle's first
// vertex is not repeated; a fixed start comes first, a fixed end last), or
// ErrNoSolution when the dynamic program proves that there is none.
//
// It runs Count's layers forward (counts in float64: only their being
// nonzero matters) and keeps every layer's states, at most a quarter of
// opt.MaxBytes of them (ErrMemory past it), then walks back from a state
// of the last layer: at each step it looks in the layer before for a
// state that the step turns into the current one, and for the edges that
// transition adds (none, one or two from the step's vertex to its
// processed neighbours). Every state it passes lies on a sequence of
// transitions from the empty frontier, so the edges it collects form a
// solution. This is the usual traceback of dynamic programming (the
// transfer-matrix method keeps its layers; Knuth's SIMPATH keeps them as
// a ZDD). The walk back costs about one more expansion of every layer.
// The frontier's width decides the cost, as for Count; a graph of a
// narrow order (GP(n,2) in GraphOrder's order: 6 vertices) is decided in
// milliseconds at thousands of vertices. opt's shards, spilling and
// checkpoints are refused (ErrInvalid).
func Find(ctx context.Context, p hamilton.Problem, opt Options) ([]int32, Stats, error) {
	if opt.SpillDir != "" || opt.Shards > 1 || opt.Checkpoint != "" || opt.Exchange != "" {
		return nil, Stats{}, fmt.Errorf("%w: Find runs in memory, without shards, spilling or checkpoints", ErrInvalid)
	}
	if _, err := check(&p); err != nil {
		return nil, Stats{}, err
	}
	if opt.MaxBytes == 0 {
		opt.MaxBytes = defaultMaxBytes()
	}
	k := &keeper{limit: opt.MaxBytes / 4}
	opt.arith = arith{float: true, keep: k}
	c, _, st, err := countWith(ctx, p, opt, false, false, false)
	if err != nil {
		return nil, st, err
	}
	if c == 0 {
		return nil, st, errors.Join(ErrNoSolution, &hamilton.Reason{Rule: "dp", Text: fmt.Sprintf("the frontier dynamic program (frontier %d vertices wide, at most %d states a layer) leaves no %s", st.Width, st.PeakStates, kindOf(p))})
	}
	if k.r == nil { // one vertex: no layers
		return []int32{0}, st, nil
	}
	edges, err := k.walkBack(ctx)
	if err != nil {
		return nil, st, err
	}
	path, err := edgesToPath(p, edges)
	return path, st, err
}

func kindOf(p hamilton.Problem) string {
	if p.Closed {
		return "Hamiltonian cycle"
	}
	return "Hamiltonian path"
}

// walkBack returns the edges of one solution from the kept layers.
func (k *keeper) walkBack(ctx context.Context) ([][2]int32, error) {
	r := k.r
	n := len(r.steps)
	if len(k.keys) != n || len(k.keys[n-1]) == 0 {
		return nil, fmt.Errorf("count: Find kept %d layers of %d", len(k.keys), n)
	}
	// The widened frontier of each step: the frontier before it, then its
	// vertex (newPlan's positions).
	wide := make([][]int32, n)
	var front []int32
	for i := range r.steps {
		st := &r.steps[i]
		wide[i] = append(append([]int32(nil), front...), st.v)
		front = front[:0]
		for _, j := range st.kept {
			front = append(front, wide[i][j])
		}
	}
	w := &worker{dp: r}
	r.filterStep = true
	defer func() { r.filterStep, r.sink = false, nil }()
	hit := false
	var target key
	r.sink = func(x key) { hit = hit || x == target }
	emits := func(st *step, s key) bool {
		hit = false
		w.expand(st, s)
		return hit
	}
	target = k.keys[n-1][0]
	var edges [][2]int32
	initial := []key{{}}
	for i := n - 1; i >= 0; i-- {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		r.i = i
		st := &r.steps[i]
		prev := initial
		if i > 0 {
			prev = k.keys[i-1]
		}
		found := false
		for _, s := range prev {
			if !emits(st, s) {
				continue
			}
			// s leads to target: find the edges, trying each choice with
			// only its own edges offered (none, then one, then two: a
			// choice's sub-choices are tried before it).
			one := *st
			var choices [][]uint8
			choices = append(choices, nil)
			for _, a := range st.nbrPos {
				choices = append(choices, []uint8{a})
			}
			for ai, a := range st.nbrPos {
				for _, b := range st.nbrPos[ai+1:] {
					choices = append(choices, []uint8{a, b})
				}
			}
			for _, c := range choices {
				one.nbrPos = c
				if emits(&one, s) {
					for _, a := range c {
						edges = append(edges, [2]int32{st.v, wide[i][a]})
					}
					found = true
					break
				}
			}
			if !found {
				return nil, fmt.Errorf("count: Find's walk back found no choice at step %d", i+1)
			}
			target = s
			break
		}
		if !found {
			return nil, fmt.Errorf("count: Find's walk back found no state before step %d", i+1)
		}
	}
	return edges, nil
}

// edgesToPath orders the edges of a solution of p into its vertices.
func edgesToPath(p hamilton.Problem, edges [][2]int32) ([]int32, error) {
	n := p.G.N()
	adj := make([][]int32, n)
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	first := int32(0)
	if s, _ := p.Ends(); p.Closed && s >= 0 {
		first = s
	}
	if !p.Closed {
		// A fixed start first; else an end that is not the fixed end.
		first = -1
		s, e := p.Ends()
		for v := range int32(n) {
			if first < 0 && len(adj[v]) == 1 && v != e {
				first = v
			}
		}
		if s >= 0 {
			first = s
		}
	}
	if first < 0 {
		return nil, fmt.Errorf("count: Find's edges have no end")
	}
	path := make([]int32, 0, n)
	seen := make([]bool, n)
	for v, prev := first, int32(-1); v >= 0 && !seen[v]; {
		path = append(path, v)
		seen[v] = true
		next := int32(-1)
		for _, u := range adj[v] {
			if u != prev && !seen[u] {
				next = u
				break
			}
		}
		prev, v = v, next
	}
	if len(path) != n {
		return nil, fmt.Errorf("count: Find's edges make a path of %d vertices of %d", len(path), n)
	}
	return path, nil
}
