package pathio

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
)

// bufSize is the size of the writers' and readers' buffers.
const bufSize = 1 << 20

// TextWriter writes the text format: one 1-based "row,col" per line. It
// buffers its output; call Close to flush it.
type TextWriter struct {
	w   io.Writer
	buf []byte
	n   int64
	err error
}

// NewTextWriter returns a TextWriter writing to w.
func NewTextWriter(w io.Writer) *TextWriter {
	return &TextWriter{w: w, buf: make([]byte, 0, bufSize)}
}

// Cell writes the 0-based cell (row, col) as "row+1,col+1\n". Negative
// coordinates are an error.
func (t *TextWriter) Cell(row, col int) error {
	if t.err != nil {
		return t.err
	}
	if row < 0 || col < 0 {
		t.err = fmt.Errorf("%w: cell %d of the path has negative coordinates %d,%d (0-based)", ErrPath, t.n+1, row, col)
		return t.err
	}
	t.buf = strconv.AppendInt(t.buf, int64(row)+1, 10)
	t.buf = append(t.buf, ',')
	t.buf = strconv.AppendInt(t.buf, int64(col)+1, 10)
	t.buf = append(t.buf, '\n')
	t.n++
	if len(t.buf) > bufSize-64 {
		t.flush()
	}
	return t.err
}

func (t *TextWriter) flush() {
	if t.err == nil && len(t.buf) > 0 {
		_, t.err = t.w.Write(t.buf)
	}
	t.buf = t.buf[:0]
}

// Count returns the number of cells written so far.
func (t *TextWriter) Count() int64 { return t.n }

// Close flushes the buffered lines and returns the first error seen.
func (t *TextWriter) Close() error {
	t.flush()
	return t.err
}

// BinaryWriter writes the binary format of the package comment. The header
// goes out with the first cell (which is the start cell); Close writes the
// last bits of the payload and the checksum and fails unless exactly
// Header.Length cells were written. The cost per cell is O(1).
type BinaryWriter struct {
	w      io.Writer
	h      Header
	bits   uint
	span   int     // dense index table covers -span..span in both axes
	dense  []int16 // (dr+span)*(2*span+1) + dc+span -> index, -1 for none
	sparse map[[2]int]int
	buf    []byte
	crc    uint32
	acc    uint64 // pending payload bits, the oldest in bit 0
	nacc   uint
	n      int64
	r, c   int
	err    error
}

