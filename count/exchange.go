package count

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/shard"
)

// Cooperative shards (Options.Exchange).
//
// Shard s of N owns the states of every layer whose shard hash is s mod N
// (shardOf), from the layer after the split step on. Every shard runs the
// small layers up to the split step alone (the same states in every
// shard), then expands only its own class of that layer. From there on,
// for each layer k each shard
//
//  1. reads its section of every shard's file of the layer
//     (L<k>/from<j>, j = 0..N-1), summing equal states in its table (or,
//     past Options.MaxBytes, in its own spill buckets, spill.go);
//  2. expands its states and routes every emitted state to its owner:
//     per owner, records gather in a block of exchangeBlockBytes, and a
//     full block is appended to the shard's one file of layer k+1
//     (L<k+1>/from<s>.part); the file ends with an index of its blocks,
//     grouped by owner, so that each owner reads only its own blocks;
//  3. renames that file, then writes its marker L<k+1>/done-<s> (the
//     records it holds for each owner, CRC-32C; written to a temporary
//     name and renamed);
//  4. waits, polling the directory, until every shard's marker of layer
//     k+1 exists (Options.ExchangeWait bounds the wait; Options.Progress
//     reports Stats.Waiting meanwhile), then deletes its own file of
//     layer k: every shard has read it, since every shard has written
//     layer k+1.
//
// A shard writes one file a layer, not one per owner: the files' fixed
// costs (creating, renaming, deleting; on ext4 a create also scans the
// inodes deleted recently) grow with the files, N per layer instead of N
// x N, and they weighed a third of the shards' overhead on hopido 7x7 in 8
// shards (docs/results.md).
//
// A layer file is the blocks, then the index: for each block its offset
// and records (two little-endian uint64s), grouped by owner in owner
// order; then N+1 uint64s, the first index entry of each owner and the
// number of entries; then the index's offset (uint64), "BGDPXI01" and the
// CRC-32C of the index from its first entry to the magic.
//
// The last step is expanded in memory and summed: that sum is the shard's
// share of the count, and the shares add up to the count exactly (every
// state of every layer is expanded by exactly one shard). Each state is
// expanded once, so the shards' total CPU is one count's plus the cost of
// the files: every transition after the split is written once and read
// once (8 x (key words + count words) bytes, 16 to 32, plus 16 bytes of
// index a block), and the summing is the insert an in-memory step does
// anyway. The shared directory holds at most two layers' transitions at
// once (the layer being read and the one being written; a shard cannot
// get more than one layer ahead of the slowest), about 3 records per
// state of the larger layer; each shard needs memory for its own class
// only, about 1/N of a layer's table, plus N blocks of
// exchangeBlockBytes.
//
// A file is complete once renamed, for every process: a killed shard
// loses nothing it has published, and on a shared file system with
// close-to-open consistency (NFS) another machine sees the data once it
// sees the marker. Options.ExchangeSync also syncs every file before
// its marker, so that what is published survives a machine crash (power
// loss) too; it costs the disk writes the page cache would otherwise
// absorb.
//
// The layer files are the checkpoints: a shard killed at any point and
// started again with the same options finds its last marker, deletes its
// own files of the layers no shard still reads, and resumes at the next
// step (the other shards wait for it meanwhile); a file without a marker
// is rewritten.
// The directory's key file names the count (plan fingerprint and
// Options.CheckpointKey, for example the code version) and the layout
// (exchangeMagic): a directory of another count, or of an older layout,
// is refused. shard-<s>.lock is flock-ed while shard s
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
	exchangeMagic  = "boardgraph-dp-exchange/2\n"
	exchangeMarker = "BGDPX001"
	exchangeIndex  = "BGDPXI01"
	// exchangeBlockBytes is the size at which an owner's block is
	// appended to the layer file.
	exchangeBlockBytes = 32 << 10
	// exchangeBlockMax bounds a block a reader accepts (a block ends
	// with the batch that filled it, at most bufRecs records).
	exchangeBlockMax = 1 << 20
)

// exchangeBlock is one block of a layer file: owner's records at off.
type exchangeBlock struct {
	owner     int
	off, recs int64
}

