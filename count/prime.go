package count

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"sync"

	"github.com/boardgraph/boardgraph/hamilton"
)

// Counts modulo one prime at a time (issue 31, item 3): a count too large
// for one machine runs as independent tasks, task i counting modulo
// Prime(i), and the residues of Bound(p).Primes() tasks determine the count
// by the Chinese remainder theorem (shard.CRT, which also joins residue
// files). How many primes a count needs comes from a proven upper bound
// known before any task runs, never from residues that repeat.

// MaxPrimeIndex is the largest index Prime takes: 4,096 primes near 2^63
// determine any count below 2^258,000.
const MaxPrimeIndex = 4095

// Prime returns the i-th prime (from 0) of the sequence CountExact counts
// modulo: the primes below 2^63 in descending order (2^63-25,
// 2^63-165, ...). It panics for i outside [0, MaxPrimeIndex]. The
// first call for an index finds the primes up to it (about 20 primality
// tests each); later calls look them up.
func Prime(i int) uint64 {
	if i < 0 || i > MaxPrimeIndex {
		panic(fmt.Sprintf("count.Prime(%d): the index must be between 0 and %d", i, MaxPrimeIndex))
	}
	primes.Lock()
	defer primes.Unlock()
	q := uint64(1)<<63 + 1 // the odd number above the last prime found
	if k := len(primes.list); k > 0 {
		q = primes.list[k-1]
	}
	for len(primes.list) <= i {
		q -= 2
		if new(big.Int).SetUint64(q).ProbablyPrime(0) { // exact below 2^64 (Baillie-PSW)
			primes.list = append(primes.list, q)
		}
	}
	return primes.list[i]
}

// primes holds the primes of the sequence found so far.
var primes struct {
	sync.Mutex
	list []uint64
}

// Bound is a proven upper bound on a count: the count is below 2^Bits.
type Bound struct {
	Bits int
	// Name names the theorem that gives it (BoundBregman, BoundMatchings
	// or BoundSteps).
	Name string
}

// Names of the bounds of CountBound.
const (
	// BoundBregman: a directed Hamiltonian cycle is a permutation that
	// maps every vertex to a neighbour, so their number is at most the
	// permanent of the adjacency matrix, which is at most
	// prod_v (d_v!)^(1/d_v) (Bregman 1973, Minc's conjecture). A directed
	// path v1..vn is the cycle u, v1, ..., vn of the graph with one more
	// vertex u joined to every vertex (to the fixed ends only, when the
	// problem fixes them); the bound is taken over rows and over columns.
	BoundBregman = "Bregman"
	// BoundMatchings: on a bipartite graph the arcs of a directed
	// Hamiltonian cycle that leave one side form a perfect matching and
	// those that leave the other side a second one, and the two give the
	// cycle back, so there are at most M^2 directed cycles for M perfect
	// matchings; M of the full m x n grid is the number of its domino
	// tilings, prod_{j<=m/2, k<=n/2} (4cos^2(pi j/(m+1)) + 4cos^2(pi
	// k/(n+1))) (Temperley and Fisher 1961, Kasteleyn 1961).
	BoundMatchings = "Temperley-Fisher matchings squared"
	// BoundGridSweep: GridBoundBits, the number of spanning subgraphs of
	// a grid in which every open cell has degree 2 (but two of degree 1,
	// on paths), counted by a sweep of the frontier's occupancy alone;
	// every Hamiltonian cycle or path is one of them. About 0.56 bits a
	// cell on the square grid (22x22 cycles: 2^274, against 2^390 for
	// BoundMatchings).
	BoundGridSweep = "grid sweep of degree-2 subgraphs"
	// BoundSteps: countBoundBits, the choices of the edges each vertex
	// takes to its processed neighbours.
	BoundSteps = "edge choices per vertex"
)

// Primes returns how many primes of the sequence Prime(0), Prime(1), ...
// the count needs: the fewest whose product is at least 2^b.Bits, so that
// their residues determine any count below it; 0 when more than
// MaxPrimeIndex+1 would be needed.
func (b Bound) Primes() int {
	if b.Bits >= 63*(MaxPrimeIndex+1) { // primes below 2^63 never get there
		return 0
	}
	m := big.NewInt(1)
	k := 0
	for m.BitLen() <= b.Bits { // m < 2^Bits
		if k > MaxPrimeIndex {
			return 0
		}
		m.Mul(m, new(big.Int).SetUint64(Prime(k)))
		k++
	}
	return max(k, 1)
}

