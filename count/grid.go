package count

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/shard"
)

// Grid is a board graph whose edges are exactly the orthogonal steps
// between its open cells (moves 1,0, the grid graph, with or without
// blocked cells): CountGrid counts its Hamiltonian paths and cycles by
// a sweep whose frontier never crosses itself.
type Grid struct {
	Rows, Cols int
	// Vertex maps a board cell (row-major) to its vertex, -1 for a
	// blocked cell.
	Vertex []int32
}

// GridOf returns the Grid of bg and true when bg's edges are exactly the
// orthogonal steps between its open cells, whatever its move set was
// called; false otherwise. It takes time linear in the cells.
func GridOf(bg *moves.BoardGraph) (Grid, bool) {
	b := bg.Board
	g := Grid{Rows: b.Rows, Cols: b.Cols, Vertex: bg.VertexOf}
	if len(bg.VertexOf) != b.Rows*b.Cols || bg.N() == 0 {
		return Grid{}, false
	}
	for v, cell := range bg.CellOf {
		r, c := b.RowCol(cell)
		deg := 0
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			u := g.at(r+d[0], c+d[1])
			if u < 0 {
				continue
			}
			if !bg.HasEdge(int32(v), u) {
				return Grid{}, false
			}
			deg++
		}
		if deg != bg.Degree(int32(v)) {
			return Grid{}, false
		}
	}
	return g, true
}

// at returns the vertex of cell (r, c), -1 when blocked or outside.
func (g Grid) at(r, c int) int32 {
	if r < 0 || c < 0 || r >= g.Rows || c >= g.Cols {
		return -1
	}
	return g.Vertex[r*g.Cols+c]
}

// Width returns the frontier of the grid's sweep: the narrow side.
func (g Grid) Width() int { return min(g.Rows, g.Cols) }

// gridSweep is the grid turned so that its rows are at most as long as
// its columns, with the cell kind of every cell up to the last open one.
type gridSweep struct {
	h, w  int
	vert  []int32 // sweep cell (row-major) -> vertex, -1 blocked
	last  int     // the last open cell
	kinds []cellKind
}

// newGridSweep turns g (when it is wider than tall) and works out the
// kinds of its cells for problem p with fixed ends req.
func newGridSweep(g Grid, p *hamilton.Problem, req []int32) *gridSweep {
	s := &gridSweep{h: g.Rows, w: g.Cols}
	at := func(r, c int) int32 { return g.at(r, c) }
	if g.Cols > g.Rows {
		s.h, s.w = g.Cols, g.Rows
		at = func(r, c int) int32 { return g.at(c, r) }
	}
	s.vert = make([]int32, s.h*s.w)
	for i := range s.vert {
		s.vert[i] = at(i/s.w, i%s.w)
		if s.vert[i] >= 0 {
			s.last = i
		}
	}
	open := func(r, c int) bool { return r < s.h && c < s.w && s.vert[r*s.w+c] >= 0 }
	fixed := make(map[int32]bool)
	for _, v := range req {
		fixed[v] = true
	}
	after := len(req) // fixed ends not yet reached
	for i := 0; i <= s.last; i++ {
		r, j := i/s.w, i%s.w
		v := s.vert[i]
		k := cellKind{j: j, shift: j == s.w-1, blocked: v < 0}
		if v >= 0 {
			k.right, k.down = open(r, j+1), open(r+1, j)
			if fixed[v] {
				k.mustEnd = true
				after--
			} else if !p.Closed {
				k.endLimit = 2 - after
			}
		}
		s.kinds = append(s.kinds, k)
	}
	return s
}

