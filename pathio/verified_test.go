package pathio_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/verify"
)

// walkOf yields 0-based cells.
func walkOf(cells ...[2]int) func(func(int, int) bool) {
	return func(yield func(int, int) bool) {
		for _, c := range cells {
			if !yield(c[0], c[1]) {
				return
			}
		}
	}
}

func TestWriteVerified(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// Rook steps (the (1,0)-leaper) around a 2x2 board: a closed tour.
	rules := verify.Rules{Rows: 2, Cols: 2, Closed: true, Leapers: [][2]int{{1, 0}}}
	h := pathio.Header{Rows: 2, Cols: 2, Length: 4, Closed: true, Name: "wazir", Moves: [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}}
	tour := walkOf([2]int{0, 0}, [2]int{0, 1}, [2]int{1, 1}, [2]int{1, 0})
	for _, f := range []pathio.Format{pathio.Text, pathio.Binary} {
		name := filepath.Join(dir, "tour."+f.String())
		var stages []string
		res, err := pathio.WriteVerified(context.Background(), name, f, h, rules, tour, pathio.VerifiedOptions{Phase: func(s string) { stages = append(stages, s) }})
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		if res.Cells != 4 || !res.Closed || res.Size == 0 || len(stages) != 2 || stages[1] != "verifying" {
			t.Fatalf("%v: %+v, stages %v", f, res, stages)
		}
	}
	// A diagonal step is no rook move: the check fails and no file appears.
	bad := filepath.Join(dir, "bad.txt")
	_, err := pathio.WriteVerified(context.Background(), bad, pathio.Text, h, rules, walkOf([2]int{0, 0}, [2]int{1, 1}, [2]int{0, 1}, [2]int{1, 0}), pathio.VerifiedOptions{})
	var ve *pathio.VerifyError
	if !errors.As(err, &ve) {
		t.Fatalf("bad path: %v, want a VerifyError", err)
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Fatalf("a failed file was left behind: %v", err)
	}
}

// TestWriteVerifiedDeviceSize: the size reported for a character device
// is the bytes it received (it was the device's own size, 0 B, for
// solve --out /dev/null).
func TestWriteVerifiedDeviceSize(t *testing.T) {
	t.Parallel()
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Skip("no character device at", os.DevNull)
	}
	rules := verify.Rules{Rows: 1, Cols: 2, Leapers: [][2]int{{1, 0}}}
	h := pathio.Header{Rows: 1, Cols: 2, Length: 2, Name: "wazir", Moves: [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}}
	res, err := pathio.WriteVerified(context.Background(), os.DevNull, pathio.Text, h, rules, walkOf([2]int{0, 0}, [2]int{0, 1}), pathio.VerifiedOptions{})
	if err != nil || res.Size != int64(len("1,1\n1,2\n")) {
		t.Fatalf("%+v, %v; want the 8 bytes written", res, err)
	}
}
