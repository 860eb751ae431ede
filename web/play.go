package web

// Hidato-style play on leaper boards: the player writes numbers in any
// order around the givens. This file checks such a position (the live
// errors the page marks) and reveals cells from a verified solution; the
// next step a person can see (hints in plain words, a ladder: where to
// look, why, then the number) comes from package hidato's Hinter, the same
// stages that grade the puzzle (playstep.go carries the request and the
// words).
//
// The live check uses the distance and dead-end rules of package hidato's
// StageReach and StageDeadEnds, cut down to what one sentence can justify:
// a free cell no missing number can reach, or a number with no cell left,
// shows that a number written is wrong. They are pure functions of the
// position (no goroutines, no files), so the page's engine gives the same
// answers behind "boardgraph serve" and in WebAssembly.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/hidato"
)

// PlayRequest is a Hidato-style position: the board (a size spec or a text
// map whose numbers are the givens), the move spec, and the numbers the
// player has written, one entry per board cell in row-major order (0 for
// none; a given's cell holds 0 or its given). An empty Grid is an empty
// position. All asks leaper/reveal for the whole solution.
type PlayRequest struct {
	Board string  `json:"board"`
	Moves string  `json:"moves"`
	Grid  []int32 `json:"grid"`
	All   bool    `json:"all,omitempty"`
	// Marks are the pencil marks of each board cell (row-major; nil or
	// empty lists for none). leaper/step counts marks that leave out a
	// cell's true number as mistakes, after the numbers.
	Marks [][]int32 `json:"marks,omitempty"`
}

// position is a validated Hidato-style position. Inside, cells are the
// board graph's vertices (open cells, row-major); numbers run 1..n.
type position struct {
	L     *leaper
	n     int32
	num   []int32   // per vertex: the number written or given there, 0 if free
	given []bool    // per vertex
	at    [][]int32 // at[k]: the vertices holding k (more than one: repeated)
	side  []int8    // the board graph's 2-colouring, nil if it has none
}

// playInput builds a position from a request.
func playInput(req *PlayRequest, maxCells int) (*position, error) {
	L, err := leaperInput(&LeaperRequest{Board: req.Board, Moves: req.Moves}, maxCells)
	if err != nil {
		return nil, err
	}
	b, bg := L.b, L.bg
	n := int32(bg.N())
	if len(req.Grid) != 0 && len(req.Grid) != b.Cells() {
		return nil, badf("grid: %d entries for a %s board of %d cells; send one number per cell (0 for empty)", len(req.Grid), b.Spec(), b.Cells())
	}
	p := &position{L: L, n: n, num: make([]int32, n), given: make([]bool, n), at: make([][]int32, n+2)}
	for v, c := range bg.CellOf {
		if g := b.Given(c); g > 0 {
			p.num[v], p.given[v] = g, true
		}
	}
	for c, x := range req.Grid {
		if x == 0 {
			continue
		}
		name := cellLabel(b.Cols, int32(c))
		if x < 0 || x > n {
			return nil, badf("grid: cell %s holds %d; the numbers run from 1 to %d", name, x, n)
		}
		v := bg.VertexOf[c]
		if v < 0 {
			return nil, badf("grid: cell %s is blocked and cannot hold a number", name)
		}
		if p.given[v] && p.num[v] != x {
			return nil, badf("grid: cell %s holds the given %d; it cannot be changed to %d", name, p.num[v], x)
		}
		p.num[v] = x
	}
	for v, k := range p.num {
		if k > 0 {
			p.at[k] = append(p.at[k], int32(v))
		}
	}
	if side, ok := bg.Bipartition(); ok {
		p.side = side
	}
	return p, nil
}

// cellLabel names a board cell as the page's labels do: column letters
// (A..Z, then AA, AB, ...), then row number counted from 1 ("C7" is row 7,
// column 3); package hidato's hints name cells the same way.
func cellLabel(cols int, cell int32) string { return hidato.CellName(cols, cell) }

func (p *position) name(v int32) string { return cellLabel(p.L.b.Cols, p.L.bg.CellOf[v]) }

func (p *position) adjacent(u, v int32) bool { return slices.Contains(p.L.bg.Neighbors(u), v) }

