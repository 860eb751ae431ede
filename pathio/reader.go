package pathio

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"iter"
	"strconv"
)

// Reader streams a path back one 0-based cell at a time.
type Reader interface {
	// Next returns the next cell, or io.EOF after the last one (once the
	// whole input has been checked), or another error wrapping ErrFormat.
	Next() (row, col int, err error)
}

// NewReader detects the format of r from its first bytes (the binary
// magic, or else text) and returns a reader for it. The header is nil for
// text.
func NewReader(r io.Reader) (Reader, Format, *Header, error) {
	br := bufio.NewReaderSize(r, bufSize)
	if IsBinary(br) {
		b, err := NewBinaryReader(br)
		if err != nil {
			return nil, Binary, nil, err
		}
		h := b.Header()
		return b, Binary, &h, nil
	}
	return NewTextReader(br), Text, nil, nil
}

// IsBinary reports whether the next bytes of br are the binary magic,
// without consuming them.
func IsBinary(br *bufio.Reader) bool {
	p, _ := br.Peek(len(Magic))
	return string(p) == Magic
}

// Walk returns the cells of rd as an iterator, and a function that
// reports the error that ended it (nil after a complete, well-formed
// input).
func Walk(rd Reader) (iter.Seq2[int, int], func() error) {
	var err error
	seq := func(yield func(int, int) bool) {
		for {
			r, c, e := rd.Next()
			if e != nil {
				if e != io.EOF {
					err = e
				}
				return
			}
			if !yield(r, c) {
				return
			}
		}
	}
	return seq, func() error { return err }
}

// TextReader reads the text format.
type TextReader struct {
	br   *bufio.Reader
	line int
	done bool
	// cells counts the cells read; gap is the line of a blank line after
	// one, which may only be followed by blank lines and comments (a blank
	// line between cells separates two paths, as enumerate writes them).
	cells, gap int
}

// NewTextReader returns a reader of the text format from r. Lines may be
// at most 64 KiB long.
func NewTextReader(r io.Reader) *TextReader {
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < 1<<16 {
		br = bufio.NewReaderSize(r, 1<<16)
	}
	return &TextReader{br: br}
}

// Next returns the next cell, converted to 0-based.
func (t *TextReader) Next() (int, int, error) {
	if t.done {
		return 0, 0, io.EOF
	}
	for {
		s, err := t.br.ReadSlice('\n')
		if len(s) > 0 || err == nil {
			t.line++
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			t.done = true
			return 0, 0, fmt.Errorf("%w: line %d is longer than 64 KiB; write one row,col per line", ErrFormat, t.line)
		}
		if err != nil && err != io.EOF {
			t.done = true
			return 0, 0, fmt.Errorf("%w: %w", ErrFormat, err)
		}
		s = bytes.TrimSpace(s)
		if len(s) == 0 && t.cells > 0 && t.gap == 0 && err == nil {
			t.gap = t.line
		}
		if len(s) > 0 && s[0] != '#' && !bytes.HasPrefix(s, []byte("//")) {
			if t.gap > 0 {
				t.done = true
				return 0, 0, fmt.Errorf("%w: line %d: a blank line between cells (line %d) separates two paths, as enumerate writes them: give one path per file", ErrFormat, t.line, t.gap)
			}
			t.cells++
			a, b, ok := bytes.Cut(s, []byte(","))
			r, err1 := strconv.Atoi(string(bytes.TrimSpace(a)))
			c, err2 := strconv.Atoi(string(bytes.TrimSpace(b)))
			if !ok || err1 != nil || err2 != nil || r < 1 || c < 1 {
				t.done = true
				return 0, 0, fmt.Errorf("%w: line %d: %q is not a cell; write one row,col per line counted from 1, for example 1,1", ErrFormat, t.line, s)
			}
			return r - 1, c - 1, nil
		}
		if err == io.EOF {
			t.done = true
			return 0, 0, io.EOF
		}
	}
}

// BinaryReader reads the binary format, checking its structure and
// checksum (not whether the path is a solution: that is package verify's
// job).
type BinaryReader struct {
	r       io.Reader
	h       Header
	bits    uint
	mask    uint64
	buf     []byte
	pos     int
	left    int64 // payload bytes not yet read from r
	crc     uint32
	acc     uint64
	nacc    uint
	n       int64
	row     int
	col     int
	err     error
	trailer bool
}

