package hidato

import "fmt"

// Stage is a named deduction of the grader, in the style of Simon Tatham's
// puzzle solvers: each stage is a rule a person can apply, with a comment
// saying what it infers and why it is sound. A puzzle's difficulty is the
// highest stage the grader needs, always trying the cheapest stage first.
//
// Every rule works on the candidate sets D(k): the cells that may still
// hold number k. A given k at cell c starts as D(k) = {c}; every other
// number starts with every cell that carries no given. A number is placed
// when D(k) has one cell. Each rule removes a cell from D(k) only when no
// numbering consistent with the puzzle puts k there, so the solutions of
// the puzzle are never lost; a rule that empties a set has proved that the
// current assumptions (in lookahead, a trial) admit no solution.
type Stage int

const (
	// StageForced ("forced moves"): (a) a placed number's cell holds no
	// other number; (b) k+1 and k-1 lie one move from the cell of a placed
	// k, so D(k±1) shrinks to that cell's neighbours; (c) a number with one
	// candidate cell goes there; (d) a cell that only one number can still
	// take gets that number. Sound because every number sits on one cell,
	// every cell holds one number, and consecutive numbers are one move
	// apart (Diplomatico paper, §I rule 2; Definition II.2).
	StageForced Stage = iota + 1
	// StageDeadEnds ("dead ends"): a free cell needs two usable neighbours,
	// one for the number before it and one for the number after, unless it
	// holds 1 or N. Usable neighbours are free cells and placed cells whose
	// number's predecessor or successor may still lie on this cell. A cell
	// with at most one usable neighbour can only hold 1 or N; and a cell c
	// cannot hold k when the only neighbour of c that may hold k-1 is also
	// the only one that may hold k+1. Sound: the path enters and leaves
	// every cell but its ends through two different neighbours (the degree
	// argument of the paper's Proposition II.1).
	StageDeadEnds
	// StageReach ("reach and regions"): (a) k can only lie next to a
	// candidate of k-1 and next to a candidate of k+1; repeated, this
	// keeps the numbers between two givens a and b on cells within
	// distance k-a of a's cell and b-k of b's cell through free cells (the
	// breadth-first layers of the board graph). (b) The free cells fall into
	// regions (connected components once placed cells are removed); a run
	// of consecutive unplaced numbers steps from cell to neighbouring cell,
	// so it lies in one region, which must be large enough and meet every
	// number's candidates: other regions are struck from the run. (c) A
	// region's cells need distinct numbers among those that may enter it: if
	// fewer numbers than cells can, there is no solution; if exactly as
	// many, all those numbers lie in the region (a cut: the region is
	// sealed off by placed cells). Sound by the path's continuity and by
	// counting (Hall's condition).
	StageReach
	// StageColour ("counts": colour counts and pairs): (a) when the moves keep a
	// 2-colouring (every move changes colour, as the knight's does), the
	// region counting of StageReach is applied to each colour class of each
	// region separately; (b) two numbers whose only candidates are the
	// same two cells own those cells, which no other number may take; two
	// cells that only the same two numbers can take confine those numbers to
	// them. Sound by counting distinct numbers for distinct cells.
	StageColour
	// StageLookahead ("lookahead"): assume a number sits on one of its
	// candidate cells and apply the stages above (and, at depth d, nested
	// lookahead of depth d-1); if that reaches a contradiction, strike the
	// cell. Sound because every stage above is. The grade also reports the
	// deepest nesting needed.
	StageLookahead
)

var stageNames = [...]string{"", "forced", "dead-ends", "reach", "counts", "lookahead"}

// String returns the stage's name.
func (st Stage) String() string {
	if st >= StageForced && st <= StageLookahead {
		return stageNames[st]
	}
	return fmt.Sprintf("Stage(%d)", int(st))
}

