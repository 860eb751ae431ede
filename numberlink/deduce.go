package numberlink

// The deduction stages of the solver (stage, in solve.go; grade.go says
// what each infers and why it is sound): the pairs' bounds (setLo, setHi)
// and their trail (undo), the node rule and crossing (propagate), the
// connectivity stages on the whole grid (global, bridges, and the trial
// check cutsConnected) and failed-value probing (probe). A stage only
// tightens bounds or reports a contradiction; the search in solve.go
// branches on a pair once propagate has closed the state.

// push queues node i for the node rule, once.
func (s *solver) push(i int32) {
	if !s.inQ[i] {
		s.inQ[i] = true
		s.queue = append(s.queue, i)
	}
}

// setLo raises lo[p] to v; it sets s.fail if that empties the domain.
func (s *solver) setLo(p int32, v int8, by stage) {
	if v <= s.lo[p] {
		return
	}
	if v > s.hi[p] {
		s.fail = true
		return
	}
	old := s.lo[p]
	s.trail = append(s.trail, trailEntry{p, old, s.hi[p]})
	s.lo[p] = v
	if v == s.hi[p] {
		s.open--
	}
	pa, pb := s.pairA[p], s.pairB[p]
	dl := int32(v - old)
	s.sumLo[pa] += dl
	s.sumLo[pb] += dl
	s.push(pa)
	s.push(pb)
	if by < numStages {
		s.deductions++
		s.perStage[by]++
	}
	// Keep the drawn graph's components: demand first, then the union, so
	// that undo (in reverse) splits before restoring demand.
	ra, rb := s.root(pa), s.root(pb)
	s.ufRem[ra] -= dl
	s.ufRem[rb] -= dl
	if old == 0 {
		if ra == rb {
			if s.rules.NoLoops {
				s.fail = true // a cycle of drawn pairs
				return
			}
		} else {
			if s.ufSize[ra] < s.ufSize[rb] {
				ra, rb = rb, ra
			}
			s.ufParent[rb] = ra
			s.ufSize[ra] += s.ufSize[rb]
			s.ufRem[ra] += s.ufRem[rb]
			s.trail = append(s.trail, trailEntry{p: -1 - rb})
		}
	}
	// Stage isolation, closed subgroup (incremental form): a component with
	// no demand left that is not the whole grid can never join the rest.
	if s.level >= stageIsolation && !s.rules.AllowDisconnected && s.ufRem[ra] == 0 && int(s.ufSize[ra]) < s.n {
		s.fail = true
		return
	}
	// Stage crossing: a pair that carries a connection forbids every pair
	// whose segment crosses it.
	if old == 0 && s.level >= stageCrossing {
		for _, q := range s.g.Crossings[p] {
			s.setHi(q, 0, stageCrossing)
			if s.fail {
				return
			}
		}
	}
}

// setHi lowers hi[p] to v; it sets s.fail if that empties the domain.
func (s *solver) setHi(p int32, v int8, by stage) {
	if v >= s.hi[p] {
		return
	}
	if v < s.lo[p] {
		s.fail = true
		return
	}
	old := s.hi[p]
	s.trail = append(s.trail, trailEntry{p, s.lo[p], old})
	s.hi[p] = v
	if v == s.lo[p] {
		s.open--
	}
	if v == 0 && s.trial {
		s.cut = append(s.cut, p)
	}
	pa, pb := s.pairA[p], s.pairB[p]
	s.sumHi[pa] -= int32(old - v)
	s.sumHi[pb] -= int32(old - v)
	s.push(pa)
	s.push(pb)
	if by < numStages {
		s.deductions++
		s.perStage[by]++
	}
}

// undo restores every bound changed since the trail had length mark.
func (s *solver) undo(mark int) {
	for t := len(s.trail) - 1; t >= mark; t-- {
		e := s.trail[t]
		p := e.p
		if p < 0 {
			// A union: split the child root b off its parent again.
			b := -1 - p
			a := s.ufParent[b]
			s.ufParent[b] = b
			s.ufSize[a] -= s.ufSize[b]
			s.ufRem[a] -= s.ufRem[b]
			continue
		}
		pa, pb := s.pairA[p], s.pairB[p]
		if s.lo[p] == s.hi[p] && e.lo != e.hi {
			s.open++
		}
		dl := int32(s.lo[p] - e.lo)
		dh := int32(e.hi - s.hi[p])
		if dl != 0 {
			s.ufRem[s.root(pa)] += dl
			s.ufRem[s.root(pb)] += dl
		}
		s.sumLo[pa] -= dl
		s.sumLo[pb] -= dl
		s.sumHi[pa] += dh
		s.sumHi[pb] += dh
		s.lo[p], s.hi[p] = e.lo, e.hi
	}
	s.trail = s.trail[:mark]
}