// exchange is one shard's view of the shared directory.
type exchange struct {
	dir   string
	lock  *os.File
	wait  time.Duration
	bytes int64 // written by this shard
	sync  bool  // Options.ExchangeSync
}

// shardOf returns the shard that owns state k (Options.Exchange) or that
// keeps it (the independent split).
func (r *dp) shardOf(k key) int {
	return int(hashKey(k.lo^shardSalt, k.hi) % uint64(r.shards))
}

func (x *exchange) layerDir(k int) string { return filepath.Join(x.dir, fmt.Sprintf("L%04d", k)) }

func exchangeFile(from int) string { return fmt.Sprintf("from%05d", from) }

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
			return nil, fmt.Errorf("%w: %w", ErrExchange, err)
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
			return nil, fmt.Errorf("%w: writing %s: %w", ErrExchange, kf, err)
		}
	}
	f, err := os.Open(kf)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrExchange, err)
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
		return nil, fmt.Errorf("%w: %w", ErrExchange, err)
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
		return fmt.Errorf("%w: writing %s: %w", ErrDisk, path, err)
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

// newExchangeSet creates this shard's file of layer k; workers route
// states to their owners' blocks in it by shardOf.
func (r *dp) newExchangeSet(k int) (*spillSet, error) {
	dir := r.x.layerDir(k)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrDisk, err)
	}
	f, err := os.OpenFile(filepath.Join(dir, exchangeFile(r.shard)+".part"), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrDisk, err)
	}
	n := r.shards
	return &spillSet{dir: dir, xf: f, owners: n, mu: make([]sync.Mutex, n), recs: make([]int64, n),
		sd: r.mem.stride, rec: 8 * r.mem.stride, blk: make([][]byte, n), route: true}, nil
}

// appendBlock appends owner b's block e to the layer file (the caller
// holds b's lock; blocks of other owners are written meanwhile, each at
// its own offset).
func (s *spillSet) appendBlock(b int, e []byte) error {
	s.xmu.Lock()
	off := s.xend
	s.xend += int64(len(e))
	s.index = append(s.index, exchangeBlock{owner: b, off: off, recs: int64(len(e) / s.rec)})
	s.xmu.Unlock()
	if _, err := s.xf.WriteAt(e, off); err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrDisk, s.xf.Name(), err)
	}
	return nil
}

// finishRoute appends the blocks not yet full and the index (see the
// layout above).
func (s *spillSet) finishRoute() error {
	for b, e := range s.blk {
		if len(e) > 0 {
			if err := s.appendBlock(b, e); err != nil {
				return err
			}
		}
		s.blk[b] = nil
	}
	slices.SortStableFunc(s.index, func(a, b exchangeBlock) int { return a.owner - b.owner })
	idx := make([]byte, 0, 16*len(s.index)+8*(s.owners+1)+20)
	for _, x := range s.index {
		idx = binary.LittleEndian.AppendUint64(idx, uint64(x.off))
		idx = binary.LittleEndian.AppendUint64(idx, uint64(x.recs))
	}
	e := 0
	for d := range s.owners + 1 {
		for e < len(s.index) && s.index[e].owner < d {
			e++
		}
		idx = binary.LittleEndian.AppendUint64(idx, uint64(e))
	}
	idx = binary.LittleEndian.AppendUint64(idx, uint64(s.xend))
	idx = append(idx, exchangeIndex...)
	idx = binary.LittleEndian.AppendUint32(idx, crc32.Checksum(idx, castagnoli))
	if _, err := s.xf.WriteAt(idx, s.xend); err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrDisk, s.xf.Name(), err)
	}
	s.xend += int64(len(idx))
	s.index = nil
	return nil
}

// publish finishes, syncs, renames and closes this shard's file of layer
// k, then writes its marker.
func (r *dp) publish(s *spillSet, k int) error {
	err := s.finish()
	f := s.xf
	if err == nil && r.x.sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	s.xf = nil
	if err == nil {
		err = os.Rename(f.Name(), strings.TrimSuffix(f.Name(), ".part"))
	}
	if err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrDisk, f.Name(), err)
	}
	r.x.bytes += s.xend
	if r.x.sync {
		syncDir(s.dir)
	}
	return r.x.writeMarker(k, r.shard, s.recs)
}

