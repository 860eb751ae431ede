package count

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/count/internal/ckfile"
	"github.com/boardgraph/boardgraph/count/internal/runs"
	"github.com/boardgraph/boardgraph/count/internal/spill"
)

// A full disk (ENOSPC, from /dev/full) while a run is written is an
// ErrDisk whose one-line message names the directory and the fix.
func TestSpillDiskFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	full.Close()
	dir := t.TempDir()
	r := &dp{plan: &plan{steps: make([]step, 10)}, mem: newStore(1, 1, 1<<20), opt: Options{MaxBytes: 1 << 20}, spillDir: dir}
	// The bucket's file is /dev/full: a manifest's bucket of no bytes.
	if err := os.Symlink("/dev/full", filepath.Join(dir, spill.BucketFile(0, 0))); err != nil {
		t.Fatal(err)
	}
	s, err := r.openSet(dir, &ckfile.Set{Size: make([]int64, 1), Recs: make([]int64, 1), Gen: make([]uint8, 1), Done: make([]bool, 1)}, true)
	if err != nil {
		t.Fatal(err)
	}
	defer s.closeFiles()
	var sc runs.Scratch
	err = s.write(0, []uint64{7, 1, 9, 2}, &sc)
	if err == nil {
		err = s.FlushRuns()
	}
	err = r.diskError(err)
	t.Log(err)
	if !errors.Is(err, ErrDisk) || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "--tmp") || strings.Contains(err.Error(), "\n") {
		t.Errorf("disk full: %v", err)
	}
}

// foldNeed: what the rest of a step writes at the pace so far, less the
// files of the layer it still reads, plus spillSlack.
func TestFoldNeed(t *testing.T) {
	// 10 GiB written in the quarter done: 30 GiB to come, 40 to free.
	if got := foldNeed(40<<30, 10<<30, 0, 0.25); got != spillSlack {
		t.Errorf("foldNeed at 25%% = %v, want spillSlack only", got)
	}
	// 10 GiB in the tenth done: 90 GiB to come, 40 to free: 50 more.
	if got, want := foldNeed(40<<30, 10<<30, 0, 0.1), float64(50<<30)+spillSlack; math.Abs(got-want) > 1<<20 {
		t.Errorf("foldNeed at 10%% = %v, want %v", got, want)
	}
	// Resumed at half the step: the pace is that of what this run did.
	if got, want := foldNeed(10<<30, 10<<30, 0.5, 0.6), float64(30<<30)+spillSlack; math.Abs(got-want) > 1<<20 {
		t.Errorf("foldNeed resumed = %v, want %v", got, want)
	}
	if got := foldNeed(40<<30, 1<<30, 0.2, 0.205); got != spillSlack {
		t.Errorf("foldNeed with 0.5%% done = %v, want spillSlack (pace unknown)", got)
	}
}

// saveSpilled writes the manifest of its sets: it parses back to their
// buckets, the done flags of the current layer and the next's folds.
func TestSaveSpilled(t *testing.T) {
	dir := t.TempDir()
	r := &dp{mem: newStore(2, 1, 1<<20), opt: Options{MaxBytes: 1 << 20}}
	r.ck = &dpCheckpoint{path: dir + "/ck", key: "key"}
	r.spillRoot = dir
	cur := &spillSet{Buckets: spill.New(r.spillConfig(dir, 2, 0.25))}
	cur.Size[1], cur.Recs[1], cur.Done[2] = 100, 30, true
	next := &spillSet{Buckets: spill.New(r.spillConfig(dir, 3, 0.25))}
	next.Size[7], next.Recs[7], next.Gen[7] = 9, 2, 3
	if err := r.saveSpilled(5, cur, next); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(dir + "/ck")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ckfile.ParseManifest(data, "key", 64, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m.Done != 5 || m.Dir != dir || m.Cur.Bits != 2 || m.Cur.Size[1] != 100 || m.Cur.Recs[1] != 30 || !m.Cur.Done[2] || m.Cur.Done[1] ||
		m.Next == nil || m.Next.Bits != 3 || m.Next.Size[7] != 9 || m.Next.Recs[7] != 2 || m.Next.Gen[7] != 3 || m.Next.Gen[6] != 0 {
		t.Fatalf("parsed %+v %+v %+v", m, m.Cur, m.Next)
	}
}
