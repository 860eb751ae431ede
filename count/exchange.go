package count

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Cooperative shards (Options.Exchange).
//
// Shard s of N owns the states of every layer whose shard hash is s mod N
// (shardOf), from the layer after the split step on. Every shard runs the
// small layers up to the split step alone (the same states in every
// shard), then expands only its own class of that layer. From there on,
// for each layer k each shard
//
//  1. reads the files addressed to it by all N shards in the layer's
//     directory (L<k>/to<s>-from<j>), summing equal states in its table
//     (or, past Options.MaxBytes, in its own spill buckets, spill.go);
//  2. expands its states and appends every emitted state to the file of
//     the state's owner (L<k+1>/to<d>-from<s>, through per-destination
//     batches and buffered writers, as the spill does);
//  3. closes and renames those N files, then writes its marker
//     L<k+1>/done-<s> (the record count of each file, CRC-32C; written
//     to a temporary name and renamed), and deletes the files of layer k
//     addressed to it;
//  4. waits, polling the directory, until every shard's marker of layer
//     k+1 exists (Options.ExchangeWait bounds the wait; Options.Progress
//     reports Stats.Waiting meanwhile).
//
// The last step is expanded in memory and summed: that sum is the shard's
// share of the count, and the shares add up to the count exactly (every
// state of every layer is expanded by exactly one shard). Each state is
// expanded once, so the shards' total CPU is one count's plus the cost of
// the files: every transition after the split is written once and read
// once (8 x (key words + count words) bytes, 16 to 32), and the summing
// is the insert an in-memory step does anyway. The shared directory holds
// at most two layers' transitions at once (the layer being read and the
// one being written; a shard cannot get more than one layer ahead of the
// slowest), about 3 records per state of the larger layer; each shard
// needs memory for its own class only, about 1/N of a layer's table, plus
// N x 32 KiB of writers.
//
// A file is complete once renamed, for every process: a killed shard
// loses nothing it has published, and on a shared file system with
// close-to-open consistency (NFS) another machine sees the data once it
// sees the marker. Options.ExchangeSync also syncs every file before
// its marker, so that what is published survives a machine crash (power
// loss) too; it costs the disk writes the page cache would otherwise
// absorb (hopido 7x7 in 8 shards on 2 cores: 1.4x to 2.0x one count's CPU
// instead of 1.16x to 1.19x, docs/results.md).
//
// The layer files are the checkpoints: a shard killed at any point and
// started again with the same options finds its last marker, deletes
// what it left of older layers, and resumes at the next step (the other
// shards wait for it meanwhile); files without a marker are rewritten.
// The directory's key file names the count (plan fingerprint and
// Options.CheckpointKey, for example the code version): a directory of
// another count is refused. shard-<s>.lock is flock-ed while shard s
// runs, so the same shard cannot run twice at once; the shard removes it
// when it ends (finished or stopped; a killed one leaves it, harmless),
// while it still holds the lock, as a checkpoint's lock (lockNamed). The last layer's
// files stay, so a finished shard run again gives its share again.
// All shards must run at the same time (GNU parallel -j N, a Kubernetes
// Indexed Job with parallelism = completions, a Slurm array whose tasks
// all run), each with Options.Exchange naming the same directory (a
// shared file system for several machines).

// DefaultExchangeWait is how long a cooperative shard waits for the others
// at one layer when Options.ExchangeWait is 0.
const DefaultExchangeWait = 6 * time.Hour

// ErrExchange means the shared directory of cooperative shards is not
// usable: another count's, damaged, or a shard did not come.
var ErrExchange = errors.New("cooperative shards")

const (
	exchangeMagic  = "boardgraph-dp-exchange/1\n"
	exchangeMarker = "BGDPX001"
)

