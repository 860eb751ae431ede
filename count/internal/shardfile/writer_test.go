package shardfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// batchMax is the most records a shard writes at once (count's bufRecs).
const batchMax = 64

// errWrap stands for count's ErrDisk.
var errWrap = errors.New("disk")

// writeLayerFile writes a layer file of owners owners through a Writer,
// as a shard does (records of two words, in batches of up to batchMax,
// to random owners), and returns the file and the records written to
// each owner.
func writeLayerFile(t testing.TB, owners, batches int, seed uint64) (string, [][]uint64) {
	dir := t.TempDir()
	w, err := Create(dir, 0, owners, 2, errWrap)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	want := make([][]uint64, owners)
	for range batches {
		b := rng.IntN(owners)
		words := make([]uint64, 2*(1+rng.IntN(batchMax)))
		for i := range words {
			words[i] = rng.Uint64()
		}
		want[b] = append(want[b], words...)
		if err := w.Write(b, words); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Publish(false); err != nil {
		t.Fatal(err)
	}
	for b := range owners {
		if w.Recs[b] != int64(len(want[b])/2) {
			t.Fatalf("owner %d: %d records counted, %d written", b, w.Recs[b], len(want[b])/2)
		}
	}
	return filepath.Join(dir, FileName(0)), want
}

// readOwner returns owner's records in the layer file at path.
func readOwner(path string, owners, owner int) ([]uint64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	blocks, err := ReadIndex(bytes.NewReader(data), int64(len(data)), owners, owner, 16)
	if err != nil {
		return nil, err
	}
	var got []uint64
	for _, b := range blocks {
		raw := data[b.Off : b.Off+16*b.Recs]
		for i := 0; i < len(raw); i += 8 {
			got = append(got, binary.LittleEndian.Uint64(raw[i:]))
		}
	}
	return got, nil
}

// A layer file gives each owner exactly the records written to it, in
// order (blocks of several sizes, owners with none); a cut or a changed
// byte of its index is refused.
func TestWriterRoundTrip(t *testing.T) {
	for _, c := range []struct{ owners, batches int }{{1, 0}, {1, 3}, {3, 2000}, {8, 700}, {40, 5}} {
		path, want := writeLayerFile(t, c.owners, c.batches, uint64(c.owners))
		for o := range c.owners {
			got, err := readOwner(path, c.owners, o)
			if err != nil || !slices.Equal(got, want[o]) {
				t.Fatalf("%d owners, %d batches: owner %d read %d words (%v), want %d", c.owners, c.batches, o, len(got), err, len(want[o]))
			}
		}
		if _, err := readOwner(path, c.owners+1, 0); err == nil {
			t.Errorf("%d owners: read as a file of %d owners", c.owners, c.owners+1)
		}
		data, _ := os.ReadFile(path)
		index := int(binary.LittleEndian.Uint64(data[len(data)-20:])) // where the index starts
		for _, cut := range []int{1, 4, 20, len(data) - index, len(data)} {
			os.WriteFile(path, data[:len(data)-cut], 0o644)
			if _, err := readOwner(path, c.owners, 0); err == nil {
				t.Errorf("%d owners: a file cut by %d bytes was read", c.owners, cut)
			}
		}
		for i := index; i < len(data); i += 1 + (len(data)-index)/300 {
			bad := slices.Clone(data)
			bad[i] ^= 0x41
			os.WriteFile(path, bad, 0o644)
			if _, err := readOwner(path, c.owners, 0); err == nil {
				t.Errorf("%d owners: a file with byte %d of %d changed (index at %d) was read", c.owners, i, len(data), index)
			}
		}
	}
}
