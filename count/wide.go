package count

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"runtime"
	"sync/atomic"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/shard"
)

// arith selects how a count adds the counts of its states (Options.arith):
// exactly in 64 or 128 bits (the zero value), modulo a prime, or in
// float64; keep, if set, receives every layer (Find).
type arith struct {
	// mod: residues modulo this prime (below 2^63), each kept in
	// [1, mod] so that no stored count is 0, the mark of an empty slot.
	mod uint64
	// float: float64 counts (their bits), for the magnitude of a count.
	float bool
	keep  *keeper
	// auto: the count starts in 64 bits and widens as its counts grow
	// (widen): to 128 bits at a state's first overflow, then to residues
	// modulo as many primes as the proven bound asks for.
	auto bool
	// mods: residues modulo each of these primes (at most maxMods), one
	// word each per state (store.mods); countModular's passes.
	mods []uint64
	// widenEvery (tests): an automatic count also widens before every
	// step that is a multiple of it, whether or not a count overflowed.
	widenEvery int
}

// maxMods is the most primes a count holds residues for in one pass
// (store.mods): 8 primes determine any count below 2^503.
const maxMods = 8

// canWiden reports whether the count may change its counts'
// representation at the current layer (widen): an automatic count
// (arith.auto) in memory, alone (no shards, checkpoint or exchange, whose
// files carry one representation), not yet held as residues.
func (r *dp) canWiden() bool {
	return r.opt.arith.auto && r.mem.mods == nil && r.mem.mod == 0 && !r.mem.float &&
		r.ck == nil && r.x == nil && r.shards <= 1 && r.spillRoot == "" && r.bound != nil
}

// widen returns layer cur (of r.mem) with its counts in the next wider
// representation, r.mem replaced by that representation's store: 64-bit
// counts become 128-bit ones, 128-bit counts become residues modulo
// Prime(0), ..., Prime(k-1) for the k primes the count's proven bound
// (CountBound) asks for. Every count of cur is exact, so the converted
// layer holds the same counts, and the step that overflowed runs again
// from it: a count pays for wide words only from the step where they are
// needed, and never runs twice (issue 31: the number of primes comes from
// the bound, not from residues that repeat). The count no longer spills
// once widened (residues are kept in memory). It returns ErrOverflow
// when the bound needs more than maxMods primes.
func (r *dp) widen(cur *layer) (*layer, error) {
	old := r.mem
	ns := newStore(old.kw, 2, old.limit)
	if old.cw == 2 {
		b := r.bound()
		k := b.Primes()
		if k == 0 || k > maxMods {
			return nil, fmt.Errorf("%w: at step %d of %d a state's count passed 2^128, and the count's bound (2^%d, %s) needs %d primes, more than the %d one pass holds", errWideBound, r.i+1, r.n, b.Bits, b.Name, k, maxMods)
		}
		mods := make([]uint64, k)
		for j := range mods {
			mods[j] = Prime(j)
		}
		ns = newStore(old.kw, k, old.limit)
		ns.mods = mods
		r.st.Moduli, r.st.BoundBits, r.st.Bound = mods, b.Bits, b.Name
	}
	ns.peak = atomic.LoadInt64(&old.peak)
	// The step's abandoned next layer is garbage: collect it before the
	// wider tables are made (peak RSS), unless the layers are small.
	large := cur.bytes() >= freeGC
	if large {
		runtime.GC()
	}
	pbits := uint(bits.TrailingZeros(uint(len(cur.parts))))
	next, ok := ns.newLayer(pbits, cur.states())
	if !ok {
		return nil, r.memoryError()
	}
	kw, sd, nsd := old.kw, old.stride, ns.stride
	var buf []uint64
	var dropped int64
	for pi := range cur.parts {
		a := cur.parts[pi].a
		buf = buf[:0]
		for j := 0; j < len(a); j += sd {
			if !old.used(a, j) {
				continue
			}
			lo, hi := a[j+kw], uint64(0)
			if old.cw == 2 {
				hi = a[j+kw+1]
			}
			buf = append(buf, a[j:j+kw]...)
			if ns.mods == nil {
				buf = append(buf, lo, hi)
				continue
			}
			for _, q := range ns.mods {
				x := bits.Rem64(hi, lo, q)
				if x == 0 {
					x = q // residues are kept in [1, q]: 0 marks an empty slot
				}
				buf = append(buf, x)
			}
		}
		if len(buf) > 0 && !ns.insert2(&next.parts[pi], buf[:len(buf)/nsd*nsd]) {
			return nil, r.memoryError()
		}
		// Converted: the partition goes (collected every freeGC bytes).
		b := int64(len(a)) * 8
		cur.parts[pi].a = nil
		atomic.AddInt64(&old.bytes, -b)
		if dropped += b; crossedGC(dropped, b) {
			runtime.GC()
		}
	}
	old.recycle(cur)
	old.release()
	r.mem = ns
	r.spillDir = ""
	r.wideCount = true
	if next.bytes() >= r.compactFrom() {
		ns.compact(next) // as a finished layer is (advance)
	}
	// The narrower layer is garbage now: collect it before the step runs
	// again (peak RSS).
	if large {
		runtime.GC()
	}
	return next, nil
}

