package numberlink

import (
	"fmt"
	"math/big"
)

// ConfigFormula is the closed formula asked for by the seed's §4 ("a
// formula to express the number of ways that n connections can be
// configured for a node based on k and the number of neighbors"): the
// number of connection configurations of a node of magnitude n with r
// neighbours in a k-grid, the entries of Figure 5, is
//
//	N(n, k, r) = Σ_{j=0}^{⌊n/(k+1)⌋} (-1)^j · C(r, j) · C(n - j(k+1) + r - 1, r - 1)
//
// for r >= 1 (N(0, k, 0) = 1 and N(n, k, 0) = 0 otherwise).
//
// Derivation. A configuration is a word of Φ_k[p] (§2.2) over the r
// directions in which p has a neighbour, and a word is determined by its
// counts: N(n, k, r) is the number of integer solutions of
// x_1 + ... + x_r = n with 0 <= x_i <= k. Without the upper bounds there are
// C(n + r - 1, r - 1) solutions (stars and bars: n stars, r - 1 bars). Let
// A_i be the solutions with x_i >= k + 1. For a set J of j indices,
// substituting y_i = x_i - (k + 1) for i in J maps the solutions in every
// A_i (i in J) one-to-one onto the unbounded solutions of a sum equal to
// n - j(k + 1), so |∩_{i∈J} A_i| = C(n - j(k+1) + r - 1, r - 1), zero once
// n - j(k+1) < 0. Inclusion-exclusion over J (there are C(r, j) sets of
// each size j) subtracts exactly the solutions with some x_i > k, which
// gives the sum. Equivalently N(n, k, r) is the coefficient of x^n in
// (1 + x + ... + x^k)^r = ((1 - x^(k+1)) / (1 - x))^r, and expanding
// (1 - x^(k+1))^r by the binomial theorem and (1 - x)^(-r) by the negative
// binomial series gives the same sum.
//
// The observations of §3.1 follow. Symmetry: x_i -> k - x_i is a
// bijection between the solutions for n and for rk - n, so
// N(n) = N(rk - n). Tail: for n <= k no term with j >= 1 survives, so
// N(n) = C(n + r - 1, r - 1), and by symmetry the row ends
// ..., C(r+1, r-1), C(r, r-1), 1: for r = 4 these are i(i+1)(i+2)/6 and for
// r = 3 the triangular numbers i(i+1)/2 (i = 1, 2, ...), as the seed
// notes. Maximum: the coefficients of a product of symmetric unimodal
// polynomials with non-negative coefficients are symmetric and unimodal,
// so the maximum is at the middle, n = ⌊rk/2⌋. "Only one way": N(rk) =
// N(0) = 1. Stabilisation in k (the orange cells): for k >= n the formula
// has only the j = 0 term, so N(n, k, r) = C(n + r - 1, r - 1) no longer
// depends on k.
//
// The result is exact for any size (math/big); the cost is
// O(n/(k+1)) binomials.
func ConfigFormula(n, k, r int) *big.Int {
	sum := new(big.Int)
	if n < 0 || k < 0 || r < 0 || n > r*k {
		return sum
	}
	if r == 0 {
		if n == 0 {
			sum.SetInt64(1)
		}
		return sum
	}
	var t, c big.Int
	for j := 0; j <= r && j*(k+1) <= n; j++ {
		t.Binomial(int64(r), int64(j))
		c.Binomial(int64(n-j*(k+1)+r-1), int64(r-1))
		t.Mul(&t, &c)
		if j%2 == 1 {
			sum.Sub(sum, &t)
		} else {
			sum.Add(sum, &t)
		}
	}
	return sum
}

// configFormulaTerms returns the inclusion-exclusion terms of
// ConfigFormula, one per j, as signed numbers in the order of the sum, for
// showing the working.
func configFormulaTerms(n, k, r int) []*big.Int {
	var out []*big.Int
	if n < 0 || k < 0 || r < 1 || n > r*k {
		return out
	}
	for j := 0; j <= r && j*(k+1) <= n; j++ {
		t := new(big.Int).Binomial(int64(r), int64(j))
		t.Mul(t, new(big.Int).Binomial(int64(n-j*(k+1)+r-1), int64(r-1)))
		if j%2 == 1 {
			t.Neg(t)
		}
		out = append(out, t)
	}
	return out
}

// ConfigFormulaString writes the sum with its terms for n, k, r, e.g.
// "C(4,1)·C(6,3) ... = 19".
func ConfigFormulaString(n, k, r int) string {
	terms := configFormulaTerms(n, k, r)
	s := ""
	for j := range terms {
		sign := " + "
		if j%2 == 1 {
			sign = " - "
		}
		if j == 0 {
			sign = ""
		}
		s += fmt.Sprintf("%sC(%d,%d)·C(%d,%d)", sign, r, j, n-j*(k+1)+r-1, r-1)
	}
	if s == "" { // no term: the value alone (N(0, k, 0) = 1 read "0 = 1")
		return ConfigFormula(n, k, r).String()
	}
	return s + " = " + ConfigFormula(n, k, r).String()
}
