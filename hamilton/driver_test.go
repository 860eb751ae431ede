package hamilton_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestStrategySupports: every call either honours the strategy or refuses
// it naming the combination; none silently falls back to the default.
func TestStrategySupports(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bg := testfix.BoardGraph(t, 5, 5, "hopido") // 12,400 directed paths (oracle)
	p := hamilton.Problem{G: bg.Graph}
	om := hamilton.Options{Workers: 2, Strategy: hamilton.StrategyOkunoMiyano}

	// CountPerStart runs the Okuno–Miyano engine and agrees cell by cell.
	def, _, err := hamilton.CountPerStart(ctx, p, hamilton.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	got, st, err := hamilton.CountPerStart(ctx, p, om)
	if err != nil || !slices.Equal(got, def) {
		t.Fatalf("okuno-miyano CountPerStart = %v, %v; default %v", got, err, def)
	}
	var sum uint64
	for _, c := range got {
		sum += c
	}
	if sum != 12400 {
		t.Fatalf("per-start counts sum to %d, want 12400", sum)
	}
	var fired uint64
	for _, c := range st.Pruned {
		fired += c
	}
	if fired == 0 {
		t.Error("okuno-miyano CountPerStart reports no rule firing: was the strategy used?")
	}

	// CountShard's units belong to the default engine: refused by name.
	_, _, err = hamilton.CountShard(ctx, p, om, 0, 1, hamilton.ShardOptions{})
	if !errors.Is(err, hamilton.ErrInvalid) || !strings.Contains(err.Error(), "CountShard") || !strings.Contains(err.Error(), "okuno-miyano") {
		t.Fatalf("CountShard with okuno-miyano: err = %v, want ErrInvalid naming both", err)
	}
	if err := hamilton.StrategyOkunoMiyano.Supports(hamilton.CallCountShard); err == nil {
		t.Error("Supports(CountShard) = nil for okuno-miyano")
	}
	for _, c := range []hamilton.Call{hamilton.CallFind, hamilton.CallCount, hamilton.CallEnumerate, hamilton.CallCountPerStart, hamilton.CallCountShard} {
		if err := hamilton.StrategyDefault.Supports(c); err != nil {
			t.Errorf("default strategy refuses %v: %v", c, err)
		}
	}

	// Find honours SplitDepth and NoRestarts with either engine.
	for _, s := range []hamilton.Strategy{{SplitDepth: 2}, {NoRestarts: true}, {Kind: hamilton.KindOkunoMiyano, SplitDepth: 2}} {
		q := hamilton.Problem{G: testfix.BoardGraph(t, 8, 8, "knight").Graph}
		path, _, err := hamilton.Find(ctx, q, hamilton.Options{Workers: 2, Strategy: s})
		if err != nil {
			t.Fatalf("Find with %+v: %v", s, err)
		}
		if err := checkPath(oracleGraphOf(testfix.BoardGraph(t, 8, 8, "knight")), q, path); err != nil {
			t.Fatalf("Find with %+v: %v", s, err)
		}
	}
}
