package count

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
)

// Spilling layers to disk (Options.SpillDir).
//
// When the next layer would not fit Options.MaxBytes, the count goes on
// with its layers in bucket files: a layer is 2^b files (b up to 10,
// chosen per layer so that one bucket's table fits a quarter of the
// limit shared by the workers), a state
// going to the file named by the top bits of its key's hash (the same
// hash that picks a table partition in memory). The files are not summed:
// each holds the records (key, count) as the workers emitted them, a state
// possibly many times. A step then reads one bucket at a time into a hash
// table (adding the counts of equal keys: that table is the bucket's part
// of the layer, at most 1/2^b of it), expands its states and
// appends what they emit to the next layer's bucket files, through
// per-bucket batches of 64 records and one buffered writer per file.
// Every worker holds one bucket's table at a time, so the memory of a
// spilled step is workers x (largest bucket's table) plus the buffers
// (2^b x 32 KiB of writers and 64 records per bucket and worker),
// instead of two whole layers.
//
// I/O cost: every transition of a spilled step is written once and read
// once: 8 x (key words + count words) bytes (16 for knight and hopido
// closed tours, 24 for open paths past 64-bit states), about three
// transitions per state of a layer; the page cache absorbs it while the
// files fit spare memory. The disk holds two layers' transitions at most
// (the bucket files of the layer being read and of the one being
// written); before every spilled step the count checks (statfs) that the directory
// has room for a next layer four times the current one, at every
// spilled step.
//
// A spilled count that shrinks below a quarter of the limit (near the end
// of the board) loads its buckets back into memory. A count that fits in
// memory never touches the disk.

// maxSpillBits bounds the bucket bits: at most 1024 files per layer.
const maxSpillBits = 10

// spillBitsFor returns the bucket bits for a layer expected to hold about
// recs records: enough buckets that every worker's table of one bucket
// takes at most a quarter of the limit over the workers.
func (r *dp) spillBitsFor(recs float64) uint {
	per := float64(r.opt.MaxBytes) / float64(4*r.workers) / bytesPerState(r.mem.stride)
	b := uint(0)
	for b < maxSpillBits && recs/float64(uint64(1)<<b) > per {
		b++
	}
	return b
}

// ErrDisk means the spill directory has no room for the layers.
var ErrDisk = errors.New("not enough disk space for the spilled layers")

// spillSet is one layer's bucket files.
type spillSet struct {
	dir   string
	files []*os.File
	bw    []*bufio.Writer
	mu    []sync.Mutex
	recs  []int64 // records written to each bucket
	rec   int     // bytes per record
	enc   [][]byte
	bits  uint // 2^bits buckets
	// route: the files are the owners of Options.Exchange (a state goes
	// to file shardOf), not hash buckets.
	route bool
}

// newSpillSet creates the bucket files of one layer in a new directory
// under root.
func (r *dp) newSpillSet(bits uint) (*spillSet, error) {
	if r.spillRoot == "" {
		d, err := os.MkdirTemp(r.spillDir, "boardgraph-dp-")
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrDisk, err)
		}
		r.spillRoot = d
	}
	dir, err := os.MkdirTemp(r.spillRoot, "layer-")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDisk, err)
	}
	n := 1 << bits
	s := &spillSet{dir: dir, files: make([]*os.File, n), bw: make([]*bufio.Writer, n), mu: make([]sync.Mutex, n),
		recs: make([]int64, n), rec: 8 * r.mem.stride, enc: make([][]byte, n), bits: bits}
	for b := range n {
		f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("b%03d", b)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			s.remove()
			return nil, fmt.Errorf("%w: %v", ErrDisk, err)
		}
		s.files[b] = f
		s.bw[b] = bufio.NewWriterSize(f, 32<<10)
	}
	return s, nil
}

// write appends records (stride words each) to bucket b.
func (s *spillSet) write(b int, words []uint64) error {
	s.mu[b].Lock()
	defer s.mu[b].Unlock()
	e := s.enc[b][:0]
	for _, x := range words {
		e = binary.LittleEndian.AppendUint64(e, x)
	}
	s.enc[b] = e
	s.recs[b] += int64(len(e) / s.rec)
	if _, err := s.bw[b].Write(e); err != nil {
		return fmt.Errorf("%w: writing %s: %v", ErrDisk, s.dir, err)
	}
	return nil
}

