package board_test

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestParseMemory reads a 1 MB map and checks that Parse allocates at most
// four bytes per input byte (the input copy, the blocked cells, the row
// index); it used to allocate 22 (a string per cell), so that a 10 MB map
// took 213 MB. Not parallel, so that no other test allocates meanwhile.
func TestParseMemory(t *testing.T) {
	if testfix.Race {
		t.Skip("the race detector changes what Parse allocates (5.4 bytes per byte)")
	}
	var b bytes.Buffer
	for r := range 1000 {
		for c := range 1000 {
			if (r*7+c*13)%17 == 0 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	data := b.Bytes()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	bd, err := board.Parse(bytes.NewReader(data))
	runtime.ReadMemStats(&after)
	if err != nil || bd.Rows != 1000 || bd.Cols != 1000 {
		t.Fatalf("%v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4*uint64(len(data)) {
		t.Fatalf("Parse allocated %d bytes for a %d-byte map; want at most 4 per byte", alloc, len(data))
	}
}