// errWideBound is widen's ErrOverflow when the count's bound asks for
// more primes than one pass holds: CountExact then measures the count
// (its float64 pass) for the primes instead.
var errWideBound = fmt.Errorf("%w (the bound is too wide for one pass)", ErrOverflow)

// insert2 inserts records of distinct states into p (widen): false when
// the table would pass the memory limit.
func (s *store) insert2(p *part, buf []uint64) bool {
	if s.mods != nil {
		return s.insertMods(p, buf)
	}
	_, ok := s.insert(p, buf)
	return ok
}

// sumMods returns the residues of the sum of layer l's counts, one per
// prime of r.mem.mods, each in [0, q).
func (r *dp) sumMods(l *layer) []uint64 {
	sd, kw, mods := r.mem.stride, r.mem.kw, r.mem.mods
	res := make([]uint64, len(mods))
	for pi := range l.parts {
		a := l.parts[pi].a
		for j := 0; j < len(a); j += sd {
			if a[j+kw] == 0 {
				continue
			}
			for m, q := range mods {
				if x := res[m] + a[j+kw+m]; x >= q {
					res[m] = x - q
				} else {
					res[m] = x
				}
			}
		}
	}
	return res
}

// sumInexact adds the counts of layer l as the store's arithmetic does:
// a residue in [0, mod), or float64 bits.
func (r *dp) sumInexact(l *layer) uint64 {
	sd, kw := r.mem.stride, r.mem.kw
	var sum uint64
	for pi := range l.parts {
		a := l.parts[pi].a
		for j := 0; j < len(a); j += sd {
			if c := a[j+kw]; c != 0 {
				sum = r.mem.addInexact(sum, c)
			}
		}
	}
	if r.mem.mod != 0 {
		sum %= r.mem.mod
	}
	return sum
}

// rescale divides the float64 counts of layer l by 2^rescaleBits when
// the largest passes 2^rescaleBits, so that a count of any size keeps
// its magnitude (r.floatExp) without passing float64's 2^1024; a count
// that would fall below 2^-1000 is raised to it (the float pass bounds
// the count from above, and no stored count may be 0).
func (r *dp) rescale(l *layer) {
	sd, kw := r.mem.stride, r.mem.kw
	big := 0.0
	for pi := range l.parts {
		a := l.parts[pi].a
		for j := 0; j < len(a); j += sd {
			big = max(big, math.Float64frombits(a[j+kw]))
		}
	}
	if big < 0x1p960 {
		return
	}
	for pi := range l.parts {
		a := l.parts[pi].a
		for j := 0; j < len(a); j += sd {
			if a[j+kw] != 0 {
				a[j+kw] = math.Float64bits(max(math.Float64frombits(a[j+kw])*0x1p-960, 0x1p-1000))
			}
		}
	}
	r.floatExp += 960
}