// placedMask returns the set of placed cells and, for each cell, the number
// placed there (-1 if none). Two numbers placed on one cell mark s bad.
func (s *state) placed() (mask []uint64, at []int32) {
	m := s.m
	mask = make([]uint64, m.w)
	at = make([]int32, m.n)
	for i := range at {
		at[i] = -1
	}
	for k := range m.n {
		if s.sz[k] == 1 {
			v := first(s.d(k))
			if at[v] >= 0 {
				s.bad = true
			}
			at[v] = int32(k)
			mask[v/64] |= 1 << (uint(v) % 64)
		}
	}
	return mask, at
}

// ruleForced applies StageForced to a fixpoint and reports whether any set
// shrank. Placed numbers are handled through a queue, so a chain of forced
// moves costs one step per move; the cell count for (d) runs when the queue
// is empty.
func (s *state) ruleForced() bool {
	m := s.m
	n := m.n
	any := false
	queue := make([]int32, 0, n)
	once, twice := make([]uint64, m.w), make([]uint64, m.w)
	push := func(k int) {
		if s.sz[k] == 1 && !s.noCascade {
			queue = append(queue, int32(k))
		}
	}
	// around restricts the numbers k-1 and k+1 to nb, the cells one move
	// from the cell of k (rule (b)).
	around := func(k int, nb []uint64) {
		if k > 0 && s.restrict(k-1, nb) {
			any = true
			push(k - 1)
		}
		if k+1 < n && s.restrict(k+1, nb) {
			any = true
			push(k + 1)
		}
	}
	// The numbers placed already: (a) by one mask over every set, (b) by
	// restricting their neighbours in the sequence; the queue then takes
	// the numbers this call places.
	mask, _ := s.placed()
	var start []bool // with noCascade: the numbers placed on entry
	if s.noCascade {
		start = make([]bool, n)
		for k := range n {
			start[k] = s.sz[k] == 1
		}
	}
	for k := range n {
		if s.sz[k] == 1 || s.bad {
			continue
		}
		if s.restrictNot(k, mask) {
			any = true
			push(k)
		}
	}
	for k := range n {
		if s.sz[k] != 1 || s.bad || (start != nil && !start[k]) {
			continue
		}
		around(k, m.neighbours(first(s.d(k))))
	}
	for !s.bad {
		for len(queue) > 0 && !s.bad {
			k := int(queue[len(queue)-1])
			queue = queue[:len(queue)-1]
			v := first(s.d(k))
			if v < 0 {
				s.bad = true
				break
			}
			// (a) no other number on v.
			word, bit := v/64, uint64(1)<<(uint(v)%64)
			for j := range n {
				if j != k && s.dom[j*m.w+word]&bit != 0 {
					s.remove(j, v)
					any = true
					push(j)
				}
			}
			// (b) the neighbours in the sequence are one move away.
			around(k, m.neighbours(v))
		}
		if s.bad {
			break
		}
		// (c) is the queue itself; (d): cells covered by exactly one
		// candidate set.
		clear(once)
		clear(twice)
		for k := range n {
			d := s.d(k)
			for i := range d {
				twice[i] |= once[i] & d[i]
				once[i] |= d[i]
			}
		}
		for i := range once {
			if once[i] != m.all[i] {
				s.bad = true // a cell no number can take
			}
			once[i] &^= twice[i]
		}
		if s.bad {
			break
		}
		for k := range n {
			if s.sz[k] == 1 {
				continue
			}
			d := s.d(k)
			hit := 0
			v := -1
			for i := range d {
				if x := d[i] & once[i]; x != 0 {
					hit += popcount(x)
					v = trailing(x) + i*64
				}
			}
			if hit > 1 {
				s.bad = true // k would need two cells
			} else if hit == 1 {
				s.assign(k, v)
				any = true
				push(k)
			}
		}
		if len(queue) == 0 {
			break
		}
	}
	return any
}

