package count

import (
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/count/internal/runs"
)

var readFile = os.ReadFile

// FuzzManifest: any bytes parse without panic, and a manifest that
// parses is written back the same.
func FuzzManifest(f *testing.F) {
	good := testManifest(f)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte(dpManifestMagic))
	f.Add([]byte(dpManifestMagic1))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseManifest(data, "key", 64, 2, 1)
		if err != nil {
			return
		}
		if m.done < 1 || m.done >= 64 || m.cur == nil || len(m.cur.size) != 1<<m.cur.bits {
			t.Fatalf("bad manifest parsed: %+v", m)
		}
	})
}

// testManifest returns a manifest written by saveSpilled.
func testManifest(t testing.TB) []byte {
	dir := t.TempDir()
	r := &dp{mem: newStore(2, 1, 1<<20), opt: Options{MaxBytes: 1 << 20}}
	r.ck = &dpCheckpoint{path: dir + "/ck", key: "key"}
	r.spillRoot = dir
	cur := r.compactSet(dir, 2, 0.25)
	cur.size[1], cur.recs[1], cur.done[2] = 100, 30, true
	next := r.compactSet(dir, 3, 0.25)
	next.size[7], next.recs[7], next.gen[7] = 9, 2, 3
	if err := r.saveSpilled(5, cur, next); err != nil {
		t.Fatal(err)
	}
	data, err := readFile(dir + "/ck")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A manifest parses back to what was written; every truncation and every
// flipped byte is refused.
func TestManifestRoundTrip(t *testing.T) {
	data := testManifest(t)
	m, err := parseManifest(data, "key", 64, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m.done != 5 || m.cur.bits != 2 || m.cur.size[1] != 100 || m.cur.recs[1] != 30 || !m.cur.done[2] || m.cur.done[1] ||
		m.next == nil || m.next.bits != 3 || m.next.size[7] != 9 || m.next.recs[7] != 2 || m.next.gen[7] != 3 || m.next.gen[6] != 0 {
		t.Fatalf("parsed %+v %+v %+v", m, m.cur, m.next)
	}
	if _, err := parseManifest(data, "other", 64, 2, 1); err != errOtherCount {
		t.Errorf("another key: %v", err)
	}
	for cut := range len(data) {
		if _, err := parseManifest(data[:cut], "key", 64, 2, 1); err == nil {
			t.Fatalf("cut at %d parsed", cut)
		}
	}
	for i := range data {
		d := slices.Clone(data)
		d[i] ^= 0x10
		if _, err := parseManifest(d, "key", 64, 2, 1); err == nil {
			t.Fatalf("byte %d flipped parsed", i)
		}
	}
}

// A full disk (ENOSPC, from /dev/full) while a run is written is an
// ErrDisk whose one-line message names the directory and the fix.
func TestSpillDiskFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer full.Close()
	dir := t.TempDir()
	r := &dp{plan: &plan{steps: make([]step, 10)}, mem: newStore(1, 1, 1<<20), opt: Options{MaxBytes: 1 << 20}, spillDir: dir}
	s := r.compactSet(dir, 0, 0.25)
	s.files[0] = full
	var sc runs.Scratch
	err = s.write(0, []uint64{7, 1, 9, 2}, &sc)
	if err == nil {
		err = s.flushRuns()
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
