package hamilton

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
)

// DefaultMinUnits is the number of work units SplitUnits aims for when the
// caller gives none: enough for a thousand machines to get a few each and
// for round-robin shards to balance, few enough that planning takes
// milliseconds.
const DefaultMinUnits = 4096

// maxUnitDepth bounds the prefix length of a unit: past it a split grows
// too slowly to be worth the planning time (a graph so constrained is
// counted quickly anyway).
const maxUnitDepth = 64

// Units is the deterministic division of a count into work units: the
// prefixes (first vertices of the path) of one fixed length that pass the
// search's pruning rules, in lexicographic order of their vertex numbers.
// Every solution the count convention of Problem counts extends exactly one
// unit's prefix, so the count is the sum over units of Weight times the
// number of solutions through the prefix.
//
// The division depends only on the problem and on this package's pruning
// rules (which Fingerprint covers): not on the number of workers, map order
// or timing. Two machines that build Units for the same problem get the same
// list, so units can be counted on different machines and the counts added.
type Units struct {
	// Depth is the prefix length: the smallest that gives at least the
	// requested number of units (capped at the path length and at 64);
	// prefixes that end in a solution shorter than Depth are whole paths.
	Depth int
	// Prefixes holds the units' prefixes, sorted.
	Prefixes [][]int32
	// Weights[u] multiplies unit u's count: with a free start, the size of
	// the orbit of its first vertex under the symmetries that fix the
	// constraints (the count searches one first vertex per orbit, as Count
	// does); 1 otherwise.
	Weights []uint64
	// Fingerprint identifies the division (problem size, constraints,
	// depth, prefixes, weights) as 16 hex digits of FNV-1a: results of
	// units may be added only when their fingerprints agree.
	Fingerprint string

	r *run // the run the units were planned with (its prepared constraints)
}

// Len returns the number of units.
func (u *Units) Len() int { return len(u.Prefixes) }

// SplitUnits divides the count of p into at least minUnits work units where
// the search tree allows (0 means DefaultMinUnits); see Units. A problem
// that the prechecks prove has no solution has no units.
func SplitUnits(ctx context.Context, p Problem, minUnits int) (*Units, error) {
	if minUnits < 0 {
		return nil, fmt.Errorf("%w: %d work units requested; give a positive number (or 0 for %d)", ErrInvalid, minUnits, DefaultMinUnits)
	}
	if minUnits == 0 {
		minUnits = DefaultMinUnits
	}
	r, err := newRun(&p, Options{Workers: 1})
	if err != nil {
		return nil, err
	}
	r.prepare()
	u := &Units{r: r}
	n := p.n()
	if precheck(&p, r.at) == nil {
		roots, orbit := r.startOrbits()
		size := make([]uint64, n)
		for _, o := range orbit {
			size[o]++
		}
		stop := context.AfterFunc(ctx, func() { r.sh.stop.Store(true) })
		defer stop()
		var units [][]int32
		for depth := int32(1); ; depth++ {
			units = units[:0]
			e := r.engine(modeSplit)
			e.splitDepth = depth
			e.onSplit = func(prefix []int32) { units = append(units, slices.Clone(prefix)) }
			e.search(nil, roots)
			if r.sh.stop.Load() {
				return nil, ctx.Err()
			}
			u.Depth = int(depth)
			if len(units) >= minUnits || depth >= n || depth >= maxUnitDepth {
				break
			}
		}
		slices.SortFunc(units, slices.Compare)
		u.Prefixes = units
		u.Weights = make([]uint64, len(units))
		for i, pre := range units {
			u.Weights[i] = 1
			if r.at[0] < 0 {
				u.Weights[i] = size[pre[0]]
			}
		}
	}
	u.Fingerprint = u.fingerprint()
	return u, nil
}