// CountGrid is Count for a grid graph g (GridOf), with p.G its graph:
// the number of Hamiltonian paths or cycles p asks for, in hamilton's
// convention (directed paths; closed tours as directed cycles, each
// undirected cycle twice; paths with a fixed start or end once per path
// that has it), exact at any size.
//
// It is the transfer-matrix method for the square lattice (Jacobsen, J.
// Phys. A 40 (2007) 14667, section 2; Pettersson, "Enumerating
// Hamiltonian cycles", Electron. J. Combin. 21 (2014)): cells are
// processed row by row along the narrow side, w cells wide, and the
// frontier between processed and unprocessed cells has w+1 plugs whose
// partial paths nest like brackets (gridword.go), so a layer is an
// array over every such word, indexed by rank, with no keys and no
// hashing.
//
// Counts are made modulo primes just below 2^63, one machine word a
// frontier word and prime, and joined by the Chinese remainder theorem
// (Knuth, TAOCP vol. 2, section 4.3.2); the number of primes comes from
// a proven upper bound on the count (GridBoundBits), so the result is
// exact. A layer keeps only the words of its colour classes (the plugs'
// balance of black and white cells is fixed by the step on cycles,
// gridpattern.go: 2.6 to 2.9 times fewer words), and a step is a sum of
// blocks of consecutive ranks, with no transition tables (gridlean.go),
// split between Options.Workers goroutines. Primes share a pass (the
// walk over the blocks is the same) while their layers stay within both
// Options.MaxBytes and gridLaneBytes (1 GiB: past it a pass saves only
// the walk, a small share of the time, for much more memory); the others
// follow in more passes. Stats.Moduli and Stats.BoundBits name the
// primes and the bound. Open paths take the same sweep (the older one
// with a transition table per cell kind, countGridWide in the tests, is
// its cross-check).
//
// The largest layer of cycles has about M(w+1)/2.8 words (M the Motzkin
// numbers: 6.9 million for 18x18, 51.3 million for 20x20), and open
// paths about 0.9 times the words with up to two lone letters; two
// layers of 8 bytes a word and prime are the memory: 18x18 cycles need
// 330 MB with their three primes at once, 20x20 cycles 821 MB a prime.
// It refuses with a *GridRefusal (ErrMemory) when one prime's layers pass
// Options.MaxBytes (0: 90% of three quarters of the memory available), and
// with ErrInvalid for givens.
// Time is O(cells * words * primes). On cancellation it returns ctx's
// error and no count. Options other than Workers, MaxBytes, Progress and
// ProgressEvery are ignored: the layers do not spill. In Stats, States
// and PeakStates are the largest layer's words (reachable or not),
// PeakBytes the memory of the layers, and Width the frontier.
func CountGrid(ctx context.Context, p hamilton.Problem, g Grid, opt Options) (*big.Int, Stats, error) {
	t0 := time.Now()
	gp, total, st, err := prepareGrid(&p, g)
	if err != nil || total != nil {
		return total, st, err
	}
	return gp.countLean(ctx, opt, t0)
}

// gridLaneBytes bounds the layers of a pass of several primes (one
// prime's layers take what they need, up to Options.MaxBytes).
const gridLaneBytes = 1 << 30

// countLean is CountGrid by the modular passes of the lean sweep.
func (gp *gridProblem) countLean(ctx context.Context, opt Options, t0 time.Time) (*big.Int, Stats, error) {
	var st Stats
	bound, err := gp.boundBits(ctx, opt.Workers)
	if err != nil {
		return nil, st, err
	}
	var moduli []uint64
	for q := range wideModuli(bound) {
		moduli = append(moduli, q)
	}
	// As many primes a pass as the memory allows: the walk over the
	// blocks is shared, the counts are not.
	words, err := gp.words(opt)
	if err != nil {
		var gr *GridRefusal
		if errors.As(err, &gr) {
			gr.Primes = len(moduli)
		}
		return nil, Stats{}, err
	}
	maxb := opt.MaxBytes
	if maxb == 0 {
		maxb = gridDefaultMaxBytes()
	}
	lanes := max(1, min(len(moduli), int(float64(min(maxb, gridLaneBytes))/(float64(words)*gridLayerBytes))))
	passes := (len(moduli) + lanes - 1) / lanes
	var c shard.CRT
	for i := 0; i < len(moduli); i += lanes {
		qs := moduli[i:min(i+lanes, len(moduli))]
		res, s, err := gp.countMod(ctx, qs, opt, t0, i/lanes, passes)
		st = s
		if err != nil {
			return nil, st, err
		}
		for l, q := range qs {
			c.Add(res[l], q)
		}
	}
	st.Moduli, st.BoundBits, st.Bound = moduli, bound, BoundGridSweep
	st.Elapsed = time.Since(t0)
	return c.Value(), st, nil
}