// exchange is one shard's view of the shared directory.
type exchange struct {
	dir   string
	lock  *os.File
	wait  time.Duration
	bytes int64 // written by this shard
	sync  bool  // Options.ExchangeSync
	// writers are the buffered writers of the N files, reused from layer
	// to layer.
	writers []*bufio.Writer
}

// shardOf returns the shard that owns state k (Options.Exchange) or that
// keeps it (the independent split).
func (r *dp) shardOf(k key) int {
	return int(hashKey(k.lo^shardSalt, k.hi) % uint64(r.shards))
}

func (x *exchange) layerDir(k int) string { return filepath.Join(x.dir, fmt.Sprintf("L%04d", k)) }

func exchangeFile(to, from int) string { return fmt.Sprintf("to%05d-from%05d", to, from) }

func exchangeDone(from int) string { return fmt.Sprintf("done-%05d", from) }

// openExchange checks the shared directory, writes or compares its key
// and locks this shard.
func (r *dp) openExchange(dir, key string, wait time.Duration) (*exchange, error) {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("%w: the shared directory %s does not exist; create it (on a volume every shard mounts) first", ErrExchange, dir)
	}
	want := exchangeMagic + key + "\n"
	kf := filepath.Join(dir, "count.key")
	if _, err := os.Stat(kf); os.IsNotExist(err) {
		// Create it atomically: write a private file, then link it (link
		// fails when another shard was first).
		tmp, err := os.CreateTemp(dir, "count.key.*")
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrExchange, err)
		}
		_, err = tmp.WriteString(want)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			if lerr := os.Link(tmp.Name(), kf); lerr != nil && !os.IsExist(lerr) {
				err = lerr
			}
		}
		os.Remove(tmp.Name())
		if err != nil {
			return nil, fmt.Errorf("%w: writing %s: %v", ErrExchange, kf, err)
		}
	}
	f, err := os.Open(kf)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrExchange, err)
	}
	got, err := io.ReadAll(io.LimitReader(f, int64(len(want))+1))
	f.Close()
	if err != nil || string(got) != want {
		return nil, fmt.Errorf("%w: %s belongs to another count (different board, moves, constraints, order, number of shards or code version); give each count its own empty directory", ErrExchange, dir)
	}
	lock, err := lockNamed(filepath.Join(dir, fmt.Sprintf("shard-%05d.lock", r.shard)))
	if err != nil {
		return nil, err
	}
	if wait <= 0 {
		wait = DefaultExchangeWait
	}
	return &exchange{dir: dir, lock: lock, wait: wait, sync: r.opt.ExchangeSync}, nil
}

// close removes the shard's lock file, then unlocks it (see lockNamed).
func (x *exchange) close() {
	if x != nil && x.lock != nil {
		os.Remove(x.lock.Name())
		x.lock.Close()
		x.lock = nil
	}
}

// lastDone returns the largest layer this shard has finished (its marker
// exists), 0 for none.
func (x *exchange) lastDone(shard, first, last int) int {
	for k := last; k >= first; k-- {
		if _, err := os.Stat(filepath.Join(x.layerDir(k), exchangeDone(shard))); err == nil {
			return k
		}
	}
	return 0
}

// readMarker reads shard from's marker of layer k: the records it wrote
// to each shard. It returns nil, nil when the marker does not exist yet.
func (x *exchange) readMarker(k, from, shards int) ([]int64, error) {
	path := filepath.Join(x.layerDir(k), exchangeDone(from))
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrExchange, err)
	}
	defer f.Close()
	size := len(exchangeMarker) + 8*shards + 4
	b, err := io.ReadAll(io.LimitReader(f, int64(size)+1))
	if err != nil || len(b) != size || string(b[:len(exchangeMarker)]) != exchangeMarker ||
		crc32.Checksum(b[:size-4], castagnoli) != binary.LittleEndian.Uint32(b[size-4:]) {
		return nil, fmt.Errorf("%w: %s is damaged; remove it and the layers after it, then restart shard %d", ErrExchange, path, from)
	}
	recs := make([]int64, shards)
	for i := range recs {
		recs[i] = int64(binary.LittleEndian.Uint64(b[len(exchangeMarker)+8*i:]))
	}
	return recs, nil
}

