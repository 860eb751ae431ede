package count

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/count/internal/shardfile"
	"github.com/boardgraph/boardgraph/count/internal/spill"
)

// lastDone returns the largest layer this shard has finished (its marker
// exists), 0 for none.
func (x *exchange) lastDone(shard, first, last int) int {
	for k := last; k >= first; k-- {
		if _, err := os.Stat(filepath.Join(x.layerDir(k), shardfile.DoneName(shard))); err == nil {
			return k
		}
	}
	return 0
}

// readMarker reads shard from's marker of layer k: the records it wrote
// to each shard. It returns nil, nil when the marker does not exist yet.
func (x *exchange) readMarker(k, from, shards int) ([]int64, error) {
	path := filepath.Join(x.layerDir(k), shardfile.DoneName(from))
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrExchange, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, int64(shardfile.MarkerSize(shards))+1))
	if err == nil {
		var recs []int64
		if recs, err = shardfile.ParseMarker(b, shards); err == nil {
			return recs, nil
		}
	}
	return nil, fmt.Errorf("%w: %s is damaged; remove it and the layers after it, then restart shard %d", ErrExchange, path, from)
}

// writeMarker writes this shard's marker of layer k atomically.
func (x *exchange) writeMarker(k, from int, recs []int64) error {
	b := shardfile.AppendMarker(recs)
	path := filepath.Join(x.layerDir(k), shardfile.DoneName(from))
	err := writeSynced(path, path+".part", x.sync, writeBytes(b))
	if err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrDisk, path, err)
	}
	return nil
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
	x, err := shardfile.Create(r.x.layerDir(k), r.shard, r.shards, r.mem.stride, ErrDisk)
	if err != nil {
		return nil, err
	}
	return &spillSet{x: x}, nil
}

// publish finishes, syncs, renames and closes this shard's file of layer
// k, then writes its marker.
func (r *dp) publish(s *spillSet, k int) error {
	if err := s.x.Publish(r.x.sync); err != nil {
		return err
	}
	r.x.bytes += s.x.End()
	if r.x.sync {
		spill.SyncDir(r.x.layerDir(k))
	}
	return r.x.writeMarker(k, r.shard, s.x.Recs)
}

// removeOwn deletes this shard's files of layers first..k.
func (r *dp) removeOwn(first, k int) {
	for l := first; l <= k; l++ {
		os.Remove(filepath.Join(r.x.layerDir(l), shardfile.FileName(r.shard)))
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
			w.start(bucketLayer(disk.Bits), disk)
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
		err = disk.Finish()
	}
	if err != nil {
		if errors.Is(err, errFull) {
			err = r.memoryError()
		}
		if disk != nil {
			disk.Remove()
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
	path := filepath.Join(r.x.layerDir(k), shardfile.FileName(j))
	marker := filepath.Join(r.x.layerDir(k), shardfile.DoneName(j))
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
	fi, err := f.Stat()
	var blocks []shardfile.Block
	if err == nil {
		blocks, err = shardfile.ReadIndex(f, fi.Size(), r.shards, r.shard, 8*r.mem.stride)
	}
	if err != nil {
		return damaged()
	}
	var n int64
	for _, b := range blocks {
		n += b.Recs
	}
	if n != recs {
		return damaged()
	}
	sd, kw, cw := r.mem.stride, r.mem.kw, r.mem.cw
	rec := int64(8 * sd)
	for _, b := range blocks {
		if int64(len(w.raw)) < b.Recs*rec {
			w.raw = make([]byte, b.Recs*rec)
		}
		raw := w.raw[:b.Recs*rec]
		if _, err := f.ReadAt(raw, b.Off); err != nil {
			return fmt.Errorf("%w: reading %s: %w", ErrExchange, path, err)
		}
		for q := int64(0); q < b.Recs; q++ {
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
