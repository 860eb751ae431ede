package count

import (
	"github.com/boardgraph/boardgraph/count/internal/runs"
	"github.com/boardgraph/boardgraph/count/internal/shardfile"
	"github.com/boardgraph/boardgraph/count/internal/spill"
)

// spillSet is where the workers write a layer that does not go to
// memory: a spilled layer's bucket files (spill.Buckets, spill.go), or,
// for cooperative shards, this shard's layer file, whose records go to
// their owners (x, a route set: exchange.go; Buckets is then nil).
type spillSet struct {
	*spill.Buckets
	x *shardfile.Writer
}

// route reports whether s is this shard's layer file of cooperative
// shards (its parts are the owners, shardOf).
func (s *spillSet) route() bool { return s.x != nil }

// outputs returns the parts a worker routes records to: the bucket files,
// or the owners of a route set.
func (s *spillSet) outputs() int {
	if s.x != nil {
		return s.x.Owners()
	}
	return s.N()
}

// write appends records (stride words each, key first) to bucket or
// owner b.
func (s *spillSet) write(b int, words []uint64, sc *runs.Scratch) error {
	if s.x != nil {
		return s.x.Write(b, words)
	}
	return s.Buckets.Write(b, words, sc)
}

// closeFiles closes the files, keeping them (a checkpoint names them).
func (s *spillSet) closeFiles() {
	if s.x != nil {
		s.x.Close()
		return
	}
	s.Close()
}

// sum adds up the counts of every record of s.
func (s *spillSet) sum(r *dp) (lo, hi uint64, err error) {
	for b := range s.N() {
		err := s.ReadBucket(b, func(words []uint64) error {
			lo, hi, err = r.addCounts(lo, hi, words)
			return err
		})
		if err != nil {
			return 0, 0, err
		}
	}
	return lo, hi, nil
}

// spillBytes is Bytes for either kind of set: the bucket files' bytes
// not yet deleted, or 0 for a route set, whose bytes are counted apart
// (Stats.ExchangeBytes) and which has no Buckets to ask.
func (s *spillSet) spillBytes() int64 {
	if s.x != nil {
		return 0
	}
	return s.Bytes()
}
