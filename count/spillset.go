package count

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"

	"github.com/boardgraph/boardgraph/count/internal/runs"
	"github.com/boardgraph/boardgraph/count/internal/shardfile"
)

// spillSet is one layer's bucket files: compact runs (runs.go), or, for
// the owners' files of cooperative shards (route), raw records.
type spillSet struct {
	dir   string
	files []*os.File
	mu    []sync.Mutex
	recs  []int64 // records written to each file
	size  []int64 // bytes written to each file
	bits  uint    // 2^bits buckets
	kw    int     // key words
	cw    int     // count words
	sd    int     // words per record
	// done marks the buckets already expanded by the step reading the
	// layer (their files are deleted).
	done []bool
	// gen is each bucket file's generation (bucketFile): how many times
	// it was folded; folded holds each bucket's bytes after its last
	// fold, and stale the files replaced by folds, deleted once a
	// manifest names their successors (at once without a checkpoint);
	// raw counts the bytes of the runs written, folds not included.
	gen    []uint8
	folded []int64
	stale  []string
	raw    atomic.Int64
	// pend holds each bucket's records not yet written as a run (mixed
	// key first); pendCap is a buffer's capacity in records. The buffers
	// are not counted in the tables' memory (Stats.PeakBytes): they take
	// a fixed share of the limit, and at least 64 records a bucket.
	pend    [][]uint64
	pendCap int
	noSync  bool // tests: skip fsync (Options.noSync)
	// written and recorded count the bytes and records of all runs
	// (Stats.SpillWritten, SpillRecords).
	written, recorded *atomic.Int64
	// route: the records go to the owners of Options.Exchange (part
	// shardOf of a state), not to hash buckets: raw records, rec bytes
	// each, gathered per owner in blocks (blk) and appended to this
	// shard's one layer file, xf, which ends with an index of its blocks
	// (exchange.go); files is then unused. xmu guards xend, the file's
	// end, and index.
	route  bool
	owners int
	rec    int
	blk    [][]byte
	xf     *os.File
	xmu    sync.Mutex
	xend   int64
	index  []shardfile.Block
}

// outputs returns the parts a worker routes records to: the bucket files,
// or the owners of a route set.
func (s *spillSet) outputs() int {
	if s.route {
		return s.owners
	}
	return len(s.files)
}

// layerName is the directory name of the spilled layer made by done
// steps.
func layerName(done int) string { return fmt.Sprintf("L%03d", done) }

// bucketName is the file name of bucket b.
func bucketName(b int) string { return fmt.Sprintf("b%04d", b) }

// bucketFile is the file name of bucket b folded gen times.
func bucketFile(b int, gen uint8) string {
	if gen == 0 {
		return bucketName(b)
	}
	return fmt.Sprintf("b%04d.g%d", b, gen)
}

// write appends records (stride words each, key first) to bucket b.
func (s *spillSet) write(b int, words []uint64, sc *runs.Scratch) error {
	s.mu[b].Lock()
	defer s.mu[b].Unlock()
	if s.route {
		e := s.blk[b]
		for _, x := range words {
			e = binary.LittleEndian.AppendUint64(e, x)
		}
		s.recs[b] += int64(len(words) / s.sd)
		if len(e) >= shardfile.BlockBytes {
			if err := s.appendBlock(b, e); err != nil {
				return err
			}
			e = e[:0]
		}
		s.blk[b] = e
		return nil
	}
	p := s.pend[b]
	if p == nil {
		p = make([]uint64, 0, s.pendCap*s.sd)
	}
	kw, sd := s.kw, s.sd
	for j := 0; j < len(words); j += sd {
		hi := uint64(0)
		if kw == 2 {
			hi = words[j+1]
		}
		p = append(p, hashKey(words[j], hi))
		p = append(p, words[j+1:j+sd]...)
		if len(p) == cap(p) {
			s.pend[b] = p
			if err := s.flushRun(b, sc); err != nil {
				return err
			}
			p = s.pend[b]
		}
	}
	s.pend[b] = p
	return nil
}