// cellOf returns the one vertex holding k, or -1 (k missing or repeated).
func (p *position) cellOf(k int32) int32 {
	if k < 1 || k > p.n || len(p.at[k]) != 1 {
		return -1
	}
	return p.at[k][0]
}

// PlayError is one mistake the page marks.
type PlayError struct {
	// Kind: "repeat" (a number written twice), "apart" (consecutive numbers
	// not one move apart), "unreachable" (a free cell no missing number can
	// reach), "nowhere" (a missing number with no cell left).
	Kind  string  `json:"kind"`
	Cells []int32 `json:"cells"` // board cells
	Text  string  `json:"text"`
}

// mistakes lists what is wrong in the position on its face: repeated
// numbers and consecutive numbers not one move apart, then (when there is
// neither) what the candidates show: free cells no number can reach and
// numbers with no cell left.
func (p *position) mistakes(c *cands) []PlayError {
	var out []PlayError
	for k := int32(1); k <= p.n; k++ {
		if vs := p.at[k]; len(vs) > 1 {
			names := make([]string, len(vs))
			for i, v := range vs {
				names[i] = p.name(v)
			}
			out = append(out, PlayError{"repeat", p.L.bg.Cells(vs), fmt.Sprintf("%d is written twice (%s): each number goes in one cell", k, strings.Join(names, " and "))})
		}
	}
	for k := int32(1); k < p.n; k++ {
		u, v := p.cellOf(k), p.cellOf(k+1)
		if u >= 0 && v >= 0 && !p.adjacent(u, v) {
			text := fmt.Sprintf("%d at %s and %d at %s are not one %s move apart", k, p.name(u), k+1, p.name(v), p.L.ms.Name)
			if p.given[u] && p.given[v] {
				text = "the givens " + text + ", so this puzzle has no solution"
			}
			out = append(out, PlayError{"apart", p.L.bg.Cells([]int32{u, v}), text})
		}
	}
	if len(out) > 0 || c == nil {
		return out
	}
	for v := range p.n {
		if p.num[v] == 0 && c.cellCount[v] == 0 {
			out = append(out, PlayError{"unreachable", p.L.bg.Cells([]int32{v}), fmt.Sprintf("no missing number can reach %s: a number around it is wrong", p.name(v))})
		}
	}
	for k := int32(1); k <= p.n; k++ {
		if len(p.at[k]) == 0 && c.count[k] == 0 {
			out = append(out, PlayError{"nowhere", p.L.bg.Cells(c.around(k)), fmt.Sprintf("there is no free cell left for %d: a number near it is wrong", k)})
		}
	}
	return out
}

// cands are the candidate cells of every missing number, by the rules a
// person applies: k lies within k-a moves of the nearest number a below it
// and b-k moves of the nearest number b above it, counting moves through
// free cells (StageReach (a): the breadth-first layers); on a board whose
// moves keep a 2-colouring, on the colour those distances' parity demands
// (StageColour); and a free cell with at most one neighbour the path can
// still use holds 1 or n (StageDeadEnds, Proposition II.1's degree
// argument).
type cands struct {
	p         *position
	lo, hi    []int32 // per number: the nearest placed number below/above (0 / n+1 if none)
	dist      map[int32][]int32
	dLo, dHi  [][]int32 // per missing number: the distances from lo's and hi's cells (nil if none)
	limit     map[int32]int32
	endOnly   []bool    // per vertex: a dead end, only 1 or n fit
	usable    [][]int32 // per dead-end vertex: its usable neighbours
	count     []int32   // per number: how many candidate cells
	first     []int32   // per number: one candidate
	cellCount []int32   // per vertex: how many missing numbers may go there
	cellFirst []int32   // per vertex: one of them
}

// distFrom returns the moves from vertex s to every vertex through free
// cells (s itself may be placed), -1 where unreachable or farther than
// c.limit[s] (the longest gap s bounds); cached.
func (c *cands) distFrom(s int32) []int32 {
	if d, ok := c.dist[s]; ok {
		return d
	}
	p := c.p
	d := make([]int32, p.n)
	for i := range d {
		d[i] = -1
	}
	d[s] = 0
	queue := []int32{s}
	limit := c.limit[s]
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		if d[u] >= limit {
			continue
		}
		for _, w := range p.L.bg.Neighbors(u) {
			if d[w] < 0 && p.num[w] == 0 {
				d[w] = d[u] + 1
				queue = append(queue, w)
			}
		}
	}
	c.dist[s] = d
	return d
}

