package hidato

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// words turns a deduction into a step a person reads: the claims each
// struck cell rests on, grouped into a few sentences. Cells are named as
// the page labels them: column letters, then the row from 1 ("C7").
type words struct {
	h    *Hinter
	m    *model
	nums []int32 // per vertex: the 0-based number in the position, -1 free
	at   []int32 // per number: its vertex in the position, -1 missing
}

func (h *Hinter) words(nums []int32) *words {
	w := &words{h: h, m: h.m, nums: nums, at: make([]int32, h.m.n)}
	for i := range w.at {
		w.at[i] = -1
	}
	for v, k := range nums {
		if k >= 0 {
			w.at[k] = int32(v)
		}
	}
	return w
}

// CellName names a board cell as the page labels it: the column as letters
// (A..Z, AA, ...), then the row counted from 1 ("C7": row 7, column 3).
func CellName(cols int, cell int32) string {
	s := ""
	for c := int(cell)%cols + 1; c > 0; c = (c - 1) / 26 {
		s = string(rune('A'+(c-1)%26)) + s
	}
	return fmt.Sprintf("%s%d", s, int(cell)/cols+1)
}

func (w *words) name(v int) string { return CellName(w.h.p.Board.Cols, w.m.bg.CellOf[v]) }

// names lists vertices in words: "A1", "A1 and B2", "A1, B2 and C3".
func (w *words) names(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = w.name(v)
	}
	return join(s)
}

func join(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func (w *words) cells(vs []int) []int32 {
	out := make([]int32, len(vs))
	for i, v := range vs {
		out[i] = w.m.bg.CellOf[v]
	}
	return out
}

// members lists the vertices of a set.
func members(a []uint64) []int {
	var out []int
	for i, x := range a {
		for ; x != 0; x &= x - 1 {
			out = append(out, i*64+trailing(x))
		}
	}
	return out
}

// freeDist returns the moves from vertex s to every free vertex of the
// position through free vertices (s itself may hold a number), -1 where
// none leads; the search stops at limit moves.
func (w *words) freeDist(s, limit int) []int32 {
	d := make([]int32, w.m.n)
	for i := range d {
		d[i] = -1
	}
	d[s] = 0
	queue := []int{s}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		if int(d[u]) >= limit {
			continue
		}
		for _, x := range w.m.bg.Neighbors(int32(u)) {
			if d[x] < 0 && w.nums[x] < 0 {
				d[x] = d[u] + 1
				queue = append(queue, int(x))
			}
		}
	}
	return d
}

// bounds returns the nearest numbers below and above k in the position
// (-1 where none).
func (w *words) bounds(k int) (lo, hi int) {
	lo, hi = -1, -1
	for a := k - 1; a >= 0; a-- {
		if w.at[a] >= 0 {
			lo = a
			break
		}
	}
	for b := k + 1; b < w.m.n; b++ {
		if w.at[b] >= 0 {
			hi = b
			break
		}
	}
	return lo, hi
}

// distanceClaim is the distance rule for missing number k (StageReach
// (a) from the numbers written, the breadth-first layers): k lies within
// k-lo moves of the nearest number lo below it and hi-k of the nearest hi
// above, through free cells, on the colour the gaps' parity demands when
// the moves change colour. It returns nil when no number is written.
func (w *words) distanceClaim(k int) *Claim {
	lo, hi := w.bounds(k)
	if lo < 0 && hi < 0 {
		return nil
	}
	c := &Claim{Rule: "distance", Number: int32(k + 1), Stage: StageForced}
	ok := make([]bool, w.m.n)
	for v := range ok {
		ok[v] = w.nums[v] < 0
	}
	for _, a := range [2]int{lo, hi} {
		if a < 0 {
			continue
		}
		gap := k - a
		if gap < 0 {
			gap = -gap
		}
		if gap > 1 {
			c.Stage = StageReach
		}
		u := int(w.at[a])
		dist := w.freeDist(u, gap)
		for v := range ok {
			if dist[v] < 0 || int(dist[v]) > gap {
				ok[v] = false
			} else if w.m.colour != nil && (w.m.colour[v] != w.m.colour[u]) != (gap%2 == 1) {
				c.Parity = c.Parity || ok[v]
				ok[v] = false
			}
		}
		c.From = append(c.From, w.m.bg.CellOf[u])
		c.Gaps = append(c.Gaps, int32(gap))
		c.Numbers = append(c.Numbers, int32(a+1))
	}
	for v, o := range ok {
		if o {
			c.Cells = append(c.Cells, w.m.bg.CellOf[v])
		}
	}
	return c
}