// CountGridMod is CountGrid modulo the prime q (below 2^63): one pass of
// the sweep, whose residue is the count modulo q. Residues of primes
// whose product passes 2^GridBoundBits determine the count (joined by
// the Chinese remainder theorem); CountGrid runs them all.
func CountGridMod(ctx context.Context, p hamilton.Problem, g Grid, opt Options, q uint64) (uint64, Stats, error) {
	if err := checkModulus(q); err != nil {
		return 0, Stats{}, err
	}
	gp, total, st, err := prepareGrid(&p, g)
	if err != nil {
		return 0, st, err
	}
	if total != nil {
		return new(big.Int).Mod(total, new(big.Int).SetUint64(q)).Uint64(), st, nil
	}
	res, st, err := gp.countMod(ctx, []uint64{q}, opt, time.Now(), 0, 1)
	if err != nil {
		return 0, st, err
	}
	return res[0], st, nil
}

// GridBoundBits returns b such that the count CountGrid returns for p on
// g is below 2^b, proven (gridBoundBits): the primes of a modular count
// must multiply past it. Of opt it takes Workers alone.
func GridBoundBits(ctx context.Context, p hamilton.Problem, g Grid, opt Options) (int, error) {
	gp, total, _, err := prepareGrid(&p, g)
	if err != nil {
		return 0, err
	}
	if total != nil {
		return total.BitLen() + 1, nil
	}
	return gp.boundBits(ctx, opt.Workers)
}

// gridProblem is a grid count ready to run.
type gridProblem struct {
	pats   *gridPatterns // the sign patterns' ranks, shared by the passes
	s      *gridSweep
	lone   int
	double bool // the count is twice the undirected solutions
	// bufs are the layers' arrays of the last pass, for the next.
	bufs *[2][]uint64
}

// prepareGrid checks p against g and returns the sweep, or the count
// itself (total) for the trivial problems.
func prepareGrid(p *hamilton.Problem, g Grid) (*gridProblem, *big.Int, Stats, error) {
	req, err := check(p)
	if err != nil {
		return nil, nil, Stats{}, err
	}
	n := p.G.N()
	open := 0
	for _, v := range g.Vertex {
		if v >= 0 {
			open++
		}
	}
	if open != n || len(g.Vertex) != g.Rows*g.Cols {
		return nil, nil, Stats{}, fmt.Errorf("%w: the grid has %d open cells but the graph %d vertices; pass the Grid of the problem's board graph (GridOf)", ErrInvalid, open, n)
	}
	if start, end := p.Ends(); start >= 0 && start == end && n > 1 || p.Closed && n < 3 {
		return nil, new(big.Int), Stats{Steps: n}, nil
	}
	if n == 1 {
		return nil, big.NewInt(1), Stats{Steps: 1, Step: 1}, nil
	}
	gp := &gridProblem{s: newGridSweep(g, p, req), lone: 2, double: p.Closed || len(req) == 0}
	if p.Closed {
		gp.lone = 0
	}
	return gp, nil, Stats{}, nil
}

// boundBits is GridBoundBits: the relaxed count's bits, one more when
// the count is doubled.
func (gp *gridProblem) boundBits(ctx context.Context, workers int) (int, error) {
	if workers <= 0 {
		workers = defaultWorkers()
	}
	b, err := gridBoundBits(ctx, gp.s, gp.lone, workers)
	return b + b2i(gp.double), err
}

