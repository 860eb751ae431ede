package spill

import (
	"errors"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/boardgraph/boardgraph/count/internal/ckfile"
	"github.com/boardgraph/boardgraph/count/internal/runs"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// errWrap stands for count's ErrDisk.
var errWrap = errors.New("disk")

// testConfig is a layer of 2^bits buckets of one-word keys and counts in
// dir, with buffers of 8 records.
func testConfig(dir string, bits uint) Config {
	return Config{Dir: dir, Bits: bits, KW: 1, CW: 1, PendCap: 8, NoSync: true, Written: new(atomic.Int64), Recorded: new(atomic.Int64), Err: errWrap}
}

// sums reads bucket b of s and returns each key's count.
func sums(t *testing.T, s *Buckets, b int) map[uint64]uint64 {
	got := map[uint64]uint64{}
	err := s.ReadBucket(b, func(words []uint64) error {
		for j := 0; j < len(words); j += 2 {
			got[words[j]] += words[j+1]
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// Records written to a bucket in several runs read back with their
// counts; a fold (Replace) of their sums holds each key once, in a new
// generation's file, and the old file goes with RemoveStale.
func TestWriteReadReplace(t *testing.T) {
	dir := t.TempDir()
	s, err := Create(testConfig(dir, 0))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Remove()
	want := map[uint64]uint64{}
	var sc runs.Scratch
	for i := range uint64(100) {
		k := i % 13 * 1000003
		want[k] += i + 1
		if err := s.Write(0, []uint64{runs.Hash(k, 0), i + 1}, &sc); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if s.Records() <= 13 || s.Bytes() != s.Size[0] || s.Raw.Load() != s.Size[0] {
		t.Fatalf("%d records, %d bytes, %d raw, size %d", s.Records(), s.Bytes(), s.Raw.Load(), s.Size[0])
	}
	got := sums(t, s, 0)
	if len(got) != len(want) || !maps.Equal(got, want) {
		t.Fatalf("read %v, want %v", got, want)
	}
	var recs []uint64
	for k, c := range want {
		recs = append(recs, k, c)
	}
	before := s.Size[0]
	if err := s.Replace(0, recs, &sc); err != nil {
		t.Fatal(err)
	}
	if s.Gen[0] != 1 || s.Recs[0] != 13 || s.Size[0] >= before {
		t.Errorf("folded: generation %d, %d records, %d bytes (%d before)", s.Gen[0], s.Recs[0], s.Size[0], before)
	}
	if got := sums(t, s, 0); !maps.Equal(got, want) {
		t.Fatalf("read after the fold %v, want %v", got, want)
	}
	s.RemoveStale()
	if names := testfix.DirNames(t, dir); !slices.Equal(names, []string{BucketFile(0, 1)}) {
		t.Errorf("files after the fold %v", names)
	}
}

// ToFold takes the buckets grown most since their last fold, only those
// at least doubled, until their expected gain passes the shortfall.
func TestToFold(t *testing.T) {
	s, err := Create(testConfig(t.TempDir(), 2))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Remove()
	copy(s.Size, []int64{100, 400, 300, 50})
	copy(s.folded, []int64{0, 0, 210, 0})
	// Bucket 2 has not doubled since its fold; at shrink 2 bucket 1
	// frees 200, bucket 3 25.
	if got := s.ToFold(math.Inf(1), 2, false); !slices.Equal(got, []int{1, 0, 3}) {
		t.Errorf("no room: %v", got)
	}
	if got := s.ToFold(100, 2, false); !slices.Equal(got, []int{1}) {
		t.Errorf("100 short: %v", got)
	}
	if got := s.ToFold(math.Inf(1), 2, true); !slices.Equal(got, []int{1, 0, 2, 3}) {
		t.Errorf("all: %v", got)
	}
}

// Open cuts the next layer's files back to the manifest's bytes, refuses
// a current layer's file of other bytes (an *OpenError), deletes the
// files of buckets done and the files the manifest does not name.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{BucketFile(0, 0), BucketFile(1, 2), BucketFile(1, 1), "b0002", "junk"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("0123456789"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	ms := &ckfile.Set{Bits: 1, Size: []int64{4, 10}, Recs: []int64{1, 2}, Gen: []uint8{0, 2}, Done: []bool{false, false}}
	var oe *OpenError
	if _, err := Open(testConfig(dir, 1), ms, false); !errors.As(err, &oe) || oe.Name != filepath.Join(dir, BucketFile(0, 0)) {
		t.Fatalf("a file longer than the manifest says: %v", err)
	}
	s, err := Open(testConfig(dir, 1), ms, true)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if fi, err := os.Stat(filepath.Join(dir, BucketFile(0, 0))); err != nil || fi.Size() != 4 {
		t.Errorf("bucket 0 not cut to 4 bytes: %v %v", fi, err)
	}
	if names := testfix.DirNames(t, dir); !slices.Equal(names, []string{BucketFile(0, 0), BucketFile(1, 2)}) {
		t.Errorf("files left %v", names)
	}
	ms.Done[0] = true
	if s, err = Open(testConfig(dir, 1), ms, false); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if names := testfix.DirNames(t, dir); !slices.Equal(names, []string{BucketFile(1, 2)}) {
		t.Errorf("files left with bucket 0 done: %v", names)
	}
	// A damaged file is an error wrapping Config.Err.
	if s, err = Open(testConfig(dir, 1), ms, false); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.ReadBucket(1, func([]uint64) error { return nil }); !errors.Is(err, errWrap) || !errors.Is(err, runs.ErrDamaged) {
		t.Errorf("a damaged file: %v", err)
	}
}