// distanceSentence words a distance claim; with leaves it names the cells
// that are left.
func (w *words) distanceSentence(c *Claim, leaves bool) string {
	b := w.h.p.Board
	k := c.Number
	var s string
	at := func(i int) string { return CellName(b.Cols, c.From[i]) }
	switch {
	case len(c.Gaps) == 2 && c.Gaps[0] == 1 && c.Gaps[1] == 1:
		s = fmt.Sprintf("%d comes between %d at %s and %d at %s, so it is one move from both.", k, c.Numbers[0], at(0), c.Numbers[1], at(1))
	default:
		var parts []string
		for i, g := range c.Gaps {
			if g == 1 {
				rel := "after"
				if c.Numbers[i] > k {
					rel = "before"
				}
				parts = append([]string{fmt.Sprintf("comes right %s %d at %s, so it is one move from it", rel, c.Numbers[i], at(i))}, parts...)
			} else {
				parts = append(parts, fmt.Sprintf("within %d moves of %d at %s", g, c.Numbers[i], at(i)))
			}
		}
		if len(parts) == 2 && !strings.HasPrefix(parts[0], "comes") {
			s = fmt.Sprintf("%d must be %s and %s, moving through free cells.", k, parts[0], parts[1])
		} else if len(parts) == 2 {
			s = fmt.Sprintf("%d %s, and %s through free cells.", k, parts[0], parts[1])
		} else if strings.HasPrefix(parts[0], "comes") {
			s = fmt.Sprintf("%d %s.", k, parts[0])
		} else {
			s = fmt.Sprintf("%d must be %s, moving through free cells.", k, parts[0])
		}
	}
	if c.Parity {
		// Every move changes colour: an odd gap ends on the other colour.
		s = strings.TrimSuffix(s, ".") + ", and on the colour the gaps allow (every move changes colour)."
	}
	if !leaves {
		return s
	}
	names := make([]string, len(c.Cells))
	for i, x := range c.Cells {
		names[i] = CellName(b.Cols, x)
	}
	switch len(names) {
	case 0:
		return s + " No free cell is left for it."
	case 1:
		return s + " The only free cell that fits is " + names[0] + "."
	}
	if len(names) > 8 {
		return s + fmt.Sprintf(" That leaves %d free cells.", len(names))
	}
	return s + " That leaves " + join(names) + "."
}

// usable lists the neighbours of free vertex v that the path can still
// use in s (StageDeadEnds): free cells, and placed cells whose number's
// predecessor or successor may still lie on v.
func (w *words) usable(s *state, v int) []int {
	_, at := s.placed()
	n := w.m.n
	var out []int
	for _, u := range w.m.bg.Neighbors(int32(v)) {
		k := int(at[u])
		if k < 0 || (k > 0 && has(s.d(k-1), v)) || (k+1 < n && has(s.d(k+1), v)) {
			out = append(out, int(u))
		}
	}
	return out
}

