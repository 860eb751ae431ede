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

	"github.com/boardgraph/boardgraph/count/internal/shardfile"
	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/shard"
)

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
	b = shardfile.AppendOrder(o)
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
	b, err := io.ReadAll(io.LimitReader(f, int64(shardfile.OrderSize(n))+1))
	if err != nil {
		return nil, false
	}
	o, ok := shardfile.ParseOrder(b, n)
	if !ok {
		return nil, false
	}
	_, err = orderRank(n, o)
	return o, err == nil
}