// ruleDeadEnds applies StageDeadEnds once over every cell and number.
func (s *state) ruleDeadEnds() bool {
	m := s.m
	n := m.n
	if n < 3 {
		return false
	}
	mask, at := s.placed()
	changed := false
	for v := range n {
		if has(mask, v) {
			continue
		}
		usable := 0
		for _, u := range m.bg.Neighbors(int32(v)) {
			k := int(at[u])
			if k < 0 || (k > 0 && has(s.d(k-1), v)) || (k+1 < n && has(s.d(k+1), v)) {
				usable++
			}
		}
		if usable <= 1 {
			for k := 1; k < n-1; k++ {
				if s.remove(k, v) {
					changed = true
				}
			}
		}
	}
	tmp := make([]uint64, m.w)
	near := make([]uint64, m.w)
	for k := 1; k < n-1 && !s.bad; k++ {
		if s.sz[k] == 1 {
			continue
		}
		// The shared neighbour u lies in D(k-1) and D(k+1): only cells
		// next to such a u can fail.
		prev, next := s.d(k-1), s.d(k+1)
		clear(near)
		for i := range tmp {
			for x := prev[i] & next[i]; x != 0; x &= x - 1 {
				nb := m.neighbours(i*64 + trailing(x))
				for j := range near {
					near[j] |= nb[j]
				}
			}
		}
		d := s.d(k)
		for i := range d {
			for x := d[i] & near[i]; x != 0; x &= x - 1 {
				v := i*64 + trailing(x)
				nb := m.neighbours(v)
				single := true
				c := 0
				for j := range tmp {
					tmp[j] = nb[j] & prev[j]
					c += popcount(tmp[j])
				}
				if c != 1 {
					continue
				}
				for j := range tmp {
					if nb[j]&next[j] != tmp[j] {
						single = false
						break
					}
				}
				if single && s.remove(k, v) {
					changed = true
				}
			}
		}
	}
	return changed
}

// regions returns the connected components of the cells not in placed.
func (m *model) regions(placed []uint64) [][]uint64 {
	left := make([]uint64, m.w)
	for i := range left {
		left[i] = m.all[i] &^ placed[i]
	}
	var out [][]uint64
	front := make([]uint64, m.w)
	next := make([]uint64, m.w)
	for {
		v := first(left)
		if v < 0 {
			return out
		}
		comp := make([]uint64, m.w)
		clear(front)
		front[v/64] |= 1 << (uint(v) % 64)
		comp[v/64] |= front[v/64]
		left[v/64] &^= front[v/64]
		for first(front) >= 0 {
			clear(next)
			for i, x := range front {
				for ; x != 0; x &= x - 1 {
					nb := m.neighbours(i*64 + trailing(x))
					for j := range next {
						next[j] |= nb[j]
					}
				}
			}
			for j := range next {
				next[j] &= left[j]
				left[j] &^= next[j]
				comp[j] |= next[j]
			}
			front, next = next, front
		}
		out = append(out, comp)
	}
}

// hall applies the counting argument to a set of cells: the numbers not yet
// placed that may take one of them must be at least as many as the cells;
// when they are exactly as many, they all lie in the set.
func (s *state) hall(cells []uint64) bool {
	nc := count(cells)
	if nc == 0 {
		return false
	}
	var ks []int
	for k := range s.m.n {
		if s.sz[k] == 1 {
			continue
		}
		d := s.d(k)
		for i := range d {
			if d[i]&cells[i] != 0 {
				ks = append(ks, k)
				break
			}
		}
		if len(ks) > nc {
			return false
		}
	}
	if len(ks) < nc {
		s.bad = true
		return false
	}
	changed := false
	for _, k := range ks {
		if s.restrict(k, cells) {
			changed = true
		}
	}
	return changed
}

