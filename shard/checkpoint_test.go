package shard_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/shard"
)

func writeCheckpoint(t testing.TB, path, key string, units map[int]uint64) {
	t.Helper()
	c, _, err := shard.OpenCheckpoint(path, key, false)
	if err != nil {
		t.Fatal(err)
	}
	c.SyncEvery = 0
	for u, x := range units {
		if err := c.Append(u, x); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCheckpointRoundTrip appends units, reopens with resume and gets them
// back; a torn last line is dropped with a warning and cut off, so
// appending after it leaves a valid file.
func TestCheckpointRoundTrip(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "ck")
	want := map[int]uint64{3: 10, 7: 0, 11: 1<<64 - 1}
	writeCheckpoint(t, path, "k1", want)
	// A kill in the middle of a write leaves a line without its newline.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("u 15 99")
	f.Close()
	c, done, err := shard.OpenCheckpoint(path, "k1", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != len(want) || !strings.Contains(c.Salvaged, "dropped 1 damaged or torn line") {
		t.Fatalf("resumed %v (salvaged %q), want %v", done, c.Salvaged, want)
	}
	for u, x := range want {
		if done[u] != x {
			t.Fatalf("unit %d: %d, want %d", u, done[u], x)
		}
	}
	if err := c.Append(15, 5); err != nil {
		t.Fatal(err)
	}
	c.Close()
	data, _ := os.ReadFile(path)
	ps, err := shard.ParseCheckpoint(data)
	if err != nil || ps.Key != "k1" || ps.Good != len(data) || ps.Dropped != 0 || ps.Done[15] != 5 || len(ps.Done) != 4 {
		t.Fatalf("after resume: %+v, %v\n%s", ps, err, data)
	}
}

// TestCheckpointSalvage damages lines in the middle of a file: the valid
// lines before and after are kept, the damaged ones dropped from the file.
func TestCheckpointSalvage(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "ck")
	c, _, err := shard.OpenCheckpoint(path, "k1", false)
	if err != nil {
		t.Fatal(err)
	}
	for u := range 6 {
		c.Append(u, uint64(100+u))
	}
	c.Close()
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	// lines[0] header, lines[1..6] units 0..5, lines[7] "".
	lines[2] = strings.Replace(lines[2], "u 1 101", "u 1 999", 1) // fails its CRC
	lines[4] = "\x00\x00garbage\n"
	os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644)
	c, done, err := shard.OpenCheckpoint(path, "k1", true)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if len(done) != 4 || done[0] != 100 || done[2] != 102 || done[4] != 104 || done[5] != 105 {
		t.Fatalf("salvaged %v", done)
	}
	if !strings.Contains(c.Salvaged, "dropped 2 damaged") || !strings.Contains(c.Salvaged, "first at line 3") {
		t.Errorf("warning %q", c.Salvaged)
	}
	data, _ = os.ReadFile(path)
	ps, err := shard.ParseCheckpoint(data)
	if err != nil || ps.Dropped != 0 || len(ps.Done) != 4 {
		t.Fatalf("rewritten file: %+v %v\n%s", ps, err, data)
	}
}

