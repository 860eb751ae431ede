package count_test

import (
	"context"
	"math/big"
	"slices"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

// TestLayersAreTheWork checks Stats.Layers, the list a results manifest
// keeps as the checksum of a count's work: one entry a step, the last
// layer's states at the end; the same in the widening pass of CountExact
// (king 7x8 paths pass 2^64, so a step runs again in 128 bits and must be
// listed once) as in a count modulo one prime over the same order; and
// other layers for another order (row-major).
func TestLayersAreTheWork(t *testing.T) {
	bg := build(t, 7, 8, "king")
	p := hamilton.Problem{G: bg.Graph}
	order := count.BoardOrder(bg)
	ctx := context.Background()
	total, wide, err := count.CountExact(ctx, p, count.Options{Order: order})
	if err != nil {
		t.Fatal(err)
	}
	if total.BitLen() <= 64 {
		t.Fatalf("king 7x8 count %v fits 64 bits: not the widening case under test", total)
	}
	if len(wide.Layers) != wide.Steps || wide.Layers[len(wide.Layers)-1] != wide.States {
		t.Fatalf("CountExact: %d layers for %d steps (last %v, states %d)", len(wide.Layers), wide.Steps, wide.Layers[len(wide.Layers)-1:], wide.States)
	}
	if m := slices.Max(wide.Layers); m != wide.PeakStates {
		t.Errorf("largest layer %d, peak %d", m, wide.PeakStates)
	}
	q := count.Prime(0)
	res, mod, err := count.CountModulo(ctx, p, count.Options{Order: order}, q)
	if err != nil {
		t.Fatal(err)
	}
	if want := new(big.Int).Mod(total, new(big.Int).SetUint64(q)).Uint64(); res != want {
		t.Errorf("count modulo %d: %d, want %d", q, res, want)
	}
	if !slices.Equal(wide.Layers, mod.Layers) {
		t.Errorf("same order, different layers:\n%v\n%v", wide.Layers, mod.Layers)
	}
	_, rowMajor, err := count.CountModulo(ctx, p, count.Options{}, q)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(rowMajor.Layers, mod.Layers) {
		t.Errorf("row-major and BoardOrder give the same layers %v", mod.Layers)
	}
}