// flushRun writes bucket b's buffered records as one run (the caller
// holds the bucket's lock).
func (s *spillSet) flushRun(b int, sc *runs.Scratch) error {
	p := s.pend[b]
	if len(p) == 0 {
		return nil
	}
	base := uint64(0)
	if s.bits > 0 {
		base = uint64(b) << (64 - s.bits)
	}
	sorted := runs.Sort(p, s.sd, s.bits, sc)
	enc, n := runs.Encode(sc.Enc[:0], sorted, s.sd, s.kw, s.cw, s.bits, base)
	sc.Enc = enc
	s.pend[b] = p[:0]
	if _, err := s.files[b].WriteAt(enc, s.size[b]); err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrDisk, s.files[b].Name(), err)
	}
	s.size[b] += int64(len(enc))
	s.recs[b] += int64(n)
	s.raw.Add(int64(len(enc)))
	if s.written != nil {
		s.written.Add(int64(len(enc)))
		s.recorded.Add(int64(n))
	}
	return nil
}

// flushRuns writes every bucket's buffered records as runs.
func (s *spillSet) flushRuns() error {
	var sc runs.Scratch
	for b := range s.pend {
		s.mu[b].Lock()
		err := s.flushRun(b, &sc)
		s.mu[b].Unlock()
		if err != nil {
			return err
		}
	}
	return nil
}

// freeRuns gives the run buffers back.
func (s *spillSet) freeRuns() {
	clear(s.pend)
}

// finish writes what is buffered.
func (s *spillSet) finish() error {
	if s.route {
		return s.finishRoute()
	}
	err := s.flushRuns()
	s.freeRuns()
	return err
}

// syncFiles makes the files written so far durable.
func (s *spillSet) syncFiles() error {
	if s.noSync {
		return nil
	}
	for _, f := range s.files {
		if f == nil {
			continue
		}
		if err := f.Sync(); err != nil {
			return fmt.Errorf("%w: writing %s: %w", ErrDisk, f.Name(), err)
		}
	}
	syncDir(s.dir)
	return nil
}

// records returns the records of all buckets.
func (s *spillSet) records() int64 {
	var n int64
	for _, x := range s.recs {
		n += x
	}
	return n
}

// bytes returns the bytes of the files not yet deleted.
func (s *spillSet) bytes() int64 {
	var n int64
	for b, x := range s.size {
		if !s.done[b] {
			n += x
		}
	}
	return n
}

// dropBucket deletes bucket b's file: it has been expanded.
func (s *spillSet) dropBucket(b int) {
	if f := s.files[b]; f != nil {
		f.Close()
		os.Remove(f.Name())
		s.files[b] = nil
	}
	s.done[b] = true
}

// closeFiles closes the files and frees the buffers, keeping the files
// (a checkpoint names them).
func (s *spillSet) closeFiles() {
	for b, f := range s.files {
		if f != nil {
			f.Close()
			s.files[b] = nil
		}
	}
	if s.xf != nil {
		s.xf.Close()
		s.xf = nil
	}
	if !s.route {
		s.freeRuns()
	}
}

// remove deletes the files.
func (s *spillSet) remove() {
	s.closeFiles()
	os.RemoveAll(s.dir)
}

// readBucket calls fn with batches of bucket b's records.
func (s *spillSet) readBucket(b int, fn func(words []uint64) error) error {
	err := runs.Read(io.NewSectionReader(s.files[b], 0, s.size[b]), s.size[b], s.kw, s.cw, s.bits, b, fn)
	if errors.Is(err, runs.ErrDamaged) {
		return fmt.Errorf("%w: reading %s: %w (damaged; remove the checkpoint to count from the start)", ErrDisk, s.files[b].Name(), err)
	}
	return err
}

// sum adds up the counts of every record of s.
func (s *spillSet) sum(r *dp) (lo, hi uint64, err error) {
	for b := range s.files {
		err := s.readBucket(b, func(words []uint64) error {
			lo, hi, err = r.addCounts(lo, hi, words)
			return err
		})
		if err != nil {
			return 0, 0, err
		}
	}
	return lo, hi, nil
}
