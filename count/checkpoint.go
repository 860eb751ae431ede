package count

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/boardgraph/boardgraph/count/internal/ckfile"
	"github.com/boardgraph/boardgraph/shard"
)

// Layer checkpoints (Options.Checkpoint).
//
// At a layer boundary, at most every Options.CheckpointEvery, the count
// writes the layer it has just made to PATH.tmp, syncs it and renames it
// over PATH, so PATH always holds one complete layer, whatever kills the
// process; package ckfile gives the format. The key names the count
// (graph, order, problem, shard, and the caller's Options.CheckpointKey).
// This file is written for layers in memory; a spilled layer's checkpoint
// is a manifest of its files instead (manifest.go), in the same PATH. A
// resumed count reads the layer back (into memory, or into spill buckets
// when it does not fit, and the checkpoint then becomes their manifest)
// and continues with the next step; the total is the same as an
// uninterrupted count's. While a count runs, PATH.lock is locked (flock):
// a second run on the same checkpoint is refused with shard.ErrLocked.
// The count removes PATH.lock when it ends (finished or stopped; a killed
// one leaves it, harmless), while it still holds the lock, and a count
// that locks it checks that the file it locked is still the one named
// PATH.lock (else it locked a file just removed, and tries again), so that
// two counts never both think they hold the lock.
// Reading is bounded: the size must be the one the header announces.

type dpCheckpoint struct {
	path   string
	key    string
	every  time.Duration
	last   time.Time
	lock   *os.File
	resume bool
	// manifest: the file now holds a manifest of spilled layers (it goes
	// when the count is done, with the files it names).
	manifest bool
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// openCheckpoint locks the checkpoint of the count.
func (r *dp) openCheckpoint(path, key string, every time.Duration, resume bool) error {
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%w: %s is not a regular file; give a file name for the checkpoint", shard.ErrCheckpoint, path)
		}
		if !resume && fi.Size() > 0 {
			return fmt.Errorf("%w: %s already exists; continue it with --resume or remove it", shard.ErrCheckpoint, path)
		}
	}
	if d := filepath.Dir(path); d != "" {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return fmt.Errorf("%w: the directory of %s does not exist; create it first", shard.ErrCheckpoint, path)
		}
	}
	lock, err := lockNamed(path + ".lock")
	if err != nil {
		return err
	}
	r.ck = &dpCheckpoint{path: path, key: key, every: every, last: time.Now(), lock: lock, resume: resume}
	return nil
}

// close removes the lock file, then unlocks it (see lockNamed).
func (c *dpCheckpoint) close() {
	if c != nil && c.lock != nil {
		os.Remove(c.lock.Name())
		c.lock.Close()
		c.lock = nil
	}
}