// removeOwn deletes this shard's files of layers first..k.
func (r *dp) removeOwn(first, k int) {
	for l := first; l <= k; l++ {
		os.Remove(filepath.Join(r.x.layerDir(l), exchangeFile(r.shard)))
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

// readInbound adds this shard's records in shard j's file of layer k
// (recs, as j's marker announces) through worker w.
func (r *dp) readInbound(k, j int, recs int64, w *worker) error {
	path := filepath.Join(r.x.layerDir(k), exchangeFile(j))
	marker := filepath.Join(r.x.layerDir(k), exchangeDone(j))
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%w: %w (shard %d's marker of layer %d exists, its file is gone: restart shard %d after removing %s)",
			ErrExchange, err, j, k, j, marker)
	}
	defer f.Close()
	damaged := func() error {
		return fmt.Errorf("%w: %s does not have the %d records its marker announces for shard %d (damaged, or cut short by a full disk): remove it and shard %d's marker %s, then restart shard %d, which writes layer %d again",
			ErrExchange, path, recs, r.shard, j, marker, j, k)
	}
	blocks, err := readExchangeIndex(f, r.shards, r.shard, 8*r.mem.stride)
	if err != nil {
		return damaged()
	}
	var n int64
	for _, b := range blocks {
		n += b.recs
	}
	if n != recs {
		return damaged()
	}
	sd, kw, cw := r.mem.stride, r.mem.kw, r.mem.cw
	rec := int64(8 * sd)
	for _, b := range blocks {
		if int64(len(w.raw)) < b.recs*rec {
			w.raw = make([]byte, b.recs*rec)
		}
		raw := w.raw[:b.recs*rec]
		if _, err := f.ReadAt(raw, b.off); err != nil {
			return fmt.Errorf("%w: reading %s: %w", ErrExchange, path, err)
		}
		for q := int64(0); q < b.recs; q++ {
			p := raw[q*rec:]
			k := key{lo: binary.LittleEndian.Uint64(p)}
			if kw == 2 {
				k.hi = binary.LittleEndian.Uint64(p[8:])
			}
			w.cnt, w.cntHi = binary.LittleEndian.Uint64(p[8*kw:]), 0
			if cw == 2 {
				w.cntHi = binary.LittleEndian.Uint64(p[8*kw+8:])
			}
			w.add(k)
		}
		if w.full || w.overflow {
			return nil // collect reports it
		}
	}
	return nil
}

// readExchangeIndex reads the index of a layer file of shards owners
// (see the layout above) and returns owner's blocks, each checked to lie
// inside the file's blocks; an error means the file is damaged.
func readExchangeIndex(f *os.File, shards, owner, rec int) ([]exchangeBlock, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := fi.Size()
	const tail int64 = 8 + int64(len(exchangeIndex)) + 4
	var t [tail]byte
	if size < tail {
		return nil, errRun
	}
	if _, err := f.ReadAt(t[:], size-tail); err != nil {
		return nil, err
	}
	if string(t[8:8+len(exchangeIndex)]) != exchangeIndex {
		return nil, errRun
	}
	end := int64(binary.LittleEndian.Uint64(t[:8])) // the blocks' end
	idxLen := size - end
	// The index has 16 bytes a block; blocks are exchangeBlockBytes but
	// the last of each owner.
	entries := (idxLen - tail - 8*int64(shards+1)) / 16
	if end < 0 || end > size-tail || entries < 0 || idxLen != 16*entries+8*int64(shards+1)+tail ||
		entries > end/exchangeBlockBytes+int64(shards) {
		return nil, errRun
	}
	idx := make([]byte, idxLen)
	if _, err := f.ReadAt(idx, end); err != nil {
		return nil, err
	}
	if crc32.Checksum(idx[:idxLen-4], castagnoli) != binary.LittleEndian.Uint32(idx[idxLen-4:]) {
		return nil, errRun
	}
	starts := idx[16*entries:]
	from := int64(binary.LittleEndian.Uint64(starts[8*owner:]))
	to := int64(binary.LittleEndian.Uint64(starts[8*owner+8:]))
	if from < 0 || to < from || to > entries {
		return nil, errRun
	}
	blocks := make([]exchangeBlock, 0, to-from)
	for e := from; e < to; e++ {
		off := int64(binary.LittleEndian.Uint64(idx[16*e:]))
		recs := int64(binary.LittleEndian.Uint64(idx[16*e+8:]))
		if off < 0 || recs <= 0 || recs > exchangeBlockMax/int64(rec) || off > end-recs*int64(rec) {
			return nil, errRun
		}
		blocks = append(blocks, exchangeBlock{owner: owner, off: off, recs: recs})
	}
	return blocks, nil
}

// expandTo expands the states of cur (this shard's only, when own) by
// step i into out, with every worker.
func (r *dp) expandTo(ctx context.Context, i int, cur *layer, out *spillSet, own bool, ws []*worker) error {
	route := &layer{parts: make([]part, out.outputs())}
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
			// Layer k-1 may still be read by a shard that has not
			// written layer k.
			r.removeOwn(first, k-2)
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
			// Every shard has written layer i, so has read layer i-1.
			if i > first {
				r.removeOwn(i-1, i-1)
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
				out.closeFiles()
				return 0, 0, err
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

// orderMagic starts a shared order file (SharedOrder).
const orderMagic = "BGDPORD1"

// SharedOrder returns the vertex order of a count on g whose cooperative
// shards share dir (Options.Exchange), computed once for all of them by
// compute (BoardOrderSeed and RefineOrder with seed: the same order in
// every shard, but seconds of annealing on large boards, and on a small
// count each shard's annealing weighed as much as its share of the
// count). The first shard to lock dir/order.lock calls compute and writes
// the order to dir/order-<graph and seed hash>; the others wait for the
// lock, then read it. A file that is damaged or does not hold a
// permutation of g's vertices is computed and written again. A shard that
// read an order other than its own would be refused by the directory's
// key (the plan's fingerprint covers the order), so a stale file cannot
// mix two counts. Where dir cannot be locked, each shard computes the
// order itself.
func SharedOrder(ctx context.Context, dir string, g *graph.Graph, seed uint64, compute func() ([]int32, error)) ([]int32, error) {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("%w: the shared directory %s does not exist; create it (on a volume every shard mounts) first", ErrExchange, dir)
	}
	var lock *os.File
	for {
		var err error
		lock, err = shard.Lock(filepath.Join(dir, "order.lock"))
		if err == nil {
			break
		}
		if !errors.Is(err, shard.ErrLocked) {
			// A file system without locks (some NFS mounts): every
			// shard anneals the order itself, as before.
			return compute()
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	defer lock.Close()
	h := crc32.New(castagnoli)
	var b []byte
	put := func(x int64) { b = binary.LittleEndian.AppendUint64(b[:0], uint64(x)); h.Write(b) }
	put(int64(seed))
	putGraph(put, g)
	path := filepath.Join(dir, fmt.Sprintf("order-%08x", h.Sum32()))
	if o, ok := readOrder(path, g.N()); ok {
		return o, nil
	}
	o, err := compute()
	if err != nil {
		return o, err
	}
	b = append(b[:0], orderMagic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(o)))
	for _, v := range o {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
	if err := os.WriteFile(path+".part", b, 0o644); err == nil {
		os.Rename(path+".part", path) // the others compute it themselves if this fails
	}
	return o, nil
}

// readOrder reads an order file of SharedOrder: ok only if it is whole
// and holds a permutation of 0..n-1.
func readOrder(path string, n int) ([]int32, bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	size := len(orderMagic) + 4 + 4*n + 4
	b, err := io.ReadAll(io.LimitReader(f, int64(size)+1))
	if err != nil || len(b) != size || string(b[:len(orderMagic)]) != orderMagic ||
		binary.LittleEndian.Uint32(b[len(orderMagic):]) != uint32(n) ||
		crc32.Checksum(b[:size-4], castagnoli) != binary.LittleEndian.Uint32(b[size-4:]) {
		return nil, false
	}
	o := make([]int32, n)
	for i := range o {
		o[i] = int32(binary.LittleEndian.Uint32(b[len(orderMagic)+4+4*i:]))
	}
	_, err = orderRank(n, o)
	return o, err == nil
}
