//go:build linux || darwin || freebsd || netbsd || openbsd

package pathio

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// writeString writes s to name through WriteFileAtomic.
func writeString(name, s string) error {
	return WriteFileAtomic(name, func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	})
}

// onlyEntries fails unless dir holds exactly the given names (no
// temporary file left behind).
func onlyEntries(t *testing.T, dir string, want ...string) {
	t.Helper()
	got := testfix.DirNames(t, dir)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("%s holds %v, want %v", dir, got, want)
	}
}

// TestAtomicFIFO writes into a named pipe: the reader gets the data, the
// pipe stays a pipe (it is not replaced by a regular file), and nothing is
// left in the directory. A failed write never opens the pipe.
func TestAtomicFIFO(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo, got := testfix.FIFO(t, dir)
	if err := writeString(fifo, "1,1\n2,3\n"); err != nil {
		t.Fatal(err)
	}
	select {
	case data := <-got:
		if string(data) != "1,1\n2,3\n" {
			t.Fatalf("the reader got %q", data)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the reader got nothing")
	}
	fi, err := os.Lstat(fifo)
	if err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the pipe was replaced: %v %v", fi.Mode(), err)
	}
	onlyEntries(t, dir, "pipe")

	// A pipe is written directly: no temporary file, and a write with no
	// reader waits only until its context ends.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	af, err := CreateAtomicContext(ctx, fifo)
	if err != nil {
		t.Fatal(err)
	}
	var stopped *StoppedError
	if _, err := af.Write([]byte("1,1\n")); !errors.As(err, &stopped) || !errors.Is(err, context.DeadlineExceeded) || af.TempName() != "" || !af.Special() {
		t.Fatalf("write with no reader: %v (temp %q)", err, af.TempName())
	}
	af.Abort()
	// A write that fails before any byte does not open the pipe.
	if err := WriteFileAtomic(fifo, func(io.Writer) error { return errors.New("boom") }); err == nil || err.Error() != "boom" {
		t.Fatalf("got %v", err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the pipe was replaced: %v", err)
	}
	onlyEntries(t, dir, "pipe")
}

// TestAtomicSymlink writes through a chain of symbolic links: the final
// target is replaced atomically (keeping its permission bits), the links
// stay links. A link to a missing file is refused and left alone.
func TestAtomicSymlink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "target.txt")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link1 := filepath.Join(dir, "link1")
	link2 := filepath.Join(dir, "link2")
	if err := os.Symlink("target.txt", link1); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(link1, link2); err != nil {
		t.Fatal(err)
	}
	if err := writeString(link2, "new"); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{link1, link2} {
		if fi, err := os.Lstat(l); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s is no longer a link: %v", l, err)
		}
	}
	if got, _ := os.Readlink(link1); got != "target.txt" {
		t.Fatalf("link1 now points to %q", got)
	}
	data, _ := os.ReadFile(target)
	fi, _ := os.Stat(target)
	if string(data) != "new" || fi.Mode().Perm() != 0o600 {
		t.Fatalf("target holds %q with mode %v", data, fi.Mode())
	}
	onlyEntries(t, dir, "link1", "link2", "target.txt")

	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink("missing", dangling); err != nil {
		t.Fatal(err)
	}
	err := writeString(dangling, "x")
	if !errors.Is(err, ErrSpecialFile) || !strings.Contains(err.Error(), "symbolic link to a missing file") {
		t.Fatalf("got %v", err)
	}
	if fi, err := os.Lstat(dangling); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the dangling link was replaced")
	}
	onlyEntries(t, dir, "dangling", "link1", "link2", "target.txt")
}

// TestAtomicCharDevice writes to /dev/null and /dev/full through links in
// a temporary directory (so that a wrong writer replaces the link, never
// the device): the device gets the data, the link and the device stay what
// they were, and a device that refuses the data is an error.
func TestAtomicCharDevice(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, dev := range []string{"/dev/null", "/dev/full"} {
		fi, err := os.Stat(dev)
		if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Skipf("%s is not a character device here", dev)
		}
		link := filepath.Join(dir, filepath.Base(dev))
		if err := os.Symlink(dev, link); err != nil {
			t.Fatal(err)
		}
		err = writeString(link, strings.Repeat("1,1\n", 100000))
		switch dev {
		case "/dev/null":
			if err != nil {
				t.Fatalf("%s: %v", dev, err)
			}
		case "/dev/full":
			if err == nil || !strings.Contains(err.Error(), "no space left") {
				t.Fatalf("%s: got %v", dev, err)
			}
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("the link to %s was replaced", dev)
		}
		if fi, err := os.Stat(link); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("%s is no longer a character device", dev)
		}
	}
	onlyEntries(t, dir, "full", "null")
}