// finish flushes every writer.
func (s *spillSet) finish() error {
	for b, w := range s.bw {
		if err := w.Flush(); err != nil {
			return fmt.Errorf("%w: writing %s: %v", ErrDisk, s.files[b].Name(), err)
		}
		s.bw[b] = nil
	}
	s.enc = nil
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

// remove deletes the files.
func (s *spillSet) remove() {
	for _, f := range s.files {
		if f != nil {
			f.Close()
		}
	}
	os.RemoveAll(s.dir)
}

// removeSpill deletes the run's spill directory.
func (r *dp) removeSpill() {
	if r.spillRoot != "" {
		os.RemoveAll(r.spillRoot)
		r.spillRoot = ""
	}
}

// readBucket calls fn with batches of bucket b's records.
func (s *spillSet) readBucket(b int, stride int, fn func(words []uint64) error) error {
	br := bufio.NewReaderSize(io.NewSectionReader(s.files[b], 0, s.recs[b]*int64(s.rec)), 256<<10)
	const batch = 1024
	raw := make([]byte, batch*s.rec)
	words := make([]uint64, batch*stride)
	left := s.recs[b]
	for left > 0 {
		n := int(min(left, batch))
		if _, err := io.ReadFull(br, raw[:n*s.rec]); err != nil {
			return fmt.Errorf("%w: reading %s: %v", ErrDisk, s.files[b].Name(), err)
		}
		for i := range n * stride {
			words[i] = binary.LittleEndian.Uint64(raw[8*i:])
		}
		if err := fn(words[:n*stride]); err != nil {
			return err
		}
		left -= int64(n)
	}
	return nil
}

// loadBucket sums bucket b into a new table.
func (r *dp) loadBucket(s *spillSet, b int, p *part) error {
	slots := minSlots
	for per := s.recs[b] / 2; 3*int64(slots) < 4*per; slots *= 2 {
	}
	a, ok := r.mem.alloc(slots * r.mem.stride)
	if !ok {
		return errFull
	}
	p.a, p.n = a, 0
	return s.readBucket(b, r.mem.stride, func(words []uint64) error {
		ov, ok := r.mem.insert(p, words)
		switch {
		case !ok:
			return errFull
		case ov:
			return fmt.Errorf("%w: a state's count passed 2^64-1 at step %d of %d (CountBig counts in 128 bits)", ErrOverflow, r.i+1, len(r.steps))
		}
		return nil
	})
}

// bucketLayer is a layer of 2^bits partitions without tables: it only
// maps keys to buckets (as layer.partOf does).
func bucketLayer(bits uint) *layer {
	l := &layer{parts: make([]part, 1<<bits), shift: 64 - bits}
	if bits == 0 {
		l.shift = 63
	}
	return l
}

// shouldSpill reports whether the step after layer cur should go to disk:
// when cur's tables and a next layer of four times as many states would
// pass the limit.
func (r *dp) shouldSpill(cur *layer) bool {
	need := float64(atomic.LoadInt64(&r.mem.bytes)) + 4*float64(cur.states())*bytesPerState(r.mem.stride)
	return need > float64(r.opt.MaxBytes)
}

// shouldLoad reports whether a spilled layer is small enough to go back
// to memory: its records (an upper bound on its states) in tables of a
// quarter of the limit.
func (r *dp) shouldLoad(s *spillSet) bool {
	tables := float64(s.records())*bytesPerState(r.mem.stride) + float64(len(s.files)*minSlots*8*r.mem.stride)
	return tables < float64(r.opt.MaxBytes)/4
}

// checkDisk fails with ErrDisk when the spill directory has less room
// than need bytes (statfs); where statfs is missing it passes.
func (r *dp) checkDisk(need float64, what string) error {
	return r.checkDiskAt(r.spillDir, need, what)
}

// checkDiskAt is checkDisk for directory dir.
func (r *dp) checkDiskAt(dir string, need float64, what string) error {
	if free, err := freeBytes(dir); err == nil && float64(free) < need {
		return fmt.Errorf("%w: at step %d of %d %s needs about %s in %s, %s free; give another directory or more memory",
			ErrDisk, r.i+1, len(r.steps), what, fmtBytes(need), dir, fmtBytes(float64(free)))
	}
	return nil
}

// dump writes layer cur to bucket files and frees its tables. It first
// checks the disk: room for the layer and a next one four times larger.
func (r *dp) dump(cur *layer, w *worker) (*spillSet, error) {
	if err := r.checkDisk(5*float64(cur.states())*float64(8*r.mem.stride), "spilling the layers"); err != nil {
		return nil, err
	}
	r.st.Spilled = true
	s, err := r.newSpillSet(r.spillBitsFor(float64(cur.states())))
	if err != nil {
		return nil, err
	}
	w.start(bucketLayer(s.bits), s)
	saved := w.filterStep
	w.filterStep = false
	sd, kw, cw := r.mem.stride, r.mem.kw, r.mem.cw
	for pi := range cur.parts {
		a := cur.parts[pi].a
		for j := 0; j < len(a) && w.ioErr == nil; j += sd {
			if a[j+kw] == 0 && (cw == 1 || a[j+kw+1] == 0) {
				continue
			}
			w.cnt = a[j+kw]
			if cw == 2 {
				w.cntHi = a[j+kw+1]
			}
			k := key{lo: a[j]}
			if kw == 2 {
				k.hi = a[j+1]
			}
			w.add(k)
		}
	}
	w.flushAll()
	w.filterStep = saved
	w.out = nil
	err = w.ioErr
	w.ioErr, w.full = nil, false
	if err == nil {
		err = s.finish()
	}
	if err != nil {
		s.remove()
		return nil, err
	}
	r.mem.recycle(cur)
	r.mem.release()
	return s, nil
}

// stepSpill expands the spilled layer cur by step i into new bucket files
// and removes cur's.
func (r *dp) stepSpill(ctx context.Context, i int, cur *spillSet, ws []*worker) (*spillSet, error) {
	if err := r.checkDisk(4*float64(cur.records())*float64(cur.rec), "the next spilled layer"); err != nil {
		return nil, err
	}
	next, err := r.newSpillSet(r.spillBitsFor(4 * float64(cur.records())))
	if err != nil {
		return nil, err
	}
	if err := r.stepSpillTo(ctx, i, cur, next, ws); err != nil {
		next.remove()
		return nil, err
	}
	cur.remove()
	return next, nil
}

// stepSpillTo expands the spilled layer cur by step i into next: bucket
// files, or the owners' files of cooperative shards (next.route).
func (r *dp) stepSpillTo(ctx context.Context, i int, cur, next *spillSet, ws []*worker) error {
	bl := bucketLayer(next.bits)
	if next.route {
		bl = &layer{parts: make([]part, len(next.files))}
	}
	var idx atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	var states atomic.Int64
	errs := make([]error, len(ws))
	for wi, w := range ws {
		w.start(bl, next)
		wg.Add(1)
		go func() {
			defer wg.Done()
			var p part
			for !stop.Load() {
				b := int(idx.Add(1) - 1)
				if b >= len(cur.files) {
					break
				}
				if cur.recs[b] == 0 {
					continue
				}
				if err := r.loadBucket(cur, b, &p); err != nil {
					errs[wi] = err
					stop.Store(true)
					break
				}
				states.Add(int64(p.n))
				ok := w.expandPart(&r.steps[i], &p)
				r.mem.free(p.a)
				p.a = nil
				if !ok {
					stop.Store(true)
					break
				}
				if err := ctx.Err(); err != nil {
					errs[wi] = err
					stop.Store(true)
				}
			}
			w.flushAll()
		}()
	}
	wg.Wait()
	for _, w := range ws {
		w.out = nil
	}
	err := r.collect(ws)
	for _, e := range errs {
		if err == nil {
			err = e
		}
	}
	if errors.Is(err, errFull) {
		err = fmt.Errorf("%w: at step %d of %d one bucket of a spilled layer needs more than the limit of %s; raise --max-memory", ErrMemory, i+1, len(r.steps), fmtBytes(float64(r.opt.MaxBytes)))
	}
	if err == nil && !next.route {
		err = next.finish() // publish finishes the owners' files
	}
	if err != nil {
		return err
	}
	if i > 0 && len(r.prof) >= i {
		r.prof[i-1] = int(states.Load()) // the exact size of the layer read
	}
	r.st.SpillBytes = max(r.st.SpillBytes, (cur.records()+next.records())*int64(cur.rec))
	return nil
}

// loadAll reads every bucket of s into one layer in memory.
func (r *dp) loadAll(s *spillSet) (*layer, error) {
	l := bucketLayer(s.bits)
	for b := range l.parts {
		if err := r.loadBucket(s, b, &l.parts[b]); err != nil {
			if errors.Is(err, errFull) {
				return nil, r.memoryError()
			}
			return nil, err
		}
	}
	return l, nil
}

// sum adds up the counts of every record of s.
func (s *spillSet) sum(r *dp) (lo, hi uint64, err error) {
	for b := range s.files {
		err := s.readBucket(b, r.mem.stride, func(words []uint64) error {
			lo, hi, err = r.addCounts(lo, hi, words)
			return err
		})
		if err != nil {
			return 0, 0, err
		}
	}
	return lo, hi, nil
}

// addCounts adds the counts of the records in words (r.mem.stride words
// each) to the 128-bit sum hi:lo; a sum past 128 bits is ErrOverflow.
func (r *dp) addCounts(lo, hi uint64, words []uint64) (uint64, uint64, error) {
	sd, kw, cw := r.mem.stride, r.mem.kw, r.mem.cw
	for j := 0; j < len(words); j += sd {
		var c1, c2 uint64
		lo, c1 = bits.Add64(lo, words[j+kw], 0)
		x := uint64(0)
		if cw == 2 {
			x = words[j+kw+1]
		}
		hi, c2 = bits.Add64(hi, x, c1)
		if c2 != 0 {
			return 0, 0, fmt.Errorf("%w: in the final sum", ErrOverflow)
		}
	}
	return lo, hi, nil
}
