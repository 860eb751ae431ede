package hidato

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/moves"
)

// MaxShareBytes bounds the length of a share string ParseShare accepts, and
// MaxShareCells the board it may describe.
const (
	MaxShareBytes = 1 << 20
	MaxShareCells = 1 << 20
)

// Share returns p as a compact, URL-safe string in the manner of Tatham's
// game IDs, which ParseShare reads back:
//
//	MOVES:RxC:BODY      for example hopido:6x6:5b12c#3...
//
// MOVES is the move set's preset name or its canonical spec with "." for
// "+" ("3,0.1,1"). BODY walks the cells row by row: a number is a given,
// a lowercase letter a run of 1 (a) to 26 (z) open cells without a given, an
// uppercase letter a run of 1 (A) to 26 (Z) blocked cells; "_" separates two
// givens that follow each other.
func (p *Puzzle) Share() string {
	var sb strings.Builder
	name := p.Moves.Name
	if name == "" || strings.Contains(name, "+") {
		name = p.Moves.Spec()
	}
	sb.WriteString(strings.ReplaceAll(name, "+", "."))
	sb.WriteByte(':')
	sb.WriteString(p.Board.Spec())
	sb.WriteByte(':')
	b := p.Board
	run, kind := 0, byte(0)
	flush := func() {
		for run > 0 {
			r := min(run, 26)
			sb.WriteByte(kind + byte(r-1))
			run -= r
		}
	}
	lastNum := false
	for cell := range int32(b.Cells()) {
		var k byte
		switch {
		case b.Blocked(cell):
			k = 'A'
		case b.Given(cell) > 0:
			flush()
			if lastNum {
				sb.WriteByte('_')
			}
			sb.WriteString(strconv.Itoa(int(b.Given(cell))))
			lastNum = true
			continue
		default:
			k = 'a'
		}
		if k != kind {
			flush()
			kind = k
		}
		run++
		lastNum = false
	}
	flush()
	return sb.String()
}

// ParseShare reads a share string written by Share. It checks the move set,
// the size, that the body covers the board exactly, and the givens (in
// 1..N, each once); it reads at most MaxShareBytes and MaxShareCells.
func ParseShare(s string) (*Puzzle, error) {
	s = strings.TrimSpace(s)
	if len(s) > MaxShareBytes {
		return nil, fmt.Errorf("%w: share string longer than %d bytes", ErrPuzzle, MaxShareBytes)
	}
	parts := strings.SplitN(s, ":", 3)
	if len(parts) != 3 {
		return nil, fmt.Errorf("%w: a share string reads MOVES:RxC:BODY, for example hopido:6x6:5e12a", ErrPuzzle)
	}
	ms, err := moves.Parse(strings.ReplaceAll(parts[0], ".", "+"))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPuzzle, err)
	}
	b, err := board.ParseSpec(parts[1])
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPuzzle, err)
	}
	if b.Cells() > MaxShareCells {
		return nil, fmt.Errorf("%w: %s has more than %d cells", ErrPuzzle, b.Spec(), MaxShareCells)
	}
	body := parts[2]
	cell := 0
	total := b.Cells()
	type given struct{ cell, n int }
	var givens []given
	for i := 0; i < len(body); {
		ch := body[i]
		switch {
		case ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z':
			r := int(ch-'a') + 1
			if ch <= 'Z' {
				r = int(ch-'A') + 1
			}
			if cell+r > total {
				return nil, fmt.Errorf("%w: the body describes more than the %d cells of %s", ErrPuzzle, total, b.Spec())
			}
			if ch <= 'Z' {
				for j := range r {
					b.SetBlocked(int32(cell+j), true)
				}
			}
			cell += r
			i++
		case ch >= '0' && ch <= '9':
			j := i
			for j < len(body) && body[j] >= '0' && body[j] <= '9' {
				j++
			}
			if j-i > 9 {
				return nil, fmt.Errorf("%w: given %.12s... is too long", ErrPuzzle, body[i:j])
			}
			n, _ := strconv.Atoi(body[i:j])
			if n < 1 {
				return nil, fmt.Errorf("%w: given %s; numbers start at 1", ErrPuzzle, body[i:j])
			}
			if cell >= total {
				return nil, fmt.Errorf("%w: the body describes more than the %d cells of %s", ErrPuzzle, total, b.Spec())
			}
			givens = append(givens, given{cell, n})
			cell++
			i = j
			if i < len(body) && body[i] == '_' {
				i++
			}
		case ch == '_':
			return nil, fmt.Errorf("%w: a '_' at body position %d does not follow a given; '_' only separates two givens (12_5): the share string is damaged, copy it whole", ErrPuzzle, i+1)
		default:
			return nil, fmt.Errorf("%w: unexpected %q at body position %d; the body holds digits (givens), letters (runs of cells) and '_' between givens", ErrPuzzle, ch, i+1)
		}
	}
	if cell != total {
		return nil, fmt.Errorf("%w: the body describes %d of the %d cells of %s", ErrPuzzle, cell, total, b.Spec())
	}
	open := b.Open()
	seen := make(map[int]bool, len(givens))
	for _, g := range givens {
		if g.n > open {
			return nil, fmt.Errorf("%w: given %d exceeds the %d open cells", ErrPuzzle, g.n, open)
		}
		if seen[g.n] {
			return nil, fmt.Errorf("%w: %d is given twice", ErrPuzzle, g.n)
		}
		seen[g.n] = true
		b.SetGiven(int32(g.cell), int32(g.n))
	}
	return &Puzzle{Board: b, Moves: ms}, nil
}

// ParsePuzzle reads a puzzle given as a share string (when s contains ':'),
// as the JSON Report of boardgraph generate or grade (through its share
// field, which carries the moves), or as a text map (board.Parse: '.' open,
// '#' blocked, numbers for givens) with the move set ms.
func ParsePuzzle(s string, ms moves.Set) (*Puzzle, error) {
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") {
		var r struct {
			Share string `json:"share"`
		}
		if err := json.Unmarshal([]byte(t), &r); err != nil || r.Share == "" {
			return nil, fmt.Errorf("%w: JSON without a \"share\" field: give the JSON that boardgraph generate or grade writes, a share string or a text map", ErrPuzzle)
		}
		return ParseShare(r.Share)
	}
	if strings.Contains(s, ":") && !strings.Contains(strings.TrimSpace(s), "\n") {
		return ParseShare(s)
	}
	b, err := board.Parse(strings.NewReader(s))
	if err != nil {
		return nil, err
	}
	if len(ms.Leapers) == 0 {
		ms = moves.Hopido()
	}
	p := &Puzzle{Board: b, Moves: ms}
	if _, _, err := p.compile(); err != nil {
		return nil, err
	}
	return p, nil
}