// writeMarker writes this shard's marker of layer k atomically.
func (x *exchange) writeMarker(k, from int, recs []int64) error {
	b := []byte(exchangeMarker)
	for _, n := range recs {
		b = binary.LittleEndian.AppendUint64(b, uint64(n))
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
	path := filepath.Join(x.layerDir(k), exchangeDone(from))
	tmp := path + ".part"
	err := os.WriteFile(tmp, b, 0o644)
	if err == nil && x.sync {
		err = syncFile(tmp)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err == nil && x.sync {
		syncDir(x.layerDir(k))
	}
	if err != nil {
		return fmt.Errorf("%w: writing %s: %v", ErrDisk, path, err)
	}
	return nil
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// waitLayer waits until every shard's marker of layer k exists and
// returns their record counts (recs[j][s]: from j to s).
func (r *dp) waitLayer(ctx context.Context, k int) ([][]int64, error) {
	x := r.x
	recs := make([][]int64, r.shards)
	t0 := time.Now()
	poll := 10 * time.Millisecond
	lastReport := time.Now()
	for {
		var missing []int
		for j := range recs {
			if recs[j] != nil {
				continue
			}
			m, err := x.readMarker(k, j, r.shards)
			if err != nil {
				return nil, err
			}
			if m == nil {
				missing = append(missing, j)
			}
			recs[j] = m
		}
		if len(missing) == 0 {
			r.st.Waiting = nil
			r.st.Waited += time.Since(t0)
			return recs, nil
		}
		waited := time.Since(t0)
		if waited > x.wait {
			return nil, fmt.Errorf("%w: shard %d of %d waited %v for shard %s to finish layer %d of %d in %s; start the missing shards (all must run at once) or raise the wait",
				ErrExchange, r.shard, r.shards, waited.Round(time.Second), listShards(missing), k, len(r.steps), x.dir)
		}
		if r.opt.Progress != nil && time.Since(lastReport) >= r.opt.ProgressEvery {
			lastReport = time.Now()
			r.st.Waiting = missing
			r.st.WaitLayer = k
			r.st.Elapsed = time.Since(r.t0)
			r.opt.Progress(r.st)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(poll):
		}
		poll = min(2*poll, time.Second)
		if r.opt.quick {
			poll = min(poll, 20*time.Millisecond)
		}
	}
}

// listShards writes up to 8 shard numbers.
func listShards(s []int) string {
	var b strings.Builder
	for i, j := range s {
		if i == 8 {
			fmt.Fprintf(&b, " and %d more", len(s)-8)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, j)
	}
	return b.String()
}

// newExchangeSet creates this shard's N files of layer k, one per owner;
// workers route states to them by shardOf.
func (r *dp) newExchangeSet(k int) (*spillSet, error) {
	dir := r.x.layerDir(k)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDisk, err)
	}
	n := r.shards
	s := &spillSet{dir: dir, files: make([]*os.File, n), bw: make([]*bufio.Writer, n), mu: make([]sync.Mutex, n),
		recs: make([]int64, n), rec: 8 * r.mem.stride, enc: make([][]byte, n), route: true}
	if len(r.x.writers) != n {
		r.x.writers = make([]*bufio.Writer, n)
	}
	for d := range n {
		f, err := os.OpenFile(filepath.Join(dir, exchangeFile(d, r.shard)+".part"), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			for _, f := range s.files {
				if f != nil {
					f.Close()
				}
			}
			return nil, fmt.Errorf("%w: %v", ErrDisk, err)
		}
		s.files[d] = f
		if r.x.writers[d] == nil {
			r.x.writers[d] = bufio.NewWriterSize(f, 32<<10)
		}
		r.x.writers[d].Reset(f)
		s.bw[d] = r.x.writers[d]
	}
	return s, nil
}

// publish syncs, renames and closes the files of s, then writes the
// marker of layer k.
func (r *dp) publish(s *spillSet, k int) error {
	if err := s.finish(); err != nil {
		return err
	}
	for d, f := range s.files {
		var err error
		if r.x.sync {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		s.files[d] = nil
		if err == nil {
			err = os.Rename(f.Name(), strings.TrimSuffix(f.Name(), ".part"))
		}
		if err != nil {
			return fmt.Errorf("%w: writing %s: %v", ErrDisk, f.Name(), err)
		}
		r.x.bytes += s.recs[d] * int64(s.rec)
	}
	if r.x.sync {
		syncDir(s.dir)
	}
	return r.x.writeMarker(k, r.shard, s.recs)
}

// removeInbound deletes the files of layers first..k addressed to this
// shard.
func (r *dp) removeInbound(first, k int) {
	for l := first; l <= k; l++ {
		for j := range r.shards {
			os.Remove(filepath.Join(r.x.layerDir(l), exchangeFile(r.shard, j)))
		}
	}
}

// loadInbound reads the files of layer k addressed to this shard into a
// table in memory, or into spill buckets when Options.SpillDir is set and
// they would take more than half of Options.MaxBytes.
func (r *dp) loadInbound(ctx context.Context, k int, recs [][]int64, ws []*worker) (*layer, *spillSet, error) {
	var total int64
	for j := range recs {
		total += recs[j][r.shard]
	}
	sd := r.mem.stride
	var cur *layer
	var disk *spillSet
	var err error
	est := float64(total) / 2 // records per state: about 2 to 3
	if r.spillDir != "" && est*bytesPerState(sd) > float64(r.opt.MaxBytes)/2 {
		if err := r.checkDisk(float64(total)*float64(8*sd), "loading the shard's layer"); err != nil {
			return nil, nil, err
		}
		if disk, err = r.newSpillSet(r.spillBitsFor(est), k, 0.25); err != nil {
			return nil, nil, err
		}
		r.st.Spilled = true
		for _, w := range ws {
			w.start(bucketLayer(disk.bits), disk)
		}
	} else {
		var ok bool
		if cur, ok = r.mem.newLayer(partBits(int(est)), int(est)); !ok {
			return nil, nil, r.memoryError()
		}
		for _, w := range ws {
			w.start(cur, nil)
		}
	}
	var idx atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, len(ws))
	for wi, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				j := int(idx.Add(1) - 1)
				if j >= r.shards || w.full || w.overflow || ctx.Err() != nil {
					break
				}
				if err := r.readInbound(k, j, recs[j][r.shard], w); err != nil {
					errs[wi] = err
					break
				}
			}
			w.flushAll()
		}()
	}
	wg.Wait()
	for _, w := range ws {
		w.out = nil
	}
	err = r.collect(ws)
	for _, e := range errs {
		if err == nil {
			err = e
		}
	}
	if err == nil {
		err = ctx.Err()
	}
	if err == nil && disk != nil {
		err = disk.finish()
	}
	if err != nil {
		if errors.Is(err, errFull) {
			err = r.memoryError()
		}
		if disk != nil {
			disk.remove()
		}
		if cur != nil {
			r.mem.recycle(cur)
		}
		return nil, nil, err
	}
	return cur, disk, nil
}