// clearQueue empties the node queue and clears the contradiction flag.
func (s *solver) clearQueue() {
	for _, i := range s.queue {
		s.inQ[i] = false
	}
	s.queue = s.queue[:0]
	s.fail = false
}

// nodeRule is stage bounds at node i: with m = magn(i), each pair p at i
// satisfies m - (sumHi - hi[p]) <= x_p <= m - (sumLo - lo[p]).
func (s *solver) nodeRule(i int32) {
	m := s.mag[i]
	if s.sumLo[i] > m || s.sumHi[i] < m {
		s.fail = true
		s.weight[i]++
		return
	}
	iso := s.level >= stageIsolation && (s.rules.NoLoops || !s.rules.AllowDisconnected)
	for k := s.adjOff[i]; k < s.adjOff[i+1]; k++ {
		p := s.adjPair[k]
		if s.lo[p] == s.hi[p] {
			continue
		}
		if iso && s.lo[p] == 0 {
			// Stage isolation at this node's open pairs (the whole-grid
			// pass in global does the same for every pair).
			ri, rj := s.root(i), s.root(s.adjNbr[k])
			if ri == rj {
				if s.rules.NoLoops {
					s.setHi(p, 0, stageIsolation)
					if s.fail {
						return
					}
					continue
				}
			} else if !s.rules.AllowDisconnected && int(s.ufSize[ri]+s.ufSize[rj]) < s.n && s.ufRem[ri]+s.ufRem[rj] == 2*int32(s.hi[p]) {
				s.setHi(p, s.hi[p]-1, stageIsolation)
				if s.fail {
					return
				}
				if s.lo[p] == s.hi[p] {
					continue
				}
			}
		}
		if v := m - (s.sumHi[i] - int32(s.hi[p])); v > int32(s.lo[p]) {
			s.setLo(p, int8(v), stageBounds)
			if s.fail {
				s.weight[i]++
				return
			}
		}
		if v := m - (s.sumLo[i] - int32(s.lo[p])); v < int32(s.hi[p]) {
			s.setHi(p, int8(v), stageBounds)
			if s.fail {
				s.weight[i]++
				return
			}
		}
	}
}

// propagate closes the state under every enabled stage (except probing). It
// returns false on a contradiction, leaving the queue empty, and false
// when the run's context ended (s.stopErr set: callers check it before
// taking false for a contradiction). The context is checked before each
// pass of the stages that look at the whole grid, so that a large grid
// stops within one pass of them, not after a node's whole work (issue
// 33: a 600x600 grid with --timeout 3s ran 19 s).
func (s *solver) propagate() bool {
	for {
		for len(s.queue) > 0 && !s.fail {
			i := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			s.inQ[i] = false
			s.nodeRule(i)
		}
		if s.fail {
			s.clearQueue()
			return false
		}
		if s.open == 0 && s.level < stageCrossing && s.crossingViolated() {
			s.clearQueue()
			return false
		}
		if s.cancelled() {
			s.clearQueue()
			return false
		}
		if s.trial && s.open > 0 {
			if !s.cutsConnected() {
				s.clearQueue()
				return false
			}
			return true
		}
		if !s.global() {
			s.clearQueue()
			return false
		}
		if len(s.queue) == 0 {
			return true
		}
	}
}

// cancelled reports whether the run's context has ended, recording its
// error in s.stopErr; a solver without a context never is. Work stopped
// this way is not a contradiction: whoever sees false from propagate,
// probe, probeNear or probeList checks s.stopErr first.
func (s *solver) cancelled() bool {
	if s.stopErr != nil {
		return true
	}
	if s.ctx == nil {
		return false
	}
	if err := s.ctx.Err(); err != nil {
		s.stopErr = err
		return true
	}
	return false
}

// root finds the drawn-graph component of node i.
func (s *solver) root(i int32) int32 {
	for s.ufParent[i] != i {
		i = s.ufParent[i]
	}
	return i
}

// crossingViolated reports whether two drawn pairs cross; it checks decided
// states when stage crossing is off, so that every accepted leaf obeys the
// no-crossing rule whatever the stage level.
func (s *solver) crossingViolated() bool {
	for p, cr := range s.g.Crossings {
		if s.lo[p] == 0 {
			continue
		}
		for _, q := range cr {
			if s.lo[q] > 0 {
				return true
			}
		}
	}
	return false
}

