package count

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/boardgraph/boardgraph/count/internal/ckfile"
	"github.com/boardgraph/boardgraph/count/internal/spill"
)

// Spilling layers to disk (Options.SpillDir).
//
// When the next layer would not fit Options.MaxBytes, the count goes on
// with its layers in bucket files: a layer is 2^b files (b up to 10,
// chosen per layer so that one bucket's table fits a quarter of the
// limit shared by the workers), a state going to the file named by the
// top bits of its key's hash (the same hash that picks a table partition
// in memory). A file is a sequence of compact runs (package runs; the
// files are package spill's): each bucket
// collects the records the workers emit in memory (a quarter of the
// limit for all buckets), and when that is full writes them sorted by
// mixed key, equal keys added, with delta- and varint-coded keys and
// varint counts: 6 to 9 bytes a record where the raw record takes 16 to
// 32. A step reads one bucket at a time into a hash table (adding the
// counts of keys that recur across runs: that table is the bucket's part
// of the layer, at most 1/2^b of it), expands its states, appends what
// they emit to the next layer's buckets, and deletes the bucket's file.
// Every worker holds one bucket's table at a time, so the memory of a
// spilled step is workers x (largest bucket's table) plus the run
// buffers, instead of two whole layers.
//
// I/O and disk: every record of a spilled step is written once and read
// once, at its compact size (docs/results.md gives the bytes per record
// measured). Since a bucket's file goes as soon as it is expanded (with a
// checkpoint: at the next round, below), the disk holds at a fraction x
// of a step (1-x) of the layer being read and x of the one being written:
// at most the larger of the two, plus one round's output. Before every
// spilled step the count checks (statfs) that the directory has room for
// what the step adds: the next layer predicted from the growth of the
// last one (1 to 4 times; 1.5 after a resume), plus 25%, halved by
// folding, less the layer it frees, plus 512 MiB. At the end of every
// round, when the disk would not hold what the step has still to write
// at its pace so far, the step folds the next layer's largest buckets
// (each summed into one run: fold.go); a disk that fills anyway (ENOSPC)
// stops the count with ErrDisk naming the directory, and with a
// checkpoint the count resumes from its last round.
//
// Checkpoints of spilled layers (Options.Checkpoint) copy nothing: the
// layers live in a directory of their own under SpillDir
// (boardgraph-dp-ck-HASH, named by the checkpoint), and the checkpoint
// file is a manifest naming them (checkpoint.go). A spilled step runs in
// rounds of about spillRoundEvery: at the end of a round every worker
// stops at a bucket boundary, the next layer's run buffers are written
// and its files synced, the manifest (the buckets of the current layer
// done, the length of every next-layer file) replaces the checkpoint, and
// only then are the done buckets' files deleted. A count killed at any
// moment resumes from the last manifest: it truncates the next layer's
// files to the recorded lengths and goes on with the buckets not done.
//
// A spilled count that shrinks below a quarter of the limit (near the end
// of the board) loads its buckets back into memory. A count that fits in
// memory never touches the disk.

// spillRoundEvery is how long a round of a checkpointed spilled step
// lasts at least (see above).
const spillRoundEvery = 30 * time.Second

// maxSpillBits bounds the bucket bits: at most 1024 files per layer.
const maxSpillBits = ckfile.MaxBits

// spillBitsFor returns the bucket bits for a layer expected to hold about
// recs records: enough buckets that every worker's table of one bucket
// takes at most a quarter of the limit over the workers, and, while a
// bucket keeps minBucketRecs records or more, at least bucketsPerWorker
// buckets for every worker: the workers take the buckets in turn, and
// with few of them one worker finishes a step alone (a step of 4 buckets
// on 2 workers left a core idle for a quarter of it). More buckets than
// that cost more: every worker's emit buffers (bufRecs records a bucket)
// outgrow the processor's caches (1024 buckets took 10% more CPU than 256
// on the knight's 8x8 step 47).
func (r *dp) spillBitsFor(recs float64) uint {
	per := float64(r.opt.MaxBytes) / float64(4*r.workers) / bytesPerState(r.mem.stride)
	b := uint(0)
	for b < maxSpillBits && (recs/float64(uint64(1)<<b) > per ||
		1<<b < bucketsPerWorker*r.workers && recs/float64(uint64(2)<<b) >= minBucketRecs) {
		b++
	}
	return b
}

