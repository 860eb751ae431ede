package spill

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/boardgraph/boardgraph/count/internal/ckfile"
	"github.com/boardgraph/boardgraph/count/internal/runs"
)

// Config describes the bucket files of one layer.
type Config struct {
	Dir     string // the layer's directory
	Bits    uint   // 2^Bits buckets
	KW, CW  int    // key words and count words of a record
	PendCap int    // a bucket's run buffer, in records
	NoSync  bool   // skip fsync (count's tests)
	// Workers is how many goroutines FlushRuns sorts and writes the
	// buffered runs with (0: one).
	Workers int
	// Written and Recorded, when not nil, add up the bytes and records
	// of all runs written (count's Stats.SpillWritten, SpillRecords).
	Written, Recorded *atomic.Int64
	// Err is the error that every failure to read or write a file wraps
	// (count.ErrDisk).
	Err error
}

// Buckets is one layer's bucket files. Write may be called by several
// goroutines at once (each bucket has its lock), and so may Replace, for
// different buckets; the other methods are called while no one writes.
type Buckets struct {
	Dir  string // the layer's directory
	Bits uint   // 2^Bits buckets
	// Size and Recs are the bytes and records written to each bucket's
	// file; Gen is each file's generation (BucketFile): how many times
	// it was folded; Done marks the buckets already expanded by the step
	// reading the layer (their files are deleted). A manifest records
	// them (Manifest).
	Size, Recs []int64
	Gen        []uint8
	Done       []bool
	// Raw counts the bytes of the runs written, folds not included.
	Raw atomic.Int64

	files []*os.File   // each bucket's file, nil once closed or deleted
	mu    []sync.Mutex // each bucket's lock (Write, Replace)
	kw    int          // key words
	cw    int          // count words
	sd    int          // words per record
	// folded holds each bucket's bytes after its last fold, and stale
	// the files replaced by folds (RemoveStale), guarded by staleMu.
	folded  []int64
	staleMu sync.Mutex
	stale   []string
	// pend holds each bucket's records not yet written as a run (mixed
	// key first); pendCap is a buffer's capacity in records.
	pend              [][]uint64
	pendCap           int
	noSync            bool          // Config.NoSync
	workers           int           // Config.Workers
	written, recorded *atomic.Int64 // Config.Written, Recorded
	err               error         // Config.Err
}

// New returns the buckets of c without their files (Create and Open
// make them).
func New(c Config) *Buckets {
	n := 1 << c.Bits
	return &Buckets{Dir: c.Dir, Bits: c.Bits, Size: make([]int64, n), Recs: make([]int64, n),
		Gen: make([]uint8, n), Done: make([]bool, n),
		files: make([]*os.File, n), mu: make([]sync.Mutex, n), kw: c.KW, cw: c.CW, sd: c.KW + c.CW,
		folded: make([]int64, n), pend: make([][]uint64, n), pendCap: c.PendCap, noSync: c.NoSync, workers: max(c.Workers, 1),
		written: c.Written, recorded: c.Recorded, err: c.Err}
}

