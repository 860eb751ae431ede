package count

import (
	"fmt"
	"math"
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
// keys, as the next step will) and writes the table as one run to a new
// file, the bucket's next generation, which replaces the old file
// (spill.Buckets.Replace). The folded file holds each state once, in one
// long run whose keys are closer together (fewer bytes a record). A fold
// costs one read and one write of the bucket and the table's insertions,
// which the next step then saves (it inserts fewer records); it happens
// only when the disk is tight, and then only to as many buckets as the
// shortfall needs (foldIfTight, spill.Buckets.ToFold).
//
// With a checkpoint, the new files are synced, the round's manifest
// names their generations (manifest.go), and only then are the old files
// deleted; a count killed in between resumes from the manifest it finds
// and deletes the files that manifest does not name.

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
// less room than the step still needs (foldNeed): the buckets ToFold
// picks for the shortfall, at the shrink measured by the folds so far (2
// before any). With Options.foldAlways (tests) it folds every bucket
// written to since its last fold. Workers must be stopped; it returns
// the buckets folded.
func (r *dp) foldIfTight(cur, next *spillSet, share0, share float64, ws []*worker) (int, error) {
	if next.route() {
		return 0, nil
	}
	short := math.Inf(1)
	if !r.opt.foldAlways {
		free, err := freeBytes(next.Dir)
		if err != nil {
			return 0, nil
		}
		short = foldNeed(cur.Bytes(), next.Raw.Load(), share0, share) - float64(free)
		if short <= 0 {
			return 0, nil
		}
	}
	shrink := 2.0
	if r.foldAfter > 0 {
		shrink = max(float64(r.foldBefore)/float64(r.foldAfter), 1.01)
	}
	todo := next.ToFold(short, shrink, r.opt.foldAlways)
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
				before := next.Size[b]
				if err := r.fold(next, b, &sc); err != nil {
					errs[wi] = err
					return
				}
				mu.Lock()
				r.foldBefore += before
				r.foldAfter += next.Size[b]
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

// fold sums bucket b of s in a table and has s replace the bucket's file
// by one run of the table's states, the file of its next generation.
func (r *dp) fold(s *spillSet, b int, sc *runs.Scratch) error {
	var p part
	if err := r.loadBucket(s, b, &p); err != nil {
		if p.a != nil {
			r.mem.free(p.a)
		}
		if err == errFull {
			return fmt.Errorf("%w: folding a bucket of a spilled layer needs more than the memory limit of %s", ErrMemory, fmtBytes(float64(r.opt.MaxBytes)))
		}
		return err
	}
	sd := r.mem.stride
	recs := make([]uint64, 0, p.n*sd)
	for j := 0; j < len(p.a); j += sd {
		if r.mem.used(p.a, j) {
			recs = append(recs, p.a[j:j+sd]...)
		}
	}
	r.mem.free(p.a)
	return s.Replace(b, recs, sc)
}
