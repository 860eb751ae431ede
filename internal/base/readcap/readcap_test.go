package readcap

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// zeros is an endless reader, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestReadAll(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in    string
		limit int64
		ok    bool
	}{
		{"", 0, true},
		{"abc", 3, true},
		{"abcd", 3, false},
		{"", 5, true},
	} {
		data, err := ReadAll(strings.NewReader(tc.in), tc.limit, "the input", "give less")
		if tc.ok && (err != nil || string(data) != tc.in) {
			t.Errorf("%q limit %d: %q %v", tc.in, tc.limit, data, err)
		}
		if !tc.ok && (!errors.Is(err, ErrTooLarge) || data != nil) {
			t.Errorf("%q limit %d: want ErrTooLarge, got %v", tc.in, tc.limit, err)
		}
	}
	began := time.Now()
	_, err := ReadAll(zeros{}, 1<<20, "the puzzle", "split the puzzle")
	if !errors.Is(err, ErrTooLarge) || err.Error() != "input too large: the puzzle is larger than 1 MiB, the limit; split the puzzle" {
		t.Fatalf("endless input: %v", err)
	}
	if d := time.Since(began); d > 10*time.Second {
		t.Fatalf("endless input took %v", d)
	}
}

func TestReadFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	os.WriteFile(name, []byte("hello"), 0o644)
	if data, err := ReadFile(name, 5, "the file", "x"); err != nil || string(data) != "hello" {
		t.Fatalf("%q %v", data, err)
	}
	if _, err := ReadFile(name, 4, "the file", "x"); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over the limit: %v", err)
	}
	if _, err := ReadFile(dir, 4, "the file", "x"); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Fatalf("directory: %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 4, "the file", "x"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing: %v", err)
	}
	if fi, err := os.Stat("/dev/zero"); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		if _, err := ReadFile("/dev/zero", 1<<20, "the file", "x"); !errors.Is(err, ErrTooLarge) {
			t.Fatalf("/dev/zero: %v", err)
		}
	}
	var _ io.Reader = zeros{}
}

func TestSize(t *testing.T) {
	t.Parallel()
	for n, want := range map[int64]string{64 << 20: "64 MiB", 1 << 30: "1 GiB", 1024: "1 KiB", 1000: "1000 bytes", 1<<20 + 1: "1048577 bytes"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