// CountExact is CountBig without its ceiling: it returns the exact count
// of p however large (in hamilton's convention, as Count).
//
// A count alone (Options.Shards at most 1, no Checkpoint or Exchange) is
// one pass whose counts widen as they grow (issue 31): every state's
// count starts in one 64-bit word; at the step where one passes 2^64-1
// the layer before it, still exact, is converted to 128-bit counts and
// the step runs again; past 2^128 the same happens with residues modulo
// Prime(0), ..., Prime(k-1), one word each, for the k primes CountBound
// asks for (the count is below 2^Bound.Bits, and their product is not),
// and the Chinese remainder theorem (shard.CRT) joins the last layer's
// residues. Stats.Moduli, BoundBits and Bound then name the primes and
// the bound. A count pays for wide words only from the step that needs
// them (king 10x10 paths: 64 bits to step 54 of 100, 128 bits to the
// last, residues for its sum). Layers may spill (Options.SpillDir) until
// the count widens; a widened count stays in memory.
//
// Where that pass cannot widen (its layer was spilled, or the bound needs
// more than 8 primes), and for sharded or checkpointed counts, it counts
// with CountBig first, with every option; a count that fits 128 bits
// costs that one pass. When a state's count passes 2^128 and the count
// may (a bound: the product over the steps of the ways a vertex can take
// none, one or two edges to its processed neighbours, twice for directed
// cycles, is past 2^127), it runs the dynamic program once in float64 for
// the count's magnitude (layers rescaled by 2^-960 as they grow, so that
// no size overflows it), then once per 8 primes of a set whose product
// passes four times that magnitude, each pass counting modulo its primes
// (63 bits), and joins the residues by the Chinese remainder theorem
// (Knuth, TAOCP vol. 2, section 4.3.2: modular arithmetic for exact big
// results). The float pass only adds nonnegative numbers, so its relative
// error is at most (1+2^-53)^T - 1 for T additions; the factor of four
// covers it while T is below 2^50 (else the bound sets the primes). Those
// passes run in memory, without shards, spilling or checkpoints: with
// shards or checkpoints a count past 2^128 returns CountBig's ErrOverflow.
// Stats are those of the last pass.
func CountExact(ctx context.Context, p hamilton.Problem, opt Options) (*big.Int, Stats, error) {
	return countExact(ctx, p, opt, false)
}

