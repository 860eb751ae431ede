package count

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/boardgraph/boardgraph/shard"
)

// Manifests: the checkpoint of a spilled layer (spill.go).
//
// When the current layer is on disk, the checkpoint file holds a manifest
// instead of the layer: the layer's bucket files stay where they are, in
// the checkpoint's own spill directory, and the manifest says which they
// are, how long, and how far the step reading them has gone:
//
//	"BGDPSP02"  key length (uint16)  key  steps done (uint32)
//	key words (uint8)  count words (uint8)  directory length (uint16)  directory
//	current layer: bits (uint8), then per bucket: bytes (uint64) records (uint64) generation (uint8) done (uint8)
//	next layer present (uint8), and if 1: bits (uint8), then per bucket: bytes (uint64) records (uint64) generation (uint8)
//	CRC-32C of everything before (uint32)
//
// all little-endian. The current layer (made by the steps done) is in
// DIRECTORY/Lddd and the next one in DIRECTORY/Ldd(d+1), bucket b in file
// bDDDD, or bDDDD.gN once folded N times (spillSet.fold; manifests
// "BGDPSP01", written before folding, have no generation byte: all are
// 0). A bucket marked done has been expanded into the next layer and
// its file may be gone; the next layer's files are valid up to the bytes
// given (a killed count may have written more, which resuming cuts off).
// The manifest is written like the layer checkpoint (a temporary file,
// synced, renamed over PATH), after the files it names are synced; it is
// read whole, at most maxManifest bytes, and every field is checked.

// dpManifestMagic is the manifest written; dpManifestMagic1 is the
// format before generations, still read.
const dpManifestMagic, dpManifestMagic1 = "BGDPSP02", "BGDPSP01"

// maxManifest bounds a manifest: the key, the directory and two layers of
// 1024 buckets.
const maxManifest = 8 + 2 + 1<<16 + 4 + 2 + 2 + 1<<16 + 2*(1+(1<<maxSpillBits)*18) + 1 + 4

// manifest is a parsed manifest.
type manifest struct {
	done      int
	kw, cw    int
	dir       string
	cur, next *manifestSet
}

// manifestSet is one layer of a manifest.
type manifestSet struct {
	bits       uint
	size, recs []int64
	gen        []uint8
	done       []bool
}

// appendSet appends one layer of a manifest (with the done flags when
// withDone).
func appendSet(b []byte, s *spillSet, withDone bool) []byte {
	b = append(b, byte(s.bits))
	for k := range s.files {
		b = binary.LittleEndian.AppendUint64(b, uint64(s.size[k]))
		b = binary.LittleEndian.AppendUint64(b, uint64(s.recs[k]))
		b = append(b, s.gen[k])
		if withDone {
			b = append(b, byte(b2i(s.done[k])))
		}
	}
	return b
}

// saveSpilled writes the manifest of the spilled layer cur made by steps
// 0..done-1, and of the step's next layer when it is under way.
func (r *dp) saveSpilled(done int, cur, next *spillSet) error {
	b := []byte(dpManifestMagic)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(r.ck.key)))
	b = append(b, r.ck.key...)
	b = binary.LittleEndian.AppendUint32(b, uint32(done))
	b = append(b, byte(r.mem.kw), byte(r.mem.cw))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(r.spillRoot)))
	b = append(b, r.spillRoot...)
	b = appendSet(b, cur, true)
	if next == nil {
		b = append(b, 0)
	} else {
		b = append(b, 1)
		b = appendSet(b, next, false)
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
	if err := writeSynced(r.ck.path, b, !r.opt.noSync); err != nil {
		return fmt.Errorf("%w: writing %s: %w", shard.ErrCheckpoint, r.ck.path, err)
	}
	r.ck.last = time.Now()
	r.ck.manifest = true
	r.st.Checkpoints++
	return nil
}

// writeSynced replaces path by data atomically: a temporary file, synced,
// renamed, and the directory synced (without sync, only renamed).
func writeSynced(path string, data []byte, sync bool) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if sync {
		syncDir(filepath.Dir(path))
	}
	return nil
}

// errManifest is a manifest that does not parse.
var errManifest = errors.New("damaged manifest")

