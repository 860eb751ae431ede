package shardfile

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// layerFile returns a small layer file of owners owners as a shard
// writes it (Writer): one block of 16-byte records for each
// owner, then the index.
func layerFile(owners int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 1))
	var file []byte
	var index []Block
	for o := range owners {
		recs := 1 + rng.IntN(100)
		index = append(index, Block{Owner: o, Off: int64(len(file)), Recs: int64(recs)})
		for range 2 * recs {
			file = append(file, byte(rng.Uint32()), 0, 0, 0, 0, 0, 0, 0)
		}
	}
	return append(file, AppendIndex(index, owners, int64(len(file)))...)
}

// ReadIndex gives back each owner's blocks in the order written (full
// blocks, and a last one of each owner not full).
func TestIndexRoundTrip(t *testing.T) {
	const owners = 5
	rng := rand.New(rand.NewPCG(3, 1))
	var file []byte
	var want [owners][]Block
	var index []Block
	for range 40 {
		b := Block{Owner: rng.IntN(owners), Off: int64(len(file)), Recs: BlockBytes / 16}
		file = append(file, make([]byte, 16*b.Recs)...)
		index = append(index, b)
		want[b.Owner] = append(want[b.Owner], b)
	}
	for o := range owners {
		b := Block{Owner: o, Off: int64(len(file)), Recs: int64(1 + rng.IntN(9))}
		file = append(file, make([]byte, 16*b.Recs)...)
		index = append(index, b)
		want[b.Owner] = append(want[b.Owner], b)
	}
	file = append(file, AppendIndex(index, owners, int64(len(file)))...)
	for o := range owners {
		got, err := ReadIndex(bytes.NewReader(file), int64(len(file)), owners, o, 16)
		if err != nil || !slices.Equal(got, want[o]) {
			t.Fatalf("owner %d: %v (%v), want %v", o, got, err, want[o])
		}
	}
}

// FuzzExchangeIndex: any bytes as a layer file are refused or give blocks
// that lie inside the file, without panic.
func FuzzExchangeIndex(f *testing.F) {
	good := layerFile(3, 7)
	f.Add(good, uint8(3), uint8(1))
	f.Add(good[len(good)/2:], uint8(3), uint8(0))
	f.Add([]byte(indexMagic), uint8(1), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, owners, owner uint8) {
		n := int(owners)%64 + 1
		o := int(owner) % n
		blocks, err := ReadIndex(bytes.NewReader(data), int64(len(data)), n, o, 16)
		if err != nil {
			return
		}
		for _, b := range blocks {
			if b.Off < 0 || b.Recs <= 0 || b.Off+16*b.Recs > int64(len(data)) {
				t.Fatalf("block %+v outside a file of %d bytes", b, len(data))
			}
		}
	})
}

// A marker and an order file parse back to what was written; a cut, a
// changed byte or another size is refused.
func TestMarkerAndOrder(t *testing.T) {
	recs := []int64{0, 7, 1 << 40}
	m := AppendMarker(recs)
	if got, err := ParseMarker(m, 3); err != nil || !slices.Equal(got, recs) {
		t.Fatalf("marker: %v, %v", got, err)
	}
	o := []int32{2, 0, 1}
	ob := AppendOrder(o)
	if got, ok := ParseOrder(ob, 3); !ok || !slices.Equal(got, o) {
		t.Fatalf("order: %v, %v", got, ok)
	}
	if _, err := ParseMarker(m, 4); err == nil {
		t.Error("a marker of 3 shards read as one of 4")
	}
	if _, ok := ParseOrder(ob, 2); ok {
		t.Error("an order of 3 vertices read as one of 2")
	}
	for i := range m {
		bad := slices.Clone(m)
		bad[i] ^= 4
		if _, err := ParseMarker(bad, 3); err == nil {
			t.Fatalf("a marker with byte %d changed was read", i)
		}
		if _, err := ParseMarker(m[:i], 3); err == nil {
			t.Fatalf("a marker cut to %d bytes was read", i)
		}
	}
	for i := range ob {
		bad := slices.Clone(ob)
		bad[i] ^= 4
		if _, ok := ParseOrder(bad, 3); ok {
			t.Fatalf("an order with byte %d changed was read", i)
		}
	}
}
