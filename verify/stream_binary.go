package verify

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
)

// This file decodes the binary path format from its specification (the
// package comment of boardgraph's pathio, version 1) without sharing code
// with the writer, so that a bug in the writer cannot hide here:
//
//	magic "\x89BGP\r\n\x1a\n" | version u16 = 1 | flags u16 (bit 0 closed)
//	rows u32 | cols u32 | length u64 | start row u32 | start col u32 (0-based)
//	k u16 | bits u8 = max(1, ceil(log2 k)) | name length u8 | name
//	k vectors (dr i32, dc i32) | payload: length-1 indices of `bits` bits,
//	least significant bit first | CRC-32C (Castagnoli) u32 of all before it
//
// All integers are little-endian.

// BinaryMagic starts every binary path file.
const BinaryMagic = "\x89BGP\r\n\x1a\n"

// BinaryHeader is the header of a binary path file.
type BinaryHeader struct {
	Rows, Cols int
	Closed     bool
	Length     int64
	// Start is the first cell, 1-based.
	Start Cell
	Name  string
	Moves [][2]int
	// Bits is the width of one move index; Size the header's byte count.
	Bits int
	Size int
}

// IsBinaryPath reports whether data starts with the binary magic.
func IsBinaryPath(data []byte) bool { return bytes.HasPrefix(data, []byte(BinaryMagic)) }

// ParseBinaryHeader decodes the header at the start of data (which may
// continue with the payload). Errors wrap ErrSyntax.
func ParseBinaryHeader(data []byte) (BinaryHeader, error) {
	h, _, err := readBinaryHeader(bytes.NewReader(data))
	return h, err
}

func headerErr(format string, a ...any) error {
	return fmt.Errorf("%w: binary path file: "+format, append([]any{ErrSyntax}, a...)...)
}

// readBinaryHeader reads and checks the header; it returns the raw bytes
// too, for the checksum.
func readBinaryHeader(rd io.Reader) (BinaryHeader, []byte, error) {
	var h BinaryHeader
	raw := make([]byte, 40)
	if _, err := io.ReadFull(rd, raw); err != nil {
		return h, nil, headerErr("the header is cut short (%v)", err)
	}
	if string(raw[:8]) != BinaryMagic {
		return h, nil, headerErr("bad magic %q; this is not a boardgraph binary path", raw[:8])
	}
	u16 := func(o int) int { return int(binary.LittleEndian.Uint16(raw[o:])) }
	u32 := func(o int) int { return int(binary.LittleEndian.Uint32(raw[o:])) }
	if v := u16(8); v != 1 {
		return h, nil, headerErr("version %d; this verifier reads version 1", v)
	}
	flags := u16(10)
	if flags > 1 {
		return h, nil, headerErr("unknown flags %#x", flags)
	}
	h.Closed = flags == 1
	h.Rows, h.Cols = u32(12), u32(16)
	length := binary.LittleEndian.Uint64(raw[20:])
	if h.Rows < 1 || h.Cols < 1 {
		return h, nil, headerErr("board %dx%d has no cells", h.Rows, h.Cols)
	}
	cells := uint64(h.Rows) * uint64(h.Cols)
	if cells > 1<<40 {
		return h, nil, headerErr("board %dx%d has more than 2^40 cells", h.Rows, h.Cols)
	}
	if length < 1 || length > cells {
		return h, nil, headerErr("length %d; a path on %dx%d has 1 to %d cells", length, h.Rows, h.Cols, cells)
	}
	h.Length = int64(length)
	sr, sc := u32(28), u32(32)
	if sr >= h.Rows || sc >= h.Cols {
		return h, nil, headerErr("start cell %d,%d (0-based) is off the %dx%d board", sr, sc, h.Rows, h.Cols)
	}
	h.Start = Cell{sr + 1, sc + 1}
	k := u16(36)
	if k < 1 || k > 4096 {
		return h, nil, headerErr("%d move vectors; the format allows 1 to 4096", k)
	}
	want := 1
	for 1<<want < k {
		want++
	}
	h.Bits = int(raw[38])
	if h.Bits != want {
		return h, nil, headerErr("%d bits per move for %d moves; the format requires %d", h.Bits, k, want)
	}
	nameLen := int(raw[39])
	rest := make([]byte, nameLen+8*k)
	if _, err := io.ReadFull(rd, rest); err != nil {
		return h, nil, headerErr("the header is cut short (%v)", err)
	}
	h.Name = string(rest[:nameLen])
	for i := range k {
		o := nameLen + 8*i
		v := [2]int{int(int32(binary.LittleEndian.Uint32(rest[o:]))), int(int32(binary.LittleEndian.Uint32(rest[o+4:])))}
		if v == [2]int{} {
			return h, nil, headerErr("move vector %d is 0,0", i)
		}
		for j, w := range h.Moves {
			if w == v {
				return h, nil, headerErr("move vectors %d and %d are both %d,%d", j, i, v[0], v[1])
			}
		}
		h.Moves = append(h.Moves, v)
	}
	h.Size = 40 + len(rest)
	return h, append(raw, rest...), nil
}