// readInbound adds the records of the file of layer k from shard j to
// this shard through worker w.
func (r *dp) readInbound(k, j int, recs int64, w *worker) error {
	path := filepath.Join(r.x.layerDir(k), exchangeFile(r.shard, j))
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%w: %v (shard %d's marker of layer %d exists, its file is gone: restart shard %d after removing %s)",
			ErrExchange, err, j, k, j, filepath.Join(r.x.layerDir(k), exchangeDone(j)))
	}
	defer f.Close()
	sd, kw, cw := r.mem.stride, r.mem.kw, r.mem.cw
	rec := int64(8 * sd)
	if fi, err := f.Stat(); err != nil || fi.Size() != recs*rec {
		return fmt.Errorf("%w: %s does not have the %d records its marker announces (damaged, or cut short by a full disk): remove it and shard %d's marker %s, then restart shard %d, which writes layer %d again",
			ErrExchange, path, recs, j, filepath.Join(r.x.layerDir(k), exchangeDone(j)), j, k)
	}
	if w.rd == nil {
		w.rd = bufio.NewReaderSize(f, 256<<10)
	}
	br := w.rd
	br.Reset(f)
	defer br.Reset(nil)
	const batch = 1024
	if len(w.raw) < batch*int(rec) {
		w.raw = make([]byte, batch*rec)
	}
	raw := w.raw
	for left := recs; left > 0; {
		n := min(left, batch)
		if _, err := io.ReadFull(br, raw[:n*rec]); err != nil {
			return fmt.Errorf("%w: reading %s: %v", ErrExchange, path, err)
		}
		for q := int64(0); q < n; q++ {
			b := raw[q*rec:]
			k := key{lo: binary.LittleEndian.Uint64(b)}
			if kw == 2 {
				k.hi = binary.LittleEndian.Uint64(b[8:])
			}
			w.cnt, w.cntHi = binary.LittleEndian.Uint64(b[8*kw:]), 0
			if cw == 2 {
				w.cntHi = binary.LittleEndian.Uint64(b[8*kw+8:])
			}
			w.add(k)
		}
		if w.full || w.overflow {
			return nil // collect reports it
		}
		left -= n
	}
	return nil
}