// Create creates the empty bucket files of c in its directory; on an
// error it removes the directory.
func Create(c Config) (*Buckets, error) {
	s := New(c)
	for b := range s.files {
		f, err := os.OpenFile(filepath.Join(c.Dir, bucketName(b)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			s.Remove()
			return nil, fmt.Errorf("%w: %w", s.err, err)
		}
		s.files[b] = f
	}
	return s, nil
}

// LayerName is the directory name of the spilled layer made by done
// steps.
func LayerName(done int) string { return fmt.Sprintf("L%03d", done) }

// bucketName is the file name of bucket b.
func bucketName(b int) string { return fmt.Sprintf("b%04d", b) }

// BucketFile is the file name of bucket b folded gen times.
func BucketFile(b int, gen uint8) string {
	if gen == 0 {
		return bucketName(b)
	}
	return fmt.Sprintf("b%04d.g%d", b, gen)
}

// N returns the number of buckets.
func (s *Buckets) N() int { return len(s.files) }

// Manifest returns the manifest's view of s (its slices, not copies).
func (s *Buckets) Manifest() *ckfile.Set {
	return &ckfile.Set{Bits: s.Bits, Size: s.Size, Recs: s.Recs, Gen: s.Gen, Done: s.Done}
}

// base returns the lowest mixed key of bucket b.
func (s *Buckets) base(b int) uint64 {
	if s.Bits == 0 {
		return 0
	}
	return uint64(b) << (64 - s.Bits)
}

// Write appends records to bucket b, through its run buffer: key words
// then count words each, the first key word mixed (runs.Hash of the key,
// which the writer has computed already to pick the bucket). A full
// buffer is swapped for the writer's spare (sc.Spare) under the bucket's
// lock and sorted, encoded and written outside it, so that another
// writer of the same bucket does not wait for the sort (the lock is held
// again only to reserve the run's place in the file).
func (s *Buckets) Write(b int, words []uint64, sc *runs.Scratch) error {
	s.mu[b].Lock()
	p := s.pend[b]
	if p == nil {
		p = make([]uint64, 0, s.pendCap*s.sd)
	}
	for len(words) > 0 {
		// Whole records: the buffer and words hold multiples of sd.
		n := min(len(words), cap(p)-len(p))
		p = append(p, words[:n]...)
		words = words[n:]
		if len(p) == cap(p) {
			full := p
			p = sc.Spare[:0]
			if cap(p) != cap(full) {
				p = make([]uint64, 0, cap(full))
			}
			sc.Spare = nil
			s.pend[b] = p
			s.mu[b].Unlock()
			err := s.writeRun(b, full, sc)
			sc.Spare = full[:0]
			if err != nil {
				return err
			}
			s.mu[b].Lock()
			p = s.pend[b] // others may have added to it meanwhile
		}
	}
	s.pend[b] = p
	s.mu[b].Unlock()
	return nil
}

// flushRun writes bucket b's buffered records as one run (the caller
// holds the bucket's lock).
func (s *Buckets) flushRun(b int, sc *runs.Scratch) error {
	p := s.pend[b]
	if len(p) == 0 {
		return nil
	}
	s.pend[b] = p[:0]
	enc, n := s.encode(b, p, sc)
	return s.writeAt(b, enc, s.reserve(b, len(enc), n))
}

// writeRun writes the records p (mixed key first) to bucket b as one run
// without holding the bucket's lock but to reserve the run's place.
func (s *Buckets) writeRun(b int, p []uint64, sc *runs.Scratch) error {
	enc, n := s.encode(b, p, sc)
	s.mu[b].Lock()
	off := s.reserve(b, len(enc), n)
	s.mu[b].Unlock()
	return s.writeAt(b, enc, off)
}

// encode sorts the records p of bucket b and encodes them as a run, in
// sc.Enc.
func (s *Buckets) encode(b int, p []uint64, sc *runs.Scratch) ([]byte, int) {
	sorted := runs.Sort(p, s.sd, s.Bits, sc)
	enc, n := runs.Encode(sc.Enc[:0], sorted, s.sd, s.kw, s.cw, s.Bits, s.base(b))
	sc.Enc = enc
	return enc, n
}

// reserve returns the offset of a run of size bytes and n records at the
// end of bucket b's file and counts it (the caller holds the lock).
func (s *Buckets) reserve(b, size, n int) int64 {
	off := s.Size[b]
	s.Size[b] += int64(size)
	s.Recs[b] += int64(n)
	s.Raw.Add(int64(size))
	if s.written != nil {
		s.written.Add(int64(size))
		s.recorded.Add(int64(n))
	}
	return off
}

// writeAt writes enc at offset off of bucket b's file.
func (s *Buckets) writeAt(b int, enc []byte, off int64) error {
	if _, err := s.files[b].WriteAt(enc, off); err != nil {
		return fmt.Errorf("%w: writing %s: %w", s.err, s.files[b].Name(), err)
	}
	return nil
}

// FlushRuns writes every bucket's buffered records as runs, with
// Config.Workers goroutines taking the buckets in turn: at the end of a
// step the buffers hold up to a quarter of the count's memory, and one
// goroutine sorting them all left the other cores idle.
func (s *Buckets) FlushRuns() error {
	var next atomic.Int64
	errs := make([]error, min(s.workers, len(s.pend)))
	var wg sync.WaitGroup
	for wi := range errs {
		wg.Go(func() {
			var sc runs.Scratch
			for {
				b := int(next.Add(1) - 1)
				if b >= len(s.pend) {
					return
				}
				s.mu[b].Lock()
				err := s.flushRun(b, &sc)
				s.mu[b].Unlock()
				if err != nil {
					errs[wi] = err
					next.Store(int64(len(s.pend))) // the others stop too
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// freeRuns gives the run buffers back.
func (s *Buckets) freeRuns() {
	clear(s.pend)
}

// Finish writes what is buffered and gives the run buffers back.
func (s *Buckets) Finish() error {
	err := s.FlushRuns()
	s.freeRuns()
	return err
}

// SyncFiles makes the files written so far durable.
func (s *Buckets) SyncFiles() error {
	if s.noSync {
		return nil
	}
	for _, f := range s.files {
		if f == nil {
			continue
		}
		if err := f.Sync(); err != nil {
			return fmt.Errorf("%w: writing %s: %w", s.err, f.Name(), err)
		}
	}
	SyncDir(s.Dir)
	return nil
}

// SyncDir syncs the directory dir (its entries: files created, renamed or
// removed), ignoring errors: not every file system syncs directories.
func SyncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// Records returns the records of all buckets.
func (s *Buckets) Records() int64 {
	var n int64
	for _, x := range s.Recs {
		n += x
	}
	return n
}

// Bytes returns the bytes of the files not yet deleted.
func (s *Buckets) Bytes() int64 {
	var n int64
	for b, x := range s.Size {
		if !s.Done[b] {
			n += x
		}
	}
	return n
}

// DropBucket deletes bucket b's file: it has been expanded.
func (s *Buckets) DropBucket(b int) {
	if f := s.files[b]; f != nil {
		f.Close()
		os.Remove(f.Name())
		s.files[b] = nil
	}
	s.Done[b] = true
}

// Close closes the files and frees the run buffers, keeping the files
// (a checkpoint names them).
func (s *Buckets) Close() {
	for b, f := range s.files {
		if f != nil {
			f.Close()
			s.files[b] = nil
		}
	}
	s.freeRuns()
}

// Remove deletes the files and their directory.
func (s *Buckets) Remove() {
	s.Close()
	os.RemoveAll(s.Dir)
}

// ReadBucket calls fn with batches of bucket b's records (key words then
// count words each), run after run; fn's errors come back as they are.
func (s *Buckets) ReadBucket(b int, fn func(words []uint64) error) error {
	err := runs.Read(io.NewSectionReader(s.files[b], 0, s.Size[b]), s.Size[b], s.kw, s.cw, s.Bits, b, fn)
	if errors.Is(err, runs.ErrDamaged) {
		return fmt.Errorf("%w: reading %s: %w (damaged; remove the checkpoint to count from the start)", s.err, s.files[b].Name(), err)
	}
	return err
}
