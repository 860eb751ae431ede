package verify

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// MaxStreamCells bounds the boards the streaming checks accept: their
// memory is one bit per board cell (12.5 MB for 10^8 cells, 2 GiB at this
// bound) plus fixed-size buffers.
const MaxStreamCells = 1 << 34

// progressEvery is the number of cells between context checks and
// progress calls in the streaming checks.
const progressEvery = 1 << 20

// StreamOptions configure StreamText and StreamBinary.
type StreamOptions struct {
	// Progress, if set, is called from the checking goroutine with the
	// number of cells checked so far, every 2^20 cells.
	Progress func(cells int64)
}

// StreamResult describes a path a streaming check has read.
type StreamResult struct {
	// Binary is true for the binary format.
	Binary     bool
	Rows, Cols int
	// Cells is the number of cells read (up to the first fault).
	Cells int64
	// Closed reports whether the path was checked as a closed tour.
	Closed bool
	// Name and Moves are the binary header's move-set name and vectors.
	Name  string
	Moves [][2]int
	// Checksum is the binary file's CRC-32C, checked.
	Checksum uint32
}

// tracker holds the state every streaming check shares: the rules, a
// bitset of visited cells and the first cell. It uses one bit per board
// cell and O(1) time per cell.
type tracker struct {
	r        Rules
	rows     int
	cols     int
	cells    int
	open     int
	seen     []uint64
	name     string
	vecs     [][2]int
	span     int
	table    []bool // (dr+span)*(2*span+1)+dc+span -> legal, when span <= 64
	n        int64  // cells accepted so far
	firstR   int
	firstC   int
	lastR    int
	lastC    int
	progress func(int64)
	ctx      context.Context
}

// newTracker checks the rules' shape and allocates the bitset.
func newTracker(ctx context.Context, r Rules, opt StreamOptions) (*tracker, error) {
	if r.Rows < 1 || r.Cols < 1 {
		return nil, invalid(0, "the board %dx%d has no cells", r.Rows, r.Cols)
	}
	if int64(r.Rows)*int64(r.Cols) > MaxStreamCells {
		return nil, fmt.Errorf("%w: the %dx%d board has more than %d cells, the most a streaming check handles", ErrSyntax, r.Rows, r.Cols, int64(MaxStreamCells))
	}
	cells := r.Rows * r.Cols
	if r.Blocked != nil && len(r.Blocked) != cells {
		return nil, invalid(0, "the blocked-cell list has %d entries for %d cells", len(r.Blocked), cells)
	}
	if r.Givens != nil && len(r.Givens) != cells {
		return nil, invalid(0, "the givens list has %d entries for %d cells", len(r.Givens), cells)
	}
	t := &tracker{r: r, rows: r.Rows, cols: r.Cols, cells: cells, open: cells,
		seen: make([]uint64, (cells+63)/64), name: r.Name, progress: opt.Progress, ctx: ctx}
	for _, b := range r.Blocked {
		if b {
			t.open--
		}
	}
	if t.name == "" {
		t.name = MoveName(r.Leapers)
	}
	t.setMoves(Vectors(r.Leapers))
	return t, nil
}