// parseManifest checks and parses a manifest of the count named key with
// steps steps; kw and cw are the count's record layout.
func parseManifest(data []byte, key string, steps, kw, cw int) (*manifest, error) {
	if len(data) > maxManifest || len(data) < len(dpManifestMagic)+4 {
		return nil, errManifest
	}
	gens := true
	switch string(data[:len(dpManifestMagic)]) {
	case dpManifestMagic:
	case dpManifestMagic1:
		gens = false
	default:
		return nil, errManifest
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, fmt.Errorf("%w: it fails its checksum", errManifest)
	}
	p := body[len(dpManifestMagic):]
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
		return nil, errManifest
	}
	if k != key {
		return nil, errOtherCount
	}
	m := &manifest{done: int(binary.LittleEndian.Uint32(take(4)))}
	m.kw, m.cw = int(take(1)[0]), int(take(1)[0])
	m.dir = string(take(u16()))
	if short || m.kw != kw || m.cw != cw || m.done < 1 || m.done >= steps || !filepath.IsAbs(m.dir) {
		return nil, fmt.Errorf("%w: it does not fit this count (record layout, step or directory)", errManifest)
	}
	set := func(withDone bool) *manifestSet {
		bits := uint(take(1)[0])
		if short || bits > maxSpillBits {
			short = true
			return nil
		}
		n := 1 << bits
		s := &manifestSet{bits: bits, size: make([]int64, n), recs: make([]int64, n), gen: make([]uint8, n), done: make([]bool, n)}
		for b := range n {
			size, recs := u64(), u64()
			// A record takes at least 2 bytes; a run's header 2 more.
			if size > 1<<50 || recs > size/2 {
				short = true
				return nil
			}
			s.size[b], s.recs[b] = int64(size), int64(recs)
			if gens {
				s.gen[b] = take(1)[0]
			}
			if withDone {
				d := take(1)[0]
				if d > 1 {
					short = true
					return nil
				}
				s.done[b] = d == 1
			}
		}
		return s
	}
	m.cur = set(true)
	has := take(1)[0]
	if !short && has == 1 {
		m.next = set(false)
	}
	if short || has > 1 || len(p) != 0 {
		return nil, fmt.Errorf("%w: it has the wrong length", errManifest)
	}
	return m, nil
}

// errOtherCount is a checkpoint of another count.
var errOtherCount = errors.New("another count's checkpoint")

// openSet opens the files of a manifest's layer in dir: the buckets not
// done must have exactly their bytes (the current layer) or at least them
// (the next layer, cut back to them).
func (r *dp) openSet(dir string, ms *manifestSet, cut bool) (*spillSet, error) {
	s := r.compactSet(dir, ms.bits, 0.25)
	copy(s.size, ms.size)
	copy(s.recs, ms.recs)
	copy(s.gen, ms.gen)
	copy(s.done, ms.done)
	defer s.removeStrays()
	for b := range s.files {
		name := filepath.Join(dir, bucketFile(b, s.gen[b]))
		if s.done[b] {
			os.Remove(name) // a killed count may not have removed it
			continue
		}
		f, err := os.OpenFile(name, os.O_RDWR, 0)
		var fi os.FileInfo
		if err == nil {
			fi, err = f.Stat()
		}
		if err == nil && (fi.Size() < s.size[b] || !cut && fi.Size() != s.size[b]) {
			err = fmt.Errorf("%d bytes, the checkpoint says %d", fi.Size(), s.size[b])
		}
		if err == nil && cut && fi.Size() > s.size[b] {
			err = f.Truncate(s.size[b])
		}
		if err != nil {
			if f != nil {
				f.Close()
			}
			s.closeFiles()
			return nil, fmt.Errorf("%w: the spilled layer file %s is missing or damaged (%w); remove %s and %s to count from the start",
				shard.ErrCheckpoint, name, err, r.ck.path, r.spillRoot)
		}
		s.files[b] = f
	}
	return s, nil
}

// resumeManifest reads the manifest data back: the layer it names, and
// the next layer's files when a step was under way.
func (r *dp) resumeManifest(data []byte) (done int, cur, next *spillSet, err error) {
	m, err := parseManifest(data, r.ck.key, len(r.steps), r.mem.kw, r.mem.cw)
	if errors.Is(err, errOtherCount) {
		return 0, nil, nil, fmt.Errorf("%w: %s belongs to another count (different board, moves, constraints, order, shard or version); remove it or choose another file", shard.ErrCheckpoint, r.ck.path)
	}
	if err != nil {
		return 0, nil, nil, fmt.Errorf("%w: %s: %w; remove it to count from the start", shard.ErrCheckpoint, r.ck.path, err)
	}
	r.spillRoot = m.dir
	keep := map[string]bool{layerName(m.done): true}
	if cur, err = r.openSet(filepath.Join(m.dir, layerName(m.done)), m.cur, false); err != nil {
		return 0, nil, nil, err
	}
	if m.next != nil {
		keep[layerName(m.done+1)] = true
		if next, err = r.openSet(filepath.Join(m.dir, layerName(m.done+1)), m.next, true); err != nil {
			cur.closeFiles()
			return 0, nil, nil, err
		}
	}
	// What a killed count left besides: layers it had not yet named.
	if ents, err := os.ReadDir(m.dir); err == nil {
		for _, e := range ents {
			if !keep[e.Name()] {
				os.RemoveAll(filepath.Join(m.dir, e.Name()))
			}
		}
	}
	r.st.Spilled = true
	r.ck.manifest = true
	return m.done, cur, next, nil
}

// readManifest reads the file of at most maxManifest bytes.
func readManifest(f io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(f, maxManifest+1))
	if err == nil && len(data) > maxManifest {
		err = errManifest
	}
	return data, err
}
