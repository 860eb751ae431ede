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

	"github.com/boardgraph/boardgraph/count/internal/runs"
)

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

func exchangeFile(from int) string { return fmt.Sprintf("from%05d", from) }

func exchangeDone(from int) string { return fmt.Sprintf("done-%05d", from) }

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
		return nil, runs.ErrDamaged
	}
	if _, err := f.ReadAt(t[:], size-tail); err != nil {
		return nil, err
	}
	if string(t[8:8+len(exchangeIndex)]) != exchangeIndex {
		return nil, runs.ErrDamaged
	}
	end := int64(binary.LittleEndian.Uint64(t[:8])) // the blocks' end
	idxLen := size - end
	// The index has 16 bytes a block; blocks are exchangeBlockBytes but
	// the last of each owner.
	entries := (idxLen - tail - 8*int64(shards+1)) / 16
	if end < 0 || end > size-tail || entries < 0 || idxLen != 16*entries+8*int64(shards+1)+tail ||
		entries > end/exchangeBlockBytes+int64(shards) {
		return nil, runs.ErrDamaged
	}
	idx := make([]byte, idxLen)
	if _, err := f.ReadAt(idx, end); err != nil {
		return nil, err
	}
	if crc32.Checksum(idx[:idxLen-4], castagnoli) != binary.LittleEndian.Uint32(idx[idxLen-4:]) {
		return nil, runs.ErrDamaged
	}
	starts := idx[16*entries:]
	from := int64(binary.LittleEndian.Uint64(starts[8*owner:]))
	to := int64(binary.LittleEndian.Uint64(starts[8*owner+8:]))
	if from < 0 || to < from || to > entries {
		return nil, runs.ErrDamaged
	}
	blocks := make([]exchangeBlock, 0, to-from)
	for e := from; e < to; e++ {
		off := int64(binary.LittleEndian.Uint64(idx[16*e:]))
		recs := int64(binary.LittleEndian.Uint64(idx[16*e+8:]))
		if off < 0 || recs <= 0 || recs > exchangeBlockMax/int64(rec) || off > end-recs*int64(rec) {
			return nil, runs.ErrDamaged
		}
		blocks = append(blocks, exchangeBlock{owner: owner, off: off, recs: recs})
	}
	return blocks, nil
}