// why returns the claim by which event e of d struck vertex c from the
// candidates of k, worked out again from the sets before the event.
func (w *words) why(ctx context.Context, d *deduction, e, k, c int) Claim {
	ev := d.events[e]
	bs := d.stateAt(e)
	m := w.m
	n := m.n
	cl := Claim{Number: int32(k + 1), Cells: []int32{m.bg.CellOf[c]}, Stage: ev.stage}
	if ev.stage == StageLookahead {
		t := bs.clone()
		t.assign(k, c)
		cause, ok := w.contradiction(ctx, t, k, c)
		if !ok {
			cause = "a chain of further trials would end in a contradiction"
		}
		cl.Rule, cl.Cause = "lookahead", cause
		return cl
	}
	// support: a neighbour in the sequence has no candidate one move away.
	if ev.stage != StageDeadEnds {
		for _, r := range [2]int{k - 1, k + 1} {
			if r < 0 || r >= n || intersects(bs.d(r), m.neighbours(c)) {
				continue
			}
			cl.Rule, cl.Ref = "support", int32(r+1)
			cl.From = w.cells(members(bs.d(r)))
			return cl
		}
	}
	switch ev.stage {
	case StageForced:
		// (d): the cell k took can hold no other number.
		after := d.domAfter(e)[k*m.w : (k+1)*m.w]
		if count(after) == 1 {
			u := first(after)
			cl.Rule, cl.From = "only-one", []int32{m.bg.CellOf[u]}
			return cl
		}
	case StageDeadEnds:
		if us := w.usable(bs, c); len(us) <= 1 {
			cl.Rule, cl.From = "dead-end", w.cells(us)
			return cl
		}
		if k > 0 && k+1 < n {
			// The rule runs k upwards, so it saw k-1's set as this event
			// left it and k+1's between the two: try both for each (every
			// one of them is a fact about the position).
			after := d.domAfter(e)
			set := func(dom []uint64, j int) []uint64 { return andSet(dom[j*m.w:(j+1)*m.w], m.neighbours(c)) }
			for _, pd := range [2][]uint64{after, bs.dom} {
				for _, nd := range [2][]uint64{bs.dom, after} {
					p, q := set(pd, k-1), set(nd, k+1)
					if count(p) == 1 && slices.Equal(p, q) {
						cl.Rule, cl.From = "squeeze", []int32{m.bg.CellOf[first(p)]}
						return cl
					}
				}
			}
		}
	case StageReach, StageColour:
		mask, _ := bs.placed()
		regs := m.regions(mask)
		if ev.stage == StageReach {
			a, b := k, k
			for a > 0 && bs.sz[a-1] != 1 {
				a--
			}
			for b+1 < n && bs.sz[b+1] != 1 {
				b++
			}
			for _, r := range regs {
				if !has(r, c) {
					continue
				}
				fits := count(r) >= b-a+1
				for j := a; j <= b; j++ {
					if !intersects(bs.d(j), r) {
						fits = false
					}
				}
				if !fits {
					cl.Rule, cl.From, cl.Numbers = "region", w.cells(members(r)), []int32{int32(a + 1), int32(b + 1)}
					return cl
				}
			}
		}
		sets := regs
		if ev.stage == StageColour && m.colour != nil {
			sets = nil
			for _, r := range regs {
				for col := range 2 {
					sets = append(sets, andSet(r, m.cmask[col]))
				}
			}
		}
		for _, r := range sets {
			if has(r, c) || !intersects(bs.d(k), r) {
				continue
			}
			var ks []int32
			for j := range n {
				if bs.sz[j] != 1 && intersects(bs.d(j), r) {
					ks = append(ks, int32(j+1))
				}
			}
			if len(ks) == count(r) && slices.Contains(ks, int32(k+1)) {
				cl.Rule, cl.From, cl.Numbers = "hall", w.cells(members(r)), ks
				return cl
			}
		}
		if ev.stage == StageColour {
			// naked pair: two numbers confined to the same two cells.
			for i := range n {
				if i == k || bs.sz[i] != 2 || !has(bs.d(i), c) {
					continue
				}
				for j := i + 1; j < n; j++ {
					if j != k && slices.Equal(bs.d(i), bs.d(j)) {
						cl.Rule, cl.From, cl.Numbers = "pair", w.cells(members(bs.d(i))), []int32{int32(i + 1), int32(j + 1)}
						return cl
					}
				}
			}
			// hidden pair: two cells only the same two numbers can take.
			who := func(v int) []int32 {
				var out []int32
				for j := range n {
					if bs.sz[j] != 1 && has(bs.d(j), v) {
						out = append(out, int32(j+1))
					}
				}
				return out
			}
			for _, u := range members(bs.d(k)) {
				wu := who(u)
				if u == c || len(wu) != 2 || !slices.Contains(wu, int32(k+1)) {
					continue
				}
				for _, x := range members(bs.d(k)) {
					if x != u && x != c && slices.Equal(who(x), wu) {
						cl.Rule, cl.From, cl.Numbers = "hall", w.cells([]int{u, x}), wu
						return cl
					}
				}
			}
		}
	}
	cl.Rule = "other"
	return cl
}