// StreamBinary checks a path in the binary format read from rd: the file's
// structure and CRC-32C checksum, and the path under r, without holding it
// in memory. Where r leaves something open the header decides: r.Rows = 0
// takes the board size from the header (otherwise they must agree);
// r.Leapers = nil takes the header's vectors as the move set (otherwise
// every declared vector must be a move of r.Leapers, so every step is a
// legal move); the path is checked as a closed tour if r.Closed or the
// header says so. The length must be the number of open cells.
//
// A broken rule is an *Error; when the file's checksum does not match its
// contents the error says the file is corrupt instead (and names the
// first broken rule too, if the damage caused one). Errors about the
// structure wrap ErrSyntax. Cancellation returns ctx.Err().
//
// The cost is one bit of memory per board cell and O(length) time.
func StreamBinary(ctx context.Context, r Rules, rd io.Reader, opt StreamOptions) (StreamResult, error) {
	res := StreamResult{Binary: true}
	h, raw, err := readBinaryHeader(rd)
	if err != nil {
		return res, err
	}
	res.Rows, res.Cols, res.Name, res.Moves = h.Rows, h.Cols, h.Name, h.Moves
	res.Closed = r.Closed || h.Closed
	if r.Rows == 0 && r.Cols == 0 {
		r.Rows, r.Cols = h.Rows, h.Cols
	} else if r.Rows != h.Rows || r.Cols != h.Cols {
		return res, invalid(0, "the file holds a path on %dx%d but the board is %dx%d", h.Rows, h.Cols, r.Rows, r.Cols)
	}
	t, err := newTracker(ctx, r, opt)
	if err != nil {
		return res, err
	}
	if r.Leapers == nil {
		if r.Name == "" {
			t.name = h.Name
		}
		t.setMoves(h.Moves)
	} else {
		for _, v := range h.Moves {
			if !t.isMove(v[0], v[1]) {
				return res, invalid(0, "the file declares the move %d,%d, which is not a move of %s", v[0], v[1], t.name)
			}
		}
	}
	crc := crc32.Update(0, crc32.MakeTable(crc32.Castagnoli), raw)
	d := &decoder{rd: rd, left: (int64(h.Length-1)*int64(h.Bits) + 7) / 8, crc: crc,
		table: crc32.MakeTable(crc32.Castagnoli), buf: make([]byte, 1<<20)}
	res.Cells, err = walkBinary(t, d, h)
	if err == nil {
		err = t.finish(res.Closed)
	}
	if err != nil && ctx.Err() != nil {
		return res, ctx.Err()
	}
	// Read to the end for the checksum, whatever happened above: damage
	// shows as a checksum mismatch rather than as the rule it broke.
	sum, tail, cerr := d.rest()
	res.Checksum = sum
	switch {
	case cerr != nil:
		return res, cerr
	case tail != sum:
		msg := fmt.Sprintf("the file is corrupt: its checksum is %08x but its contents give %08x", tail, sum)
		if err != nil {
			msg += fmt.Sprintf(" (the damage shows at: %v)", err)
		}
		return res, invalid(0, "%s", msg)
	case err != nil:
		return res, err
	case d.acc != 0:
		// Only reached after a complete walk: acc holds the last byte's
		// padding bits.
		return res, headerErr("the padding bits after the last move are not zero")
	}
	return res, nil
}

