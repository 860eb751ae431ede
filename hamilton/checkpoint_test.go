package hamilton_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
)

// TestCheckpointRoundTrip appends units, reopens with resume and gets them
// back; a torn last line is dropped and cut off, so appending after it
// leaves a valid file.
func TestCheckpointRoundTrip(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "ck")
	c, done, err := hamilton.OpenCheckpoint(path, "k1", false)
	if err != nil || len(done) != 0 {
		t.Fatalf("new: %v, %v", done, err)
	}
	c.SyncEvery = 0
	want := map[int]uint64{3: 10, 7: 0, 11: 1<<64 - 1}
	for u, x := range want {
		if err := c.Append(u, x); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	// A kill in the middle of a write leaves a line without its newline.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("u 15 99")
	f.Close()
	c, done, err = hamilton.OpenCheckpoint(path, "k1", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != len(want) {
		t.Fatalf("resumed %v, want %v", done, want)
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
	key, done, good, err := hamilton.ParseCheckpoint(data)
	if err != nil || key != "k1" || good != len(data) || done[15] != 5 || len(done) != 4 {
		t.Fatalf("after resume: key %q, %v, %d/%d bytes, %v\n%s", key, done, good, len(data), err, data)
	}
}

// TestCheckpointRefusals: an existing file without resume, another count's
// file, a corrupt line and a unit recorded twice with different counts are
// refused with ErrCheckpoint.
func TestCheckpointRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "ck")
	c, _, err := hamilton.OpenCheckpoint(path, "k1", false)
	if err != nil {
		t.Fatal(err)
	}
	c.Append(1, 2)
	c.Append(4, 5)
	c.Close()
	if _, _, err := hamilton.OpenCheckpoint(path, "k1", false); !errors.Is(err, hamilton.ErrCheckpoint) || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("existing file without resume: %v", err)
	}
	if _, _, err := hamilton.OpenCheckpoint(path, "k2", true); !errors.Is(err, hamilton.ErrCheckpoint) || !strings.Contains(err.Error(), "another count") {
		t.Errorf("other key: %v", err)
	}
	if _, _, err := hamilton.OpenCheckpoint(path, "two words", true); !errors.Is(err, hamilton.ErrInvalid) {
		t.Errorf("bad key: %v", err)
	}
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	for name, text := range map[string]string{
		"flipped digit":    lines[0] + strings.Replace(lines[1], "u 1 2", "u 1 3", 1) + lines[2],
		"other key's line": lines[0] + strings.Replace(lines[1], "u 1 2", "u 9 2", 1),
		"not a header":     "hello\n" + lines[1],
		"dup unit":         lines[0] + lines[1] + lines[1] + lines[2],
	} {
		_, _, _, err := hamilton.ParseCheckpoint([]byte(text))
		if name == "dup unit" {
			if err != nil {
				t.Errorf("%s: the same record twice is harmless: %v", name, err)
			}
			continue
		}
		if !errors.Is(err, hamilton.ErrCheckpoint) {
			t.Errorf("%s: %v, want ErrCheckpoint", name, err)
		}
	}
	// A resumed file that does not exist starts a new count.
	c, done, err := hamilton.OpenCheckpoint(filepath.Join(dir, "new"), "k1", true)
	if err != nil || len(done) != 0 {
		t.Fatalf("resume of a missing file: %v %v", done, err)
	}
	c.Close()
}

// FuzzParseCheckpoint feeds arbitrary bytes to the checkpoint reader: it
// must not panic, must report a prefix of complete lines, and what it
// accepts must come back from the records it returned.
func FuzzParseCheckpoint(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, "seed")
	c, _, err := hamilton.OpenCheckpoint(path, "abc", false)
	if err != nil {
		f.Fatal(err)
	}
	c.Append(0, 12)
	c.Append(5, 1<<63)
	c.Close()
	seed, _ := os.ReadFile(path)
	f.Add(seed)
	f.Add(seed[:len(seed)-3])
	f.Add([]byte("boardgraph-checkpoint 1 x 00000000\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		key, done, good, err := hamilton.ParseCheckpoint(data)
		if err != nil {
			if !errors.Is(err, hamilton.ErrCheckpoint) {
				t.Fatalf("error does not wrap ErrCheckpoint: %v", err)
			}
			return
		}
		if good < 0 || good > len(data) || (good > 0 && data[good-1] != '\n') {
			t.Fatalf("good prefix %d of %d bytes", good, len(data))
		}
		if good > 0 && key == "" {
			t.Fatal("complete lines without a key")
		}
		for u := range done {
			if u < 0 {
				t.Fatalf("negative unit %d", u)
			}
		}
	})
}
