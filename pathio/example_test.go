package pathio_test

import (
	"bytes"
	"fmt"
	"io"

	"github.com/boardgraph/boardgraph/pathio"
)

// A king's path on 2x3 written in the binary format and read back.
func Example() {
	var buf bytes.Buffer
	h := pathio.Header{Rows: 2, Cols: 3, Length: 6, Name: "king",
		Moves: [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}}
	w, err := pathio.NewBinaryWriter(&buf, h)
	if err != nil {
		panic(err)
	}
	for _, c := range [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {1, 1}, {1, 0}} {
		if err := w.Cell(c[0], c[1]); err != nil {
			panic(err)
		}
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	fmt.Printf("%d bytes: %d header, %d payload, 4 checksum\n", buf.Len(), h.HeaderSize(), pathio.PayloadBytes(h.Length, len(h.Moves)))

	rd, format, hdr, err := pathio.NewReader(&buf)
	if err != nil {
		panic(err)
	}
	fmt.Println(format, hdr.Rows, "x", hdr.Cols, hdr.Name)
	for {
		r, c, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(err)
		}
		fmt.Printf("%d,%d ", r+1, c+1)
	}
	fmt.Println()
	// Output:
	// 114 bytes: 108 header, 2 payload, 4 checksum
	// binary 2 x 3 king
	// 1,1 1,2 1,3 2,3 2,2 2,1
}
