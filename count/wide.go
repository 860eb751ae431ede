package count

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
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

// CountExact is CountBig without its ceiling: it returns the exact count
// of p however large (in hamilton's convention, as Count).
//
// When the count may pass 128 bits (a bound: the product over the steps
// of the ways a vertex can take none, one or two edges to its processed
// neighbours, twice for directed cycles, is past 2^127), it runs the
// dynamic program once in float64 for the count's magnitude, then once
// per prime of a set whose product passes four times that magnitude,
// each pass counting modulo its prime (63 bits), and joins the residues
// by the Chinese remainder theorem (Knuth, TAOCP vol. 2, section 4.3.2,
// modular arithmetic for exact big results). The float pass only adds
// nonnegative numbers, so its relative error is at most
// (1+2^-53)^T - 1 for T additions; the factor of four covers it while T
// is below 2^50 (else the combinatorial bound sets the primes). Each pass
// costs about one Count; a count of about 2^(63k) takes k+1 passes.
// Those passes run in memory, without shards, spilling or checkpoints
// (ErrInvalid when opt asks for them); counts that fit 128 bits go to
// CountBig with every option. Stats are those of the last pass.
func CountExact(ctx context.Context, p hamilton.Problem, opt Options) (*big.Int, Stats, error) {
	return countExact(ctx, p, opt, false)
}

// countExact is CountExact; forceMod (tests) counts modulo primes, as
// many as the combinatorial bound asks, even when CountBig would do.
func countExact(ctx context.Context, p hamilton.Problem, opt Options, forceMod bool) (*big.Int, Stats, error) {
	if p.G == nil || p.G.N() < 3 || countBoundBits(p.G, opt.Order) <= 127 && !forceMod {
		return CountBig(ctx, p, opt)
	}
	if opt.SpillDir != "" || opt.Shards > 1 || opt.Checkpoint != "" || opt.Exchange != "" {
		return nil, Stats{}, fmt.Errorf("%w: a count that may pass 2^128 runs in memory, without shards, spilling or checkpoints (its bound is %d bits)", ErrInvalid, countBoundBits(p.G, opt.Order))
	}
	need := countBoundBits(p.G, opt.Order)
	if forceMod {
		return countModular(ctx, p, opt, need)
	}
	fo := opt
	fo.arith = arith{float: true}
	fbits, _, st, err := countWith(ctx, p, fo, false, false, false)
	if err != nil {
		return nil, st, err
	}
	f := math.Float64frombits(fbits)
	if f == 0 {
		return new(big.Int), st, nil
	}
	if !math.IsInf(f, 0) && !math.IsNaN(f) && st.Transitions < 1<<50 {
		need = max(min(need, int(math.Ceil(math.Log2(f)))+2), 64)
	}
	if need <= 127 {
		// The count fits; a state's count on the way may not (states that
		// die later): then modulo primes.
		c, st, err := CountBig(ctx, p, opt)
		if !errors.Is(err, ErrOverflow) {
			return c, st, err
		}
	}
	return countModular(ctx, p, opt, need)
}

// countModular counts p modulo primes whose product has at least need
// bits and joins the residues: the count, when it is below 2^(need-1).
func countModular(ctx context.Context, p hamilton.Problem, opt Options, need int) (*big.Int, Stats, error) {
	var st Stats
	// Residues modulo primes just below 2^63, joined one at a time:
	// x = x0 + M*((r - x0)/M mod q) (Garner's form of the CRT).
	x, m := new(big.Int), big.NewInt(1)
	t := new(big.Int)
	for q := range wideModuli(need) {
		mo := opt
		mo.arith = arith{mod: q}
		res, _, s, err := countWith(ctx, p, mo, false, false, false)
		st = s
		if err != nil {
			return nil, st, err
		}
		bq := new(big.Int).SetUint64(q)
		t.Sub(new(big.Int).SetUint64(res), t.Mod(x, bq))
		t.Mod(t, bq)
		t.Mul(t, new(big.Int).ModInverse(new(big.Int).Mod(m, bq), bq))
		t.Mod(t, bq)
		x.Add(x, t.Mul(t, m))
		m.Mul(m, bq)
	}
	return x, st, nil
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
