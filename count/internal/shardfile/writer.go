package shardfile

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Writer writes a shard's layer file: records routed to their owners,
// gathered per owner in blocks that are appended to the file as they
// fill (BlockBytes), then the index of the blocks (AppendIndex). The
// file is written as FileName(from)+".part" and renamed to FileName(from)
// once whole (Publish). Write may be called by several goroutines at
// once (each owner has its lock).
type Writer struct {
	// Recs counts the records written to each owner (the marker's).
	Recs []int64

	f   *os.File
	mu  []sync.Mutex // per owner
	rec int          // bytes a record
	blk [][]byte     // each owner's block being filled
	// xmu guards end, the file's end, and index.
	xmu   sync.Mutex
	end   int64
	index []Block
	err   error // what write errors wrap
}

// Create creates shard from's layer file in dir (and dir) for owners
// owners and records of words words; every error wraps wrap (count's
// ErrDisk).
func Create(dir string, from, owners, words int, wrap error) (*Writer, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("%w: %w", wrap, err)
	}
	f, err := os.OpenFile(filepath.Join(dir, FileName(from)+".part"), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", wrap, err)
	}
	return &Writer{f: f, Recs: make([]int64, owners), mu: make([]sync.Mutex, owners),
		rec: 8 * words, blk: make([][]byte, owners), err: wrap}, nil
}

// Owners returns the number of owners.
func (w *Writer) Owners() int { return len(w.Recs) }

// End returns the bytes written to the file.
func (w *Writer) End() int64 { return w.end }

// Write appends records (words words each, as uint64s) to owner b.
func (w *Writer) Write(b int, words []uint64) error {
	w.mu[b].Lock()
	defer w.mu[b].Unlock()
	e := w.blk[b]
	for _, x := range words {
		e = binary.LittleEndian.AppendUint64(e, x)
	}
	w.Recs[b] += int64(len(words) * 8 / w.rec)
	if len(e) >= BlockBytes {
		if err := w.appendBlock(b, e); err != nil {
			return err
		}
		e = e[:0]
	}
	w.blk[b] = e
	return nil
}

// appendBlock appends owner b's block e to the file (the caller holds
// b's lock; blocks of other owners are written meanwhile, each at its
// own offset).
func (w *Writer) appendBlock(b int, e []byte) error {
	w.xmu.Lock()
	off := w.end
	w.end += int64(len(e))
	w.index = append(w.index, Block{Owner: b, Off: off, Recs: int64(len(e) / w.rec)})
	w.xmu.Unlock()
	if _, err := w.f.WriteAt(e, off); err != nil {
		return fmt.Errorf("%w: writing %s: %w", w.err, w.f.Name(), err)
	}
	return nil
}

// Finish appends the blocks not yet full and the index.
func (w *Writer) Finish() error {
	for b, e := range w.blk {
		if len(e) > 0 {
			if err := w.appendBlock(b, e); err != nil {
				return err
			}
		}
		w.blk[b] = nil
	}
	idx := AppendIndex(w.index, len(w.Recs), w.end)
	if _, err := w.f.WriteAt(idx, w.end); err != nil {
		return fmt.Errorf("%w: writing %s: %w", w.err, w.f.Name(), err)
	}
	w.end += int64(len(idx))
	w.index = nil
	return nil
}

// Publish finishes the file, syncs it (with sync), closes it and renames
// it to its final name.
func (w *Writer) Publish(sync bool) error {
	err := w.Finish()
	f := w.f
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	w.f = nil
	if err == nil {
		err = os.Rename(f.Name(), strings.TrimSuffix(f.Name(), ".part"))
	}
	if err != nil {
		return fmt.Errorf("%w: writing %s: %w", w.err, f.Name(), err)
	}
	return nil
}

// Close closes the file, if Publish has not.
func (w *Writer) Close() {
	if w.f != nil {
		w.f.Close()
		w.f = nil
	}
}