// global runs the connectivity stages, which look at the whole grid. It is
// always run on a fully decided state (so that every leaf is checked against
// connectivity and NoLoops whatever the stage level) and otherwise only when
// the isolation stage is enabled. It returns false on a contradiction.
func (s *solver) global() bool {
	needConn := !s.rules.AllowDisconnected
	if !needConn && !s.rules.NoLoops {
		return true
	}
	if s.open > 0 && s.level < stageIsolation {
		return true
	}
	n32 := int32(s.n)
	// Label the components of the drawn graph (pairs with lo > 0) by
	// depth-first search, with each component's size and remaining demand
	// (magnitudes minus connections already drawn at its nodes).
	comp := s.parent
	for i := range s.n {
		comp[i] = -1
	}
	nc := int32(0)
	for i := range s.n {
		if comp[i] >= 0 {
			continue
		}
		c := nc
		nc++
		comp[i] = c
		size, rem, ends := int32(0), int32(0), int32(0)
		st := append(s.bfs[:0], int32(i))
		for len(st) > 0 {
			v := st[len(st)-1]
			st = st[:len(st)-1]
			size++
			rem += s.mag[v] - s.sumLo[v]
			for k := s.adjOff[v]; k < s.adjOff[v+1]; k++ {
				if s.lo[s.adjPair[k]] == 0 {
					continue
				}
				ends++
				if w := s.adjNbr[k]; comp[w] < 0 {
					comp[w] = c
					st = append(st, w)
				}
			}
		}
		s.bfs = st
		// With NoLoops a component must be a tree: ends/2 drawn pairs on
		// size nodes means a cycle when ends/2 >= size.
		if s.rules.NoLoops && ends/2 >= size {
			return false
		}
		s.size[c], s.rem[c] = size, rem
		// Stage isolation, closed subgroup: a component of the drawn graph
		// with no connection left to make can never join the rest.
		if needConn && rem == 0 && size < n32 {
			return false
		}
	}
	if s.open == 0 {
		return true // decided: connectivity follows from the check above
	}
	for p := range s.lo {
		if s.lo[p] != 0 || s.hi[p] == 0 {
			continue
		}
		a, b := comp[s.pairA[p]], comp[s.pairB[p]]
		if a == b {
			// Stage isolation, NoLoops: a connection inside one component
			// of the drawn graph would close a cycle.
			if s.rules.NoLoops {
				s.setHi(int32(p), 0, stageIsolation)
			}
			continue
		}
		// Stage isolation, closed subgroup lookahead: x_p = t merges the two
		// components into one with s.rem[a]+s.rem[b]-2t connections left; if
		// that is 0 for t = hi[p] and the merged part is not the whole grid,
		// it would be closed off, so x_p < hi[p].
		if needConn && s.size[a]+s.size[b] < n32 && s.rem[a]+s.rem[b] == 2*int32(s.hi[p]) {
			s.setHi(int32(p), s.hi[p]-1, stageIsolation)
		}
	}
	if s.fail {
		return false
	}
	if needConn && s.level >= stageBridges {
		return s.bridges()
	}
	return true
}

