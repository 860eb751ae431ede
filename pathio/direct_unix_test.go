//go:build unix

package pathio_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/verify"
)

// TestDeviceNotStaged: a character device is written directly, so a
// TMPDIR that cannot hold anything does not matter (the whole output used
// to be staged there first, with no check of the space).
func TestDeviceNotStaged(t *testing.T) {
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Skip("no character device at", os.DevNull)
	}
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	if err := pathio.WriteFileAtomic(os.DevNull, func(w io.Writer) error { _, err := w.Write(make([]byte, 1<<20)); return err }); err != nil {
		t.Fatalf("WriteFileAtomic(/dev/null): %v", err)
	}
	rules := verify.Rules{Rows: 1, Cols: 3, Leapers: [][2]int{{1, 0}}}
	h := pathio.Header{Rows: 1, Cols: 3, Length: 3, Name: "wazir", Moves: [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}}
	for _, f := range []pathio.Format{pathio.Text, pathio.Binary} {
		res, err := pathio.WriteVerified(context.Background(), os.DevNull, f, h, rules, walkOf([2]int{0, 0}, [2]int{0, 1}, [2]int{0, 2}), pathio.VerifiedOptions{})
		if err != nil || res.Cells != 3 || res.Size == 0 {
			t.Fatalf("%v: %+v %v", f, res, err)
		}
		// The checker reads the bytes as they go to the device: a path
		// that is not one is still refused (the binary writer refuses it
		// itself: its moves do not fit the header).
		_, err = pathio.WriteVerified(context.Background(), os.DevNull, f, h, rules, walkOf([2]int{0, 0}, [2]int{0, 2}, [2]int{0, 1}), pathio.VerifiedOptions{})
		var ve *pathio.VerifyError
		if f == pathio.Text && !errors.As(err, &ve) || err == nil {
			t.Fatalf("%v: a broken path written to a device: %v, want a *VerifyError", f, err)
		}
	}
}

// TestFIFODirect: a pipe's reader gets the verified path as it is written,
// and a write blocked on a reader that stopped reading ends with its
// context.
func TestFIFODirect(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", filepath.Join(dir, "missing"))
	fifo := filepath.Join(dir, "pipe")
	testfix.Mkfifo(t, fifo)
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		data, _ := io.ReadAll(f)
		f.Close()
		got <- string(data)
	}()
	rules := verify.Rules{Rows: 1, Cols: 2, Leapers: [][2]int{{1, 0}}}
	h := pathio.Header{Rows: 1, Cols: 2, Length: 2, Name: "wazir", Moves: [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}}
	res, err := pathio.WriteVerified(context.Background(), fifo, pathio.Text, h, rules, walkOf([2]int{0, 0}, [2]int{0, 1}), pathio.VerifiedOptions{})
	if err != nil || res.Size != 8 {
		t.Fatalf("%+v %v", res, err)
	}
	if s := <-got; s != "1,1\n1,2\n" {
		t.Fatalf("the reader got %q", s)
	}
	// A reader that opens and never reads: the write stops with ctx.
	opened := make(chan *os.File, 1)
	go func() { f, _ := os.OpenFile(fifo, os.O_RDONLY, 0); opened <- f }()
	defer func() {
		if f := <-opened; f != nil {
			f.Close()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	began := time.Now()
	err = pathio.WriteFileAtomicContext(ctx, fifo, func(w io.Writer) error {
		for {
			if _, err := w.Write(make([]byte, 64<<10)); err != nil {
				return err
			}
		}
	})
	var stopped *pathio.StoppedError
	if !errors.As(err, &stopped) || !errors.Is(err, context.DeadlineExceeded) || time.Since(began) > 5*time.Second {
		t.Fatalf("stalled reader: %v after %v", err, time.Since(began))
	}
}
