package numberlink

import (
	"math/big"
	"testing"
)

// countBrute counts x_1 + ... + x_r = n with 0 <= x_i <= k by listing every
// tuple, independently of the formula and of configCount's recurrence.
func countBrute(n, k, r int) int64 {
	var c int64
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == r {
			if left == 0 {
				c++
			}
			return
		}
		for v := 0; v <= k && v <= left; v++ {
			rec(i+1, left-v)
		}
	}
	rec(0, n)
	return c
}

// TestConfigFormulaFigure5: the closed formula reproduces every entry of
// the seed's Figure 5 as printed (4, 3 and 2 neighbours, k = 1..10), and
// the full table computed by enumeration: |Φ_k| listed word by word for
// 1..4 directions, and tuples for 0..6 neighbours, k = 0..10, every n
// including the zeros beyond rk.
func TestConfigFormulaFigure5(t *testing.T) {
	t.Parallel()
	fig := readFigure5(t)
	checked := 0
	for r, rows := range fig {
		for k, row := range rows {
			for ni, want := range row {
				if got := ConfigFormula(ni+1, k, r); got.Cmp(new(big.Int).SetUint64(want)) != 0 {
					t.Errorf("Figure 5, %d neighbours, k=%d, n=%d: formula %v, seed %d", r, k, ni+1, got, want)
				}
				checked++
			}
		}
	}
	if checked < 300 {
		t.Fatalf("only %d Figure 5 entries checked", checked)
	}
	for r := 0; r <= 6; r++ {
		for k := 0; k <= 10; k++ {
			for n := -1; n <= r*k+2; n++ {
				want := int64(0)
				if n >= 0 {
					want = countBrute(n, k, r)
				}
				if got := ConfigFormula(n, k, r); got.Cmp(big.NewInt(want)) != 0 {
					t.Errorf("n=%d k=%d r=%d: formula %v, enumeration %d", n, k, r, got, want)
				}
				if r <= 4 && n >= 0 {
					mask := (1 << r) - 1
					if got := len(PhiOver(k, n, mask)); int64(got) != want {
						t.Errorf("n=%d k=%d r=%d: %d words listed, enumeration %d", n, k, r, got, want)
					}
				}
			}
		}
	}
}

// TestConfigFormulaProperties checks the §3.1 observations the doc comment
// derives, beyond the table: symmetry, the maximum at ⌊rk/2⌋, the tail
// C(n+r-1, r-1), stabilisation for k >= n; and agreement with configCount
// for larger r and k, where both are exact.
func TestConfigFormulaProperties(t *testing.T) {
	t.Parallel()
	for r := 1; r <= 8; r++ {
		for k := 1; k <= 12; k++ {
			mid := ConfigFormula(r*k/2, k, r)
			for n := 0; n <= r*k; n++ {
				v := ConfigFormula(n, k, r)
				if v.Cmp(ConfigFormula(r*k-n, k, r)) != 0 {
					t.Fatalf("r=%d k=%d n=%d: not symmetric", r, k, n)
				}
				if v.Cmp(mid) > 0 {
					t.Fatalf("r=%d k=%d: n=%d exceeds the middle", r, k, n)
				}
				if n <= k {
					tail := new(big.Int).Binomial(int64(n+r-1), int64(r-1))
					if v.Cmp(tail) != 0 {
						t.Fatalf("r=%d k=%d n=%d: %v, want C(n+r-1,r-1) = %v", r, k, n, v, tail)
					}
				}
				if v.Cmp(new(big.Int).SetUint64(configCount(k, n, r))) != 0 {
					t.Fatalf("r=%d k=%d n=%d: formula %v, configCount %d", r, k, n, v, configCount(k, n, r))
				}
			}
		}
	}
	if got := ConfigFormulaString(4, 2, 4); got != "C(4,0)·C(7,3) - C(4,1)·C(4,3) = 19" {
		t.Errorf("ConfigFormulaString(4, 2, 4) = %q", got)
	}
	// Without terms the value stands alone: magnitude 0 with no
	// neighbours has one (empty) configuration, which read "0 = 1".
	for _, tc := range []struct {
		n, k, r int
		want    string
	}{{0, 0, 0, "1"}, {0, 1, 0, "1"}, {3, 0, 4, "0"}, {5, 2, 1, "0"}} {
		if got := ConfigFormulaString(tc.n, tc.k, tc.r); got != tc.want {
			t.Errorf("ConfigFormulaString(%d, %d, %d) = %q, want %q", tc.n, tc.k, tc.r, got, tc.want)
		}
	}
}
