package shard_test

import (
	"encoding/json"
	"errors"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/shard"
)

// manifestOf returns a sealed manifest of count total (directed) with the
// residues of k primes, a bound of bits and the given order and layers.
func manifestOf(total string, bits, k int, order []string, layers []int) *shard.Manifest {
	v, _ := new(big.Int).SetString(total, 10)
	m := &shard.Manifest{Format: shard.ManifestFormat, Command: []string{"boardgraph", "count"}, Version: shard.FallbackVersion,
		Problem: json.RawMessage(`{"board":"6x6","moves":"king"}`), Method: shard.MethodDP, Convention: "directed", Divisor: 2,
		Count: total, Order: order, BoundBits: bits, Bound: count.BoundBregman, PrimesNeeded: k, Layers: layers}
	for i := range k {
		q := count.Prime(i)
		m.Residues = append(m.Residues, shard.ManifestResidue{PrimeIndex: i, Prime: strconv.FormatUint(q, 10),
			Residue: new(big.Int).Mod(v, new(big.Int).SetUint64(q)).String()})
	}
	m.Seal()
	return m
}

// bigCount is a count past 2^64, so that its residues differ from it.
const bigCount = "123456789012345678901234567890"

// TestManifestCheck corrupts each part of a sound manifest and sees Check
// reject it; the sound one and a resealed sound edit pass.
func TestManifestCheck(t *testing.T) {
	good := func() *shard.Manifest {
		return manifestOf(bigCount, 120, 2, []string{"1,1", "1,2"}, []int{1, 3, 2, 1})
	}
	if err := good().Check(count.Prime); err != nil {
		t.Fatalf("a sound manifest: %v", err)
	}
	for _, tc := range []struct {
		name, want string
		edit       func(*shard.Manifest)
		reseal     bool
	}{
		{"count edited", "checksum", func(m *shard.Manifest) { m.Count = "123456789012345678901234567891" }, false},
		{"count edited and resealed", "residue modulo prime index 0", func(m *shard.Manifest) { m.Count = "123456789012345678901234567891" }, true},
		{"residue edited", "residue modulo prime index 1", func(m *shard.Manifest) { m.Residues[1].Residue = "5" }, true},
		{"a residue missing", "residues for", func(m *shard.Manifest) { m.Residues = m.Residues[:1] }, true},
		{"wrong prime", "want index 1", func(m *shard.Manifest) { m.Residues[1].Prime = "7" }, true},
		{"layers edited", "layers' checksum", func(m *shard.Manifest) { m.Layers[2] = 9; m.Checksum = m.Sum() }, false},
		{"count past its bound", "passes its own bound", func(m *shard.Manifest) { m.BoundBits = 90 }, true},
		{"too few primes for the bound", "do not determine", func(m *shard.Manifest) { m.BoundBits = 200 }, true},
		{"another format", "not a results manifest", func(m *shard.Manifest) { m.Format = "x" }, true},
		{"not a number", "not a decimal", func(m *shard.Manifest) { m.Count = "12a" }, true},
	} {
		m := good()
		tc.edit(m)
		if tc.reseal {
			m.Seal()
		}
		err := m.Check(count.Prime)
		if !errors.Is(err, shard.ErrManifest) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrManifest saying %q", tc.name, err, tc.want)
		}
	}
}

// TestMergeManifests: manifests of one count agree, counting their
// distinct orders; a different count, the same order with other layers,
// another problem, and a residue file that contradicts them are refused.
func TestMergeManifests(t *testing.T) {
	a := manifestOf(bigCount, 120, 2, []string{"1,1", "1,2"}, []int{1, 3, 2, 1})
	b := manifestOf(bigCount, 120, 2, []string{"1,2", "1,1"}, []int{1, 4, 2, 1})
	names := []string{"a.json", "b.json"}
	residue := func(i int, shift int64) *shard.Residue {
		v, _ := new(big.Int).SetString(bigCount, 10)
		q := count.Prime(i)
		v.Add(v, big.NewInt(shift)).Mod(v, new(big.Int).SetUint64(q))
		r := &shard.Residue{Format: shard.ResidueFormat, Problem: a.Problem, Method: shard.MethodDP, Convention: a.Convention,
			Divisor: 2, PrimeIndex: i, Prime: strconv.FormatUint(q, 10), Residue: v.String(), BoundBits: 120, Bound: a.Bound,
			PrimesNeeded: 2, Version: shard.FallbackVersion}
		r.Seal()
		return r
	}
	m, err := shard.MergeManifests([]*shard.Manifest{a, b}, names, []*shard.Residue{residue(5, 0)}, []string{"r5.json"}, count.Prime)
	if err != nil || m.Total.String() != bigCount || m.Orders != 2 || m.Layers != 2 || len(m.PrimeIndexes) != 1 {
		t.Fatalf("agreeing manifests: %+v, %v", m, err)
	}
	other := manifestOf("123456789012345678901234567892", 120, 2, b.Order, b.Layers)
	sameOrder := manifestOf(bigCount, 120, 2, a.Order, []int{1, 3, 3, 1})
	foreign := manifestOf(bigCount, 120, 2, b.Order, b.Layers)
	foreign.Problem = json.RawMessage(`{"board":"7x7","moves":"king"}`)
	foreign.Seal()
	for _, tc := range []struct {
		name     string
		ms       []*shard.Manifest
		residues []*shard.Residue
		want     string
	}{
		{"counts differ", []*shard.Manifest{a, other}, nil, "one of the runs is wrong"},
		{"same order, other layers", []*shard.Manifest{a, sameOrder}, nil, "same vertex order"},
		{"another problem", []*shard.Manifest{a, foreign}, nil, "different problems"},
		{"a residue that disagrees", []*shard.Manifest{a, b}, []*shard.Residue{residue(5, 1)}, "one of them is wrong"},
	} {
		rnames := make([]string, len(tc.residues))
		for i := range rnames {
			rnames[i] = "r.json"
		}
		_, err := shard.MergeManifests(tc.ms, names, tc.residues, rnames, count.Prime)
		if !errors.Is(err, shard.ErrManifest) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrManifest saying %q", tc.name, err, tc.want)
		}
	}
}

// FuzzParseManifest: the manifest reader never panics, its errors are
// one line, and a manifest it accepts passes Check again after
// re-encoding.
func FuzzParseManifest(f *testing.F) {
	good, _ := json.Marshal(manifestOf(bigCount, 120, 2, []string{"1,1"}, []int{1, 2, 1}))
	f.Add(good)
	f.Add([]byte(`{"format":"boardgraph-count-manifest/1"}`))
	f.Add([]byte(`{"format":"boardgraph-count-manifest/1","primes_needed":4096,"residues":[]}`))
	f.Add([]byte("{}"))
	f.Add(append(good, good...))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := shard.ParseManifest(data, count.Prime)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error: %q", err)
			}
			return
		}
		again, _ := json.Marshal(m)
		if _, err := shard.ParseManifest(again, count.Prime); err != nil {
			t.Fatalf("re-encoded manifest: %v", err)
		}
	})
}