// bucketsPerWorker and minBucketRecs: see spillBitsFor.
const (
	bucketsPerWorker = 16
	minBucketRecs    = 1 << 16
)

// ErrDisk means the spill directory has no room for the layers.
var ErrDisk = errors.New("not enough disk space for the spilled layers")

// layerDir makes the directory of a spilled layer made by steps
// 0..done-1: under the checkpoint's directory when the count has one
// (named by done, so that a manifest can name it), else a new temporary
// one.
func (r *dp) layerDir(done int) (string, error) {
	if r.ck != nil {
		if r.spillRoot == "" {
			if r.spillDir == "" {
				return "", fmt.Errorf("%w: no spill directory", ErrDisk)
			}
			abs, err := filepath.Abs(r.spillDir)
			if err != nil {
				return "", fmt.Errorf("%w: %w", ErrDisk, err)
			}
			h := sha256.Sum256([]byte(r.ck.path + "\x00" + r.ck.key))
			d := filepath.Join(abs, "boardgraph-dp-ck-"+hex.EncodeToString(h[:8]))
			if err := os.MkdirAll(d, 0o700); err != nil {
				return "", fmt.Errorf("%w: %w", ErrDisk, err)
			}
			r.spillRoot = d
		}
		dir := filepath.Join(r.spillRoot, spill.LayerName(done))
		os.RemoveAll(dir) // what a killed run left
		if err := os.Mkdir(dir, 0o700); err != nil {
			return "", fmt.Errorf("%w: %w", ErrDisk, err)
		}
		return dir, nil
	}
	if r.spillRoot == "" {
		d, err := os.MkdirTemp(r.spillDir, "boardgraph-dp-")
		if err != nil {
			return "", fmt.Errorf("%w: %w", ErrDisk, err)
		}
		r.spillRoot = d
	}
	dir, err := os.MkdirTemp(r.spillRoot, "layer-")
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrDisk, err)
	}
	return dir, nil
}

// spillConfig describes the 2^bits bucket files of a layer in dir, their
// run buffers taking about share of the limit in all (at least 64
// records a bucket). The buffers are not counted in the tables' memory
// (Stats.PeakBytes).
func (r *dp) spillConfig(dir string, bits uint, share float64) spill.Config {
	n := 1 << bits
	return spill.Config{Dir: dir, Bits: bits, KW: r.mem.kw, CW: r.mem.cw,
		PendCap: max(64, int(share*float64(r.opt.MaxBytes)/float64(n*8*r.mem.stride))),
		NoSync:  r.opt.noSync, Workers: r.workers, Written: &r.spillW, Recorded: &r.spillR, Err: ErrDisk}
}

// newSpillSet creates the bucket files of the layer made by done steps,
// its run buffers taking about share of the limit.
func (r *dp) newSpillSet(bits uint, done int, share float64) (*spillSet, error) {
	dir, err := r.layerDir(done)
	if err != nil {
		return nil, err
	}
	b, err := spill.Create(r.spillConfig(dir, bits, share))
	if err != nil {
		return nil, err
	}
	return &spillSet{Buckets: b}, nil
}

// removeSpill deletes the run's spill directory: always without a
// checkpoint, and with one only once the count is done (until then the
// checkpoint may name the layers in it).
func (r *dp) removeSpill() {
	if r.spillRoot != "" && (r.ck == nil || r.finished) {
		os.RemoveAll(r.spillRoot)
		r.spillRoot = ""
	}
}