func andSet(a, b []uint64) []uint64 {
	out := make([]uint64, len(a))
	for i := range a {
		out[i] = a[i] & b[i]
	}
	return out
}

// contradiction propagates the trial state t (number k just put on v) by
// the stages below lookahead and words the contradiction it reaches, as
// the end of "if k went to v, ...". It reports false when none follows.
func (w *words) contradiction(ctx context.Context, t *state, k, v int) (string, bool) {
	rules := [...]func() bool{t.ruleForced, t.ruleDeadEnds, t.ruleReach, t.ruleColour}
	rounds := 0
	var used Stage
	for !t.bad {
		if ctx.Err() != nil {
			return "", false
		}
		rounds++
		changed := false
		for i, r := range rules {
			if r() || t.bad {
				used = max(used, Stage(i+1))
				changed = true
				break
			}
		}
		if !changed || rounds > 4*w.m.n {
			break
		}
	}
	if !t.bad && !(t.solved() && !t.validPath()) {
		return "", false
	}
	then := ""
	if rounds > 1 || used > StageForced {
		then = "following the numbers on from there, "
	}
	for j := range w.m.n {
		if t.sz[j] == 0 {
			if rounds == 1 && (j == k+1 || j == k-1) {
				return fmt.Sprintf("%d would have no possible cell one move away", j+1), true
			}
			return then + fmt.Sprintf("%d would have no cell left", j+1), true
		}
	}
	var once []uint64
	once = make([]uint64, w.m.w)
	for j := range w.m.n {
		for i, x := range t.d(j) {
			once[i] |= x
		}
	}
	for i := range once {
		if x := w.m.all[i] &^ once[i]; x != 0 {
			return then + fmt.Sprintf("no number could go at %s", w.name(i*64+trailing(x))), true
		}
	}
	_, at := t.placed()
	_ = at
	return then + "the free cells could not all be numbered (more cells than numbers that can reach them somewhere)", true
}