// setMoves installs the legal move vectors.
func (t *tracker) setMoves(vecs [][2]int) {
	t.vecs = vecs
	t.span = 0
	for _, v := range vecs {
		t.span = max(t.span, iabs(v[0]), iabs(v[1]))
	}
	t.table = nil
	if t.span <= 64 {
		side := 2*t.span + 1
		t.table = make([]bool, side*side)
		for _, v := range vecs {
			t.table[(v[0]+t.span)*side+v[1]+t.span] = true
		}
	}
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// isMove reports whether (dr, dc) is a legal move.
func (t *tracker) isMove(dr, dc int) bool {
	if t.table != nil {
		if iabs(dr) > t.span || iabs(dc) > t.span {
			return false
		}
		return t.table[(dr+t.span)*(2*t.span+1)+dc+t.span]
	}
	for _, v := range t.vecs {
		if v[0] == dr && v[1] == dc {
			return true
		}
	}
	return false
}

func cellName(r, c int) Cell { return Cell{r + 1, c + 1} }

// visit accepts the 0-based cell (row, col) as the next cell of the path
// (its 1-based step is t.n+1), in the order Path checks the rules. With
// checkMove it also checks the move from the previous cell (the binary
// check has done that for every declared vector once).
func (t *tracker) visit(row, col int, checkMove bool) error {
	step := t.n + 1
	if row < 0 || row >= t.rows || col < 0 || col >= t.cols {
		return invalid(int(step), "step %d: %s is outside the %dx%d board", step, cellName(row, col), t.rows, t.cols)
	}
	i := row*t.cols + col
	if t.r.Blocked != nil && t.r.Blocked[i] {
		return invalid(int(step), "step %d: %s is a blocked cell", step, cellName(row, col))
	}
	if t.seen[i>>6]&(1<<(i&63)) != 0 {
		return invalid(int(step), "step %d: %s was already visited", step, cellName(row, col))
	}
	t.seen[i>>6] |= 1 << (i & 63)
	if checkMove && step > 1 && !t.isMove(row-t.lastR, col-t.lastC) {
		return invalid(int(step), "step %d -> %d: %s to %s is not a move of %s", step-1, step, cellName(t.lastR, t.lastC), cellName(row, col), t.name)
	}
	if t.r.Givens != nil && t.r.Givens[i] != 0 && int64(t.r.Givens[i]) != step {
		return invalid(int(step), "step %d: %s holds the given %d, so it must be step %d", step, cellName(row, col), t.r.Givens[i], t.r.Givens[i])
	}
	if step == 1 {
		if t.r.Start != nil && cellName(row, col) != *t.r.Start {
			return invalid(1, "step 1: the path starts at %s but must start at %s", cellName(row, col), *t.r.Start)
		}
		t.firstR, t.firstC = row, col
	}
	t.lastR, t.lastC = row, col
	t.n = step
	if step%progressEvery == 0 {
		if t.progress != nil {
			t.progress(step)
		}
		if err := t.ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// finish checks what can only be checked at the end: every open cell
// visited, the end cell, and the closing move of a tour.
func (t *tracker) finish(closed bool) error {
	if t.n == 0 {
		return invalid(0, "the path is empty")
	}
	if t.n < int64(t.open) {
		for w, bits := range t.seen {
			if bits == ^uint64(0) {
				continue
			}
			for b := range 64 {
				i := w*64 + b
				if i < t.cells && bits&(1<<b) == 0 && (t.r.Blocked == nil || !t.r.Blocked[i]) {
					return invalid(0, "the path visits %d of %d open cells; %s is never visited", t.n, t.open, cellName(i/t.cols, i%t.cols))
				}
			}
		}
	}
	if t.r.End != nil && cellName(t.lastR, t.lastC) != *t.r.End {
		return invalid(int(t.n), "step %d: the path ends at %s but must end at %s", t.n, cellName(t.lastR, t.lastC), *t.r.End)
	}
	if closed && !t.isMove(t.firstR-t.lastR, t.firstC-t.lastC) {
		return invalid(int(t.n), "step %d -> 1: %s to %s is not a move of %s, so the tour is not closed", t.n, cellName(t.lastR, t.lastC), cellName(t.firstR, t.firstC), t.name)
	}
	return nil
}

// StreamText checks a path in the text format (one 1-based "row,col" per
// line; blank lines and lines starting with "//" or "#" are skipped, and a
// blank line between two cells is an error, as in ParsePath) read from rd, under r, without holding the path in memory:
// the same checks and messages as Path, except that a repeated cell is
// reported without the step of its first visit. r.Rows and r.Cols must be
// set. It returns an *Error for a broken rule, an error wrapping ErrSyntax
// for unreadable input, and ctx.Err() when cancelled.
//
// The cost is O(cells of the board / 64) memory and O(len(path)) time.
func StreamText(ctx context.Context, r Rules, rd io.Reader, opt StreamOptions) (StreamResult, error) {
	res := StreamResult{Rows: r.Rows, Cols: r.Cols, Closed: r.Closed}
	t, err := newTracker(ctx, r, opt)
	if err != nil {
		return res, err
	}
	br := bufio.NewReaderSize(rd, 1<<16)
	line, gap := 0, 0
	for {
		s, rerr := br.ReadSlice('\n')
		if len(s) > 0 || rerr == nil {
			line++
		}
		if errors.Is(rerr, bufio.ErrBufferFull) {
			return res, fmt.Errorf("%w: line %d is longer than 64 KiB; write one row,col per line", ErrSyntax, line)
		}
		if rerr != nil && rerr != io.EOF {
			return res, fmt.Errorf("%w: %w", ErrSyntax, rerr)
		}
		if row, col, ok := plainRowCol(s); ok && gap == 0 {
			if err := t.visit(row-1, col-1, true); err != nil {
				res.Cells = t.n
				return res, err
			}
			continue
		}
		s = bytes.TrimSpace(s)
		if len(s) == 0 && t.n > 0 && gap == 0 && rerr == nil {
			gap = line
		}
		if len(s) > 0 && s[0] != '#' && !(len(s) > 1 && s[0] == '/' && s[1] == '/') {
			if gap > 0 {
				res.Cells = t.n
				return res, gapErr(line, gap)
			}
			row, col, ok := parseRowCol(s)
			if !ok {
				return res, fmt.Errorf("%w: line %d: %q is not a cell; write one row,col per line, for example 1,1", ErrSyntax, line, s)
			}
			if err := t.visit(row-1, col-1, true); err != nil {
				res.Cells = t.n
				return res, err
			}
		}
		if rerr == io.EOF {
			break
		}
	}
	res.Cells = t.n
	if t.n == 0 {
		return res, fmt.Errorf("%w: no cells; write one row,col per line, for example 1,1", ErrSyntax)
	}
	return res, t.finish(r.Closed)
}

// plainRowCol reads the common line "digits,digits\n" (or "\r\n") fast;
// it reports false for anything else, which parseRowCol then handles (so
// both accept exactly the same lines). A line without its newline, at the
// end of the input, goes the slow way too.
func plainRowCol(s []byte) (int, int, bool) {
	var v [2]int
	i := 0
	for k := range 2 {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			v[k] = v[k]*10 + int(s[i]-'0')
			i++
		}
		if i == start || i-start > 18 {
			return 0, 0, false
		}
		if k == 0 {
			if i == len(s) || s[i] != ',' {
				return 0, 0, false
			}
			i++
		}
	}
	if i < len(s) && s[i] == '\r' {
		i++
	}
	if i != len(s)-1 || s[i] != '\n' {
		return 0, 0, false
	}
	return v[0], v[1], true
}

// parseRowCol reads "a,b" with optional spaces around each number and an
// optional sign, like strconv.Atoi on each trimmed half.
func parseRowCol(s []byte) (int, int, bool) {
	a, b, ok := bytes.Cut(s, []byte{','})
	if !ok {
		return 0, 0, false
	}
	r, ok1 := parseInt(bytes.TrimSpace(a))
	c, ok2 := parseInt(bytes.TrimSpace(b))
	return r, c, ok1 && ok2
}

func parseInt(s []byte) (int, bool) {
	neg := false
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	if len(s) == 0 {
		return 0, false
	}
	if len(s) > 18 { // may not fit: let strconv decide, as ParsePath does
		n, err := strconv.Atoi(string(s))
		if neg {
			n = -n
		}
		return n, err == nil
	}
	n := 0
	for _, ch := range s {
		if ch < '0' || ch > '9' {
			return 0, false
		}
		n = n*10 + int(ch-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}