// words returns the most words of a layer, refusing with a
// *GridRefusal when one count a word would pass opt.MaxBytes.
func (gp *gridProblem) words(opt Options) (uint64, error) {
	r, err := gp.newLeanGrid(opt, time.Now(), 0, 1)
	if err != nil {
		return 0, err
	}
	return r.maxWords, nil
}

// newLeanGrid plans a pass (pass of passes, for progress).
func (gp *gridProblem) newLeanGrid(opt Options, t0 time.Time, pass, passes int) (*leanGrid, error) {
	if gp.s.w+1 > maxGridPlugs {
		return nil, fmt.Errorf("%w: a grid frontier of %d cells; the grid path takes 1 to %d", ErrTooWide, gp.s.w, maxGridPlugs-1)
	}
	if gp.pats == nil {
		gp.pats = &gridPatterns{lone: gp.lone}
	}
	r := &leanGrid{s: gp.s, lone: gp.lone, pats: gp.pats, opt: opt, t0: t0, pass: pass, passes: passes, bufs: gp.bufs}
	return r, r.plan()
}

// countMod runs one pass modulo the primes qs (pass of passes, for
// progress) and returns the count modulo each.
func (gp *gridProblem) countMod(ctx context.Context, qs []uint64, opt Options, t0 time.Time, pass, passes int) ([]uint64, Stats, error) {
	r, err := gp.newLeanGrid(opt, t0, pass, passes)
	if err != nil {
		var st Stats
		if r != nil {
			st = r.st
		}
		return nil, st, err
	}
	res, err := r.run(ctx, qs)
	gp.bufs = r.bufs
	r.st.Elapsed = time.Since(t0)
	if err != nil {
		return nil, r.st, err
	}
	if gp.double {
		for l, q := range qs {
			res[l] = (res[l] << 1) % q
		}
	}
	return res, r.st, nil
}

// countGridWide is the grid sweep with transition tables and multi-word
// counts that CountGrid was before the modular passes: the cross-check
// of the tests (the same words and transitions, counted exactly by
// another walk).
func countGridWide(ctx context.Context, p hamilton.Problem, g Grid, opt Options) (*big.Int, Stats, error) {
	t0 := time.Now()
	req, err := check(&p)
	if err != nil {
		return nil, Stats{}, err
	}
	gp, total, st, err := prepareGrid(&p, g)
	if err != nil || total != nil {
		return total, st, err
	}
	ws, err := newWordSpace(gp.s.w+1, gp.lone)
	if err != nil {
		return nil, Stats{}, err
	}
	r := &gridRun{ws: ws, s: gp.s, opt: opt, t0: t0}
	if err := r.plan(); err != nil {
		return nil, r.st, err
	}
	total, err = r.run(ctx)
	r.st.Elapsed = time.Since(t0)
	if err != nil {
		return nil, r.st, err
	}
	if p.Closed || len(req) == 0 {
		total.Lsh(total, 1) // each undirected solution is two directed ones
	}
	return total, r.st, nil
}

// ChooseGrid is Choose for a problem on grid g (GridOf) that CountGrid
// counts: the dynamic program whenever p has no givens (the sweep counts
// any grid whose frontier fits memory in time linear in the cells),
// with Width the narrow side and Cost the cells times the frontier's
// words. It takes O(w^2) time.
func ChooseGrid(p hamilton.Problem, g Grid) Choice {
	if p.Givens != nil {
		return Choice{Reason: "givens: only the search takes them"}
	}
	lone := 2
	if p.Closed {
		lone = 0
	}
	w := g.Width()
	ws, err := newWordSpace(w+1, lone)
	if err != nil {
		return Choice{Reason: fmt.Sprintf("the dynamic program cannot run: %v", err)}
	}
	return Choice{DP: true, Width: w, Cost: float64(g.Rows*g.Cols) * float64(ws.size),
		Reason: fmt.Sprintf("grid graph: the bracket transfer matrix along the %d-cell side (%d frontier states)", w, ws.size)}
}
