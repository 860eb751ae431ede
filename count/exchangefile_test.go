package count

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/moves"
)

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