// bridges is stage bridges, on the potential graph (pairs with hi > 0),
// which must be connected. Let p be a bridge of it and S the nodes on one
// side. Every connection at a node of S goes to S or along p, so
//
//	x_p = M(S) - 2*I(S)
//
// where M(S) is the sum of the magnitudes in S and I(S) the number of
// connections inside S. Hence x_p >= 1 (else S is cut off: the bridge is
// forced), x_p has the parity of M(S), and bounds on I(S) from the lo and hi
// of the pairs inside S bound x_p. The walk is Tarjan's lowlink DFS,
// iterative, with subtree sums; O(nodes + pairs).
func (s *solver) bridges() bool {
	if s.n == 0 {
		return true
	}
	for i := range s.n {
		s.disc[i] = -1
		s.subMag[i] = s.mag[i]
		s.subLo[i] = s.sumLo[i]
		s.subHi[i] = s.sumHi[i]
	}
	t := int32(0)
	s.forced = s.forced[:0]
	s.stack = append(s.stack[:0], dfsFrame{v: 0, next: s.adjOff[0], from: -1})
	s.disc[0], s.low[0] = t, t
	t++
	for len(s.stack) > 0 {
		f := &s.stack[len(s.stack)-1]
		v := f.v
		if f.next < s.adjOff[v+1] {
			k := f.next
			f.next++
			p := s.adjPair[k]
			if p == f.from || s.hi[p] == 0 {
				continue
			}
			w := s.adjNbr[k]
			if s.disc[w] < 0 {
				s.disc[w], s.low[w] = t, t
				t++
				s.stack = append(s.stack, dfsFrame{v: w, next: s.adjOff[w], from: p})
			} else if s.disc[w] < s.low[v] {
				s.low[v] = s.disc[w]
			}
			continue
		}
		from := f.from
		s.stack = s.stack[:len(s.stack)-1]
		if len(s.stack) == 0 {
			break
		}
		u := s.stack[len(s.stack)-1].v
		if s.low[v] < s.low[u] {
			s.low[u] = s.low[v]
		}
		s.subMag[u] += s.subMag[v]
		s.subLo[u] += s.subLo[v]
		s.subHi[u] += s.subHi[v]
		if s.low[v] > s.disc[u] {
			// from is a bridge; S is the subtree of v. The pairs inside S
			// count twice in subLo/subHi, p once.
			m := s.subMag[v]
			lo, hi := int32(s.lo[from]), int32(s.hi[from])
			inLo := (s.subLo[v] - lo) / 2
			inHi := (s.subHi[v] - hi) / 2
			nlo := max(lo, 1, m-2*inHi)
			nhi := min(hi, m-2*inLo)
			if (nlo-m)&1 != 0 {
				nlo++
			}
			if (nhi-m)&1 != 0 {
				nhi--
			}
			if nlo > nhi {
				return false
			}
			if nlo > lo || nhi < hi {
				s.forced = append(s.forced, bridgeBound{from, int8(nlo), int8(nhi)})
			}
		}
	}
	if t < int32(s.n) {
		return false // the potential graph is disconnected
	}
	// Apply after the walk, so that the walk sees one fixed graph.
	for _, f := range s.forced {
		s.setLo(f.p, f.lo, stageBridges)
		if !s.fail {
			s.setHi(f.p, f.hi, stageBridges)
		}
		if s.fail {
			return false
		}
	}
	return true
}

type pairEnds struct{ A, B int32 }

type bridgeBound struct {
	p      int32
	lo, hi int8
}

// probe is stage probe over every open pair: assume x_p = lo[p] and then
// x_p = hi[p], close the state under the other stages, and when an
// assumption leads to a contradiction, tighten the bound that excludes it.
// Sound because a value that contradicts sound deductions is in no solution.
// It repeats until nothing changes and returns false on a contradiction.
func (s *solver) probe() bool {
	for {
		start := len(s.trail)
		s.stamp++
		cand := s.cand[:0]
		for p := range s.lo {
			if s.lo[p] < s.hi[p] {
				cand = append(cand, int32(p))
			}
		}
		s.cand = cand
		if !s.probeList(cand, s.level) {
			return false
		}
		if len(s.trail) == start {
			return true
		}
	}
}

// probeNear is stage probe restricted to the open pairs near the bounds
// changed since trail position from: the pairs at their endpoints and at
// those endpoints' neighbours. Which pairs are probed affects only the
// strength of the pruning, never its soundness. Returns false on a
// contradiction.
//
// The trials run up to stage isolation plus cutsConnected, except when
// decision is set (trail[from] is the branching decision): the open pairs
// at the decided pair's two ends are then probed with every stage, bridges
// included. On the Coelho benchmark this is what refutes a wrong decision
// at once instead of after a subtree of backtracks (400 islands: 77 -> 67
// search nodes per instance on average, the largest 418 -> 321, and over
// four seeds of the restart schedule the largest 1135 -> 342), for about
// the cost of the nodes it saves.
func (s *solver) probeNear(from int, decision bool) bool {
	first := decision
	for from < len(s.trail) {
		s.stamp++
		cand := s.cand[:0]
		add := func(i int32) {
			for _, p := range s.adjPair[s.adjOff[i]:s.adjOff[i+1]] {
				if s.lo[p] < s.hi[p] && s.mark[p] != s.stamp {
					s.mark[p] = s.stamp
					cand = append(cand, p)
				}
			}
		}
		end := len(s.trail)
		nStrong := 0
		if first && s.trail[from].p >= 0 {
			add(s.pairA[s.trail[from].p])
			add(s.pairB[s.trail[from].p])
			nStrong = len(cand)
		}
		first = false
		for _, e := range s.trail[from:end] {
			if e.p < 0 {
				continue // a union record
			}
			for _, a := range [2]int32{s.pairA[e.p], s.pairB[e.p]} {
				add(a)
				for _, b := range s.adjNbr[s.adjOff[a]:s.adjOff[a+1]] {
					add(b)
				}
			}
		}
		s.cand = cand
		from = end
		if nStrong > 0 && !s.probeList(cand[:nStrong], s.level) {
			return false
		}
		if !s.probeList(cand[nStrong:], min(s.level, stageIsolation)) {
			return false
		}
	}
	return true
}

