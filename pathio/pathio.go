package pathio

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"iter"
	"strconv"
	"strings"
	"sync/atomic"
)

// Format is a path file format.
type Format int

const (
	// Text is one 1-based "row,col" per line.
	Text Format = iota
	// Binary is the packed format of the package comment.
	Binary
)

// String returns the format's name as ParseFormat accepts it.
func (f Format) String() string {
	if f == Binary {
		return "binary"
	}
	return "text"
}

// ParseFormat reads "text" (alias "path") or "binary".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "text", "path":
		return Text, nil
	case "binary", "bin":
		return Binary, nil
	}
	return 0, fmt.Errorf("%w: unknown path format %q; use text or binary", ErrFormat, s)
}

// Errors. ErrFormat is wrapped by every error about unreadable or
// malformed input; ErrPath by a writer given a path that does not fit its
// header (a cell off the board, a step that is not a declared move, the
// wrong number of cells); ErrWrite by every failure of the file system
// while writing a file (it cannot be created, written, flushed or renamed;
// a full disk or device); ErrSpecialFile by a name the atomic writer
// refuses (see AtomicFile).
var (
	ErrFormat = errors.New("bad path file")
	ErrPath   = errors.New("path does not fit the header")
	ErrWrite  = errors.New("cannot write")
)

// Magic starts every binary path file.
const Magic = "\x89BGP\r\n\x1a\n"

// Version is the binary format version this package writes and reads.
const Version = 1

// Limits of the binary format.
const (
	MaxVectors = 4096    // move vectors in a header
	MaxCells   = 1 << 40 // rows*cols
	fixedHead  = 40      // header bytes before the name
	flagClosed = 1
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Header describes a path in the binary format. The text format carries no
// header.
type Header struct {
	Rows, Cols int
	// Length is the number of cells the path will have.
	Length int64
	// Closed marks a closed tour.
	Closed bool
	// Name names the move set ("knight", "3,0+2,2"); at most 255 bytes.
	Name string
	// Moves lists the move vectors (dr, dc); a step's index is its
	// position here.
	Moves [][2]int
	// StartRow and StartCol are the 0-based first cell. Writers fill them
	// from the first Cell call; readers from the file.
	StartRow, StartCol int
}

// Bits returns the number of bits per move index for k vectors:
// max(1, ceil(log2 k)).
func Bits(k int) int {
	b := 1
	for 1<<b < k {
		b++
	}
	return b
}

// PayloadBytes returns the size of the payload of a path of length cells
// with k move vectors.
func PayloadBytes(length int64, k int) int64 {
	if length <= 1 {
		return 0
	}
	return ((length-1)*int64(Bits(k)) + 7) / 8
}

// check validates h for writing and reading.
func (h *Header) check() error {
	switch {
	case h.Rows < 1 || h.Cols < 1 || h.Rows > 1<<32-1 || h.Cols > 1<<32-1:
		return fmt.Errorf("%w: board %dx%d: rows and columns must be 1 .. 2^32-1", ErrFormat, h.Rows, h.Cols)
	case int64(h.Rows)*int64(h.Cols) > MaxCells || int64(h.Rows)*int64(h.Cols) <= 0:
		return fmt.Errorf("%w: board %dx%d has more than 2^40 cells", ErrFormat, h.Rows, h.Cols)
	case h.Length < 1 || h.Length > int64(h.Rows)*int64(h.Cols):
		return fmt.Errorf("%w: length %d: a path on %dx%d has 1 to %d cells", ErrFormat, h.Length, h.Rows, h.Cols, int64(h.Rows)*int64(h.Cols))
	}
	return CheckMoves(h.Name, h.Moves)
}

// CheckMoves reports whether the binary format can hold a move set: 1 to
// MaxVectors distinct vectors, none of them (0,0), each coordinate fitting
// 32 bits, and a name of at most 255 bytes. NewBinaryWriter checks this
// with the rest of the header; a program can call it before a long search
// to refuse early a move set the file could not hold. The error wraps
// ErrFormat.
func CheckMoves(name string, moves [][2]int) error {
	switch {
	case len(moves) < 1 || len(moves) > MaxVectors:
		return fmt.Errorf("%w: %d move vectors; the binary format holds 1 to %d", ErrFormat, len(moves), MaxVectors)
	case len(name) > 255:
		return fmt.Errorf("%w: the move-set name has %d bytes; the binary format holds at most 255", ErrFormat, len(name))
	}
	seen := make(map[[2]int]bool, len(moves))
	for _, v := range moves {
		if v == [2]int{} {
			return fmt.Errorf("%w: the null move 0,0 is not a move vector", ErrFormat)
		}
		if v[0] < -1<<31 || v[0] >= 1<<31 || v[1] < -1<<31 || v[1] >= 1<<31 {
			return fmt.Errorf("%w: move vector %d,%d does not fit 32 bits", ErrFormat, v[0], v[1])
		}
		if seen[v] {
			return fmt.Errorf("%w: move vector %d,%d appears twice", ErrFormat, v[0], v[1])
		}
		seen[v] = true
	}
	return nil
}

// HeaderSize returns the number of header bytes of h in the binary format.
func (h *Header) HeaderSize() int { return fixedHead + len(h.Name) + 8*len(h.Moves) }

// FileSize returns the size in bytes of h's binary file.
func (h *Header) FileSize() int64 {
	return int64(h.HeaderSize()) + PayloadBytes(h.Length, len(h.Moves)) + 4
}

// CellWriter receives a path one 0-based cell at a time.
type CellWriter interface {
	// Cell appends (row, col) to the path.
	Cell(row, col int) error
	// Close flushes what is buffered and reports any error; it does not
	// close the underlying writer.
	Close() error
}

// Copy writes every cell of walk to w (it does not call Close) and returns
// the number written. It checks ctx every 65536 cells and returns ctx.Err()
// when it is done; written, if not nil, is kept up to date (at the same
// rate) for a progress reader in another goroutine.
func Copy(ctx context.Context, w CellWriter, walk iter.Seq2[int, int], written *atomic.Int64) (int64, error) {
	var n int64
	var err error
	for r, c := range walk {
		if err = w.Cell(r, c); err != nil {
			break
		}
		n++
		if n&0xffff == 0 {
			if written != nil {
				written.Store(n)
			}
			if err = ctx.Err(); err != nil {
				break
			}
		}
	}
	if written != nil {
		written.Store(n)
	}
	return n, err
}

// formatCell writes a 0-based cell 1-based, for messages.
func formatCell(r, c int) string { return strconv.Itoa(r+1) + "," + strconv.Itoa(c+1) }
