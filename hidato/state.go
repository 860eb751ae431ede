package hidato

import (
	"math/bits"

	"github.com/boardgraph/boardgraph/moves"
)

// model is the fixed part of a puzzle the solvers share: the board graph as
// neighbour bitsets. Numbers and vertices are both 0..n-1 inside (number k
// here is the person's k+1); a vertex is an open cell in row-major order
// (moves.BoardGraph).
type model struct {
	bg     *moves.BoardGraph
	n      int // open cells = numbers
	w      int // 64-bit words per vertex set
	nbr    []uint64
	colour []int8      // 2-colouring when the graph is bipartite, else nil
	cmask  [2][]uint64 // the two colour classes as sets (bipartite only)
	all    []uint64    // every vertex
}

func newModel(bg *moves.BoardGraph) *model {
	n := bg.N()
	w := (n + 63) / 64
	m := &model{bg: bg, n: n, w: w, nbr: make([]uint64, n*w), all: make([]uint64, w)}
	for v := range n {
		for _, u := range bg.Neighbors(int32(v)) {
			m.nbr[v*w+int(u)/64] |= 1 << (uint(u) % 64)
		}
		m.all[v/64] |= 1 << (uint(v) % 64)
	}
	if side, ok := bg.Bipartition(); ok && n > 1 {
		m.colour = side
		m.cmask[0], m.cmask[1] = make([]uint64, w), make([]uint64, w)
		for v, s := range side {
			m.cmask[s][v/64] |= 1 << (uint(v) % 64)
		}
	}
	return m
}

// neighbours returns the neighbour set of vertex v (aliases the model).
func (m *model) neighbours(v int) []uint64 { return m.nbr[v*m.w : (v+1)*m.w] }

// state is the solvers' knowledge: for every number k the set dom[k] of
// vertices that may still hold it. A number is placed when its set has one
// vertex. Every rule only removes vertices that no solution consistent with
// the givens can put there, so the solutions of a state are never lost.
type state struct {
	m    *model
	dom  []uint64 // n*w
	sz   []int32  // popcount of each dom
	bad  bool     // a contradiction was found: the state has no solution
	look int      // the number lookahead resumes its scan at
	// sol, if not nil, is a solution the state is known to admit (the
	// generator's path: the vertex of every number). Sound rules never
	// strike it, so a lookahead trial on sol's cell cannot contradict and
	// is skipped. Trial states (clone, copyFrom) drop it: below a wrong
	// assumption it proves nothing.
	sol []int32
	// noCascade makes StageForced derive only from the numbers placed
	// when it starts (see step.go): a number it places does not place
	// others in the same call, so every number placed by one call is
	// explained by what was known before it. Trial states drop it.
	noCascade bool
}

func (s *state) d(k int) []uint64 { return s.dom[k*s.m.w : (k+1)*s.m.w] }

func (s *state) clone() *state {
	t := &state{m: s.m, dom: append([]uint64(nil), s.dom...), sz: append([]int32(nil), s.sz...), bad: s.bad, look: s.look}
	return t
}

// copyFrom overwrites s with t (same model), reusing s's memory.
func (s *state) copyFrom(t *state) {
	copy(s.dom, t.dom)
	copy(s.sz, t.sz)
	s.bad, s.look = t.bad, t.look
}

// newState returns the state of the givens: given[v] is the 0-based number
// vertex v must hold, or -1.
func newState(m *model, given []int32) *state {
	s := &state{m: m, dom: make([]uint64, m.n*m.w), sz: make([]int32, m.n)}
	free := append([]uint64(nil), m.all...)
	at := make([]int32, m.n)
	for i := range at {
		at[i] = -1
	}
	for v, k := range given {
		if k >= 0 {
			if at[k] >= 0 {
				s.bad = true
			}
			at[k] = int32(v)
			free[v/64] &^= 1 << (uint(v) % 64)
		}
	}
	for k := range m.n {
		d := s.d(k)
		if at[k] >= 0 {
			d[at[k]/64] |= 1 << (uint(at[k]) % 64)
		} else {
			copy(d, free)
		}
		s.sz[k] = int32(count(d))
		if s.sz[k] == 0 {
			s.bad = true
		}
	}
	return s
}

// count returns the number of vertices in a set.
func count(a []uint64) int {
	c := 0
	for _, x := range a {
		c += bits.OnesCount64(x)
	}
	return c
}

// first returns the smallest vertex of a set, or -1.
func first(a []uint64) int {
	for i, x := range a {
		if x != 0 {
			return i*64 + bits.TrailingZeros64(x)
		}
	}
	return -1
}

func has(a []uint64, v int) bool { return a[v/64]>>(uint(v)%64)&1 != 0 }

// restrict intersects dom[k] with mask and reports whether it shrank. An
// emptied set marks the state bad.
func (s *state) restrict(k int, mask []uint64) bool { return s.narrow(k, mask, 0) }

// restrictNot removes the cells of mask from dom[k], as restrict does.
func (s *state) restrictNot(k int, mask []uint64) bool { return s.narrow(k, mask, ^uint64(0)) }

// narrow intersects dom[k] with mask xor flip (flip 0 keeps the cells of
// mask, all ones removes them) and reports whether it shrank. An emptied
// set marks the state bad.
func (s *state) narrow(k int, mask []uint64, flip uint64) bool {
	d := s.d(k)
	changed := false
	for i := range d {
		if x := d[i] & (mask[i] ^ flip); x != d[i] {
			d[i] = x
			changed = true
		}
	}
	if changed {
		s.sz[k] = int32(count(d))
		if s.sz[k] == 0 {
			s.bad = true
		}
	}
	return changed
}

// remove takes vertex v out of dom[k] and reports whether it was there.
func (s *state) remove(k, v int) bool {
	d := s.d(k)
	bit := uint64(1) << (uint(v) % 64)
	if d[v/64]&bit == 0 {
		return false
	}
	d[v/64] &^= bit
	s.sz[k]--
	if s.sz[k] == 0 {
		s.bad = true
	}
	return true
}

// assign sets dom[k] = {v}; it marks the state bad if v was not allowed.
func (s *state) assign(k, v int) {
	d := s.d(k)
	if !has(d, v) {
		s.bad = true
	}
	clear(d)
	d[v/64] |= 1 << (uint(v) % 64)
	s.sz[k] = 1
}

// solved reports whether every number is placed.
func (s *state) solved() bool {
	for _, c := range s.sz {
		if c != 1 {
			return false
		}
	}
	return true
}

// path returns the vertex of every number of a solved state.
func (s *state) path() []int32 {
	p := make([]int32, s.m.n)
	for k := range p {
		p[k] = int32(first(s.d(k)))
	}
	return p
}

// validPath reports whether a solved state is a Hamiltonian path: every
// vertex once, consecutive numbers one move apart.
func (s *state) validPath() bool {
	seen := make([]bool, s.m.n)
	p := s.path()
	for k, v := range p {
		if v < 0 || seen[v] {
			return false
		}
		seen[v] = true
		if k > 0 && !has(s.m.neighbours(int(p[k-1])), int(v)) {
			return false
		}
	}
	return true
}
