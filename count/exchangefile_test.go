package count

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/count/internal/shardfile"
	"github.com/boardgraph/boardgraph/moves"
)

// writeExchangeFile writes a layer file of owners owners through a route
// set, as a shard does (records of two words, in batches of up to
// bufRecs, to random owners), and returns the file and the records
// written to each owner.
func writeExchangeFile(t testing.TB, owners, batches int, seed uint64) (string, [][]uint64) {
	path := filepath.Join(t.TempDir(), shardfile.FileName(0))
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	s := &spillSet{xf: f, owners: owners, mu: make([]sync.Mutex, owners), recs: make([]int64, owners),
		sd: 2, rec: 16, blk: make([][]byte, owners), route: true}
	rng := rand.New(rand.NewPCG(seed, 1))
	want := make([][]uint64, owners)
	for range batches {
		b := rng.IntN(owners)
		words := make([]uint64, 2*(1+rng.IntN(bufRecs)))
		for i := range words {
			words[i] = rng.Uint64()
		}
		want[b] = append(want[b], words...)
		if err := s.write(b, words, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for b := range owners {
		if s.recs[b] != int64(len(want[b])/2) {
			t.Fatalf("owner %d: %d records counted, %d written", b, s.recs[b], len(want[b])/2)
		}
	}
	return path, want
}

// readOwner returns owner's records in the layer file at path.
func readOwner(path string, owners, owner int) ([]uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	blocks, err := shardfile.ReadIndex(f, fi.Size(), owners, owner, 16)
	if err != nil {
		return nil, err
	}
	var got []uint64
	for _, b := range blocks {
		raw := make([]byte, 16*b.Recs)
		if _, err := f.ReadAt(raw, b.Off); err != nil {
			return nil, err
		}
		for i := 0; i < len(raw); i += 8 {
			got = append(got, binary.LittleEndian.Uint64(raw[i:]))
		}
	}
	return got, nil
}

// A layer file gives each owner exactly the records written to it, in
// order (blocks of several sizes, owners with none); a cut or a changed
// byte of its index is refused.
func TestExchangeFileRoundTrip(t *testing.T) {
	for _, c := range []struct{ owners, batches int }{{1, 0}, {1, 3}, {3, 2000}, {8, 700}, {40, 5}} {
		path, want := writeExchangeFile(t, c.owners, c.batches, uint64(c.owners))
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

// SharedOrder computes the order once for shards started together,
// reads it back afterwards, and computes it again when its file is
// damaged or holds no permutation.
func TestSharedOrder(t *testing.T) {
	t.Parallel()
	bg := knightBoard(t, 5, 5)
	dir := t.TempDir()
	var calls atomic.Int32
	want := BoardOrder(bg)
	compute := func() ([]int32, error) {
		calls.Add(1)
		return want, nil
	}
	var wg sync.WaitGroup
	got := make([][]int32, 4)
	for i := range got {
		wg.Go(func() {
			o, err := SharedOrder(context.Background(), dir, bg.Graph, 1, compute)
			if err != nil {
				t.Error(err)
			}
			got[i] = o
		})
	}
	wg.Wait()
	if calls.Load() != 1 {
		t.Errorf("4 shards computed the order %d times, want once", calls.Load())
	}
	for _, o := range got {
		if !slices.Equal(o, want) {
			t.Fatalf("a shard got %v, want %v", o, want)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "order-*"))
	if len(files) != 1 {
		t.Fatalf("order files %v, want one", files)
	}
	data, _ := os.ReadFile(files[0])
	bad := slices.Clone(data)
	binary.LittleEndian.PutUint32(bad[len("BGDPORD1")+4:], binary.LittleEndian.Uint32(bad[len("BGDPORD1")+8:])) // a repeated vertex
	binary.LittleEndian.PutUint32(bad[len(bad)-4:], crc32.Checksum(bad[:len(bad)-4], castagnoli))
	for _, b := range [][]byte{data[:len(data)-1], bad, []byte("junk")} {
		os.WriteFile(files[0], b, 0o644)
		calls.Store(0)
		if o, err := SharedOrder(context.Background(), dir, bg.Graph, 1, compute); err != nil || !slices.Equal(o, want) || calls.Load() != 1 {
			t.Errorf("a damaged order file: %v, %v, computed %d times; want the order computed again", o, err, calls.Load())
		}
	}
	// Another seed is another file.
	if _, err := SharedOrder(context.Background(), dir, bg.Graph, 2, compute); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "order-*")); len(files) != 2 {
		t.Errorf("order files %v after a second seed, want two", files)
	}
	if _, err := SharedOrder(context.Background(), filepath.Join(dir, "nope"), bg.Graph, 1, compute); !errors.Is(err, ErrExchange) {
		t.Errorf("a missing directory: %v", err)
	}
}

// knightBoard is the knight's graph of a rows x cols board.
func knightBoard(t testing.TB, rows, cols int) *moves.BoardGraph {
	b, err := board.New(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	s, err := moves.Parse("knight")
	if err != nil {
		t.Fatal(err)
	}
	return moves.Build(b, s)
}