// CountBound returns a proven upper bound on the count of p in hamilton's
// convention (directed paths; closed tours as directed cycles; with fixed
// ends, the paths that have them): the least of BoundSteps, BoundBregman
// and, for closed tours of a grid g (GridOf; nil when p's graph is not one)
// with no blocked cell, BoundMatchings. The logarithms are rounded up with
// a margin far above float64's error, so the bound holds. Givens are
// ignored (they only lower the count). It takes O(|V| + |E|) time.
//
// On the square grid the matchings bound is about 0.8 bits a cell and
// Bregman's about 1.15, against about 0.56 for the count itself (16x16
// cycles: 2^203, 4 primes, for a count of 117 bits that 2 would settle).
func CountBound(p hamilton.Problem, g *Grid) Bound {
	n := p.G.N()
	if n < 3 {
		return Bound{Bits: 1, Name: BoundSteps} // at most one path (n = 1) or two (n = 2)
	}
	best := Bound{Bits: countBoundBits(p.G, nil), Name: BoundSteps}
	consider := func(lg float64, name string) {
		if math.IsInf(lg, -1) {
			best = Bound{Bits: 1, Name: name} // no solution: the count is 0
			return
		}
		// float64's relative error on these sums of n terms is below
		// n*2^-50; one bit more covers it with room to spare.
		bits := int(math.Ceil(lg+1e-9*float64(n)+1e-9)) + 1
		if bits < best.Bits {
			best = Bound{Bits: bits, Name: name}
		}
	}
	consider(bregmanLog2(p), BoundBregman)
	if p.Closed && g != nil {
		if lg, ok := matchingsLog2(*g); ok {
			consider(2*lg, BoundMatchings)
		}
	}
	return best
}

// bregmanLog2 returns log2 of Bregman's bound on the permanent of the arc
// matrix of p's directed solutions (BoundBregman), the least over rows and
// columns; -Inf when a row or column is empty (no solution).
func bregmanLog2(p hamilton.Problem) float64 {
	n := p.G.N()
	lf := func(d int) float64 { // log2(d!)/d, -Inf for d = 0
		if d == 0 {
			return math.Inf(-1)
		}
		lg, _ := math.Lgamma(float64(d) + 1)
		return lg / math.Ln2 / float64(d)
	}
	if p.Closed {
		s := 0.0
		for v := range int32(n) {
			s += lf(p.G.Degree(v))
		}
		return s
	}
	// Open: vertex u (index n) closes the path: u -> start, end -> u.
	start, end := p.Ends()
	rows, cols := 0.0, 0.0
	for v := range int32(n) {
		d := p.G.Degree(v)
		out, in := d+1, d+1 // the arcs v -> u and u -> v
		if end >= 0 {
			if v == end {
				out = 1 // the end goes only to u
			} else {
				out = d
			}
		}
		if start >= 0 {
			if v == start {
				in = 1 // the start is entered only from u
			} else {
				in = d
			}
		}
		rows += lf(out)
		cols += lf(in)
	}
	uOut, uIn := n, n
	if start >= 0 {
		uOut = 1
	}
	if end >= 0 {
		uIn = 1
	}
	return min(rows+lf(uOut), cols+lf(uIn))
}

// matchingsLog2 returns log2 of the number of perfect matchings of g
// when g has no blocked cell (the Temperley-Fisher product; -Inf when the
// board has an odd number of cells), and false otherwise.
func matchingsLog2(g Grid) (float64, bool) {
	for _, v := range g.Vertex {
		if v < 0 {
			return 0, false
		}
	}
	m, n := g.Rows, g.Cols
	if m*n%2 == 1 {
		return math.Inf(-1), true
	}
	s := 0.0
	for j := 1; j <= (m+1)/2; j++ {
		a := math.Cos(math.Pi * float64(j) / float64(m+1))
		for k := 1; k <= (n+1)/2; k++ {
			b := math.Cos(math.Pi * float64(k) / float64(n+1))
			s += math.Log2(4*a*a + 4*b*b)
		}
	}
	return s, true
}

// CountModulo returns the count of p (in hamilton's convention, as Count)
// modulo the prime q (from 3 up to 2^63-1; Prime gives the sequence of
// CountExact), made by the frontier dynamic program with every count held
// as a residue in one word: the same layers as Count, in about the time of
// one Count. Options.SpillDir, Shards and Exchange are refused with
// ErrInvalid (the residues are kept in memory). Options.Checkpoint saves
// the layers of residues as Count's checkpoints do, under a key that
// names q, so that a count stopped at any time resumes (Options.Resume)
// with the same prime only: a task of a count split by prime can be
// stopped and continued. On cancellation it returns ctx's error.
func CountModulo(ctx context.Context, p hamilton.Problem, opt Options, q uint64) (uint64, Stats, error) {
	if err := checkModulus(q); err != nil {
		return 0, Stats{}, err
	}
	if opt.SpillDir != "" || opt.Shards > 1 || opt.Exchange != "" {
		return 0, Stats{}, fmt.Errorf("%w: counts modulo a prime run in memory, without shards or spilling", ErrInvalid)
	}
	mo := opt
	if mo.Checkpoint != "" {
		mo.CheckpointKey = fmt.Sprintf("%s-mod-%d", mo.CheckpointKey, q)
	}
	mo.arith = arith{mod: q}
	res, _, st, err := countWith(ctx, p, mo, false, false, false)
	if err != nil {
		return 0, st, err
	}
	return res % q, st, nil
}

// checkModulus refuses a modulus that is not a prime from 3 to 2^63-1.
func checkModulus(q uint64) error {
	if q < 3 || q >= 1<<63 || !new(big.Int).SetUint64(q).ProbablyPrime(0) {
		return fmt.Errorf("%w: the modulus %d is not a prime from 3 to 2^63-1 (count.Prime gives them)", ErrInvalid, q)
	}
	return nil
}
