package construct

import (
	"context"
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

var (
	// ErrNoTour reports a board that has no walk of the kind asked for, by a
	// theorem named in the error.
	ErrNoTour = errors.New("no such walk exists")
	// ErrUnsupported reports a board for which the construction found no
	// blocks; a walk may still exist (try search).
	ErrUnsupported = errors.New("no construction")
)

// Error explains why a walk was not constructed. It wraps ErrNoTour or
// ErrUnsupported.
type Error struct {
	Rows, Cols int
	Moves      string
	Closed     bool
	Reason     string
	Err        error
}

// Error says which walk cannot be built on which board, and why.
func (e *Error) Error() string {
	what := "path"
	if e.Closed {
		what = "closed tour"
	}
	if errors.Is(e.Err, ErrNoTour) {
		return fmt.Sprintf("no %s %s on %dx%d: %s", e.Moves, what, e.Rows, e.Cols, e.Reason)
	}
	return fmt.Sprintf("cannot construct a %s %s on %dx%d: %s", e.Moves, what, e.Rows, e.Cols, e.Reason)
}

// Unwrap returns ErrNoTour or ErrUnsupported, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// config is one way of cutting a board into blocks: bands of lo..hi cells,
// target preferred, and the number of blocks each port decision checks
// ahead.
type config struct{ lo, hi, target, look int }

// configs are tried in order until one gives every block its path. Bands of
// 5 to 9 cells are the Diplomatico paper's Appendix A tiling (Lemmas A.1 to
// A.4: every 5..9 x 5..9 block has paths with prescribed ends); larger bands
// serve leapers that need room and narrow boards.
var configs = []config{
	{5, 9, 8, 2},
	{6, 11, 8, 2},
	{5, 9, 6, 3},
	{7, 13, 10, 2},
	{8, 15, 12, 3},
	{10, 19, 14, 3},
}

// bands is a cut of a length into k bands, the first rem of base+1 cells
// and the others of base (so a band's size and offset are formulas and a
// cut of 10^8 cells costs no memory), or an explicit short list.
type bands struct {
	k, base, rem int
	list         []int
}

func (b *bands) len() int {
	if b.list != nil {
		return len(b.list)
	}
	return b.k
}

func (b *bands) size(i int) int {
	if b.list != nil {
		return b.list[i]
	}
	if i < b.rem {
		return b.base + 1
	}
	return b.base
}

func (b *bands) off(i int) int {
	if b.list != nil {
		o := 0
		for _, s := range b.list[:i] {
			o += s
		}
		return o
	}
	return i*b.base + min(i, b.rem)
}

// sizes returns the distinct band sizes.
func (b *bands) sizes() []int {
	if b.list != nil {
		return b.list
	}
	if b.rem > 0 {
		return []int{b.base + 1, b.base}
	}
	return []int{b.base}
}

// split cuts n into bands of lo..hi cells, as many as n/target rounded,
// an even number of at least two when even is set, longer bands first. A
// length of at most hi is one band (unless even). It returns nil when no
// such cut exists.
func split(n int, c config, even bool) *bands {
	if n <= c.hi && !even {
		return &bands{k: 1, base: n}
	}
	kmin, kmax := (n+c.hi-1)/c.hi, n/c.lo
	k := min(max((n+c.target/2)/c.target, kmin), kmax)
	if even {
		kmin = max(kmin, 2)
		switch {
		case k%2 == 0 && k >= kmin:
		case k+1 <= kmax:
			k++
		case k-1 >= kmin:
			k--
		default:
			return nil
		}
		if k%2 == 1 {
			return nil
		}
	}
	if k < kmin || k > kmax || k < 1 {
		return nil
	}
	return &bands{k: k, base: n / k, rem: n % k}
}

// maxBlockSide keeps block coordinates within the int8 of a cached path.
const maxBlockSide = 127

func blocksOK(hs, ws []int) bool {
	for _, h := range hs {
		for _, w := range ws {
			if h > maxBlockSide || w > maxBlockSide || h*w > maxBlockCells {
				return false
			}
		}
	}
	return true
}

// Tile constructs a Hamiltonian path (closed: a closed tour) of the leaper
// set on an empty rows x cols board by tiling: the board is cut into bands
// of rows and of columns, the blocks are ordered along a path (closed: a
// cycle) of the block grid, and every block gets a path from the engine
// (hamilton.Find) between an entry one move from the previous block's exit
// and an exit one move from the next block's entry. Ports are chosen by a
// depth-first search a few blocks ahead; block paths and port decisions are
// cached per move set and shared by all boards, so after the first boards
// of a size the cost is O(rows*cols/25) decisions plus O(1) per cell.
//
// A closed tour needs a cycle of blocks: an even number of row bands (or,
// transposed, of column bands); a board of a single band of rows is covered
// out and back, every middle block by two disjoint paths.
//
// Tile plans the whole walk before it returns (every block's path is found
// or fetched), so a Walk it returns always completes; it may be iterated any
// number of times, gives the same cells each time, and stops at once when
// yield returns false. The error wraps
// ErrUnsupported (naming the reason) when no configuration worked.
//
// Tile is TileContext without cancellation. Its work is bounded by node
// budgets, not by a clock, so the same board gets the same answer on any
// machine under any load.
func Tile(rows, cols int, set moves.Set, closed bool) (Walk, error) {
	return TileContext(context.Background(), rows, cols, set, closed)
}

// TileContext is Tile with a context: when ctx is done, planning stops and
// the error is ctx.Err() (nothing learned after that is cached).
func TileContext(ctx context.Context, rows, cols int, set moves.Set, closed bool) (Walk, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkSize(rows, cols, set, closed); err != nil {
		return nil, err
	}
	if len(set.Leapers) == 0 {
		return nil, &Error{rows, cols, set.Name, closed, "the move set is empty", ErrUnsupported}
	}
	if rows*cols == 1 {
		if closed {
			return nil, &Error{rows, cols, set.Name, closed, "a single cell has no closed tour", ErrNoTour}
		}
		return func(yield func(int, int) bool) { yield(0, 0) }, nil
	}
	if set.ColourPreserving() {
		return nil, &Error{rows, cols, set.Name, closed,
			"every move keeps the square colour, so the board graph is disconnected", ErrNoTour}
	}
	if closed && rows*cols%2 == 1 && colourChanging(set) {
		return nil, &Error{rows, cols, set.Name, closed,
			"every move changes the square colour, so a closed tour needs an even number of cells", ErrNoTour}
	}
	if reason := disconnected(rows, cols, set); reason != "" {
		return nil, &Error{rows, cols, set.Name, closed, reason, ErrNoTour}
	}
	lib := libraryFor(set)
	ef := &effort{limit: tileEffort, ctx: ctx}
	for _, c := range configs {
		if w := lib.walk(rows, cols, c, closed, ef); w != nil {
			return w, nil
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if rows*cols <= provenBoard {
		// Small enough to settle by an exhaustive search of the whole board.
		if w, none := lib.searchWhole(ctx, rows, cols, closed); w != nil {
			return w, nil
		} else if none {
			return nil, &Error{rows, cols, set.Name, closed,
				"an exhaustive search of the board finds none", ErrNoTour}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	reason := "the engine found no block paths whose ends line up"
	if ef.spent() {
		reason = fmt.Sprintf("the engine found no block paths whose ends line up within %d search nodes", ef.limit)
	}
	return nil, &Error{rows, cols, set.Name, closed, reason, ErrUnsupported}
}

// Check reports whether Tile can construct the walk, without producing it:
// nil, or Tile's error. It costs what Tile's planning costs: after the
// first boards of a move set, O(rows*cols/25) cached decisions.
func Check(rows, cols int, set moves.Set, closed bool) error {
	_, err := Tile(rows, cols, set, closed)
	return err
}

func checkSize(rows, cols int, set moves.Set, closed bool) error {
	if rows < 1 || cols < 1 || rows > board.MaxCells/cols {
		return &Error{rows, cols, set.Name, closed,
			fmt.Sprintf("the board must have 1 to %d cells", board.MaxCells), ErrUnsupported}
	}
	return nil
}

// walk tries one configuration, returning nil when it does not work.
func (l *library) walk(rows, cols int, c config, closed bool, ef *effort) Walk {
	if !closed {
		// A board narrower than a band is tried out and back first (the
		// only way across 4 rows for a knight, see nsearch), then in one
		// pass; any other board in one pass.
		switch {
		case rows < c.lo && cols > c.hi:
			if w := l.narrowWalk(rows, cols, c, false, true, ef); w != nil {
				return w
			}
		case cols < c.lo && rows > c.hi:
			if w := l.narrowWalk(cols, rows, c, true, true, ef); w != nil {
				return w
			}
		}
		return l.chainWalk(rows, cols, c, false, false, ef)
	}
	switch {
	case rows <= c.hi && cols <= c.hi:
		return l.cycleWalk(rows, cols, ef)
	case rows <= c.hi:
		return l.narrowWalk(rows, cols, c, false, false, ef)
	case cols <= c.hi:
		return l.narrowWalk(cols, rows, c, true, false, ef)
	}
	if w := l.chainWalk(rows, cols, c, true, false, ef); w != nil {
		return w
	}
	return l.chainWalk(cols, rows, c, true, true, ef)
}

// transposed swaps the coordinates of a walk built on the transposed board
// (every leaper set is symmetric under the swap).
func transposed(yield func(int, int) bool) func(int, int) bool {
	return func(r, c int) bool { return yield(c, r) }
}

// walkOf turns a planned walk's run into a Walk, transposed when it was
// planned on the transposed board (swap).
func walkOf(swap bool, run func(yield func(int, int) bool) bool) Walk {
	return func(yield func(int, int) bool) {
		if swap {
			yield = transposed(yield)
		}
		run(yield)
	}
}

// cycleWalk is a closed tour of a board small enough to be one block.
func (l *library) cycleWalk(rows, cols int, ef *effort) Walk {
	if rows*cols > maxBlockCells {
		return nil
	}
	p := l.path(pathKey{h: int16(rows), w: int16(cols), kind: kindCycle, a1: free, b1: free}, ef)
	if p == nil {
		return nil
	}
	return func(yield func(int, int) bool) {
		for i := range p.rows {
			if !yield(int(p.rows[i]), int(p.cols[i])) {
				return
			}
		}
	}
}

func (l *library) chainWalk(rows, cols int, c config, closed, swap bool, ef *effort) Walk {
	hs, ws := split(rows, c, closed), split(cols, c, false)
	if hs == nil || ws == nil || !blocksOK(hs.sizes(), ws.sizes()) || (closed && ws.len() < 2) {
		return nil
	}
	ch := &chain{lib: l, rows: hs, cols: ws,
		closed: closed, look: c.look, ef: ef}
	if !ch.plan() {
		return nil
	}
	ch.ef = nil // every decision is cached now
	return walkOf(swap, ch.run)
}

func (l *library) narrowWalk(rows, cols int, c config, swap, open bool, ef *effort) Walk {
	ws := split(cols, c, false)
	if ws == nil || ws.len() < 2 || !blocksOK([]int{rows}, ws.sizes()) {
		return nil
	}
	nw := &narrow{lib: l, rows: rows, cols: ws, look: c.look, open: open, ef: ef}
	if !nw.plan() {
		return nil
	}
	nw.ef = nil // every decision is cached now
	return walkOf(swap, nw.run)
}

// colourChanging reports whether every move changes the square colour
// (every leaper has a+b odd): the board graph is then bipartite.
func colourChanging(set moves.Set) bool {
	for _, lp := range set.Leapers {
		if (lp.A+lp.B)%2 == 0 {
			return false
		}
	}
	return true
}

// smallBoard is the most cells for which Tile builds the whole board graph
// to see whether it is connected.
const smallBoard = 1 << 12

// disconnected names why the board graph of set is disconnected (then no
// walk exists), or returns "" when it is connected or that is not known.
func disconnected(rows, cols int, set moves.Set) string {
	m, n := min(rows, cols), max(rows, cols)
	if m == 1 && n > 1 {
		for _, lp := range set.Leapers {
			if lp.A == 0 && lp.B == 1 {
				return ""
			}
		}
		return "on a single line only steps along it remain, and none is of length 1"
	}
	if len(set.Leapers) == 1 && m >= 2 {
		// Knuth 1994: the (r,s)-leaper graph of an m x n board, 2 <= m <= n,
		// is connected iff gcd(r+s, s-r) = 1, n >= 2s and m >= r+s.
		r, s := set.Leapers[0].A, set.Leapers[0].B
		if gcd(r+s, s-r) != 1 || n < 2*s || m < r+s {
			return "the leaper's graph on this board is disconnected (Knuth 1994)"
		}
		return ""
	}
	if rows*cols <= smallBoard {
		b, err := board.New(rows, cols)
		if err != nil {
			return ""
		}
		if _, k := moves.Build(b, set).Components(); k > 1 {
			return "the board graph is disconnected"
		}
	}
	return ""
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// provenBoard is the most cells on which Tile, when no tiling works, runs
// an exhaustive search to find a walk or prove there is none.
const provenBoard = 48

// wholeBudget is the node budget of searchWhole: enough to settle every
// board of up to provenBoard cells that the tests and presets meet (a few
// seconds of one core at most), and a bound that does not depend on the
// machine's speed or load, unlike a clock.
const wholeBudget = 20_000_000

// searchWhole searches the whole board within wholeBudget nodes: the walk,
// or none = true when the search proved there is no walk.
func (l *library) searchWhole(ctx context.Context, rows, cols int, closed bool) (w Walk, none bool) {
	b, err := board.New(rows, cols)
	if err != nil {
		return nil, false
	}
	bg := moves.Build(b, l.set)
	p := hamilton.Problem{G: bg.Graph, Closed: closed}
	vs, _, err := hamilton.Find(ctx, p, hamilton.Options{Workers: 1, MaxNodes: wholeBudget})
	if err != nil {
		return nil, errors.Is(err, hamilton.ErrNoSolution)
	}
	return func(yield func(int, int) bool) {
		for _, v := range vs {
			r, c := b.RowCol(bg.CellOf[v])
			if !yield(r, c) {
				return
			}
		}
	}, false
}