// probeList probes the pairs in cand, with trial propagations run up to
// stage trial.
func (s *solver) probeList(cand []int32, trial stage) bool {
	for k, p := range cand {
		if k&15 == 15 && s.cancelled() {
			return false
		}
		for side := 0; side < 2 && s.lo[p] < s.hi[p]; side++ {
			mark := len(s.trail)
			savedD, savedStages := s.deductions, s.perStage
			full := s.level
			s.level = trial
			s.trial = trial < stageBridges
			s.cut = s.cut[:0]
			if side == 0 {
				s.setHi(p, s.lo[p], numStages)
			} else {
				s.setLo(p, s.hi[p], numStages)
			}
			ok := !s.fail && s.propagate()
			s.level = full
			s.trial = false
			s.clearQueue()
			s.undo(mark)
			s.deductions, s.perStage = savedD, savedStages
			if ok {
				continue
			}
			if side == 0 {
				s.setLo(p, s.lo[p]+1, stageProbe)
			} else {
				s.setHi(p, s.hi[p]-1, stageProbe)
			}
			if s.fail || !s.propagate() {
				s.clearQueue() // leave no failure flag behind
				return false
			}
		}
	}
	return true
}

// cutsConnected is the trial form of the potential graph's connectivity
// check (stage bridges finds the same contradiction on the whole grid). At
// the start of a trial the potential graph (pairs with hi > 0) is
// connected, so it is disconnected now exactly when the two ends of some
// pair it lost (s.cut) are no longer joined. Each lost pair is checked by
// two breadth-first searches, one from each end, advanced in turn: they
// stop when they meet, or when one side runs out, which proves that side a
// part of the grid cut off from the rest. The cost is about twice the
// smaller of the detour and the cut-off part, not the whole grid.
func (s *solver) cutsConnected() bool {
	// A trial starts from a state closed under stage bridges, where every
	// bridge of the potential graph has lo >= 1 and so is never lost: one
	// lost pair cannot disconnect it. (Returning true is always sound; it
	// only forgoes a contradiction.)
	if s.rules.AllowDisconnected || len(s.cut) < 2 {
		return true
	}
	for _, p := range s.cut {
		pr := pairEnds{s.pairA[p], s.pairB[p]}
		if s.root(pr.A) == s.root(pr.B) {
			continue // joined by drawn pairs, which stay in the potential graph
		}
		if s.visStamp >= ^uint32(0)-2 {
			clear(s.vis)
			s.visStamp = 0
		}
		sa, sb := s.visStamp+1, s.visStamp+2
		s.visStamp += 2
		s.vis[pr.A], s.vis[pr.B] = sa, sb
		qa := append(s.qa[:0], pr.A)
		qb := append(s.qb[:0], pr.B)
		ia, ib := 0, 0
		met := false
		for !met {
			if ia == len(qa) || ib == len(qb) {
				s.qa, s.qb = qa, qb
				return false // one side is closed off
			}
			// Advance the side with the smaller frontier by one node.
			if len(qa)-ia <= len(qb)-ib {
				qa, met = s.expand(qa, qa[ia], sa, sb)
				ia++
			} else {
				qb, met = s.expand(qb, qb[ib], sb, sa)
				ib++
			}
		}
		s.qa, s.qb = qa, qb
	}
	return true
}

// expand takes node v off the queue q of the search whose visited nodes
// carry stamp mine: it appends v's unvisited neighbours over pairs that may
// still carry a bridge (hi > 0), stamped, and reports whether a neighbour
// carries the other search's stamp (the two searches met).
func (s *solver) expand(q []int32, v int32, mine, other uint32) ([]int32, bool) {
	for k := s.adjOff[v]; k < s.adjOff[v+1]; k++ {
		if s.hi[s.adjPair[k]] == 0 {
			continue
		}
		w := s.adjNbr[k]
		if s.vis[w] == other {
			return q, true
		}
		if s.vis[w] != mine {
			s.vis[w] = mine
			q = append(q, w)
		}
	}
	return q, false
}
