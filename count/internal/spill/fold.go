package spill

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/boardgraph/boardgraph/count/internal/runs"
)

// foldMargin is how much more than the shortfall a fold frees (in its
// estimate), so that the next rounds need not fold again at once.
const foldMargin = 1.5

// ToFold returns the buckets to fold when the disk misses short bytes:
// the buckets with the most bytes written since their last fold, until
// the bytes folding is expected to free (at shrink, a file's bytes
// before a fold over after) pass short by foldMargin. A bucket is folded
// again once it has at least doubled since its last fold, so that
// folding reads and writes each byte at most about twice, however tight
// the disk stays; with all (count's tests), every bucket written to
// since its last fold is, short then being +Inf.
func (s *Buckets) ToFold(short, shrink float64, all bool) []int {
	var todo []int
	for b := range s.files {
		grown := s.Size[b] >= 2*s.folded[b]
		if all {
			grown = true
		}
		if s.files[b] != nil && s.Size[b] > s.folded[b] && grown && s.Gen[b] < 255 {
			todo = append(todo, b)
		}
	}
	slices.SortFunc(todo, func(a, b int) int {
		return cmp.Compare(s.Size[b]-s.folded[b], s.Size[a]-s.folded[a])
	})
	gain := 0.0
	for k, b := range todo {
		if gain >= foldMargin*short {
			return todo[:k]
		}
		gain += float64(s.Size[b]) * (1 - 1/shrink)
	}
	return todo
}

// Replace folds bucket b: it writes recs, the bucket's records summed
// (key words then count words each, every key once; recs is reordered
// and its keys mixed), as one run to the file of the bucket's next
// generation, which takes the old file's place; the old file is stale
// (RemoveStale). Buckets may be replaced at once, each by one goroutine.
func (s *Buckets) Replace(b int, recs []uint64, sc *runs.Scratch) error {
	s.mu[b].Lock()
	defer s.mu[b].Unlock()
	sd, kw := s.sd, s.kw
	for j := 0; j < len(recs); j += sd {
		hi := uint64(0)
		if kw == 2 {
			hi = recs[j+1]
		}
		recs[j] = runs.Hash(recs[j], hi)
	}
	sorted := runs.Sort(recs, sd, s.Bits, sc)
	enc, n := runs.Encode(sc.Enc[:0], sorted, sd, kw, s.cw, s.Bits, s.base(b))
	sc.Enc = enc[:0]
	gen := s.Gen[b] + 1
	name := filepath.Join(s.Dir, BucketFile(b, gen))
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600)
	if err == nil {
		_, err = f.Write(enc)
		if err == nil && !s.noSync {
			err = f.Sync()
		}
		if err != nil {
			f.Close()
			os.Remove(name)
		}
	}
	if err != nil {
		return fmt.Errorf("%w: writing %s: %w", s.err, name, err)
	}
	old := s.files[b]
	old.Close()
	s.files[b], s.Size[b], s.Recs[b], s.Gen[b], s.folded[b] = f, int64(len(enc)), int64(n), gen, int64(len(enc))
	if s.written != nil {
		s.written.Add(int64(len(enc)))
	}
	s.staleMu.Lock()
	s.stale = append(s.stale, old.Name())
	s.staleMu.Unlock()
	return nil
}

// RemoveStale deletes the files folds replaced (after the manifest that
// names their successors, with a checkpoint).
func (s *Buckets) RemoveStale() {
	for _, name := range s.stale {
		os.Remove(name)
	}
	s.stale = s.stale[:0]
}

// removeStrays deletes the files in s's directory that are none of its
// buckets' current files: the generations a killed count's folds left
// behind, before or after the manifest that named their successors.
func (s *Buckets) removeStrays() {
	ents, err := os.ReadDir(s.Dir)
	if err != nil {
		return
	}
	keep := make(map[string]bool, len(s.files))
	for b := range s.files {
		if !s.Done[b] {
			keep[BucketFile(b, s.Gen[b])] = true
		}
	}
	for _, e := range ents {
		if !keep[e.Name()] {
			os.Remove(filepath.Join(s.Dir, e.Name()))
		}
	}
}