// fingerprint hashes what decides the units' meaning: the graph's size and
// edges, the constraints, and the units themselves.
func (u *Units) fingerprint() string {
	h := fnv.New64a()
	var buf [8]byte
	put := func(x uint64) {
		binary.LittleEndian.PutUint64(buf[:], x)
		h.Write(buf[:])
	}
	p := u.r.p
	n := p.n()
	put(uint64(n))
	off, tgt := p.G.CSR()
	for _, x := range off {
		put(uint64(x))
	}
	for _, x := range tgt {
		put(uint64(x))
	}
	put(uint64(b2i(p.Closed)))
	for _, v := range u.r.at {
		put(uint64(int64(v)))
	}
	put(uint64(u.Depth))
	put(uint64(len(u.Prefixes)))
	for i, pre := range u.Prefixes {
		put(uint64(len(pre)))
		for _, v := range pre {
			put(uint64(v))
		}
		put(u.Weights[i])
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// InShard reports whether unit u belongs to shard i of n: units are dealt
// round-robin (u mod n == i), so that every shard gets units from all over
// the sorted list and shards take similar time.
func InShard(u, i, n int) bool { return n > 0 && u%n == i }

// ShardOptions control CountShard beyond the search options.
type ShardOptions struct {
	// MinUnits is passed to SplitUnits (0: DefaultMinUnits). Every shard of
	// one count must use the same value.
	MinUnits int
	// Done holds units already counted, for example read back from a
	// checkpoint: unit index -> its contribution (weight times paths, as
	// OnUnit reported it). They are not searched again; their
	// contributions are added to the result.
	Done map[int]uint64
	// OnUnit, if set, is called once for every unit the call counts to
	// completion, with the unit's index and contribution (Weights[u] times
	// the solutions through its prefix), never concurrently. Returning an
	// error stops the count, which then returns that error.
	OnUnit func(unit int, contribution uint64) error
	// Units, if set, is the division to use (it must come from SplitUnits
	// on the same problem); otherwise CountShard calls SplitUnits.
	Units *Units
}

// ShardResult is what CountShard counted.
type ShardResult struct {
	// Count is the sum of the contributions of the shard's units, those
	// counted now and those in Done; on cancellation, of the units
	// finished so far (a lower bound).
	Count uint64
	// Units is the number of units of the whole count, Depth their prefix
	// length and Fingerprint the division's (see Units).
	Units       int
	Depth       int
	Fingerprint string
	// Mine is the number of units in this shard; Counted of them were
	// counted by this call and Skipped taken from Done.
	Mine, Counted, Skipped int
}

// CountShard counts shard of the `of` shards of p's count: the units u
// (see SplitUnits) with u mod of == shard. Shards 0..of-1 together count
// every unit once, so their Counts add up to Count(ctx, p, opt) (the
// convention of Problem: directed paths, directed tours); of may exceed the
// number of units (shards past it are empty and count 0).
//
// Units listed in sopt.Done are skipped and their recorded contributions
// added; every unit counted to completion is reported to sopt.OnUnit, so a
// caller can checkpoint a long count and resume it after a crash. On
// cancellation it returns the units finished so far with ctx.Err(); a unit
// is reported only when its count is complete. Within the call, units are
// spread over opt.Workers goroutines, each with its own memo.
func CountShard(ctx context.Context, p Problem, opt Options, shard, of int, sopt ShardOptions) (ShardResult, Stats, error) {
	if err := opt.Strategy.Supports(CallCountShard); err != nil {
		return ShardResult{}, Stats{}, err
	}
	if of <= 0 || shard < 0 || shard >= of {
		return ShardResult{}, Stats{}, fmt.Errorf("%w: shard %d of %d: shards are numbered 0..N-1 with N >= 1", ErrInvalid, shard, of)
	}
	units := sopt.Units
	if units == nil {
		var err error
		if units, err = SplitUnits(ctx, p, sopt.MinUnits); err != nil {
			return ShardResult{}, Stats{}, err
		}
	}
	res := ShardResult{Units: units.Len(), Depth: units.Depth, Fingerprint: units.Fingerprint}
	for u := range sopt.Done {
		if u < 0 || u >= units.Len() || !InShard(u, shard, of) {
			return res, Stats{}, fmt.Errorf("%w: completed unit %d is not one of shard %d/%d's %d units; the record belongs to another count", ErrInvalid, u, shard, of, units.Len())
		}
	}
	r, err := newRun(&p, opt)
	if err != nil {
		return res, Stats{}, err
	}
	r.prepare()
	if units.r.p.G != p.G || !slices.Equal(units.r.at, r.at) {
		return res, Stats{}, fmt.Errorf("%w: the units were planned for another problem", ErrInvalid)
	}
	t := &shardTally{res: &res}
	var todo []int
	for u := shard; u < units.Len(); u += of {
		res.Mine++
		if c, ok := sopt.Done[u]; ok {
			res.Skipped++
			t.add(c)
			continue
		}
		todo = append(todo, u)
	}
	r.sh.solutions.Store(res.Count)
	r.sh.units.Store(uint64(res.Mine))
	r.sh.skipped = uint64(res.Skipped)
	if r.workers > len(todo) {
		r.workers = max(1, len(todo))
	}
	if p.n() <= serialBelow {
		r.workers = 1
	}
	stopWatch := r.watch(ctx)
	r.countUnits(units, todo, t, sopt.OnUnit)
	stopWatch()
	st := r.stats()
	switch {
	case t.overflow:
		return res, st, ErrOverflow
	case t.failed != nil:
		return res, st, t.failed
	case ctx.Err() != nil && res.Counted+res.Skipped < res.Mine:
		return res, st, ctx.Err()
	}
	if res.Counted+res.Skipped != res.Mine {
		return res, st, errors.New("hamilton: shard stopped before its units were counted") // unreachable without cancellation
	}
	return res, st, nil
}

// shardTally is a shard's count as its workers add to it: the result
// (Count, Counted), whether the sum passed 2^64, and the first error of
// OnUnit. The workers hold mu while they touch it.
type shardTally struct {
	mu       sync.Mutex
	res      *ShardResult
	overflow bool
	failed   error
}

// add adds x to the count, noting an overflow.
func (t *shardTally) add(x uint64) {
	s, c := bits.Add64(t.res.Count, x, 0)
	t.overflow = t.overflow || c != 0
	t.res.Count = s
}

// countUnits counts the units todo on r's workers, each unit's count
// times its weight added to t and reported to onUnit (when set) once
// complete; a worker stops at the first overflow, error or stop.
func (r *run) countUnits(units *Units, todo []int, t *shardTally, onUnit func(unit int, contribution uint64) error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range r.workers {
		wg.Go(func() {
			e := r.engine(modeCount)
			e.unit = r.sh.slot(modeCount, w)
			defer r.absorb(e)
			for !r.sh.stop.Load() {
				i := next.Add(1) - 1
				if i >= int64(len(todo)) {
					return
				}
				u := todo[i]
				c, complete := e.search(units.Prefixes[u], nil)
				if !complete {
					return
				}
				hi, lo := bits.Mul64(c, units.Weights[u])
				t.mu.Lock()
				if e.overflow || hi != 0 {
					t.overflow = true
					r.sh.stop.Store(true)
					t.mu.Unlock()
					return
				}
				if onUnit != nil && t.failed == nil {
					if err := onUnit(u, lo); err != nil {
						t.failed = err
						r.sh.stop.Store(true)
						t.mu.Unlock()
						return
					}
				}
				t.add(lo)
				t.res.Counted++
				r.sh.solutions.Store(t.res.Count)
				e.unitDone()
				t.mu.Unlock()
			}
		})
	}
	wg.Wait()
}
