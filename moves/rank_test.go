package moves

import "testing"

// TestCentreRankLarge: on boards too large for exact ranks the order from
// corner to centre is kept (a clamp once made the middle of 4096x4096 flat).
func TestCentreRankLarge(t *testing.T) {
	t.Parallel()
	for _, n := range []int{100, 2048, 4096, 10000, 30000} {
		prev := int32(-1)
		for i := 0; i < n/2; i += max(1, n/400) {
			r := centreRank(n, n, i, i)
			if r <= prev || r > maxRank {
				t.Fatalf("%dx%d: rank of (%d,%d) is %d after %d; want increasing towards the centre, at most %d", n, n, i, i, r, prev, maxRank)
			}
			prev = r
		}
		if got := centreRank(n, n, 0, 0); got != 0 {
			t.Errorf("%dx%d: corner rank %d, want 0", n, n, got)
		}
	}
}
