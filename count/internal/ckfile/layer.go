package ckfile

import (
	"encoding/binary"
	"errors"
	"io"
)

// LayerMagic starts a layer checkpoint.
const LayerMagic = "BGDPCK01"

// LayerHeader is the header of a layer checkpoint.
type LayerHeader struct {
	Key    string // the count's key (its plan's fingerprint)
	Done   int    // the steps that made the layer
	KW, CW int    // key and count words of a record
	Recs   uint64 // the records that follow
}

// Append appends the header h to b.
func (h *LayerHeader) Append(b []byte) []byte {
	b = append(b, LayerMagic...)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(h.Key)))
	b = append(b, h.Key...)
	b = binary.LittleEndian.AppendUint32(b, uint32(h.Done))
	b = append(b, byte(h.KW), byte(h.CW))
	return binary.LittleEndian.AppendUint64(b, h.Recs)
}

// Errors of ReadLayerHeader.
var (
	ErrNotLayer  = errors.New("not a layer checkpoint")
	ErrTruncated = errors.New("layer checkpoint truncated")
)

// ReadLayerHeader reads the header of a layer checkpoint of the count
// named key from r and returns it with its length in bytes. A file that
// does not start with LayerMagic is ErrNotLayer, one that ends in the
// header ErrTruncated, and one of another key ErrOtherCount.
func ReadLayerHeader(r io.Reader, key string) (LayerHeader, int64, error) {
	head := make([]byte, len(LayerMagic)+2)
	if _, err := io.ReadFull(r, head); err != nil || string(head[:len(LayerMagic)]) != LayerMagic {
		return LayerHeader{}, 0, ErrNotLayer
	}
	kl := int(binary.LittleEndian.Uint16(head[len(LayerMagic):]))
	rest := make([]byte, kl+4+2+8)
	if _, err := io.ReadFull(r, rest); err != nil {
		return LayerHeader{}, 0, ErrTruncated
	}
	if string(rest[:kl]) != key {
		return LayerHeader{}, 0, ErrOtherCount
	}
	h := LayerHeader{
		Key:  key,
		Done: int(binary.LittleEndian.Uint32(rest[kl:])),
		KW:   int(rest[kl+4]),
		CW:   int(rest[kl+5]),
		Recs: binary.LittleEndian.Uint64(rest[kl+6:]),
	}
	return h, int64(len(head) + len(rest)), nil
}
