package count

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/boardgraph/boardgraph/count/internal/runs"
)

// Folding: a spilled layer that outgrows the disk.
//
// A bucket file of the layer being written holds one record for every
// time a state was reached in a run, not one per state: on the knight's
// 8x8 open paths, 2.3 records a state at step 38 (5.5 G records for
// about 2.4 G states, 38 GB) and more as the frontier grows, so that the
// layer being written outgrows a disk that would hold the states. When
// the disk would not hold what a step has still to write, the step folds
// the next layer at the end of a round: bucket by bucket, the largest
// first, it reads the file into a table (adding the counts of equal
// keys, as the next step will), writes the table as one run to a new
// file, the bucket's next generation (bDDDD.gN), and replaces the old
// file by it. The folded file holds each state once, in one long run
// whose keys are closer together (fewer bytes a record). A fold costs one
// read and one write of the bucket and the table's insertions, which the
// next step then saves (it inserts fewer records); it happens only when
// the disk is tight, and then only to as many buckets as the shortfall
// needs (foldIfTight).
//
// With a checkpoint, the new files are synced, the round's manifest
// names their generations (manifest.go), and only then are the old files
// deleted; a count killed in between resumes from the manifest it finds
// and deletes the files that manifest does not name.

// foldMargin is how much more than the shortfall a fold frees (in its
// estimate), so that the next rounds need not fold again at once.
const foldMargin = 1.5

// foldNeed returns how many bytes the step still needs on disk beyond
// what its files hold now: what it has still to write at its pace so far
// (raw bytes written since share0 of the step, now at share), less the
// bytes curLeft of the layer it reads, whose files go as it goes, plus
// spillSlack. Below 1% of the step done since share0 the pace is not
// known: spillSlack.
func foldNeed(curLeft, raw int64, share0, share float64) float64 {
	if share-share0 < 0.01 {
		return spillSlack
	}
	rest := float64(raw) / (share - share0) * (1 - share)
	return max(rest-float64(curLeft), 0) + spillSlack
}

// foldIfTight folds buckets of next (see above) when its directory has
// less room than the step still needs (foldNeed): the buckets with the
// most bytes written since their last fold, until the bytes folding is
// expected to free (at the shrink measured by the folds so far, 2 before
// any) pass the shortfall by foldMargin. With Options.foldAlways (tests)
// it folds every bucket written to since its last fold. Workers must be
// stopped; it returns the buckets folded.
func (r *dp) foldIfTight(cur, next *spillSet, share0, share float64, ws []*worker) (int, error) {
	if next.route {
		return 0, nil
	}
	short := math.Inf(1)
	if !r.opt.foldAlways {
		free, err := freeBytes(next.dir)
		if err != nil {
			return 0, nil
		}
		short = foldNeed(cur.bytes(), next.raw.Load(), share0, share) - float64(free)
		if short <= 0 {
			return 0, nil
		}
	}
	// A bucket is folded again once it has at least doubled since its
	// last fold, so that folding reads and writes each byte at most about
	// twice, however tight the disk stays.
	var todo []int
	for b := range next.files {
		grown := next.size[b] >= 2*next.folded[b]
		if r.opt.foldAlways {
			grown = true
		}
		if next.files[b] != nil && next.size[b] > next.folded[b] && grown && next.gen[b] < 255 {
			todo = append(todo, b)
		}
	}
	slices.SortFunc(todo, func(a, b int) int {
		return cmp.Compare(next.size[b]-next.folded[b], next.size[a]-next.folded[a])
	})
	shrink := 2.0
	if r.foldAfter > 0 {
		shrink = max(float64(r.foldBefore)/float64(r.foldAfter), 1.01)
	}
	gain := 0.0
	for k, b := range todo {
		if gain >= foldMargin*short {
			todo = todo[:k]
			break
		}
		gain += float64(next.size[b]) * (1 - 1/shrink)
	}
	var (
		mu   sync.Mutex
		idx  int
		errs = make([]error, len(ws))
		wg   sync.WaitGroup
	)
	for wi := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sc runs.Scratch
			for {
				mu.Lock()
				if idx >= len(todo) {
					mu.Unlock()
					return
				}
				b := todo[idx]
				idx++
				mu.Unlock()
				before := next.size[b]
				stale, err := r.fold(next, b, &sc)
				if err != nil {
					errs[wi] = err
					return
				}
				mu.Lock()
				next.stale = append(next.stale, stale)
				r.foldBefore += before
				r.foldAfter += next.size[b]
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return 0, err
		}
	}
	return len(todo), nil
}

// fold rewrites bucket b of s as one run of its summed states, in the
// file of its next generation, and returns the old file's name (for
// s.stale: the caller appends it, folds running at once).
func (r *dp) fold(s *spillSet, b int, sc *runs.Scratch) (string, error) {
	s.mu[b].Lock()
	defer s.mu[b].Unlock()
	var p part
	if err := r.loadBucket(s, b, &p); err != nil {
		if p.a != nil {
			r.mem.free(p.a)
		}
		if err == errFull {
			return "", fmt.Errorf("%w: folding a bucket of a spilled layer needs more than the limit of %s; raise --max-memory", ErrMemory, fmtBytes(float64(r.opt.MaxBytes)))
		}
		return "", err
	}
	// The table's states as run records: the mixed key first.
	sd, kw := s.sd, s.kw
	recs := make([]uint64, 0, p.n*sd)
	for j := 0; j < len(p.a); j += sd {
		if !r.mem.used(p.a, j) {
			continue
		}
		hi := uint64(0)
		if kw == 2 {
			hi = p.a[j+1]
		}
		recs = append(recs, hashKey(p.a[j], hi))
		recs = append(recs, p.a[j+1:j+sd]...)
	}
	r.mem.free(p.a)
	base := uint64(0)
	if s.bits > 0 {
		base = uint64(b) << (64 - s.bits)
	}
	sorted := runs.Sort(recs, sd, s.bits, sc)
	enc, n := runs.Encode(sc.Enc[:0], sorted, sd, kw, s.cw, s.bits, base)
	sc.Enc = enc[:0]
	gen := s.gen[b] + 1
	name := filepath.Join(s.dir, bucketFile(b, gen))
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
		return "", fmt.Errorf("%w: writing %s: %w", ErrDisk, name, err)
	}
	old := s.files[b]
	old.Close()
	s.files[b], s.size[b], s.recs[b], s.gen[b], s.folded[b] = f, int64(len(enc)), int64(n), gen, int64(len(enc))
	if s.written != nil {
		s.written.Add(int64(len(enc)))
	}
	return old.Name(), nil
}

// removeStale deletes the files folds replaced (after the manifest that
// names their successors, with a checkpoint).
func (s *spillSet) removeStale() {
	for _, name := range s.stale {
		os.Remove(name)
	}
	s.stale = s.stale[:0]
}

// removeStrays deletes the files in s's directory that are none of its
// buckets' current files: the generations a killed count's folds left
// behind, before or after the manifest that named their successors.
func (s *spillSet) removeStrays() {
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return
	}
	keep := make(map[string]bool, len(s.files))
	for b := range s.files {
		if !s.done[b] {
			keep[bucketFile(b, s.gen[b])] = true
		}
	}
	for _, e := range ents {
		if !keep[e.Name()] {
			os.Remove(filepath.Join(s.dir, e.Name()))
		}
	}
}