// TestAtomicRefusals: a directory, a socket, and a name that became a link
// between CreateAtomic and Commit are refused and left as they were.
func TestAtomicRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := writeString(dir, "x"); !errors.Is(err, ErrSpecialFile) {
		t.Fatalf("directory: got %v", err)
	}
	sock := filepath.Join(dir, "s")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("unix socket: %v", err)
	}
	defer l.Close()
	if err := writeString(sock, "x"); !errors.Is(err, ErrSpecialFile) || !strings.Contains(err.Error(), "socket") {
		t.Fatalf("socket: got %v", err)
	}
	if fi, err := os.Lstat(sock); err != nil || fi.Mode()&os.ModeSocket == 0 {
		t.Fatal("the socket was replaced")
	}

	name := filepath.Join(dir, "out")
	af, err := CreateAtomic(name)
	if err != nil {
		t.Fatal(err)
	}
	af.Write([]byte("data"))
	other := filepath.Join(dir, "other")
	os.WriteFile(other, []byte("keep"), 0o644)
	if err := os.Symlink(other, name); err != nil {
		t.Fatal(err)
	}
	if err := af.Commit(); !errors.Is(err, ErrSpecialFile) {
		t.Fatalf("commit over a new link: got %v", err)
	}
	if fi, err := os.Lstat(name); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced")
	}
	if data, _ := os.ReadFile(other); !bytes.Equal(data, []byte("keep")) {
		t.Fatalf("the link's target changed: %q", data)
	}
	onlyEntries(t, dir, "other", "out", "s")
}

func TestWriteFilesAtomic(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	boom := errors.New("boom")
	err := WriteFilesAtomic(a, b, func(wa, wb io.Writer) error {
		io.WriteString(wa, "x")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("%v, want boom", err)
	}
	for _, name := range []string{a, b} {
		if _, err := os.Stat(name); !os.IsNotExist(err) {
			t.Fatalf("%s left behind after a failed write", name)
		}
	}
	if err := WriteFilesAtomic(a, b, func(wa, wb io.Writer) error {
		io.WriteString(wa, "nodes")
		_, err := io.WriteString(wb, "rels")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if da, _ := os.ReadFile(a); string(da) != "nodes" {
		t.Fatalf("a = %q", da)
	}
	if db, _ := os.ReadFile(b); string(db) != "rels" {
		t.Fatalf("b = %q", db)
	}
}

// TestAtomicFIFOStops: a named pipe with no reader, or with a reader that
// stops reading, holds a write only until its context ends; the error
// wraps the context's, and nothing is staged in TMPDIR. The open used to
// block in the kernel, deaf to the context and to Ctrl-C, and a second
// signal left the staged file in TMPDIR.
func TestAtomicFIFOStops(t *testing.T) {
	stage := t.TempDir()
	t.Setenv("TMPDIR", stage)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	testfix.Mkfifo(t, fifo)
	big := strings.Repeat("1,1\n", 1<<18) // 1 MiB: more than a pipe holds
	for _, tc := range []struct {
		name   string
		reader bool // a reader opens the pipe and never reads
		write  func(ctx context.Context) error
	}{
		{"no reader, WriteFile", false, func(ctx context.Context) error {
			_, err := WriteFile(ctx, fifo, Text, Header{}, func(yield func(int, int) bool) { yield(0, 0) }, WriteOptions{})
			return err
		}},
		{"no reader, WriteFileAtomicContext", false, func(ctx context.Context) error {
			return WriteFileAtomicContext(ctx, fifo, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err })
		}},
		{"reader stalls", true, func(ctx context.Context) error {
			return WriteFileAtomicContext(ctx, fifo, func(w io.Writer) error { _, err := io.WriteString(w, big); return err })
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.reader {
				opened := make(chan *os.File, 1)
				go func() {
					f, _ := os.OpenFile(fifo, os.O_RDONLY, 0)
					opened <- f
				}()
				defer func() {
					if f := <-opened; f != nil {
						f.Close()
					}
				}()
			}
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- tc.write(ctx) }()
			select {
			case err := <-done:
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Fatalf("err = %v, want one wrapping context.DeadlineExceeded", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("the write was still blocked 5 s after its context ended")
			}
			onlyEntries(t, stage)
			if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
				t.Fatalf("the pipe is no longer a pipe: %v %v", fi, err)
			}
		})
	}
}