// expandTo expands the states of cur (this shard's only, when own) by
// step i into out, with every worker.
func (r *dp) expandTo(ctx context.Context, i int, cur *layer, out *spillSet, own bool, ws []*worker) error {
	route := &layer{parts: make([]part, len(out.files))}
	var idx atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	var partsDone, expanded atomic.Int64
	stepStart := time.Now()
	for _, w := range ws {
		w.start(route, out)
		w.ownOnly = own
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				pi := int(idx.Add(1) - 1)
				if pi >= len(cur.parts) {
					break
				}
				if !w.expandPart(&r.steps[i], &cur.parts[pi]) || ctx.Err() != nil {
					stop.Store(true)
					break
				}
				expanded.Add(int64(cur.parts[pi].n))
				partsDone.Add(1)
				r.partDone()
			}
			w.flushAll()
		}()
	}
	// In-step progress, as a step in memory reports it (stepMemory): by
	// states of the layer expanded.
	total := 0
	for pi := range cur.parts {
		total += cur.parts[pi].n
	}
	r.waitStep(&wg, stepStart, func(s *Stats) {
		s.StepParts, s.StepPartsDone = len(cur.parts), int(partsDone.Load())
		s.StepExpanded = expanded.Load()
		s.StepShare = float64(s.StepExpanded) / float64(max(total, 1))
		s.StepLeft = stepLeft(s.StepElapsed, s.StepShare, 0)
	})
	for _, w := range ws {
		w.out, w.ownOnly = nil, false
	}
	if err := r.collect(ws); err != nil {
		return err
	}
	return ctx.Err()
}