// ruleReach applies StageReach once.
func (s *state) ruleReach() bool {
	m := s.m
	n := m.n
	// (a) support by neighbouring numbers' candidates.
	nb := make([]uint64, n*m.w)
	for k := range n {
		d := s.d(k)
		o := nb[k*m.w : (k+1)*m.w]
		for i, x := range d {
			for ; x != 0; x &= x - 1 {
				nv := m.neighbours(i*64 + trailing(x))
				for j := range o {
					o[j] |= nv[j]
				}
			}
		}
	}
	changed := false
	for k := range n {
		if k > 0 && s.restrict(k, nb[(k-1)*m.w:k*m.w]) {
			changed = true
		}
		if k+1 < n && s.restrict(k, nb[(k+1)*m.w:(k+2)*m.w]) {
			changed = true
		}
	}
	if s.bad || changed {
		return changed
	}
	mask, _ := s.placed()
	regs := m.regions(mask)
	// (b) runs of unplaced numbers stay in one region.
	for a := 0; a < n; {
		if s.sz[a] == 1 {
			a++
			continue
		}
		b := a
		for b+1 < n && s.sz[b+1] != 1 {
			b++
		}
		for _, r := range regs {
			ok := count(r) >= b-a+1
			meets := false
			for k := a; k <= b; k++ {
				if intersects(s.d(k), r) {
					meets = true
				} else {
					ok = false
				}
			}
			if meets && !ok {
				for k := a; k <= b; k++ {
					if s.restrictNot(k, r) {
						changed = true
					}
				}
			}
		}
		a = b + 1
	}
	if s.bad || changed {
		return changed
	}
	// (c) counting per region.
	for _, r := range regs {
		if s.hall(r) {
			changed = true
		}
		if s.bad {
			return changed
		}
	}
	return changed
}

// ruleColour applies StageColour once.
func (s *state) ruleColour() bool {
	m := s.m
	changed := false
	if m.colour != nil {
		mask, _ := s.placed()
		cells := make([]uint64, m.w)
		for _, r := range m.regions(mask) {
			for c := range 2 {
				for i := range cells {
					cells[i] = r[i] & m.cmask[c][i]
				}
				if s.hall(cells) {
					changed = true
				}
				if s.bad {
					return changed
				}
			}
		}
		if changed {
			return true
		}
	}
	// (b) naked pairs.
	pairs := map[[2]int]int{}
	for k := range m.n {
		if s.sz[k] != 2 {
			continue
		}
		a := first(s.d(k))
		d := s.d(k)
		b := -1
		for i := range d {
			x := d[i]
			if i == a/64 {
				x &^= 1 << (uint(a) % 64)
			}
			if x != 0 {
				b = i*64 + trailing(x)
				break
			}
		}
		key := [2]int{a, b}
		if j, ok := pairs[key]; ok {
			for o := range m.n {
				if o != j && o != k {
					if s.remove(o, a) {
						changed = true
					}
					if s.remove(o, b) {
						changed = true
					}
				}
			}
			if changed || s.bad {
				return changed
			}
		} else {
			pairs[key] = k
		}
	}
	// (b) hidden pairs: cells that only the same two numbers can take.
	cnt := make([]int32, m.n)
	who := make([][2]int32, m.n)
	for k := range m.n {
		if s.sz[k] == 1 {
			continue
		}
		d := s.d(k)
		for i, x := range d {
			for ; x != 0; x &= x - 1 {
				v := i*64 + trailing(x)
				if cnt[v] < 2 {
					who[v][cnt[v]] = int32(k)
				}
				cnt[v]++
			}
		}
	}
	byPair := map[[2]int32]int{}
	for v := range m.n {
		if cnt[v] != 2 {
			continue
		}
		if u, ok := byPair[who[v]]; ok {
			cells := make([]uint64, m.w)
			cells[u/64] |= 1 << (uint(u) % 64)
			cells[v/64] |= 1 << (uint(v) % 64)
			for _, k := range who[v] {
				if s.restrict(int(k), cells) {
					changed = true
				}
			}
			if changed || s.bad {
				return changed
			}
		} else {
			byPair[who[v]] = v
		}
	}
	return changed
}

func intersects(a, b []uint64) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}
