package shard_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/shard"
)

// cycles16 is the number of directed Hamiltonian cycles of the 16x16 grid:
// twice A003763(8), 65882516522625836326159786165530572.
var cycles16, _ = new(big.Int).SetString("131765033045251672652319572331061144", 10)

// residue returns the sealed residue of n modulo prime index i, under the
// bound 2^203 (4 primes) of 16x16 cycles.
func residue(n *big.Int, i int) *shard.Residue {
	q := count.Prime(i)
	r := &shard.Residue{Format: shard.ResidueFormat, Problem: json.RawMessage(`{"command":"count","board":"16x16","moves":"1,0","closed":true}`),
		Method: shard.MethodDP, Convention: "directed closed tours", Divisor: 2, PrimeIndex: i,
		Prime: strconv.FormatUint(q, 10), Residue: new(big.Int).Mod(n, new(big.Int).SetUint64(q)).String(),
		BoundBits: 203, Bound: count.BoundMatchings, PrimesNeeded: 4, Version: shard.FallbackVersion}
	r.Seal()
	return r
}

func names(n int) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = "r" + strconv.Itoa(i) + ".json"
	}
	return s
}

// The residues modulo the primes the bound asks for give the count back,
// in any order and with more primes than needed; a set that does not
// determine the count, a duplicate, a foreign problem or bound, a prime
// that is not the sequence's at its index, and residues that contradict
// each other are refused in one line.
func TestMergeResidues(t *testing.T) {
	t.Parallel()
	var all []*shard.Residue
	for i := range 6 {
		all = append(all, residue(cycles16, i))
	}
	for _, set := range [][]*shard.Residue{all[:4], {all[3], all[1], all[0], all[2]}, all} {
		m, err := shard.MergeResidues(set, names(len(set)), count.Prime)
		if err != nil || m.Total.Cmp(cycles16) != 0 || len(m.Used) != len(set) || m.Used[0].PrimeIndex != 0 {
			t.Fatalf("merge of %d residues: %v, %v", len(set), m.Total, err)
		}
	}
	foreign := residue(cycles16, 3)
	foreign.Problem = json.RawMessage(`{"command":"count","board":"16x16","moves":"1,0"}`)
	foreign.Seal()
	looser := residue(cycles16, 3)
	looser.BoundBits, looser.Bound, looser.PrimesNeeded = 276, count.BoundBregman, 5
	looser.Seal()
	wrongPrime := residue(cycles16, 3)
	wrongPrime.PrimeIndex = 7
	wrongPrime.Seal()
	liar := residue(new(big.Int).Add(cycles16, big.NewInt(1)), 4)
	for name, tc := range map[string]struct {
		rs   []*shard.Residue
		want string
	}{
		"too few":    {all[:3], "3 residues do not determine the count: the Temperley-Fisher matchings squared bound puts it below 2^203, and the primes given multiply to only about 2^188; 4 primes are needed, missing prime index 3: count them with --prime-index I --out FILE"},
		"gap":        {[]*shard.Residue{all[0], all[2], all[4]}, "missing prime index 1, 3"},
		"duplicate":  {[]*shard.Residue{all[0], all[1], all[1], all[2], all[3]}, "r1.json and r2.json are both prime index 1"},
		"foreign":    {[]*shard.Residue{all[0], all[1], all[2], foreign}, "r3.json is from a different count than r0.json: the problem differs"},
		"bound":      {[]*shard.Residue{all[0], all[1], all[2], looser}, "the bound differs (2^203 by Temperley-Fisher matchings squared, 4 primes, vs 2^276 by Bregman, 5 primes"},
		"index":      {[]*shard.Residue{all[0], all[1], all[2], wrongPrime}, "is not prime index 7 of the sequence"},
		"contradict": {[]*shard.Residue{all[0], all[1], all[2], all[3], liar}, "the residues contradict each other"},
		"none":       {nil, "no residue files"},
	} {
		_, err := shard.MergeResidues(tc.rs, names(len(tc.rs)), count.Prime)
		if !errors.Is(err, shard.ErrResidue) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line with %q", name, err, tc.want)
		}
	}
}

// ReadFile tells a residue from a shard result by its format, and refuses
// a damaged residue (one digit changed) by its checksum.
func TestReadFileResidue(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good, _ := json.Marshal(residue(cycles16, 2))
	shardFile, _ := json.Marshal(sample(0, 1, "7"))
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if res, r, err := shard.ReadFile(write("r.json", good)); err != nil || res != nil || r == nil || r.PrimeIndex != 2 {
		t.Fatalf("residue file: %v %v %v", res, r, err)
	}
	if res, r, err := shard.ReadFile(write("s.json", shardFile)); err != nil || res == nil || r != nil {
		t.Fatalf("shard file: %v %v %v", res, r, err)
	}
	damaged := bytes.Replace(good, []byte(`"residue":"`), []byte(`"residue":"1`), 1)
	if _, _, err := shard.ReadFile(write("d.json", damaged)); !errors.Is(err, shard.ErrResidue) || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Errorf("damaged residue: %v", err)
	}
}

// FuzzReadResidue: the residue reader never panics, its errors are one
// line, and a file it accepts is consistent and reads back the same after
// re-encoding.
func FuzzReadResidue(f *testing.F) {
	good, _ := json.Marshal(residue(cycles16, 1))
	f.Add(good)
	f.Add([]byte(`{"format":"boardgraph-count-residue/1"}`))
	f.Add([]byte("{}"))
	f.Add([]byte(`{"prime":"-1"}`))
	f.Add(append(good, good...))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := shard.ReadResidue(bytes.NewReader(data))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error: %q", err)
			}
			return
		}
		q := r.PrimeValue()
		if q < 3 || q >= 1<<63 || r.ResidueValue() >= q || r.Checksum != r.Sum() || r.BoundBits < 1 || r.PrimesNeeded < 1 {
			t.Fatalf("accepted an inconsistent file: %+v", r)
		}
		again, _ := json.Marshal(r)
		r2, err := shard.ReadResidue(bytes.NewReader(again))
		if err != nil || r2.Checksum != r.Checksum || r2.Residue != r.Residue {
			t.Fatalf("re-encoded file: %v", err)
		}
	})
}

// A damaged residue file (cut short, a key edited, its format edited) is
// refused as a residue file, with the residue's fix, never as a shard
// result file with a shard command.
func TestReadFileDamagedResidue(t *testing.T) {
	t.Parallel()
	data, err := json.Marshal(residue(cycles16, 0))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"cut short":     string(data[:len(data)/2]),
		"cut at start":  string(data[:40]),
		"key edited":    strings.Replace(string(data), `"residue":`, `"residu":`, 1),
		"format edited": strings.Replace(string(data), "count-residue", "count-residux", 1),
		"value edited":  strings.Replace(string(data), `"prime_index":0`, `"prime_index":1`, 1),
	} {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".json")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		r, rr, err := shard.ReadFile(path)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if r != nil || rr != nil || !errors.Is(err, shard.ErrResidue) || !strings.Contains(msg, "residue file") && !strings.Contains(msg, "checksum") ||
			!strings.Contains(msg, "--prime-index") && !strings.Contains(msg, "count the prime again") || strings.Contains(msg, "--shard") || strings.Contains(msg, "shard result") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