// runExchange is run for a cooperative shard: the steps up to the split
// in memory, then one layer file set per step, then the last step in
// memory, summed.
func (r *dp) runExchange(ctx context.Context, ws []*worker) (lo, hi uint64, err error) {
	last := len(r.steps) - 1
	first := r.splitStep + 1 // the first layer exchanged
	var cur *layer
	var disk *spillSet
	defer func() {
		if disk != nil {
			disk.remove()
		}
	}()
	start := 0
	if first <= last {
		if k := r.x.lastDone(r.shard, first, last); k > 0 {
			start = k
			r.st.ResumedAt = k
			r.removeInbound(first, k-1)
		}
	}
	if start == 0 {
		var ok bool
		if cur, ok = r.mem.newLayer(0, 1); !ok {
			return 0, 0, r.memoryError()
		}
		cur.parts[0].a[r.mem.kw] = 1 // the empty frontier, count 1
		cur.parts[0].n = 1
	}
	lastReport := time.Now()
	for i := start; i <= last; i++ {
		r.i = i
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		if i > r.splitStep {
			// Layer i comes from every shard's files.
			recs, err := r.waitLayer(ctx, i)
			if err != nil {
				return 0, 0, err
			}
			if cur, disk, err = r.loadInbound(ctx, i, recs, ws); err != nil {
				return 0, 0, err
			}
		}
		held := r.heldStates(cur, disk)
		r.st.PeakStates = max(r.st.PeakStates, held)
		own := i == r.splitStep // every shard holds all of this layer
		switch {
		case i < r.splitStep || i == last:
			if disk != nil {
				// A spilled class: expand it bucket by bucket into memory
				// (the last layers are small).
				next, err := r.stepSpill(ctx, i, disk, nil, ws)
				disk = nil
				if err != nil {
					return 0, 0, err
				}
				disk = next
				if cur, err = r.loadAll(disk); err != nil {
					return 0, 0, err
				}
				disk.remove()
				disk = nil
			} else {
				for _, w := range ws {
					w.ownOnly = own
				}
				next, err := r.stepMemory(ctx, i, cur, ws)
				for _, w := range ws {
					w.ownOnly = false
				}
				if err != nil {
					if errors.Is(err, errFull) {
						err = r.memoryError()
					}
					return 0, 0, err
				}
				r.mem.recycle(cur)
				cur = next
			}
		default:
			// splitStep <= i < last: expand into the owners' files of
			// layer i+1.
			if err := r.checkDiskAt(r.x.dir, 4*float64(r.shards)*float64(held)*float64(8*r.mem.stride), "the shared layer files"); err != nil {
				return 0, 0, err
			}
			out, err := r.newExchangeSet(i + 1)
			if err != nil {
				return 0, 0, err
			}
			if disk != nil {
				err = r.stepSpillTo(ctx, i, disk, out, ws)
				disk.remove()
				disk = nil
			} else {
				err = r.expandTo(ctx, i, cur, out, own, ws)
				r.mem.recycle(cur)
				cur = nil
			}
			if err == nil {
				err = r.publish(out, i+1)
			}
			if err != nil {
				for _, f := range out.files {
					if f != nil {
						f.Close()
					}
				}
				return 0, 0, err
			}
			if i > r.splitStep {
				r.removeInbound(i, i)
			}
		}
		states := held
		if cur != nil {
			states = cur.states()
		}
		r.st.Step, r.st.States = i+1, states
		r.st.StatesDone += uint64(states)
		r.st.PeakStates = max(r.st.PeakStates, states)
		r.st.PeakBytes = atomic.LoadInt64(&r.mem.peak)
		r.st.ExchangeBytes = r.x.bytes
		if r.opt.Progress != nil && time.Since(lastReport) >= r.opt.ProgressEvery {
			lastReport = time.Now()
			r.st.Elapsed = time.Since(r.t0)
			r.opt.Progress(r.st)
		}
	}
	for pi := range cur.parts {
		var err error
		if lo, hi, err = r.addCounts(lo, hi, cur.parts[pi].a); err != nil {
			return 0, 0, err
		}
	}
	return lo, hi, nil
}

// heldStates returns the states of this shard's current layer: in memory,
// or an upper bound (records) when spilled.
func (r *dp) heldStates(cur *layer, disk *spillSet) int {
	if cur != nil {
		return cur.states()
	}
	if disk != nil {
		return int(disk.records())
	}
	return 0
}
