package ckfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"path/filepath"
)

// ManifestMagic starts the manifest written; ManifestMagic1 the format before
// generations, still read.
const ManifestMagic, ManifestMagic1 = "BGDPSP02", "BGDPSP01"

// MaxBits bounds the bucket bits of a layer: at most 1024 files.
const MaxBits = 10

// MaxManifest bounds a manifest: the key, the directory and two layers of 1024
// buckets.
const MaxManifest = 8 + 2 + 1<<16 + 4 + 2 + 2 + 1<<16 + 2*(1+(1<<MaxBits)*18) + 1 + 4

// Castagnoli is the CRC-32C table of the manifest's checksum, which
// count's other files share.
var Castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Manifest is a parsed manifest.
type Manifest struct {
	Key       string // the count's key (its plan's fingerprint)
	Done      int    // the steps done: Cur is layer Done
	KW, CW    int    // key and count words of a record
	Dir       string // the spill directory (absolute)
	Cur, Next *Set   // Next is nil when no step is under way
}

// Set is one layer of a manifest: per bucket, its file's bytes, records
// and generation (folds), and whether the step has expanded it (Cur
// only).
type Set struct {
	Bits       uint
	Size, Recs []int64
	Gen        []uint8
	Done       []bool
}

// appendSet appends one layer of a manifest (with the done flags when
// withDone).
func appendSet(b []byte, s *Set, withDone bool) []byte {
	b = append(b, byte(s.Bits))
	for k := range s.Size {
		b = binary.LittleEndian.AppendUint64(b, uint64(s.Size[k]))
		b = binary.LittleEndian.AppendUint64(b, uint64(s.Recs[k]))
		b = append(b, s.Gen[k])
		if withDone {
			d := byte(0)
			if s.Done[k] {
				d = 1
			}
			b = append(b, d)
		}
	}
	return b
}

// Append appends the manifest m, checksum included, to b.
func (m *Manifest) Append(b []byte) []byte {
	start := len(b)
	b = append(b, ManifestMagic...)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(m.Key)))
	b = append(b, m.Key...)
	b = binary.LittleEndian.AppendUint32(b, uint32(m.Done))
	b = append(b, byte(m.KW), byte(m.CW))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(m.Dir)))
	b = append(b, m.Dir...)
	b = appendSet(b, m.Cur, true)
	if m.Next == nil {
		b = append(b, 0)
	} else {
		b = append(b, 1)
		b = appendSet(b, m.Next, false)
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b[start:], Castagnoli))
}

// ErrManifest is a manifest that does not parse.
var ErrManifest = errors.New("damaged manifest")

// ErrOtherCount is a checkpoint of another count.
var ErrOtherCount = errors.New("another count's checkpoint")

// ParseManifest checks and parses a manifest of the count named key with
// steps steps; kw and cw are the count's record layout.
func ParseManifest(data []byte, key string, steps, kw, cw int) (*Manifest, error) {
	if len(data) > MaxManifest || len(data) < len(ManifestMagic)+4 {
		return nil, ErrManifest
	}
	gens := true
	switch string(data[:len(ManifestMagic)]) {
	case ManifestMagic:
	case ManifestMagic1:
		gens = false
	default:
		return nil, ErrManifest
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, Castagnoli) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, fmt.Errorf("%w: it fails its checksum", ErrManifest)
	}
	p := body[len(ManifestMagic):]
	short := false
	take := func(n int) []byte {
		if n > len(p) {
			short = true
			return make([]byte, n)
		}
		x := p[:n]
		p = p[n:]
		return x
	}
	u16 := func() int { return int(binary.LittleEndian.Uint16(take(2))) }
	u64 := func() uint64 { return binary.LittleEndian.Uint64(take(8)) }
	k := string(take(u16()))
	if short {
		return nil, ErrManifest
	}
	if k != key {
		return nil, ErrOtherCount
	}
	m := &Manifest{Key: k, Done: int(binary.LittleEndian.Uint32(take(4)))}
	m.KW, m.CW = int(take(1)[0]), int(take(1)[0])
	m.Dir = string(take(u16()))
	if short || m.KW != kw || m.CW != cw || m.Done < 1 || m.Done >= steps || !filepath.IsAbs(m.Dir) {
		return nil, fmt.Errorf("%w: it does not fit this count (record layout, step or directory)", ErrManifest)
	}
	set := func(withDone bool) *Set {
		bits := uint(take(1)[0])
		if short || bits > MaxBits {
			short = true
			return nil
		}
		n := 1 << bits
		s := &Set{Bits: bits, Size: make([]int64, n), Recs: make([]int64, n), Gen: make([]uint8, n), Done: make([]bool, n)}
		for b := range n {
			size, recs := u64(), u64()
			// A record takes at least 2 bytes; a run's header 2 more.
			if size > 1<<50 || recs > size/2 {
				short = true
				return nil
			}
			s.Size[b], s.Recs[b] = int64(size), int64(recs)
			if gens {
				s.Gen[b] = take(1)[0]
			}
			if withDone {
				d := take(1)[0]
				if d > 1 {
					short = true
					return nil
				}
				s.Done[b] = d == 1
			}
		}
		return s
	}
	m.Cur = set(true)
	has := take(1)[0]
	if !short && has == 1 {
		m.Next = set(false)
	}
	if short || has > 1 || len(p) != 0 {
		return nil, fmt.Errorf("%w: it has the wrong length", ErrManifest)
	}
	return m, nil
}

// ReadManifest reads a manifest file of at most MaxManifest bytes.
func ReadManifest(f io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(f, MaxManifest+1))
	if err == nil && len(data) > MaxManifest {
		err = ErrManifest
	}
	return data, err
}