// place words the step that writes d.k at d.v.
func (w *words) place(d *deduction) *Step {
	ctx := context.Background()
	k, v := d.k, d.v
	m := w.m
	st := &Step{Kind: StepPlace, Cell: m.bg.CellOf[v], Number: int32(k + 1)}
	var sentences []string
	var base []int // the cells the distance rule leaves
	if dc := w.distanceClaim(k); dc != nil {
		st.Claims = append(st.Claims, *dc)
		st.Stage = max(st.Stage, dc.Stage)
		sentences = append(sentences, w.distanceSentence(dc, true))
		for _, c := range dc.Cells {
			base = append(base, int(m.bg.VertexOf[c]))
		}
	} else {
		for u := range m.n {
			if w.nums[u] < 0 {
				base = append(base, u)
			}
		}
	}
	var rest []Claim
	onlyOne := false
	for _, c := range base {
		if c == v {
			continue
		}
		e := d.struckAt(k, c)
		if e < 0 {
			continue // not a candidate from the start (a bug to reach here)
		}
		cl := w.why(ctx, d, e, k, c)
		if cl.Rule == "only-one" {
			onlyOne = true
			continue
		}
		rest = append(rest, cl)
	}
	rest = mergeClaims(rest)
	for _, cl := range rest {
		st.Claims = append(st.Claims, cl)
		st.Stage = max(st.Stage, cl.Stage)
	}
	sentences = append(sentences, w.sentences(rest)...)
	if onlyOne || len(base) == 0 {
		// StageForced (d): v can hold no other missing number.
		var others []int
		var oc []Claim
		for j := range m.n {
			if j == k || w.at[j] >= 0 {
				continue
			}
			dj := w.distanceClaim(j)
			if dj != nil && !slices.Contains(dj.Cells, m.bg.CellOf[v]) {
				continue // too far
			}
			others = append(others, j)
			if e := d.struckAt(j, v); e >= 0 {
				oc = append(oc, w.why(ctx, d, e, j, v))
			}
		}
		st.Claims = append(st.Claims, Claim{Rule: "only-one", Number: int32(k + 1), Cells: []int32{m.bg.CellOf[v]}, Stage: StageForced})
		for _, cl := range oc {
			st.Claims = append(st.Claims, cl)
			st.Stage = max(st.Stage, cl.Stage)
		}
		s := fmt.Sprintf("%s must hold one of the missing numbers, and every other one is too far from the numbers written before and after it", w.name(v))
		if len(others) > 0 {
			s += " or ruled out there"
		}
		sentences = append(sentences, s+".")
		oc = mergeClaims(oc)
		if len(oc) <= 2 && len(rest) <= 1 {
			sentences = append(sentences, w.sentences(oc)...)
		}
		sentences = append(sentences, fmt.Sprintf("So %s holds %d.", w.name(v), k+1))
	} else if len(base) > 1 {
		sentences = append(sentences, fmt.Sprintf("That leaves %s: %d goes there.", w.name(v), k+1))
	} else {
		sentences[len(sentences)-1] = strings.TrimSuffix(sentences[len(sentences)-1], ".") + fmt.Sprintf(": %d goes there.", k+1)
	}
	st.Stage = max(st.Stage, StageForced)
	st.Reason = strings.Join(sentences, " ")
	lo, hi := w.bounds(k)
	var look []string
	for _, a := range [2]int{lo, hi} {
		if a >= 0 {
			look = append(look, fmt.Sprintf("%d (%s)", a+1, w.name(int(w.at[a]))))
			st.LookCells = append(st.LookCells, m.bg.CellOf[w.at[a]])
		}
	}
	if onlyOne || len(look) == 0 {
		st.Look = fmt.Sprintf("Look at %s.", w.name(v))
		st.LookCells = []int32{m.bg.CellOf[v]}
	} else {
		st.Look = "Look at " + strings.Join(look, " and ") + "."
	}
	rules := map[string]bool{}
	var rs []string
	for _, cl := range st.Claims {
		if !rules[cl.Rule] {
			rules[cl.Rule] = true
			rs = append(rs, cl.Rule)
		}
	}
	st.Study = fmt.Sprintf("hardest stage %s (hidato Stage%s); claims: %s; D(%d) = {%s}", st.Stage, stageTitle(st.Stage), strings.Join(rs, ", "), k+1, w.name(v))
	return st
}

func stageTitle(s Stage) string {
	switch s {
	case StageForced:
		return "Forced"
	case StageDeadEnds:
		return "DeadEnds"
	case StageReach:
		return "Reach"
	case StageColour:
		return "Colour"
	}
	return "Lookahead"
}

// mergeClaims joins claims of the same rule and premises about the same
// number into one (their cells together).
func mergeClaims(cs []Claim) []Claim {
	var out []Claim
	for _, c := range cs {
		merged := false
		if c.Rule != "lookahead" {
			for i := range out {
				o := &out[i]
				if o.Rule == c.Rule && o.Number == c.Number && o.Ref == c.Ref && slices.Equal(o.From, c.From) && slices.Equal(o.Numbers, c.Numbers) && o.Stage == c.Stage {
					o.Cells = append(o.Cells, c.Cells...)
					merged = true
					break
				}
			}
		}
		if !merged {
			c.Cells = slices.Clone(c.Cells)
			out = append(out, c)
		}
	}
	return out
}

