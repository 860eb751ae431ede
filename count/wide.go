package count

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"

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
// It counts with CountBig first, with every option; a count that fits
// 128 bits costs that one pass. When a state's count passes 2^128 and
// the count may (a bound: the product over the steps of the ways a vertex
// can take none, one or two edges to its processed neighbours, twice for
// directed cycles, is past 2^127), it runs the dynamic program once in
// float64 for the count's magnitude (layers rescaled by 2^-960 as they
// grow, so that no size overflows it), then once per prime of a set whose
// product passes four times that magnitude, each pass counting modulo
// its prime (63 bits), and joins the residues by the Chinese remainder
// theorem (Knuth, TAOCP vol. 2, section 4.3.2: modular arithmetic for
// exact big results). The float pass only adds nonnegative numbers, so
// its relative error is at most (1+2^-53)^T - 1 for T additions; the
// factor of four covers it while T is below 2^50 (else the bound sets
// the primes). Each pass costs about one Count; a count of about 2^(63k)
// takes k+1 passes beside the first. Those passes run in memory, without
// shards, spilling or checkpoints: with those options a count past 2^128
// returns CountBig's ErrOverflow. Stats are those of the last pass.
func CountExact(ctx context.Context, p hamilton.Problem, opt Options) (*big.Int, Stats, error) {
	return countExact(ctx, p, opt, false)
}

// countExact is CountExact; forceMod (tests) counts modulo primes, as
// many as the combinatorial bound asks, even when CountBig would do.
func countExact(ctx context.Context, p hamilton.Problem, opt Options, forceMod bool) (*big.Int, Stats, error) {
	if p.G == nil || p.G.N() < 3 {
		return CountBig(ctx, p, opt)
	}
	need := countBoundBits(p.G, opt.Order)
	if !forceMod {
		// 128 bits first: a count that fits costs one pass, as before; one
		// that does not stops at the step where a state's count passes.
		c, st, err := CountBig(ctx, p, opt)
		if !errors.Is(err, ErrOverflow) || need <= 127 {
			return c, st, err
		}
		if opt.SpillDir != "" || opt.Shards > 1 || opt.Checkpoint != "" || opt.Exchange != "" {
			return nil, st, fmt.Errorf("%w; counts past 2^128 are made modulo primes in memory: count without shards, spilling or checkpoints", err)
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
func countModular(ctx context.Context, p hamilton.Problem, opt Options, need int) (*big.Int, Stats, error) {
	var st Stats
	var c shard.CRT // the Chinese remainder theorem, Garner's form
	for q := range wideModuli(need) {
		mo := opt
		mo.arith = arith{mod: q}
		res, _, s, err := countWith(ctx, p, mo, false, false, false)
		st = s
		if err != nil {
			return nil, st, err
		}
		c.Add(res, q)
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