// decoder serves the payload's bits and keeps the checksum of what it has
// read.
type decoder struct {
	rd    io.Reader
	buf   []byte
	pos   int
	end   int
	left  int64 // payload bytes not yet read from rd
	crc   uint32
	table *crc32.Table
	acc   uint64
	nacc  uint
}

// refill tops up acc to at least 57 bits or the end of the payload.
func (d *decoder) refill() error {
	for d.nacc <= 56 {
		if d.pos == d.end {
			if d.left == 0 {
				return nil
			}
			n := int(min(d.left, int64(len(d.buf))))
			if _, err := io.ReadFull(d.rd, d.buf[:n]); err != nil {
				return headerErr("the file is cut short in the payload (%v)", err)
			}
			d.crc = crc32.Update(d.crc, d.table, d.buf[:n])
			d.left -= int64(n)
			d.pos, d.end = 0, n
		}
		d.acc |= uint64(d.buf[d.pos]) << d.nacc
		d.pos++
		d.nacc += 8
	}
	return nil
}

// rest reads what is left of the payload and the checksum, and checks
// that nothing follows. It returns the computed and the stored checksum.
func (d *decoder) rest() (sum, stored uint32, err error) {
	for d.left > 0 {
		n := int(min(d.left, int64(len(d.buf))))
		if _, err := io.ReadFull(d.rd, d.buf[:n]); err != nil {
			return d.crc, 0, headerErr("the file is cut short in the payload (%v)", err)
		}
		d.crc = crc32.Update(d.crc, d.table, d.buf[:n])
		d.left -= int64(n)
	}
	var tail [5]byte
	n, _ := io.ReadFull(d.rd, tail[:])
	if n < 4 {
		return d.crc, 0, headerErr("the checksum at the end is missing or cut short")
	}
	if n == 5 {
		return d.crc, 0, headerErr("bytes follow the checksum; the file is longer than its header says")
	}
	return d.crc, binary.LittleEndian.Uint32(tail[:]), nil
}

// walkBinary decodes and checks every step. It returns the number of
// cells accepted.
func walkBinary(t *tracker, d *decoder, h BinaryHeader) (int64, error) {
	row, col := h.Start.Row-1, h.Start.Col-1
	if err := t.visit(row, col, false); err != nil {
		return t.n, err
	}
	k := uint64(len(h.Moves))
	dr := make([]int, k)
	dc := make([]int, k)
	for i, v := range h.Moves {
		dr[i], dc[i] = v[0], v[1]
	}
	bits := uint(h.Bits)
	mask := uint64(1)<<bits - 1
	for t.n < h.Length {
		if d.nacc < bits {
			if err := d.refill(); err != nil {
				return t.n, err
			}
			if d.nacc < bits {
				return t.n, headerErr("the payload ends before the last move")
			}
		}
		idx := d.acc & mask
		d.acc >>= bits
		d.nacc -= bits
		if idx >= k {
			return t.n, headerErr("step %d -> %d: move index %d, but the header declares %d moves", t.n, t.n+1, idx, k)
		}
		row += dr[idx]
		col += dc[idx]
		if err := t.visit(row, col, false); err != nil {
			return t.n, err
		}
	}
	// The payload's size is exact, so what is left in acc now is the
	// padding of its last byte (fewer than 8 bits), checked by the caller.
	return t.n, nil
}
