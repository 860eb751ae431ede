// Package shardfile holds the formats of the files through which count's
// cooperative shards exchange their layers (count.Options.Exchange; the
// protocol is described in count/exchange.go): a shard's layer file, whose
// blocks of records are found through an index grouped by owner; its
// marker, the records it wrote to each owner; and the vertex order the
// shards share. It writes a layer file (Writer); reading the files, and
// writing the markers and the order, are count's: for them this package
// turns their contents into plain values and back, checking every field.
package shardfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
)

// Magic starts the key file of an exchange directory: the layout of the
// files below.
const Magic = "boardgraph-dp-exchange/2\n"

const (
	markerMagic = "BGDPX001"
	indexMagic  = "BGDPXI01"
	orderMagic  = "BGDPORD1"
)

const (
	// BlockBytes is the size at which an owner's block is appended to
	// the layer file.
	BlockBytes = 32 << 10
	// BlockMax bounds a block a reader accepts (a block ends with the
	// batch that filled it, at most count's bufRecs records).
	BlockMax = 1 << 20
)

// ErrDamaged is a file that is cut short or fails its checks.
var ErrDamaged = errors.New("damaged exchange file")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Block is one block of a layer file: Owner's Recs records at Off.
type Block struct {
	Owner     int
	Off, Recs int64
}

// FileName is the name of shard from's file of a layer.
func FileName(from int) string { return fmt.Sprintf("from%05d", from) }

// DoneName is the name of shard from's marker of a layer.
func DoneName(from int) string { return fmt.Sprintf("done-%05d", from) }

// seal appends the CRC-32C of b to it.
func seal(b []byte) []byte {
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// sealed reports whether b is size bytes long, starts with magic and ends
// with the CRC-32C of the rest.
func sealed(b []byte, magic string, size int) bool {
	return len(b) == size && size >= len(magic)+4 && string(b[:len(magic)]) == magic &&
		crc32.Checksum(b[:size-4], castagnoli) == binary.LittleEndian.Uint32(b[size-4:])
}

// MarkerSize is the size of a marker of a count of shards shards.
func MarkerSize(shards int) int { return len(markerMagic) + 8*shards + 4 }

// AppendMarker returns the marker of a shard's layer file: recs[s], the
// records it holds for shard s.
func AppendMarker(recs []int64) []byte {
	b := []byte(markerMagic)
	for _, n := range recs {
		b = binary.LittleEndian.AppendUint64(b, uint64(n))
	}
	return seal(b)
}

// ParseMarker returns the records of a marker of shards shards, or
// ErrDamaged.
func ParseMarker(b []byte, shards int) ([]int64, error) {
	if !sealed(b, markerMagic, MarkerSize(shards)) {
		return nil, ErrDamaged
	}
	recs := make([]int64, shards)
	for i := range recs {
		recs[i] = int64(binary.LittleEndian.Uint64(b[len(markerMagic)+8*i:]))
	}
	return recs, nil
}

// OrderSize is the size of an order file of n vertices.
func OrderSize(n int) int { return len(orderMagic) + 4 + 4*n + 4 }

// AppendOrder returns the order file of the vertex order o.
func AppendOrder(o []int32) []byte {
	b := append([]byte(orderMagic), binary.LittleEndian.AppendUint32(nil, uint32(len(o)))...)
	for _, v := range o {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	return seal(b)
}

// ParseOrder returns the order of an order file of n vertices; ok only
// if it is whole (whether it is a permutation is the caller's to check).
func ParseOrder(b []byte, n int) (o []int32, ok bool) {
	if !sealed(b, orderMagic, OrderSize(n)) || binary.LittleEndian.Uint32(b[len(orderMagic):]) != uint32(n) {
		return nil, false
	}
	o = make([]int32, n)
	for i := range o {
		o[i] = int32(binary.LittleEndian.Uint32(b[len(orderMagic)+4+4*i:]))
	}
	return o, true
}

// AppendIndex returns the index of a layer file of owners owners whose
// blocks end at end, sorting blocks by owner (stably: an owner's blocks
// keep their order). The index is, for each block, its offset and
// records (two little-endian uint64s), grouped by owner in owner order;
// then owners+1 uint64s, the first entry of each owner and the number of
// entries; then end (uint64), "BGDPXI01" and the CRC-32C of the index
// from its first entry to the magic.
func AppendIndex(blocks []Block, owners int, end int64) []byte {
	slices.SortStableFunc(blocks, func(a, b Block) int { return a.Owner - b.Owner })
	idx := make([]byte, 0, 16*len(blocks)+8*(owners+1)+20)
	for _, x := range blocks {
		idx = binary.LittleEndian.AppendUint64(idx, uint64(x.Off))
		idx = binary.LittleEndian.AppendUint64(idx, uint64(x.Recs))
	}
	e := 0
	for d := range owners + 1 {
		for e < len(blocks) && blocks[e].Owner < d {
			e++
		}
		idx = binary.LittleEndian.AppendUint64(idx, uint64(e))
	}
	idx = binary.LittleEndian.AppendUint64(idx, uint64(end))
	idx = append(idx, indexMagic...)
	return seal(idx)
}

// ReadIndex reads the index at the end of a layer file f of size bytes
// and shards owners (see AppendIndex) and returns owner's blocks of
// records of rec bytes, each checked to lie inside the file's blocks.
// An error means the file is damaged (ErrDamaged) or cannot be read.
func ReadIndex(f io.ReaderAt, size int64, shards, owner, rec int) ([]Block, error) {
	const tail int64 = 8 + int64(len(indexMagic)) + 4
	var t [tail]byte
	if size < tail {
		return nil, ErrDamaged
	}
	if _, err := f.ReadAt(t[:], size-tail); err != nil {
		return nil, err
	}
	if string(t[8:8+len(indexMagic)]) != indexMagic {
		return nil, ErrDamaged
	}
	end := int64(binary.LittleEndian.Uint64(t[:8])) // the blocks' end
	idxLen := size - end
	// The index has 16 bytes a block; blocks are BlockBytes but the last
	// of each owner.
	entries := (idxLen - tail - 8*int64(shards+1)) / 16
	if end < 0 || end > size-tail || entries < 0 || idxLen != 16*entries+8*int64(shards+1)+tail ||
		entries > end/BlockBytes+int64(shards) {
		return nil, ErrDamaged
	}
	idx := make([]byte, idxLen)
	if _, err := f.ReadAt(idx, end); err != nil {
		return nil, err
	}
	if crc32.Checksum(idx[:idxLen-4], castagnoli) != binary.LittleEndian.Uint32(idx[idxLen-4:]) {
		return nil, ErrDamaged
	}
	starts := idx[16*entries:]
	from := int64(binary.LittleEndian.Uint64(starts[8*owner:]))
	to := int64(binary.LittleEndian.Uint64(starts[8*owner+8:]))
	if from < 0 || to < from || to > entries {
		return nil, ErrDamaged
	}
	blocks := make([]Block, 0, to-from)
	for e := from; e < to; e++ {
		off := int64(binary.LittleEndian.Uint64(idx[16*e:]))
		recs := int64(binary.LittleEndian.Uint64(idx[16*e+8:]))
		if off < 0 || recs <= 0 || recs > BlockMax/int64(rec) || off > end-recs*int64(rec) {
			return nil, ErrDamaged
		}
		blocks = append(blocks, Block{Owner: owner, Off: off, Recs: recs})
	}
	return blocks, nil
}