// sentences words claims, one sentence each, at most four; the rest are
// summed up.
func (w *words) sentences(cs []Claim) []string {
	b := w.h.p.Board
	nm := func(cells []int32) string {
		s := make([]string, len(cells))
		for i, c := range cells {
			s[i] = CellName(b.Cols, c)
		}
		if len(s) > 6 {
			return fmt.Sprintf("%s and %d more cells", strings.Join(s[:5], ", "), len(s)-5)
		}
		return join(s)
	}
	verb := func(cells []int32, one, many string) string {
		if len(cells) == 1 {
			return one
		}
		return many
	}
	var out []string
	var later []int32
	for i, c := range cs {
		if i >= 4 {
			later = append(later, c.Cells...)
			continue
		}
		k := c.Number
		var s string
		switch c.Rule {
		case "support":
			s = fmt.Sprintf("%d can only be at %s, and %s %s not one move from any of those, so %d is not there.", c.Ref, nm(c.From), nm(c.Cells), verb(c.Cells, "is", "are"), k)
			if len(c.From) > 6 {
				s = fmt.Sprintf("%s %s not one move from any cell where %d can still go, so %d is not there.", nm(c.Cells), verb(c.Cells, "is", "are"), c.Ref, k)
			}
			if len(c.From) == 1 {
				s = fmt.Sprintf("%d can only be at %s, and %s %s not one move from it, so %d is not there.", c.Ref, nm(c.From), nm(c.Cells), verb(c.Cells, "is", "are"), k)
			}
		case "dead-end":
			s = fmt.Sprintf("%s %s a dead end (at most one neighbour the path can still use), so only 1 or %d can go there, not %d.", nm(c.Cells), verb(c.Cells, "is", "are each"), w.m.n, k)
		case "squeeze":
			s = fmt.Sprintf("At %s, %d and %d would both need %s, its only neighbour that can hold either, so %d is not at %s.", nm(c.Cells), k-1, k+1, nm(c.From), k, nm(c.Cells))
		case "region":
			s = fmt.Sprintf("%s lie%s in a closed-off group of %d free cells that the missing run %d to %d cannot use (too small, or out of reach of one of them), so %d is not there.", nm(c.Cells), verb(c.Cells, "s", ""), len(c.From), c.Numbers[0], c.Numbers[1], k)
		case "hall":
			s = fmt.Sprintf("The %d cells %s can only be filled by the %d missing numbers %s, so those numbers all go there, and %d is not at %s.", len(c.From), nm(c.From), len(c.Numbers), joinNums(c.Numbers), k, nm(c.Cells))
			if len(c.From) > 6 {
				s = fmt.Sprintf("The closed-off group of %d cells around %s can only be filled by the %d missing numbers %s, so those numbers all go there, and %d is not at %s.", len(c.From), CellName(b.Cols, c.From[0]), len(c.Numbers), joinNums(c.Numbers), k, nm(c.Cells))
			}
		case "pair":
			s = fmt.Sprintf("%s can only be at %s, so no other number goes there: %d is not at %s.", joinNums(c.Numbers), nm(c.From), k, nm(c.Cells))
		case "lookahead":
			s = fmt.Sprintf("If %d went to %s, %s, so %d is not at %s.", k, nm(c.Cells), c.Cause, k, nm(c.Cells))
		case "only-one":
			s = fmt.Sprintf("%s can hold no missing number but %d.", nm(c.Cells), k)
		default:
			s = fmt.Sprintf("%d is ruled out at %s by the %s stage.", k, nm(c.Cells), c.Stage)
		}
		out = append(out, s)
	}
	if len(later) > 0 {
		out = append(out, fmt.Sprintf("%s %s ruled out the same ways.", nm(later), verb(later, "is", "are")))
	}
	return out
}

func joinNums(ks []int32) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = fmt.Sprint(k)
	}
	if len(s) > 8 {
		return fmt.Sprintf("%s to %s", s[0], s[len(s)-1])
	}
	return join(s)
}

// stuck words a position where no stage sees a step.
func (w *words) stuck(*deduction) *Step {
	return &Step{Kind: StepStuck, Cell: -1,
		Look:   "There is no step here that can be seen without trial and error.",
		Reason: "No number is forced by the numbers around it, and no cell has only one number that can reach it. You can reveal one cell (the engine solves the puzzle and checks the solution) or try a number and see where it leads.",
		Study:  "every stage (forced, dead ends, regions, colour counts, lookahead) stalls from here"}
}

// noSolution words a position the stages prove has no solution.
func (w *words) noSolution(d *deduction) *Step {
	st := &Step{Kind: StepNoSolution, Cell: -1, Look: "Look at the numbers written: they cannot all be right.",
		Reason: "The numbers written cannot all be right: following them on, some number is left without a cell. Change or erase a number (Undo takes back the last one).",
		Study:  "the stages reach a contradiction from the position"}
	if len(d.events) > 0 {
		st.Stage = d.events[len(d.events)-1].stage
	}
	return st
}
