package membudget

import (
	"strings"
	"testing"
)

func TestAvailable(t *testing.T) {
	in := "MemTotal:       24000000 kB\nMemFree:  100 kB\nMemAvailable:   16000000 kB\n"
	if got := Available(strings.NewReader(in)); got != 16000000<<10 {
		t.Errorf("%d", got)
	}
	if got := Available(strings.NewReader("MemTotal: 5 kB\n")); got != 0 {
		t.Errorf("absent: %d", got)
	}
	if d := Default(); d <= 0 {
		t.Errorf("default %d", d)
	}
}

// The shares of a limit: 60% for the DP's tables, 90% for the grid
// sweep's layers, never more than the limit.
func TestShares(t *testing.T) {
	for _, limit := range []int64{1 << 20, 100 << 20, 3 << 30, Fallback} {
		if tb, gl := Tables(limit), GridLayers(limit); tb > limit*6/10 || tb < limit*6/10-10 || gl > limit*9/10 || gl < limit*9/10-10 {
			t.Errorf("limit %d: tables %d, grid layers %d", limit, tb, gl)
		}
	}
}