// countExact is CountExact; forceMod (tests) counts modulo primes, as
// many as the combinatorial bound asks, even when CountBig would do.
func countExact(ctx context.Context, p hamilton.Problem, opt Options, forceMod bool) (*big.Int, Stats, error) {
	if p.G == nil || p.G.N() < 3 {
		return CountBig(ctx, p, opt)
	}
	overBig := false // the count is known to pass 2^128
	if !forceMod && opt.Shards <= 1 && opt.Checkpoint == "" && opt.Exchange == "" {
		// One pass that widens its counts as they grow (widen).
		ao := opt
		ao.arith = arith{auto: true}
		lo, hi, st, err := countWith(ctx, p, ao, false, false, false)
		switch {
		case err == nil && st.residues != nil:
			var c shard.CRT
			for m, q := range st.Moduli {
				c.Add(st.residues[m], q)
			}
			return c.Value(), st, nil
		case err == nil:
			return toBig(lo, hi), st, nil
		case !errors.Is(err, ErrOverflow):
			return nil, st, err
		}
		overBig = errors.Is(err, errWideBound)
		// It overflowed where it could not widen (a spilled layer, or a
		// bound past maxMods primes): the passes below, in memory.
		opt.SpillDir = ""
	}
	need := countBoundBits(p.G, opt.Order)
	if !forceMod {
		// 128 bits first: a count that fits costs one pass, as before; one
		// that does not stops at the step where a state's count passes.
		if !overBig {
			c, st, err := CountBig(ctx, p, opt)
			if !errors.Is(err, ErrOverflow) || need <= 127 {
				return c, st, err
			}
			if opt.SpillDir != "" || opt.Shards > 1 || opt.Checkpoint != "" || opt.Exchange != "" {
				return nil, st, fmt.Errorf("%w; counts past 2^128 are made modulo primes in memory: count without shards, spilling or checkpoints", err)
			}
		}
		fo := opt
		fo.arith = arith{float: true}
		fbits, exp, st, err := countWith(ctx, p, fo, false, false, false)
		if err != nil {
			return nil, st, err
		}
		f := math.Float64frombits(fbits)
		if f == 0 {
			return new(big.Int), st, nil // no final state: positive counts never add up to 0
		}
		if !math.IsInf(f, 0) && !math.IsNaN(f) && st.Transitions < 1<<50 {
			need = max(min(need, int(math.Ceil(math.Log2(f)))+int(exp)+2), 64)
		}
	} else if opt.SpillDir != "" || opt.Shards > 1 || opt.Checkpoint != "" || opt.Exchange != "" {
		return nil, Stats{}, fmt.Errorf("%w: counts modulo primes run in memory, without shards, spilling or checkpoints", ErrInvalid)
	}
	return countModular(ctx, p, opt, need)
}

// countModular counts p modulo primes whose product has at least need
// bits and joins the residues: the count, when it is below 2^(need-1).
// Each pass holds the residues of up to maxMods primes per state.
func countModular(ctx context.Context, p hamilton.Problem, opt Options, need int) (*big.Int, Stats, error) {
	var st Stats
	var c shard.CRT // the Chinese remainder theorem, Garner's form
	var mods []uint64
	pass := func() error {
		mo := opt
		mo.arith = arith{mods: mods}
		_, _, s, err := countWith(ctx, p, mo, false, false, false)
		st = s
		if err != nil {
			return err
		}
		for m, q := range mods {
			c.Add(s.residues[m], q)
		}
		mods = nil
		return nil
	}
	for q := range wideModuli(need) {
		if mods = append(mods, q); len(mods) == maxMods {
			if err := pass(); err != nil {
				return nil, st, err
			}
		}
	}
	if len(mods) > 0 {
		if err := pass(); err != nil {
			return nil, st, err
		}
	}
	return c.Value(), st, nil
}

// wideModuli yields the largest primes below 2^63, enough that their
// product has at least need bits. ProbablyPrime is exact below 2^64
// (Baillie-PSW has no counterexample there).
func wideModuli(need int) func(func(uint64) bool) {
	return func(yield func(uint64) bool) {
		got := 0.0
		for q := uint64(1)<<63 - 1; got < float64(need)+1; q -= 2 {
			if !new(big.Int).SetUint64(q).ProbablyPrime(0) {
				continue
			}
			if !yield(q) {
				return
			}
			got += math.Log2(float64(q))
		}
	}
}

// countBoundBits bounds the bits of the count of Hamiltonian paths or
// cycles of g processed in order (nil: vertex order): each step chooses
// none, one or two of the edges to its k processed neighbours
// (1 + k + k(k-1)/2 ways), every solution is one sequence of choices and
// is counted at most twice (directed). It returns the bits of that
// product, rounded up, plus one.
func countBoundBits(g *graph.Graph, order []int32) int {
	n := g.N()
	if order == nil {
		order = identity(n)
	}
	rank, err := orderRank(n, order)
	if err != nil {
		return 0 // CountBig refuses the order
	}
	lg := 0.0
	for _, v := range order {
		k := 0
		for _, w := range g.Neighbors(v) {
			if rank[w] < rank[v] {
				k++
			}
		}
		lg += math.Log2(float64(1 + k + k*(k-1)/2))
	}
	return int(math.Ceil(lg)) + 1
}
