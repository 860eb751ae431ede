package count_test

import (
	"context"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

// TestWideCodes counts the 2 x 16 wazir ladder in row-major order: the
// frontier holds the whole top row, 16 codes of 4 bits, so the keys take
// 66 bits with the two bits of fixed ends, as on the knight's and
// Diplomatico 8x8: the codes are packed and pruned in one word (the first
// code is at most codePair, 3, once renumbered, so the key's top word
// stays 0). Count (that path) and CountWide (emitWide, codes packed across
// two words) must both give the closed form the
// oracle checks (internal/test/oracle TestLadderFormula): 2(n^2-n+2) directed
// paths, n from a corner.
func TestWideCodes(t *testing.T) {
	const n = 16
	bg := build(t, 2, n, "wazir")
	for _, c := range []struct {
		name  string
		count func(context.Context, hamilton.Problem, count.Options) (uint64, count.Stats, error)
	}{{"Count", count.Count}, {"CountWide", count.CountWide}} {
		got, st, err := c.count(context.Background(), hamilton.Problem{G: bg.Graph}, count.Options{})
		if err != nil || got != 2*(n*n-n+2) {
			t.Errorf("%s: %d directed paths, %v; want %d", c.name, got, err, 2*(n*n-n+2))
		}
		if st.KeyBits != 66 {
			t.Errorf("%s: %d-bit keys, want 66 (the case under test)", c.name, st.KeyBits)
		}
		got, _, err = c.count(context.Background(), hamilton.Problem{G: bg.Graph, Start: 0, FixStart: true}, count.Options{})
		if err != nil || got != n {
			t.Errorf("%s: %d directed paths from a corner, %v; want %d", c.name, got, err, n)
		}
	}
}