// fits reports whether missing number k may go on free vertex v.
func (c *cands) fits(k, v int32) bool {
	p := c.p
	if p.num[v] != 0 {
		return false
	}
	if c.endOnly[v] && k != 1 && k != p.n {
		return false
	}
	for i, a := range [2]int32{c.lo[k], c.hi[k]} {
		if a == 0 || a == p.n+1 {
			continue
		}
		u := p.cellOf(a)
		gap := k - a
		if gap < 0 {
			gap = -gap
		}
		dist := c.dLo[k]
		if i == 1 {
			dist = c.dHi[k]
		}
		d := dist[v]
		if d < 0 || d > gap {
			return false
		}
		if p.side != nil && (p.side[v] != p.side[u]) != (gap%2 == 1) {
			return false
		}
	}
	return true
}

// list returns the candidate vertices of k.
func (c *cands) list(k int32) []int32 {
	var out []int32
	for v := range c.p.n {
		if c.fits(k, v) {
			out = append(out, v)
		}
	}
	return out
}

// around returns the placed neighbours in sequence of number k (the cells
// that bound it), for marking.
func (c *cands) around(k int32) []int32 {
	var out []int32
	for _, a := range [2]int32{c.lo[k], c.hi[k]} {
		if u := c.p.cellOf(a); u >= 0 {
			out = append(out, u)
		}
	}
	return out
}

// candidates computes every missing number's candidates. It assumes no
// number is repeated (mistakes reports those first). The cost is
// O(missing numbers * open cells) plus one breadth-first search per placed
// number that bounds a gap.
func (p *position) candidates() *cands {
	n := p.n
	c := &cands{p: p, lo: make([]int32, n+2), hi: make([]int32, n+2), dist: map[int32][]int32{},
		endOnly: make([]bool, n), usable: make([][]int32, n),
		count: make([]int32, n+2), first: make([]int32, n+2), cellCount: make([]int32, n), cellFirst: make([]int32, n)}
	last := int32(0)
	for k := int32(1); k <= n; k++ {
		c.lo[k] = last
		if len(p.at[k]) > 0 {
			last = k
		}
	}
	last = n + 1
	for k := n; k >= 1; k-- {
		c.hi[k] = last
		if len(p.at[k]) > 0 {
			last = k
		}
	}
	// A neighbour u of a free cell is usable when it is free, or when the
	// number on it still lacks its predecessor or successor.
	missing := func(k int32) bool { return k >= 1 && k <= n && len(p.at[k]) == 0 }
	if n >= 3 {
		for v := range n {
			if p.num[v] != 0 {
				continue
			}
			var use []int32
			for _, u := range p.L.bg.Neighbors(v) {
				if k := p.num[u]; k == 0 || missing(k-1) || missing(k+1) {
					use = append(use, u)
				}
			}
			if len(use) <= 1 {
				c.endOnly[v], c.usable[v] = true, use
			}
		}
	}
	for i := range c.cellFirst {
		c.cellFirst[i] = -1
	}
	// The distances each placed number needs: as far as the longest gap
	// it bounds.
	c.limit = map[int32]int32{}
	c.dLo, c.dHi = make([][]int32, n+2), make([][]int32, n+2)
	for k := int32(1); k <= n; k++ {
		if len(p.at[k]) > 0 {
			continue
		}
		if u := p.cellOf(c.lo[k]); u >= 0 {
			c.limit[u] = max(c.limit[u], k-c.lo[k])
		}
		if u := p.cellOf(c.hi[k]); u >= 0 {
			c.limit[u] = max(c.limit[u], c.hi[k]-k)
		}
	}
	for k := int32(1); k <= n; k++ {
		if len(p.at[k]) > 0 {
			continue
		}
		if u := p.cellOf(c.lo[k]); u >= 0 {
			c.dLo[k] = c.distFrom(u)
		}
		if u := p.cellOf(c.hi[k]); u >= 0 {
			c.dHi[k] = c.distFrom(u)
		}
	}
	for k := int32(1); k <= n; k++ {
		c.first[k] = -1
		if len(p.at[k]) > 0 {
			continue
		}
		for v := range n {
			if c.fits(k, v) {
				c.count[k]++
				c.first[k] = v
				c.cellCount[v]++
				c.cellFirst[v] = k
			}
		}
	}
	return c
}

