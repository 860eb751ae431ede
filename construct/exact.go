package construct

import "slices"

// bandDP plans a narrow band exactly, for bands where choosing ports a few
// blocks ahead is not enough (the knight on 4 rows: which cells the way out
// uses is fixed in the first block and only the last block shows whether it
// was right). Working backwards from the last block it computes, for every
// block j, the set good_j of states (e, z) from which blocks j..q-1 can all
// be covered; going forwards, each block then takes the first ports whose
// state is good for the next block, so the walk cannot get stuck.
//
// A run of blocks with the same widths maps good sets by the same function,
// so the backward pass stops at a fixed point and the sets are kept per
// change, not per block: memory is O(distinct sets), time O(q) look-ups.
type bandDP struct {
	nw    *narrow
	segs  []dpSeg // good sets, by first block, descending
	moves map[dpMoveKey]narrowStep
}

// dpSeg says that good_j is set for every block j >= from up to the
// previous segment's from.
type dpSeg struct {
	from int
	set  []bool // indexed like the states of block j (dpStates)
}

// dpMoveKey identifies a forward decision: the segment of good_{j+1}, the
// widths around block j and the state.
type dpMoveKey struct {
	seg           int
	wp, w, wn     int16
	e, z          int16
	first, closed bool
}

// dpStates lists the states a block of width w entered from a block of
// width wp can be in: a top entry and a bottom exit across the left side.
func (nw *narrow) dpStates(wp, w int) []narrowStep {
	ps := nw.lib.portsFor(nw.rows, wp, nw.rows, w, sideRight)
	var out []narrowStep
	seen := map[[2]int16]bool{}
	for _, t := range ps {
		for _, b := range ps {
			k := [2]int16{t.y, b.y}
			if t.x == b.x || t.y == b.y || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, narrowStep{e2: t.y, z2: b.y})
		}
	}
	return out
}

// maxDPSegs bounds the good sets kept (a band whose sets never settle).
const maxDPSegs = 4096

// newBandDP runs the backward pass; nil when the first block has no
// state to start from (or the engine's allowance ran out).
func newBandDP(nw *narrow) *bandDP {
	q := nw.cols.len()
	ws := nw.cols.size
	dp := &bandDP{nw: nw, moves: map[dpMoveKey]narrowStep{}}
	// good_{q-1}: the last block has a path from e to z.
	st := nw.dpStates(ws(q-2), ws(q-1))
	good := make([]bool, len(st))
	any := false
	for i, s := range st {
		p := nw.lib.path(pathKey{h: int16(nw.rows), w: int16(ws(q - 1)), a1: s.e2, b1: s.z2}, nw.ef)
		good[i] = p != nil
		any = any || good[i]
	}
	if !any {
		return nil
	}
	dp.segs = append(dp.segs, dpSeg{from: q - 1, set: good})
	for j := q - 2; j >= 1; j-- {
		next := nw.dpStates(ws(j), ws(j+1))
		cur := nw.dpStates(ws(j-1), ws(j))
		set := make([]bool, len(cur))
		any = false
		for i, s := range cur {
			_, set[i] = dp.choose(j, s.e2, s.z2, next, good)
			any = any || set[i]
		}
		if !any || nw.ef.spent() {
			return nil
		}
		same := slices.Equal(set, good) && ws(j-1) == ws(j) && ws(j) == ws(j+1) && j+2 < q && ws(j+2) == ws(j+1)
		good = set
		if same {
			// A fixed point inside a run of equal widths: every block of the
			// run back to its start has the same good set.
			for j > 1 && ws(j-2) == ws(j) {
				j--
			}
			dp.segs[len(dp.segs)-1].from = j
			continue
		}
		dp.segs = append(dp.segs, dpSeg{from: j, set: set})
		if len(dp.segs) > maxDPSegs {
			return nil
		}
	}
	// The first block needs one choice into a good state of block 1.
	if _, ok := dp.step(0, free, free); !ok {
		return nil
	}
	return dp
}

// seg returns the index of the segment holding good_j.
func (dp *bandDP) seg(j int) int {
	// segs are by descending from; the first with from <= j.
	i, _ := slices.BinarySearchFunc(dp.segs, j, func(s dpSeg, j int) int {
		switch {
		case s.from > j:
			return -1
		case s.from < j:
			return 1
		}
		return 0
	})
	if i < len(dp.segs) && dp.segs[i].from <= j {
		return i
	}
	return len(dp.segs) - 1
}

// choose finds ports for block j in state (e, z) whose next state is in
// good (indexed like next), returning the block's cover.
func (dp *bandDP) choose(j int, e, z int16, next []narrowStep, good []bool) (narrowStep, bool) {
	nw := dp.nw
	h, w := int16(nw.rows), int16(nw.cols.size(j))
	idx := make(map[[2]int16]int, len(next))
	for i, s := range next {
		idx[[2]int16{s.e2, s.z2}] = i
	}
	ps := nw.lib.portsFor(nw.rows, nw.cols.size(j), nw.rows, nw.cols.size(j+1), sideRight)
	for _, t := range ps {
		if (e != free && t.x == e) || t.x == z {
			continue
		}
		for _, b := range ps {
			if b.x == t.x || b.y == t.y || b.x == e || b.x == z {
				continue
			}
			i, ok := idx[[2]int16{t.y, b.y}]
			if !ok || !good[i] {
				continue
			}
			var p *blockPath
			switch {
			case j == 0 && nw.open:
				p = nw.lib.path(pathKey{h: h, w: w, kind: kindTwo, a1: free, b1: t.x, a2: b.x, b2: free}, nw.ef)
			case j == 0:
				p = nw.lib.path(pathKey{h: h, w: w, a1: b.x, b1: t.x}, nw.ef)
			default:
				p = nw.lib.path(pathKey{h: h, w: w, kind: kindTwo, a1: e, b1: t.x, a2: b.x, b2: z}, nw.ef)
			}
			if p != nil {
				return narrowStep{path: p, e2: t.y, z2: b.y}, true
			}
		}
	}
	return narrowStep{}, false
}

// step is the forward decision for block j in state (e, z).
func (dp *bandDP) step(j int, e, z int16) (narrowStep, bool) {
	nw := dp.nw
	q := nw.cols.len()
	if j == q-1 {
		p := nw.lib.path(pathKey{h: int16(nw.rows), w: int16(nw.cols.size(j)), a1: e, b1: z}, nw.ef)
		return narrowStep{path: p, e2: free, z2: free}, p != nil
	}
	si := dp.seg(j + 1)
	key := dpMoveKey{seg: si, w: int16(nw.cols.size(j)), wn: int16(nw.cols.size(j + 1)), e: e, z: z, first: j == 0}
	if j > 0 {
		key.wp = int16(nw.cols.size(j - 1))
	}
	if s, ok := dp.moves[key]; ok {
		return s, s.path != nil
	}
	next := nw.dpStates(nw.cols.size(j), nw.cols.size(j+1))
	s, _ := dp.choose(j, e, z, next, dp.segs[si].set)
	dp.moves[key] = s
	return s, s.path != nil
}
