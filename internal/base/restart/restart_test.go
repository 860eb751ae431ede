package restart

import "testing"

func TestLuby(t *testing.T) {
	want := []uint64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16}
	for i, w := range want {
		if got := Luby(uint64(i + 1)); got != w {
			t.Errorf("Luby(%d) = %d, want %d", i+1, got, w)
		}
	}
	if Luby(0) != 0 {
		t.Errorf("Luby(0) = %d, want 0", Luby(0))
	}
	// Term 2^k-1 is 2^(k-1), for every k the type allows.
	for k := uint(1); k < 64; k++ {
		if got := Luby(1<<k - 1); got != 1<<(k-1) {
			t.Errorf("Luby(2^%d-1) = %d, want 2^%d", k, got, k-1)
		}
	}
}