// PlayCheck is the verdict on a position: its mistakes, and whether it is
// complete and right.
type PlayCheck struct {
	Errors []PlayError `json:"errors"`
	Filled int         `json:"filled"`
	Open   int         `json:"open"`
	// Solved is true when every cell is numbered, nothing is wrong and the
	// numbering passed package verify.
	Solved bool   `json:"solved"`
	Reason string `json:"reason"`
}

// playCheck checks a position.
func playCheck(p *position) (*PlayCheck, error) {
	out := &PlayCheck{Errors: []PlayError{}, Open: int(p.n)}
	for _, k := range p.num {
		if k != 0 {
			out.Filled++
		}
	}
	var c *cands
	if len(p.mistakes(nil)) == 0 {
		c = p.candidates()
	}
	out.Errors = append(out.Errors, p.mistakes(c)...)
	switch {
	case len(out.Errors) > 0:
		out.Reason = out.Errors[0].Text
	case out.Filled < out.Open:
		out.Reason = fmt.Sprintf("%d of %d cells numbered", out.Filled, out.Open)
	default:
		path := make([]int32, p.n)
		for k := int32(1); k <= p.n; k++ {
			path[k-1] = p.L.bg.CellOf[p.at[k][0]]
		}
		if err := p.L.verifyPath(path); err != nil {
			out.Reason = "every cell is numbered but the numbering is wrong: " + err.Error()
			return out, nil
		}
		out.Solved = true
		out.Reason = fmt.Sprintf("solved: all %d cells numbered, and the independent verifier accepts the path", p.n)
	}
	return out, nil
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// PlayReveal is a revealed cell (or, with All, the whole solution), taken
// from a solution that passed package verify. When the numbers written
// cannot be completed, Wrong lists the player's cells that differ from a
// solution of the givens.
type PlayReveal struct {
	Status string  `json:"status"` // "reveal", "wrong", "none" (the givens have no solution), "unknown"
	Cell   int32   `json:"cell"`
	Number int32   `json:"number"`
	Grid   []int32 `json:"grid,omitempty"` // with All: every cell's number (0 blocked)
	Wrong  []int32 `json:"wrong,omitempty"`
	Reason string  `json:"reason"`
	Millis float64 `json:"ms"`
}

// solveFrom completes the numbers of nums (per vertex, 0 free) with a
// bounded search and returns each vertex's number, verified; nil with
// hamilton.ErrNoSolution when there is none.
func (p *position) solveFrom(ctx context.Context, nums []int32, maxNodes uint64) ([]int32, error) {
	bg := p.L.bg
	prob := hamilton.Problem{G: bg.Graph, Givens: make([]int32, p.n)}
	for v, k := range nums {
		prob.Givens[v] = k - 1
	}
	if r, err := hamilton.Precheck(&prob); err != nil {
		return nil, badf("%v", err)
	} else if r != nil {
		return nil, hamilton.ErrNoSolution
	}
	sol, _, err := hamilton.Find(ctx, prob, hamilton.Options{Workers: 1, MaxNodes: maxNodes, Rank: bg.CentreRank()})
	if err != nil {
		return nil, err
	}
	path := make([]int32, len(sol))
	out := make([]int32, p.n)
	for i, v := range sol {
		path[i] = bg.CellOf[v]
		out[v] = int32(i + 1)
	}
	if err := p.L.verifyPath(path); err != nil {
		return nil, fmt.Errorf("internal: the solution failed verification: %v", err)
	}
	return out, nil
}

// playReveal reveals one cell (all with all) from a verified solution that
// keeps the player's numbers, or says which of them no solution keeps.
func playReveal(ctx context.Context, p *position, maxNodes uint64, all bool) (*PlayReveal, error) {
	t0 := time.Now()
	h := &PlayReveal{Cell: -1}
	defer func() { h.Millis = float64(time.Since(t0).Microseconds()) / 1000 }()
	undecided := func(err error) bool {
		return errors.Is(err, hamilton.ErrLimit) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
	}
	var sol []int32
	var err error
	if len(p.mistakes(nil)) == 0 {
		sol, err = p.solveFrom(ctx, p.num, maxNodes)
	} else {
		err = hamilton.ErrNoSolution
	}
	switch {
	case undecided(err):
		h.Status, h.Reason = "unknown", "the engine ran out of time looking for a solution from here; erase a few numbers and ask again"
		return h, nil
	case errors.Is(err, hamilton.ErrNoSolution):
		givens := make([]int32, p.n)
		for v, k := range p.num {
			if p.given[v] {
				givens[v] = k
			}
		}
		ref, err := p.solveFrom(ctx, givens, maxNodes)
		switch {
		case undecided(err):
			h.Status, h.Reason = "unknown", "the numbers written cannot all be right, but the engine ran out of time finding which"
			return h, nil
		case errors.Is(err, hamilton.ErrNoSolution):
			h.Status, h.Reason = "none", "this puzzle has no solution: its givens cannot be joined into one path"
			return h, nil
		case err != nil:
			return nil, err
		}
		var names []string
		for v, k := range p.num {
			if k != 0 && !p.given[v] && ref[v] != k {
				h.Wrong = append(h.Wrong, p.L.bg.CellOf[v])
				names = append(names, fmt.Sprintf("%d at %s", k, p.name(int32(v))))
			}
		}
		h.Status = "wrong"
		h.Reason = fmt.Sprintf("no solution keeps every number written: the solution puts something else where you wrote %s", strings.Join(names, ", "))
		return h, nil
	case err != nil:
		return nil, err
	}
	if all {
		h.Status, h.Grid = "reveal", make([]int32, p.L.b.Cells())
		for v, k := range sol {
			h.Grid[p.L.bg.CellOf[v]] = k
		}
		h.Reason = "solved from here; the path passed the independent verifier"
		return h, nil
	}
	// Reveal the free cell whose number joins a number already written
	// and has the fewest candidates: the most useful single cell.
	c := p.candidates()
	best, bestCount := int32(-1), int32(1<<30)
	for v := range p.n {
		if p.num[v] != 0 {
			continue
		}
		k := sol[v]
		score := c.count[k]
		if len(p.at[max(k-1, 1)]) == 0 && len(p.at[min(k+1, p.n)]) == 0 {
			score += p.n
		}
		if score < bestCount {
			best, bestCount = v, score
		}
	}
	if best < 0 {
		h.Status, h.Reason = "reveal", "every cell is numbered already"
		return h, nil
	}
	h.Status, h.Cell, h.Number = "reveal", p.L.bg.CellOf[best], sol[best]
	h.Reason = fmt.Sprintf("revealed: %d goes at %s (from a solution the independent verifier accepts)", sol[best], p.name(best))
	return h, nil
}

func (s *Engine) play(body []byte) (*PlayRequest, *position, error) {
	var req PlayRequest
	if err := decodeJSON(body, &req); err != nil {
		return nil, nil, err
	}
	p, err := playInput(&req, s.maxCells)
	return &req, p, err
}

func (s *Engine) leaperCheckH(_ context.Context, body []byte, _ query) (any, error) {
	_, p, err := s.play(body)
	if err != nil {
		return nil, err
	}
	return playCheck(p)
}

func (s *Engine) leaperStepH(ctx context.Context, body []byte, _ query) (any, error) {
	req, p, err := s.play(body)
	if err != nil {
		return nil, err
	}
	return s.playStep(ctx, p, req.Marks)
}

func (s *Engine) leaperRevealH(ctx context.Context, body []byte, _ query) (any, error) {
	req, p, err := s.play(body)
	if err != nil {
		return nil, err
	}
	return playReveal(ctx, p, s.hintNodes*10, req.All)
}
