package ckfile

import (
	"bytes"
	"slices"
	"testing"
)

// FuzzManifest: any bytes parse without panic, and a manifest that
// parses is written back the same.
func FuzzManifest(f *testing.F) {
	good := testManifest(f)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte(ManifestMagic))
	f.Add([]byte(ManifestMagic1))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseManifest(data, "key", 64, 2, 1)
		if err != nil {
			return
		}
		if m.Done < 1 || m.Done >= 64 || m.Cur == nil || len(m.Cur.Size) != 1<<m.Cur.Bits {
			t.Fatalf("bad manifest parsed: %+v", m)
		}
	})
}

// testManifest returns a manifest as count's saveSpilled writes it: a
// step under way, buckets of both layers written, one done, one folded.
func testManifest(t testing.TB) []byte {
	set := func(bits uint) *Set {
		n := 1 << bits
		return &Set{Bits: bits, Size: make([]int64, n), Recs: make([]int64, n), Gen: make([]uint8, n), Done: make([]bool, n)}
	}
	cur, next := set(2), set(3)
	cur.Size[1], cur.Recs[1], cur.Done[2] = 100, 30, true
	next.Size[7], next.Recs[7], next.Gen[7] = 9, 2, 3
	m := Manifest{Key: "key", Done: 5, KW: 2, CW: 1, Dir: t.TempDir(), Cur: cur, Next: next}
	return m.Append(nil)
}

// A manifest parses back to what was written; every truncation and every
// flipped byte is refused.
func TestManifestRoundTrip(t *testing.T) {
	data := testManifest(t)
	m, err := ParseManifest(data, "key", 64, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m.Done != 5 || m.Cur.Bits != 2 || m.Cur.Size[1] != 100 || m.Cur.Recs[1] != 30 || !m.Cur.Done[2] || m.Cur.Done[1] ||
		m.Next == nil || m.Next.Bits != 3 || m.Next.Size[7] != 9 || m.Next.Recs[7] != 2 || m.Next.Gen[7] != 3 || m.Next.Gen[6] != 0 {
		t.Fatalf("parsed %+v %+v %+v", m, m.Cur, m.Next)
	}
	if _, err := ParseManifest(data, "other", 64, 2, 1); err != ErrOtherCount {
		t.Errorf("another key: %v", err)
	}
	for cut := range len(data) {
		if _, err := ParseManifest(data[:cut], "key", 64, 2, 1); err == nil {
			t.Fatalf("cut at %d parsed", cut)
		}
	}
	for i := range data {
		d := slices.Clone(data)
		d[i] ^= 0x10
		if _, err := ParseManifest(d, "key", 64, 2, 1); err == nil {
			t.Fatalf("byte %d flipped parsed", i)
		}
	}
}

// A layer header reads back as written, followed by the records; a cut
// header, another magic and another key are refused with their errors.
func TestLayerHeader(t *testing.T) {
	h := LayerHeader{Key: "key", Done: 7, KW: 2, CW: 1, Recs: 1 << 33}
	b := h.Append(nil)
	file := append(slices.Clone(b), 1, 2, 3)
	r := bytes.NewReader(file)
	got, n, err := ReadLayerHeader(r, "key")
	if err != nil || got != h || n != int64(len(b)) || r.Len() != 3 {
		t.Fatalf("read %+v, %d bytes, %v (%d left); want %+v, %d bytes", got, n, err, r.Len(), h, len(b))
	}
	if _, _, err := ReadLayerHeader(bytes.NewReader(b), "other"); err != ErrOtherCount {
		t.Errorf("another key: %v", err)
	}
	for cut := range len(b) {
		want := ErrTruncated
		if cut < len(LayerMagic)+2 {
			want = ErrNotLayer
		}
		if _, _, err := ReadLayerHeader(bytes.NewReader(b[:cut]), "key"); err != want {
			t.Fatalf("cut at %d: %v, want %v", cut, err, want)
		}
	}
	if _, _, err := ReadLayerHeader(bytes.NewReader([]byte(ManifestMagic+"\x00\x00\x00")), "key"); err != ErrNotLayer {
		t.Errorf("a manifest read as a layer checkpoint: %v", err)
	}
}
