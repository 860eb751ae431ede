package verify_test

// These tests cross-check two independent implementations of the binary
// path format: the writer in package pathio and the decoder here. Only the
// tests import pathio; package verify itself uses the standard library
// alone.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/verify"
)

var king = [][2]int{{1, 0}, {1, 1}}

func TestPathioFilesVerify(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{1, 1}, {1, 7}, {2, 2}, {3, 5}, {64, 63}, {101, 99}} {
		for _, f := range []pathio.Format{pathio.Text, pathio.Binary} {
			t.Run(fmt.Sprintf("%dx%d/%v", size[0], size[1], f), func(t *testing.T) {
				t.Parallel()
				rows, cols := size[0], size[1]
				var buf bytes.Buffer
				var w pathio.CellWriter = pathio.NewTextWriter(&buf)
				if f == pathio.Binary {
					var err error
					w, err = pathio.NewBinaryWriter(&buf, pathio.Header{Rows: rows, Cols: cols, Length: int64(rows * cols), Name: "king", Moves: verify.Vectors(king)})
					if err != nil {
						t.Fatal(err)
					}
				}
				if _, err := pathio.Copy(context.Background(), w, testfix.Serpentine(rows, cols), nil); err != nil {
					t.Fatal(err)
				}
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
				rules := verify.Rules{Rows: rows, Cols: cols, Leapers: king, Start: &verify.Cell{Row: 1, Col: 1}}
				var res verify.StreamResult
				var err error
				if f == pathio.Binary {
					res, err = verify.StreamBinary(context.Background(), rules, &buf, verify.StreamOptions{})
				} else {
					res, err = verify.StreamText(context.Background(), rules, &buf, verify.StreamOptions{})
				}
				if err != nil || res.Cells != int64(rows*cols) {
					t.Fatalf("cells %d, err %v", res.Cells, err)
				}
			})
		}
	}
}

// BenchmarkWriteVerify writes a king serpentine of n x n cells to a file
// with pathio and checks the file with the streaming verifier: the I/O
// part of producing a record-size path (the construction itself is
// package construct's).
func BenchmarkWriteVerify(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		for _, f := range []pathio.Format{pathio.Binary, pathio.Text} {
			b.Run(fmt.Sprintf("%dx%d/%v", n, n, f), func(b *testing.B) {
				name := filepath.Join(b.TempDir(), "p")
				h := pathio.Header{Rows: n, Cols: n, Length: int64(n * n), Name: "king", Moves: verify.Vectors(king)}
				rules := verify.Rules{Rows: n, Cols: n, Leapers: king}
				check := func(tmp string) error {
					fh, err := os.Open(tmp)
					if err != nil {
						return err
					}
					defer fh.Close()
					if f == pathio.Binary {
						_, err = verify.StreamBinary(context.Background(), rules, bufio.NewReaderSize(fh, 1<<20), verify.StreamOptions{})
					} else {
						_, err = verify.StreamText(context.Background(), rules, fh, verify.StreamOptions{})
					}
					return err
				}
				for b.Loop() {
					if _, err := pathio.WriteFile(context.Background(), name, f, h, testfix.Serpentine(n, n), pathio.WriteOptions{Check: check}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(n*n)*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
			})
		}
	}
}