// TestCheckpointRefusals: an existing file without resume, another count's
// file, a damaged header, contradicting records, a special file and a
// bad key are refused.
func TestCheckpointRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "ck")
	writeCheckpoint(t, path, "k1", map[int]uint64{1: 2, 4: 5})
	if _, _, err := shard.OpenCheckpoint(path, "k1", false); !errors.Is(err, shard.ErrCheckpoint) || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("existing file without resume: %v", err)
	}
	if _, _, err := shard.OpenCheckpoint(path, "k2", true); !errors.Is(err, shard.ErrCheckpoint) || !strings.Contains(err.Error(), "another count") {
		t.Errorf("other key: %v", err)
	}
	if _, _, err := shard.OpenCheckpoint(path, "two words", true); !errors.Is(err, shard.ErrCheckpoint) {
		t.Errorf("bad key: %v", err)
	}
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	other := filepath.Join(dir, "other")
	writeCheckpoint(t, other, "k1", map[int]uint64{1: 3})
	od, _ := os.ReadFile(other)
	for name, text := range map[string]string{
		"not a header":  "hello\n" + lines[1],
		"contradicting": string(data) + strings.SplitAfter(string(od), "\n")[1],
	} {
		if _, err := shard.ParseCheckpoint([]byte(text)); !errors.Is(err, shard.ErrCheckpoint) {
			t.Errorf("%s: %v, want ErrCheckpoint", name, err)
		}
	}
	// The same record twice is harmless.
	if ps, err := shard.ParseCheckpoint([]byte(lines[0] + lines[1] + lines[1] + lines[2])); err != nil || len(ps.Done) != 2 {
		t.Errorf("duplicate record: %+v %v", ps, err)
	}
	// /dev/zero is refused at once, not read forever.
	start := time.Now()
	if _, _, err := shard.OpenCheckpoint("/dev/zero", "k1", true); !errors.Is(err, shard.ErrCheckpoint) || time.Since(start) > time.Second {
		t.Errorf("/dev/zero: %v after %v", err, time.Since(start))
	}
	// A resumed file that does not exist starts a new count.
	c, done, err := shard.OpenCheckpoint(filepath.Join(dir, "new"), "k1", true)
	if err != nil || len(done) != 0 {
		t.Fatalf("resume of a missing file: %v %v", done, err)
	}
	c.Close()
}

// TestCheckpointLocked: while one run holds the checkpoint, a second
// (another process: flock locks are per open file) is refused with
// ErrLocked naming the file, and the file is unchanged; after the first
// closes, the second may open it. Not parallel: the child process it
// starts inherits, between fork and exec, the descriptors (and so the
// flock locks) of files other tests have open.
func TestCheckpointLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	c, _, err := shard.OpenCheckpoint(path, "k1", false)
	if err != nil {
		t.Fatal(err)
	}
	c.Append(1, 2)
	before, _ := os.ReadFile(path)
	// flock is per open file description, so a second open in this
	// process conflicts too, exactly as another process would.
	_, _, err = shard.OpenCheckpoint(path, "k1", true)
	if !errors.Is(err, shard.ErrLocked) || !strings.Contains(err.Error(), path) {
		t.Fatalf("second open: %v, want ErrLocked naming %s", err, path)
	}
	if _, err := exec.LookPath("flock"); err == nil {
		// And a real second process (util-linux flock) sees the lock.
		if out, err := exec.Command("flock", "-n", path, "true").CombinedOutput(); err == nil {
			t.Errorf("flock -n succeeded on a locked checkpoint: %s", out)
		}
	}
	after, _ := os.ReadFile(path)
	if string(after) != string(before) {
		t.Fatal("the refused open changed the file")
	}
	c.Close()
	c2, done, err := shard.OpenCheckpoint(path, "k1", true)
	if err != nil || done[1] != 2 {
		t.Fatalf("after close: %v %v", done, err)
	}
	c2.Close()
}

// FuzzParseCheckpoint feeds arbitrary bytes to the checkpoint reader: it
// must not panic; what it accepts is consistent (a prefix of complete
// lines, a key when there are records).
func FuzzParseCheckpoint(f *testing.F) {
	path := filepath.Join(f.TempDir(), "seed")
	writeCheckpoint(f, path, "abc", map[int]uint64{0: 12, 5: 1 << 63})
	seed, _ := os.ReadFile(path)
	f.Add(seed)
	f.Add(seed[:len(seed)-3])
	f.Add([]byte("boardgraph-checkpoint 1 x 00000000\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := shard.ParseCheckpoint(data)
		if err != nil {
			if !errors.Is(err, shard.ErrCheckpoint) {
				t.Fatalf("error does not wrap ErrCheckpoint: %v", err)
			}
			return
		}
		if ps.Good < 0 || ps.Good > len(data) || (ps.Good > 0 && data[ps.Good-1] != '\n') {
			t.Fatalf("good prefix %d of %d bytes", ps.Good, len(data))
		}
		if len(ps.Done) > 0 && ps.Key == "" {
			t.Fatal("records without a key")
		}
		for u := range ps.Done {
			if u < 0 {
				t.Fatalf("negative unit %d", u)
			}
		}
	})
}