// NewBinaryReader reads and checks the header from r.
func NewBinaryReader(r io.Reader) (*BinaryReader, error) {
	head := make([]byte, fixedHead)
	if _, err := io.ReadFull(r, head); err != nil {
		return nil, fmt.Errorf("%w: the header is cut short (%w)", ErrFormat, err)
	}
	if string(head[:8]) != Magic {
		return nil, fmt.Errorf("%w: not a binary path file (bad magic %q)", ErrFormat, head[:8])
	}
	le := binary.LittleEndian
	if v := le.Uint16(head[8:]); v != Version {
		return nil, fmt.Errorf("%w: binary format version %d; this program reads version %d", ErrFormat, v, Version)
	}
	flags := le.Uint16(head[10:])
	if flags&^flagClosed != 0 {
		return nil, fmt.Errorf("%w: unknown flags %#x in the header", ErrFormat, flags)
	}
	h := Header{
		Rows: int(le.Uint32(head[12:])), Cols: int(le.Uint32(head[16:])),
		Closed:   flags&flagClosed != 0,
		StartRow: int(le.Uint32(head[28:])), StartCol: int(le.Uint32(head[32:])),
	}
	length := le.Uint64(head[20:])
	if length > MaxCells {
		return nil, fmt.Errorf("%w: length %d exceeds 2^40 cells", ErrFormat, length)
	}
	h.Length = int64(length)
	k, bits, nameLen := int(le.Uint16(head[36:])), int(head[38]), int(head[39])
	if k < 1 || k > MaxVectors {
		return nil, fmt.Errorf("%w: %d move vectors; the format allows 1 to %d", ErrFormat, k, MaxVectors)
	}
	if bits != Bits(k) {
		return nil, fmt.Errorf("%w: %d bits per move for %d moves; the format requires %d", ErrFormat, bits, k, Bits(k))
	}
	rest := make([]byte, nameLen+8*k)
	if _, err := io.ReadFull(r, rest); err != nil {
		return nil, fmt.Errorf("%w: the header is cut short (%w)", ErrFormat, err)
	}
	h.Name = string(rest[:nameLen])
	for i := range k {
		p := rest[nameLen+8*i:]
		h.Moves = append(h.Moves, [2]int{int(int32(le.Uint32(p))), int(int32(le.Uint32(p[4:])))})
	}
	if err := h.check(); err != nil {
		return nil, err
	}
	if h.StartRow >= h.Rows || h.StartCol >= h.Cols {
		return nil, fmt.Errorf("%w: the start cell %s is off the %dx%d board", ErrFormat, formatCell(h.StartRow, h.StartCol), h.Rows, h.Cols)
	}
	crc := crc32.Update(0, castagnoli, head)
	crc = crc32.Update(crc, castagnoli, rest)
	return &BinaryReader{r: r, h: h, bits: uint(bits), mask: 1<<bits - 1, crc: crc,
		left: PayloadBytes(h.Length, k), buf: make([]byte, 0, bufSize)}, nil
}

// Header returns the file's header.
func (b *BinaryReader) Header() Header { return b.h }

func (b *BinaryReader) fail(format string, a ...any) (int, int, error) {
	b.err = fmt.Errorf("%w: "+format, append([]any{ErrFormat}, a...)...)
	return 0, 0, b.err
}

// Next returns the next cell. After the last one it checks the padding
// bits, the checksum and that nothing follows, and returns io.EOF.
func (b *BinaryReader) Next() (int, int, error) {
	if b.err != nil {
		return 0, 0, b.err
	}
	if b.n == 0 {
		b.n, b.row, b.col = 1, b.h.StartRow, b.h.StartCol
		return b.row, b.col, nil
	}
	if b.n == b.h.Length {
		return b.finish()
	}
	for b.nacc < b.bits {
		if b.pos == len(b.buf) {
			if err := b.fill(); err != nil {
				b.err = err
				return 0, 0, err
			}
		}
		b.acc |= uint64(b.buf[b.pos]) << b.nacc
		b.pos++
		b.nacc += 8
	}
	idx := int(b.acc & b.mask)
	b.acc >>= b.bits
	b.nacc -= b.bits
	if idx >= len(b.h.Moves) {
		return b.fail("step %d: move index %d, but the header declares %d moves", b.n, idx, len(b.h.Moves))
	}
	v := b.h.Moves[idx]
	r, c := b.row+v[0], b.col+v[1]
	if r < 0 || r >= b.h.Rows || c < 0 || c >= b.h.Cols {
		return b.fail("step %d -> %d: the move %d,%d leaves the %dx%d board", b.n, b.n+1, v[0], v[1], b.h.Rows, b.h.Cols)
	}
	b.row, b.col = r, c
	b.n++
	return r, c, nil
}

// fill reads the next chunk of the payload.
func (b *BinaryReader) fill() error {
	if b.left == 0 {
		return fmt.Errorf("%w: the payload is shorter than the header's length", ErrFormat)
	}
	n := int(min(b.left, int64(cap(b.buf))))
	b.buf = b.buf[:n]
	if _, err := io.ReadFull(b.r, b.buf); err != nil {
		return fmt.Errorf("%w: the file is cut short after cell %d of %d (%w)", ErrFormat, b.n, b.h.Length, err)
	}
	b.crc = crc32.Update(b.crc, castagnoli, b.buf)
	b.left -= int64(n)
	b.pos = 0
	return nil
}

func (b *BinaryReader) finish() (int, int, error) {
	if b.trailer {
		return 0, 0, io.EOF
	}
	if b.acc != 0 || b.pos != len(b.buf) || b.left != 0 {
		return b.fail("the payload's padding bits are not zero")
	}
	var tail [5]byte
	n, err := io.ReadFull(b.r, tail[:])
	switch {
	case n < 4:
		return b.fail("the checksum is missing or cut short (%v)", err)
	case n == 5:
		return b.fail("bytes follow the checksum; the file is longer than its header says")
	}
	if got := binary.LittleEndian.Uint32(tail[:]); got != b.crc {
		return b.fail("checksum mismatch: the file says %08x, its contents give %08x; the file is corrupt", got, b.crc)
	}
	b.trailer = true
	return 0, 0, io.EOF
}