// NewBinaryWriter returns a writer of the path h describes (its StartRow
// and StartCol are ignored: the first cell sets them). It fails when h is
// not a valid header.
func NewBinaryWriter(w io.Writer, h Header) (*BinaryWriter, error) {
	h.Moves = append([][2]int(nil), h.Moves...)
	if err := h.check(); err != nil {
		return nil, err
	}
	bw := &BinaryWriter{w: w, h: h, bits: uint(Bits(len(h.Moves))), buf: make([]byte, 0, bufSize)}
	for _, v := range h.Moves {
		bw.span = max(bw.span, abs(v[0]), abs(v[1]))
	}
	if bw.span <= 64 {
		side := 2*bw.span + 1
		bw.dense = make([]int16, side*side)
		for i := range bw.dense {
			bw.dense[i] = -1
		}
		for i, v := range h.Moves {
			bw.dense[(v[0]+bw.span)*side+v[1]+bw.span] = int16(i)
		}
	} else {
		bw.sparse = make(map[[2]int]int, len(h.Moves))
		for i, v := range h.Moves {
			bw.sparse[v] = i
		}
	}
	return bw, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Header returns the header as written so far (the start cell is set once
// the first cell has been written).
func (bw *BinaryWriter) Header() Header { return bw.h }

// Count returns the number of cells written so far.
func (bw *BinaryWriter) Count() int64 { return bw.n }

func (bw *BinaryWriter) fail(format string, a ...any) error {
	bw.err = fmt.Errorf("%w: "+format, append([]any{ErrPath}, a...)...)
	return bw.err
}

// Cell appends the 0-based cell (row, col). It fails if the cell is off
// the board, if the step from the previous cell is not one of the header's
// moves, or if the path would exceed Header.Length cells.
func (bw *BinaryWriter) Cell(row, col int) error {
	if bw.err != nil {
		return bw.err
	}
	if row < 0 || row >= bw.h.Rows || col < 0 || col >= bw.h.Cols {
		return bw.fail("cell %d of the path, %d,%d (0-based), is off the %dx%d board", bw.n+1, row, col, bw.h.Rows, bw.h.Cols)
	}
	if bw.n == 0 {
		bw.h.StartRow, bw.h.StartCol = row, col
		bw.buf = appendHeader(bw.buf, &bw.h)
		bw.r, bw.c, bw.n = row, col, 1
		return nil
	}
	if bw.n >= bw.h.Length {
		return bw.fail("the header says %d cells but more were written", bw.h.Length)
	}
	dr, dc := row-bw.r, col-bw.c
	idx := -1
	if bw.dense != nil {
		if abs(dr) <= bw.span && abs(dc) <= bw.span {
			idx = int(bw.dense[(dr+bw.span)*(2*bw.span+1)+dc+bw.span])
		}
	} else if i, ok := bw.sparse[[2]int{dr, dc}]; ok {
		idx = i
	}
	if idx < 0 {
		return bw.fail("step %d -> %d: %s to %s is not a move of %s", bw.n, bw.n+1, formatCell(bw.r, bw.c), formatCell(row, col), bw.h.Name)
	}
	bw.acc |= uint64(idx) << bw.nacc
	bw.nacc += bw.bits
	if bw.nacc >= 32 {
		bw.buf = binary.LittleEndian.AppendUint32(bw.buf, uint32(bw.acc))
		bw.acc >>= 32
		bw.nacc -= 32
		if len(bw.buf) > bufSize-64 {
			bw.flush()
		}
	}
	bw.r, bw.c = row, col
	bw.n++
	return bw.err
}

func (bw *BinaryWriter) flush() {
	if bw.err == nil && len(bw.buf) > 0 {
		bw.crc = crc32.Update(bw.crc, castagnoli, bw.buf)
		_, bw.err = bw.w.Write(bw.buf)
	}
	bw.buf = bw.buf[:0]
}

// Close writes the rest of the payload and the checksum. It fails, writing
// no checksum, unless Header.Length cells were written.
func (bw *BinaryWriter) Close() error {
	if bw.err == errClosed {
		return nil
	}
	if bw.err != nil {
		return bw.err
	}
	if bw.n != bw.h.Length {
		return bw.fail("the header says %d cells but %d were written", bw.h.Length, bw.n)
	}
	for bw.nacc > 0 {
		bw.buf = append(bw.buf, byte(bw.acc))
		bw.acc >>= 8
		bw.nacc -= min(8, bw.nacc)
	}
	bw.flush()
	if bw.err != nil {
		return bw.err
	}
	if _, bw.err = bw.w.Write(binary.LittleEndian.AppendUint32(nil, bw.crc)); bw.err != nil {
		return bw.err
	}
	bw.err = errClosed
	return nil
}

var errClosed = fmt.Errorf("%w: the writer is closed", ErrPath)

// appendHeader appends h's binary header to b.
func appendHeader(b []byte, h *Header) []byte {
	le := binary.LittleEndian
	b = append(b, Magic...)
	b = le.AppendUint16(b, Version)
	var flags uint16
	if h.Closed {
		flags |= flagClosed
	}
	b = le.AppendUint16(b, flags)
	b = le.AppendUint32(b, uint32(h.Rows))
	b = le.AppendUint32(b, uint32(h.Cols))
	b = le.AppendUint64(b, uint64(h.Length))
	b = le.AppendUint32(b, uint32(h.StartRow))
	b = le.AppendUint32(b, uint32(h.StartCol))
	b = le.AppendUint16(b, uint16(len(h.Moves)))
	b = append(b, byte(Bits(len(h.Moves))), byte(len(h.Name)))
	b = append(b, h.Name...)
	for _, v := range h.Moves {
		b = le.AppendUint32(b, uint32(int32(v[0])))
		b = le.AppendUint32(b, uint32(int32(v[1])))
	}
	return b
}