// loadBucket sums bucket b into a new table.
func (r *dp) loadBucket(s *spillSet, b int, p *part) error {
	// Compact runs hold one record a state and run (equal keys of one
	// run are added), so a bucket of several runs sums to fewer states
	// than records: 0.4 to 0.7 of them on the knight's 8x8 steps. The
	// table is sized for the share the last layer read had, a quarter
	// more, and grows when that is short; a table sized for every record
	// was a quarter full, and expanding a bucket scans its whole table.
	per := s.Recs[b]
	if sh := r.stateShare; sh > 0 && sh < 0.8 {
		per = int64(float64(per)*sh*1.25) + 1
	}
	slots := minSlots
	for ; 3*int64(slots) < 4*per; slots *= 2 {
	}
	a, ok := r.mem.alloc(slots * r.mem.stride)
	if !ok {
		return errFull
	}
	p.a, p.n = a, 0
	return s.ReadBucket(b, func(words []uint64) error {
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
	tables := float64(s.Records())*bytesPerState(r.mem.stride) + float64(s.N()*minSlots*8*r.mem.stride)
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

// dump writes layer cur to bucket files (the layer made by steps
// 0..i-1) and frees its tables; with a checkpoint, the manifest then
// names the files. It first checks the disk: room for the layer at 15
// bytes a state (compact runs take 6 to 10).
func (r *dp) dump(cur *layer, w *worker) (*spillSet, error) {
	if err := r.checkDisk(15*float64(cur.states())+float64(spillSlack), "spilling the layers"); err != nil {
		return nil, err
	}
	r.st.Spilled = true
	s, err := r.newSpillSet(r.spillBitsFor(float64(cur.states())), r.i, 1.0/16)
	if err != nil {
		return nil, err
	}
	w.start(bucketLayer(s.Bits), s)
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
		err = s.Finish()
	}
	if err == nil && r.ck != nil {
		err = r.saveSpilled(r.i, s, nil)
	}
	if err != nil {
		s.Remove()
		return nil, r.diskError(err)
	}
	r.mem.recycle(cur)
	r.mem.release()
	r.st.SpillBytes = max(r.st.SpillBytes, s.Bytes())
	return s, nil
}

// spillSlack is the disk room a spilled step asks for beyond its layers'
// prediction (one round's output, the files' last blocks).
const spillSlack = 512 << 20

// stepDisk returns the disk room the spilled step after cur needs: the
// next layer predicted from cur's size and the growth of the last step
// (1 to 4 times; 1.5 when it is not known, after a resume), plus 25%,
// folded (over foldShrink), less cur's files, which the step deletes as
// it goes, plus spillSlack.
func (r *dp) stepDisk(cur *spillSet) float64 {
	// Records against records once a spilled step has read a layer (its
	// entry in r.prof becomes its summed states, fewer).
	g := 1.5
	if r.prevRecs > 0 {
		g = min(max(float64(cur.Records())/float64(r.prevRecs), 1), 4)
	} else if n := len(r.prof); n >= 2 && r.prof[n-2] > 0 {
		g = min(max(float64(r.prof[n-1])/float64(r.prof[n-2]), 1), 4)
	}
	c := float64(cur.Bytes())
	return max(1.25*g*c/foldShrink-c, 0) + spillSlack
}

// foldShrink is the least a fold is counted on to shrink a layer when
// the disk check before a step asks for room (fold.go): layers measured
// hold 1.5 (hopido 7x7) to 3.6 (knight 8x8, step 38) records a state.
const foldShrink = 2

// diskError rewords a full disk (ENOSPC) as the one-line ErrDisk that
// names the directory, what the layers needed and what to do.
func (r *dp) diskError(err error) error {
	if !errors.Is(err, syscall.ENOSPC) {
		return err
	}
	free := "?"
	if f, e := freeBytes(r.spillDir); e == nil {
		free = fmtBytes(float64(f))
	}
	resume := "count again"
	if r.ck != nil {
		resume = "resume from the checkpoint " + r.ck.path + " (it holds the last round)"
	}
	return fmt.Errorf("%w: the disk of %s filled at step %d of %d (%s free; the spilled layers held %s); free space there or give a larger directory (--tmp), then %s",
		ErrDisk, r.spillDir, r.i+1, len(r.steps), free, fmtBytes(float64(r.st.SpillBytes)), resume)
}

// stepSpill expands the spilled layer cur by step i into new bucket files
// (next, when a resumed count has them already) and removes cur's.
func (r *dp) stepSpill(ctx context.Context, i int, cur, next *spillSet, ws []*worker) (*spillSet, error) {
	if next == nil {
		if err := r.checkDisk(r.stepDisk(cur), "the next spilled layer"); err != nil {
			return nil, err
		}
		var err error
		if next, err = r.newSpillSet(r.spillBitsFor(4*float64(cur.Records())), i+1, 0.25); err != nil {
			return nil, err
		}
	}
	err := r.stepSpillTo(ctx, i, cur, next, ws)
	r.prevRecs = cur.Records()
	if err == nil && r.ck != nil {
		err = r.saveSpilled(i+1, next, nil) // the layer checkpoint
	}
	if err != nil {
		if r.ck != nil {
			next.closeFiles() // the last manifest may name them
			cur.closeFiles()
		} else {
			next.Remove()
		}
		return nil, r.diskError(err)
	}
	cur.Remove()
	return next, nil
}

// errKilled is the test hook's stop (Options.killAfter): the count ends
// as if killed, leaving its files as they are.
var errKilled = errors.New("stopped by the test hook")

// stepSpillTo expands the spilled layer cur by step i into next: bucket
// files, or the owners' files of cooperative shards (next.route()). It
// skips the buckets of cur already done (a resumed step) and deletes each
// bucket's file once expanded: at once without a checkpoint, else at the
// end of its round, after the manifest that says it is done.
func (r *dp) stepSpillTo(ctx context.Context, i int, cur, next *spillSet, ws []*worker) error {
	s := &spillStep{r: r, ctx: ctx, i: i, cur: cur, next: next, ws: ws}
	if next.route() {
		s.bl = &layer{parts: make([]part, next.outputs())}
	} else {
		s.bl = bucketLayer(next.Bits)
		next.Raw.Store(0)
	}
	s.ckpt = r.ck != nil && !next.route()
	defer func() {
		for _, w := range ws {
			w.out = nil
		}
	}()
	for b, done := range cur.Done {
		if !done {
			s.todo = append(s.todo, b)
		}
	}
	for b, x := range cur.Size {
		s.total += x
		if cur.Done[b] {
			s.before += x
		}
	}
	s.emitted0 = r.spillR.Load()
	s.share0 = float64(s.before) / float64(max(s.total, 1)) // done before this process
	s.stepStart = time.Now()
	for pos := 0; pos < len(s.todo); {
		end, err := s.expandRound(pos)
		if err == nil {
			err = s.saveRound(pos, end)
		}
		r.st.SpillBytes = max(r.st.SpillBytes, cur.Bytes()+next.spillBytes())
		if err != nil {
			return err
		}
		pos = end
	}
	return s.finish()
}

// spillStep is stepSpillTo's state: the step, its layers and the counts
// its workers share.
type spillStep struct {
	r         *dp
	ctx       context.Context
	i         int
	cur, next *spillSet
	ws        []*worker
	bl        *layer // the layer the workers fill (partitions next's keys)
	ckpt      bool   // each round ends with a checkpoint
	todo      []int  // cur's buckets not yet done

	states, partsDone, bytesDone atomic.Int64
	total, before                int64 // bytes of cur's files, and of those done before
	emitted0                     int64
	share0                       float64 // share of the step done before this process
	stepStart                    time.Time
}

// spillRound is one round of stepSpillTo: the workers take the buckets
// todo[idx:end] one at a time until stop or the deadline.
type spillRound struct {
	idx      atomic.Int64
	stop     atomic.Bool
	deadline time.Time
	end      int
	errs     []error // per worker
}

// expandRound expands the buckets of a round from todo[pos] on, in
// parallel, and returns where the round ended.
func (s *spillStep) expandRound(pos int) (end int, err error) {
	r := s.r
	rd := &spillRound{errs: make([]error, len(s.ws))}
	rd.idx.Store(int64(pos))
	var wg sync.WaitGroup
	rd.deadline = time.Now().Add(spillRoundEvery)
	rd.end = len(s.todo)
	if r.opt.spillRound > 0 {
		rd.end = min(pos+r.opt.spillRound, len(s.todo))
	}
	for wi, w := range s.ws {
		w.start(s.bl, s.next)
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.expandBuckets(rd, wi, w)
		}()
	}
	r.waitStep(&wg, s.stepStart, s.fillStats)
	end = min(int(rd.idx.Load()), rd.end)
	err = r.collect(s.ws)
	for _, e := range rd.errs {
		if err == nil || errors.Is(e, errKilled) {
			err = e
		}
	}
	if errors.Is(err, errFull) {
		err = fmt.Errorf("%w: at step %d of %d one bucket of a spilled layer needs more than the memory limit of %s", ErrMemory, s.i+1, len(r.steps), fmtBytes(float64(r.opt.MaxBytes)))
	}
	return end, err
}

// expandBuckets is worker wi's part of round rd: it loads and expands
// buckets until none is left, rd.stop or the deadline.
func (s *spillStep) expandBuckets(rd *spillRound, wi int, w *worker) {
	r, cur := s.r, s.cur
	var p part
	for !rd.stop.Load() && (r.opt.spillRound > 0 || time.Now().Before(rd.deadline)) {
		j := int(rd.idx.Add(1) - 1)
		if j >= rd.end {
			break
		}
		b := s.todo[j]
		if r.opt.killAfter > 0 && r.killCount.Add(1) > int64(r.opt.killAfter) {
			rd.errs[wi] = errKilled
			rd.stop.Store(true)
			return // no flush: as if killed
		}
		if cur.Recs[b] > 0 {
			if err := r.loadBucket(cur, b, &p); err != nil {
				rd.errs[wi] = err
				rd.stop.Store(true)
				break
			}
			s.states.Add(int64(p.n))
			ok := w.expandPart(&r.steps[s.i], &p)
			r.mem.free(p.a)
			p.a = nil
			if !ok {
				rd.stop.Store(true)
				break
			}
		}
		s.partsDone.Add(1)
		s.bytesDone.Add(cur.Size[b])
		r.partDone()
		if !s.ckpt {
			cur.DropBucket(b)
		}
		if err := s.ctx.Err(); err != nil {
			rd.errs[wi] = err
			rd.stop.Store(true)
		}
	}
	w.flushAll()
}

// fillStats fills the in-step progress of a spilled step.
func (s *spillStep) fillStats(st *Stats) {
	total := s.total
	st.StepParts = s.cur.N()
	st.StepPartsDone = s.cur.N() - len(s.todo) + int(s.partsDone.Load())
	st.StepRead, st.StepExpanded = s.bytesDone.Load(), s.states.Load()
	st.StepEmitted = s.r.spillR.Load() - s.emitted0
	b0 := float64(s.before) / float64(max(total, 1))
	st.StepShare = b0 + float64(st.StepRead)/float64(max(total, 1))
	if total == 0 {
		st.StepShare = float64(st.StepPartsDone) / float64(max(st.StepParts, 1))
		b0 = 0
	}
	st.StepLeft = stepLeft(st.StepElapsed, st.StepShare, b0)
}

// saveRound ends a round that expanded todo[pos:end]: it folds next if
// the disk is tight and, with a checkpoint, writes the manifest and then
// deletes the buckets it says are done.
func (s *spillStep) saveRound(pos, end int) error {
	r, cur, next, ws := s.r, s.cur, s.next, s.ws
	var err error
	// The share of the step done, for folding (fold.go).
	share := float64(s.before+s.bytesDone.Load()) / float64(max(s.total, 1))
	if !s.ckpt && !next.route() {
		var n int
		n, err = r.foldIfTight(cur, next, s.share0, share, ws)
		r.st.Folds += n
		next.RemoveStale()
	}
	if err == nil && s.ckpt {
		// The round's checkpoint: the next layer's files as they are
		// now (folded if the disk is tight), then the manifest, then
		// the buckets it says are done and the files folds replaced.
		err = next.FlushRuns()
		if err == nil {
			var n int
			n, err = r.foldIfTight(cur, next, s.share0, share, ws)
			r.st.Folds += n
		}
		if err == nil {
			if err = next.SyncFiles(); err == nil {
				for _, b := range s.todo[pos:end] {
					cur.Done[b] = true
				}
				if err = r.saveSpilled(s.i, cur, next); err != nil {
					for _, b := range s.todo[pos:end] {
						cur.Done[b] = false
					}
				}
			}
		}
		if err == nil {
			for _, b := range s.todo[pos:end] {
				cur.DropBucket(b)
			}
			next.RemoveStale()
		}
	}
	return err
}

// finish ends the step once every bucket is expanded: it finishes next's
// files and records the exact size of the layer read.
func (s *spillStep) finish() error {
	r, i, cur, next := s.r, s.i, s.cur, s.next
	var err error
	if !next.route() {
		err = next.Finish() // publish finishes the owners' files
		if err == nil && s.ckpt {
			err = next.SyncFiles()
		}
	}
	if err != nil {
		return err
	}
	if i > 0 && len(s.todo) == cur.N() {
		// The exact size of the layer read.
		n := int(s.states.Load())
		if len(r.prof) >= i {
			r.prof[i-1] = n
		}
		r.st.LayerSummed, r.st.LayerSummedStep = n, i
		if recs := cur.Records(); recs > 0 {
			r.stateShare = float64(n) / float64(recs)
		}
		if n > r.st.PeakSummed {
			r.st.PeakSummed, r.st.PeakSummedStep = n, i
		}
	}
	if !next.route() {
		r.st.SpillBytes = max(r.st.SpillBytes, next.Bytes())
	}
	return nil
}

// loadAll reads every bucket of s into one layer in memory.
func (r *dp) loadAll(s *spillSet) (*layer, error) {
	l := bucketLayer(s.Bits)
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
