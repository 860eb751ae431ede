package count_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// The sequence starts at the largest primes below 2^63, in order, each
// prime, with no prime skipped between two of them.
func TestPrime(t *testing.T) {
	t.Parallel()
	if got, want := count.Prime(0), uint64(1)<<63-25; got != want {
		t.Fatalf("Prime(0) = %d, want 2^63-25 = %d", got, want)
	}
	for i := 1; i < 8; i++ {
		a, b := count.Prime(i-1), count.Prime(i)
		if b >= a || !new(big.Int).SetUint64(b).ProbablyPrime(20) {
			t.Fatalf("Prime(%d) = %d after %d: not a smaller prime", i, b, a)
		}
		for q := b + 2; q < a; q += 2 {
			if new(big.Int).SetUint64(q).ProbablyPrime(20) {
				t.Fatalf("%d is a prime between Prime(%d) and Prime(%d)", q, i, i-1)
			}
		}
	}
}

// Every bound holds on the shared oracle table: the brute force's count
// is below 2^Bits, and the primes CountBound asks for have a product past
// it. CountModulo agrees with the oracle modulo a small prime and modulo
// Prime(0).
func TestCountBoundAndModuloOracle(t *testing.T) {
	ctx := context.Background()
	n := eachCase(t, func(i int, c *oracle.Case) bool { return i%5 == 0 || testfix.Long() }, func(t *testing.T, _ int, c *oracle.Case, bg *moves.BoardGraph, p hamilton.Problem) {
		want := c.Want()
		var g *count.Grid
		if gr, ok := count.GridOf(bg); ok {
			g = &gr
		}
		b := count.CountBound(p, g)
		if new(big.Int).SetUint64(want).BitLen() > b.Bits {
			t.Fatalf("count %d is not below 2^%d (%s)", want, b.Bits, b.Name)
		}
		prod := big.NewInt(1)
		for i := range b.Primes() {
			prod.Mul(prod, new(big.Int).SetUint64(count.Prime(i)))
		}
		if prod.BitLen() <= b.Bits {
			t.Fatalf("%d primes have a product of %d bits, not past 2^%d", b.Primes(), prod.BitLen(), b.Bits)
		}
		for _, q := range []uint64{1_000_003, count.Prime(0)} {
			got, _, err := count.CountModulo(ctx, p, count.Options{Order: caseOrder(bg, c)}, q)
			if err != nil || got != want%q {
				t.Fatalf("CountModulo(%d) = %d, %v; want %d", q, got, err, want%q)
			}
		}
	})
	if n == 0 {
		t.Fatal("no oracle case")
	}
}

// The matchings bound is the square of the number of domino tilings:
// checked against a brute-force tiling count, through the bound it gives
// for closed tours of small full grids.
func TestCountBoundMatchings(t *testing.T) {
	t.Parallel()
	for _, sz := range [][2]int{{2, 2}, {2, 3}, {3, 4}, {4, 4}, {4, 5}, {5, 6}, {6, 6}, {3, 8}} {
		bg := testfix.BoardGraph(t, sz[0], sz[1], "1,0")
		g, _ := count.GridOf(bg)
		b := count.CountBound(hamilton.Problem{G: bg.Graph, Closed: true}, &g)
		tilings := dominoTilings(sz[0], sz[1])
		sq := new(big.Int).SetUint64(tilings * tilings)
		// log2(T^2) rounded up with the margin, plus one.
		if b.Name == count.BoundMatchings && (b.Bits < sq.BitLen() || b.Bits > sq.BitLen()+2) {
			t.Errorf("%dx%d: matchings bound 2^%d, want about the %d bits of %d^2", sz[0], sz[1], b.Bits, sq.BitLen(), tilings)
		}
		if sz == [2]int{6, 6} && b.Name != count.BoundMatchings {
			t.Errorf("6x6: bound %s, want the matchings bound (the tighter on full grids)", b.Name)
		}
	}
	// 16x16 cycles: 2 * 65882516522625836326159786165530572 directed
	// (A003763), 117 bits; 2^101.9 tilings, so the bound is 2^203 and asks
	// for 4 primes (252 bits), where Bregman's would be 2^276 (5 primes).
	bg := testfix.BoardGraph(t, 16, 16, "1,0")
	g, _ := count.GridOf(bg)
	b := count.CountBound(hamilton.Problem{G: bg.Graph, Closed: true}, &g)
	if b.Name != count.BoundMatchings || b.Bits != 203 || b.Primes() != 4 {
		t.Errorf("16x16 cycles: bound 2^%d (%s), %d primes; want 2^203 (matchings), 4 primes", b.Bits, b.Name, b.Primes())
	}
}

// A bound past what MaxPrimeIndex+1 primes settle asks for 0 primes
// (callers refuse it) rather than past the sequence.
func TestBoundPrimesLimit(t *testing.T) {
	t.Parallel()
	if k := (count.Bound{Bits: 63 * 100}).Primes(); k != 101 {
		t.Errorf("2^(63*100): %d primes, want 101 (each prime is below 2^63)", k)
	}
	if k := (count.Bound{Bits: 63 * 4096}).Primes(); k != 0 {
		t.Errorf("2^(63*4096): %d primes, want 0", k)
	}
}

// dominoTilings counts the domino tilings of an m x n board by brute
// force: the first empty cell takes a horizontal or a vertical domino.
func dominoTilings(m, n int) uint64 {
	full := make([]bool, m*n)
	var rec func(i int) uint64
	rec = func(i int) uint64 {
		for i < m*n && full[i] {
			i++
		}
		if i == m*n {
			return 1
		}
		var s uint64
		if c := i % n; c+1 < n && !full[i+1] {
			full[i], full[i+1] = true, true
			s += rec(i + 1)
			full[i], full[i+1] = false, false
		}
		if i+n < m*n {
			full[i], full[i+n] = true, true
			s += rec(i + 1)
			full[i], full[i+n] = false, false
		}
		return s
	}
	return rec(0)
}

// CountGridMod is the grid sweep modulo one prime; a modulus that
// is not a prime below 2^63 is refused.
func TestCountGridMod(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bg := testfix.BoardGraph(t, 8, 8, "1,0")
	g, _ := count.GridOf(bg)
	p := hamilton.Problem{G: bg.Graph, Closed: true}
	q := uint64(1_000_003)
	got, _, err := count.CountGridMod(ctx, p, g, count.Options{}, q)
	if want := uint64(2*4638576) % q; err != nil || got != want { // A003763(4)
		t.Fatalf("8x8 cycles mod %d = %d, %v; want %d", q, got, err, want)
	}
	for _, bad := range []uint64{0, 2, 1_000_001, 1<<63 + 29} {
		if _, _, err := count.CountGridMod(ctx, p, g, count.Options{}, bad); err == nil {
			t.Errorf("modulus %d accepted", bad)
		}
		if _, _, err := count.CountModulo(ctx, p, count.Options{}, bad); err == nil {
			t.Errorf("CountModulo: modulus %d accepted", bad)
		}
	}
}