// lockNamed locks the file at path (shard.Lock) and returns it once the
// file locked is the one path names: a count that ends removes its lock
// file before it unlocks it, so a count that opened the file just before
// the removal locks a file nobody else will see, and must open path
// again.
func lockNamed(path string) (*os.File, error) {
	for range 100 {
		f, err := shard.Lock(path)
		if err != nil {
			return nil, err
		}
		fi, err1 := f.Stat()
		pi, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(fi, pi) {
			return f, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("%w: %s keeps being replaced while it is locked", shard.ErrLocked, path)
}

// saveCheckpoint writes the layer made by steps 0..done-1, in memory.
func (r *dp) saveCheckpoint(done int, cur *layer) error {
	err := writeSynced(r.ck.path, r.ck.path+".tmp", true, func(f io.Writer) error {
		return r.writeLayer(f, done, cur)
	})
	if err != nil {
		return fmt.Errorf("%w: writing %s: %w", shard.ErrCheckpoint, r.ck.path, err)
	}
	r.ck.last = time.Now()
	r.ck.manifest = false
	r.st.Checkpoints++
	return nil
}

// writeLayer writes the checkpoint of layer cur, made by steps
// 0..done-1, to f: the header, the records and the CRC-32C of both.
func (r *dp) writeLayer(f io.Writer, done int, cur *layer) error {
	crc := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(f, crc), 1<<20)
	h := ckfile.LayerHeader{Key: r.ck.key, Done: done, KW: r.mem.kw, CW: r.mem.cw, Recs: uint64(cur.states())}
	hdr := h.Append(nil)
	bw.Write(hdr)
	var buf [8]byte
	sd := r.mem.stride
	for pi := range cur.parts {
		a := cur.parts[pi].a
		for j := 0; j < len(a); j += sd {
			if !r.mem.used(a, j) {
				continue
			}
			for _, x := range a[j : j+sd] {
				binary.LittleEndian.PutUint64(buf[:], x)
				if _, err := bw.Write(buf[:]); err != nil {
					return err
				}
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	binary.LittleEndian.PutUint32(buf[:4], crc.Sum32())
	_, err := f.Write(buf[:4])
	return err
}

// resume reads the checkpoint, if there is one, and returns the next step
// and the layer (in memory, or spilled when it does not fit), and the
// next layer's files when the checkpoint is a manifest written during a
// step (manifest.go); start 0 when there is nothing to resume.
func (r *dp) resume(w *worker) (start int, cur *layer, disk, partial *spillSet, err error) {
	if !r.ck.resume {
		return 0, nil, nil, nil, nil
	}
	f, err := os.Open(r.ck.path)
	if os.IsNotExist(err) {
		return 0, nil, nil, nil, nil
	}
	if err != nil {
		return 0, nil, nil, nil, fmt.Errorf("%w: %w", shard.ErrCheckpoint, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return 0, nil, nil, nil, fmt.Errorf("%w: %s is not a regular file", shard.ErrCheckpoint, r.ck.path)
	}
	if fi.Size() == 0 {
		return 0, nil, nil, nil, nil
	}
	var magic [len(ckfile.ManifestMagic)]byte
	if _, err := io.ReadFull(f, magic[:]); err == nil && (string(magic[:]) == ckfile.ManifestMagic || string(magic[:]) == ckfile.ManifestMagic1) {
		data, err := ckfile.ReadManifest(io.NewSectionReader(f, 0, fi.Size()))
		if err != nil {
			return 0, nil, nil, nil, fmt.Errorf("%w: %s: %w; remove it to count from the start", shard.ErrCheckpoint, r.ck.path, err)
		}
		done, disk, partial, err := r.resumeManifest(data)
		if err != nil {
			return 0, nil, nil, nil, err
		}
		r.i = done - 1
		r.st.ResumedAt = done
		r.prof = make([]int, done)
		return done, nil, disk, partial, nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return 0, nil, nil, nil, fmt.Errorf("%w: %w", shard.ErrCheckpoint, err)
	}
	start, cur, disk, err = r.resumeLayer(w, f, fi.Size())
	return start, cur, disk, nil, err
}

// resumeLayer reads a layer checkpoint (BGDPCK01) of size bytes from f.
func (r *dp) resumeLayer(w *worker, f *os.File, size int64) (start int, cur *layer, disk *spillSet, err error) {
	bad := func(what string) error {
		return fmt.Errorf("%w: %s %s; remove it to count from the start", shard.ErrCheckpoint, r.ck.path, what)
	}
	crc := crc32.New(castagnoli)
	br := bufio.NewReaderSize(io.TeeReader(io.LimitReader(f, size-4), crc), 1<<20)
	h, hdrLen, err := ckfile.ReadLayerHeader(br, r.ck.key)
	switch {
	case errors.Is(err, ckfile.ErrOtherCount):
		return 0, nil, nil, fmt.Errorf("%w: %s belongs to another count (different board, moves, constraints, order, shard or version); remove it or choose another file", shard.ErrCheckpoint, r.ck.path)
	case errors.Is(err, ckfile.ErrNotLayer):
		return 0, nil, nil, bad("is not a layer checkpoint of the dynamic program")
	case err != nil:
		return 0, nil, nil, bad("is truncated")
	}
	done, kw, cw, recs := h.Done, h.KW, h.CW, h.Recs
	sd := r.mem.stride
	if kw != r.mem.kw || cw != r.mem.cw || done < 1 || done >= len(r.steps) {
		return 0, nil, nil, bad("does not fit this count (record layout or step)")
	}
	if recs > uint64(size) || hdrLen+int64(recs)*int64(8*sd)+4 != size {
		return 0, nil, nil, bad("has the wrong length (damaged)")
	}
	r.i = done - 1
	toDisk := r.spillDir != "" && float64(recs)*bytesPerState(sd) > float64(r.opt.MaxBytes)/2
	if toDisk {
		if err := r.checkDisk(15*float64(recs)+spillSlack, "reading the checkpoint's layer back"); err != nil {
			return 0, nil, nil, err
		}
		if disk, err = r.newSpillSet(r.spillBitsFor(float64(recs)), done, 0.25); err != nil {
			return 0, nil, nil, err
		}
		r.st.Spilled = true
		w.start(bucketLayer(disk.Bits), disk)
	} else {
		var ok bool
		if cur, ok = r.mem.newLayer(partBits(int(recs)), int(recs)); !ok {
			return 0, nil, nil, r.memoryError()
		}
	}
	fail := func(e error) (int, *layer, *spillSet, error) {
		if disk != nil {
			disk.Remove()
		}
		return 0, nil, nil, e
	}
	if err := r.readRecords(w, br, recs, kw, cw, cur, disk, bad); err != nil {
		return fail(err)
	}
	var sum [4]byte
	if _, err := io.ReadFull(f, sum[:]); err != nil || binary.LittleEndian.Uint32(sum[:]) != crc.Sum32() {
		return fail(bad("fails its checksum (damaged)"))
	}
	if disk != nil {
		if err := r.resumeSpilled(w, disk, done); err != nil {
			return fail(err)
		}
	}
	r.st.ResumedAt = done
	r.prof = make([]int, done)
	return done, cur, disk, nil
}

// readRecords reads the recs records of a layer checkpoint from br into
// cur or, spilled, through w into disk's bucket files.
func (r *dp) readRecords(w *worker, br io.Reader, recs uint64, kw, cw int, cur *layer, disk *spillSet, bad func(string) error) error {
	sd := r.mem.stride
	const batch = 1024
	raw := make([]byte, batch*8*sd)
	words := make([]uint64, batch*sd)
	for left := recs; left > 0; {
		n := int(min(left, batch))
		if _, err := io.ReadFull(br, raw[:n*8*sd]); err != nil {
			return bad("is truncated")
		}
		for i := range n * sd {
			words[i] = binary.LittleEndian.Uint64(raw[8*i:])
		}
		for j := 0; j < n*sd; j += sd {
			k := key{lo: words[j]}
			if kw == 2 {
				k.hi = words[j+1]
			}
			w.cnt, w.cntHi = words[j+kw], 0
			if cw == 2 {
				w.cntHi = words[j+kw+1]
			}
			if disk != nil {
				w.add(k)
			} else {
				p := &cur.parts[cur.partOf(hashKey(k.lo, k.hi))]
				if ov, ok := r.mem.insert(p, words[j:j+sd]); ov || !ok {
					return r.memoryError()
				}
			}
		}
		left -= uint64(n)
	}
	return nil
}

// resumeSpilled finishes the files of a layer checkpoint read back onto
// disk (step done) and makes their manifest the checkpoint.
func (r *dp) resumeSpilled(w *worker, disk *spillSet, done int) error {
	w.flushAll()
	w.out = nil
	if w.ioErr != nil {
		return w.ioErr
	}
	if err := disk.Finish(); err != nil {
		return r.diskError(err)
	}
	// From now on the checkpoint is the manifest of these files.
	if err := disk.SyncFiles(); err != nil {
		return r.diskError(err)
	}
	r.i = done - 1
	if err := r.saveSpilled(done, disk, nil); err != nil {
		return err
	}
	return nil
}
