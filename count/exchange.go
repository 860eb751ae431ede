package count

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/count/internal/shardfile"
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
//     per owner, records gather in a block of shardfile.BlockBytes, and a
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
// shardfile.BlockBytes.
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
// (shardfile.Magic): a directory of another count, or of an older layout,
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

// openExchange checks the shared directory, writes or compares its key
// and locks this shard.
func (r *dp) openExchange(dir, key string, wait time.Duration) (*exchange, error) {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("%w: the shared directory %s does not exist; create it (on a volume every shard mounts) first", ErrExchange, dir)
	}
	want := shardfile.Magic + key + "\n"
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

// expandTo expands the states of cur (this shard's only, when own) by
// step i into out, with every worker.
func (r *dp) expandTo(ctx context.Context, i int, cur *layer, out *spillSet, own bool, ws []*worker) error {
	route := &layer{parts: make([]part, out.outputs())}
	for _, w := range ws {
		w.start(route, out)
		w.ownOnly = own
	}
	// In-step progress, as a step in memory reports it (stepMemory): by
	// states of the layer expanded.
	r.expandParts(ctx, i, cur, cur.states(), ws)
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
			disk.Remove()
		}
	}()
	start := r.exchangeStart(first, last)
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
		if i < r.splitStep || i == last {
			cur, disk, err = r.localStep(ctx, i, own, cur, disk, ws)
		} else {
			// splitStep <= i < last: expand into the owners' files of
			// layer i+1.
			cur, disk, err = r.exchangeStep(ctx, i, own, held, cur, disk, ws)
		}
		if err != nil {
			return 0, 0, err
		}
		r.exchangeStats(i, held, cur)
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

// exchangeStart returns the step runExchange starts at: 0, or after the
// last layer this shard finished (Stats.ResumedAt), whose older files it
// removes.
func (r *dp) exchangeStart(first, last int) int {
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
	return start
}

// localStep makes step i of runExchange without the other shards (before
// the split, or the last step), from cur or, spilled, disk, into memory.
// It returns the new cur and disk (what is left to remove) also on error.
func (r *dp) localStep(ctx context.Context, i int, own bool, cur *layer, disk *spillSet, ws []*worker) (*layer, *spillSet, error) {
	if disk != nil {
		// A spilled class: expand it bucket by bucket into memory
		// (the last layers are small).
		next, err := r.stepSpill(ctx, i, disk, nil, ws)
		disk = nil
		if err != nil {
			return cur, disk, err
		}
		disk = next
		if cur, err = r.loadAll(disk); err != nil {
			return cur, disk, err
		}
		disk.Remove()
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
			return cur, disk, err
		}
		r.mem.recycle(cur)
		cur = next
	}
	return cur, disk, nil
}

// exchangeStep makes step i of runExchange (splitStep <= i < last) from
// cur or, spilled, disk into the owners' files of layer i+1, and publishes
// them. It returns the new cur and disk (what is left to remove) also on
// error.
func (r *dp) exchangeStep(ctx context.Context, i int, own bool, held int, cur *layer, disk *spillSet, ws []*worker) (*layer, *spillSet, error) {
	if err := r.checkDiskAt(r.x.dir, 4*float64(r.shards)*float64(held)*float64(8*r.mem.stride), "the shared layer files"); err != nil {
		return cur, disk, err
	}
	out, err := r.newExchangeSet(i + 1)
	if err != nil {
		return cur, disk, err
	}
	if disk != nil {
		err = r.stepSpillTo(ctx, i, disk, out, ws)
		disk.Remove()
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
		return cur, disk, err
	}
	return cur, disk, nil
}

// exchangeStats records step i in the stats: held states before it, the
// layer cur after it (when in memory).
func (r *dp) exchangeStats(i, held int, cur *layer) {
	states := held
	if cur != nil {
		states = cur.states()
	}
	r.st.Step, r.st.States = i+1, states
	r.st.Layers = append(r.st.Layers, states)
	r.st.StatesDone += uint64(states)
	r.st.PeakStates = max(r.st.PeakStates, states)
	r.st.PeakBytes = atomic.LoadInt64(&r.mem.peak)
	r.st.ExchangeBytes = r.x.bytes
}

// heldStates returns the states of this shard's current layer: in memory,
// or an upper bound (records) when spilled.
func (r *dp) heldStates(cur *layer, disk *spillSet) int {
	if cur != nil {
		return cur.states()
	}
	if disk != nil {
		return int(disk.Records())
	}
	return 0
}
