package verify

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strings"
	"testing"
)

// binFile is a test-only encoder of the binary path format, written from
// the specification like the decoder, so that tests can build damaged and
// rule-breaking files with a correct checksum.
type binFile struct {
	rows, cols int
	closed     bool
	flags      int // extra flag bits
	version    int // 0 means 1
	length     int64
	start      [2]int // 0-based
	name       string
	moves      [][2]int
	bits       int // 0 means the right width
	idx        []int
	pad        byte // OR-ed into the last payload byte
}

func (f binFile) bytes() []byte {
	le := binary.LittleEndian
	b := []byte(BinaryMagic)
	v := f.version
	if v == 0 {
		v = 1
	}
	b = le.AppendUint16(b, uint16(v))
	fl := f.flags
	if f.closed {
		fl |= 1
	}
	b = le.AppendUint16(b, uint16(fl))
	b = le.AppendUint32(b, uint32(f.rows))
	b = le.AppendUint32(b, uint32(f.cols))
	n := f.length
	if n == 0 {
		n = int64(len(f.idx)) + 1
	}
	b = le.AppendUint64(b, uint64(n))
	b = le.AppendUint32(b, uint32(f.start[0]))
	b = le.AppendUint32(b, uint32(f.start[1]))
	b = le.AppendUint16(b, uint16(len(f.moves)))
	bits := f.bits
	if bits == 0 {
		for bits = 1; 1<<bits < len(f.moves); bits++ {
		}
	}
	b = append(b, byte(bits), byte(len(f.name)))
	b = append(b, f.name...)
	for _, m := range f.moves {
		b = le.AppendUint32(b, uint32(int32(m[0])))
		b = le.AppendUint32(b, uint32(int32(m[1])))
	}
	payload := make([]byte, (len(f.idx)*bits+7)/8)
	for i, x := range f.idx {
		for j := range bits {
			if x>>j&1 != 0 {
				p := i*bits + j
				payload[p/8] |= 1 << (p % 8)
			}
		}
	}
	if len(payload) > 0 {
		payload[len(payload)-1] |= f.pad
	}
	b = append(b, payload...)
	return le.AppendUint32(b, crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)))
}

// indices returns the move indices of a 1-based path.
func indices(moves [][2]int, path []Cell) []int {
	var out []int
	for i := 1; i < len(path); i++ {
		d := [2]int{path[i].Row - path[i-1].Row, path[i].Col - path[i-1].Col}
		x := -1
		for j, m := range moves {
			if m == d {
				x = j
			}
		}
		if x < 0 {
			panic("not a move")
		}
		out = append(out, x)
	}
	return out
}

var (
	knightVecs = Vectors([][2]int{{1, 2}})
	kingVecs   = Vectors([][2]int{{1, 0}, {1, 1}})
	// knight5 is an open knight's path on 5x5.
	knight5 = []Cell{{5, 1}, {3, 2}, {1, 1}, {2, 3}, {1, 5}, {3, 4}, {5, 5}, {4, 3}, {3, 1}, {1, 2},
		{2, 4}, {4, 5}, {5, 3}, {4, 1}, {2, 2}, {1, 4}, {3, 5}, {5, 4}, {4, 2}, {2, 1},
		{1, 3}, {2, 5}, {4, 4}, {5, 2}, {3, 3}}
	// ring is a closed king's tour on 2x4.
	ring = []Cell{{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 4}, {2, 3}, {2, 2}, {2, 1}}
)

func knightFile(path []Cell) binFile {
	return binFile{rows: 5, cols: 5, name: "knight", moves: knightVecs,
		start: [2]int{path[0].Row - 1, path[0].Col - 1}, idx: indices(knightVecs, path)}
}

func TestStreamBinary(t *testing.T) {
	t.Parallel()
	knight := Rules{Rows: 5, Cols: 5, Leapers: [][2]int{{1, 2}}, Name: "knight"}
	free := Rules{} // everything from the header
	good := knightFile(knight5)
	kingRing := binFile{rows: 2, cols: 4, closed: true, name: "king", moves: kingVecs, idx: indices(kingVecs, ring)}
	openRing := kingRing
	openRing.closed = false
	blocked := make([]bool, 25)
	blocked[24] = true
	givens := make([]int, 25)
	givens[0] = 2 // 1,1 is step 3 in knight5
	edit := func(f binFile, fn func(*binFile)) binFile { fn(&f); return f }
	mutate := func(f binFile, fn func([]byte) []byte) []byte { return fn(f.bytes()) }
	for _, tc := range []struct {
		name   string
		rules  Rules
		data   []byte
		want   string // "" means valid
		syntax bool
		closed bool
	}{
		{"valid knight", knight, good.bytes(), "", false, false},
		{"valid from header alone", free, good.bytes(), "", false, false},
		{"valid closed king ring", Rules{Leapers: [][2]int{{1, 0}, {1, 1}}}, kingRing.bytes(), "", false, true},
		{"closed asked of open file", Rules{Closed: true}, openRing.bytes(), "", false, true},
		{"bad magic", free, mutate(good, func(b []byte) []byte { b[2] = 'x'; return b }), "bad magic", true, false},
		{"version", free, edit(good, func(f *binFile) { f.version = 7 }).bytes(), "version 7", true, false},
		{"flags", free, edit(good, func(f *binFile) { f.flags = 2 }).bytes(), "unknown flags", true, false},
		{"wrong bit width", free, edit(good, func(f *binFile) { f.bits = 4 }).bytes(), "4 bits per move for 8 moves", true, false},
		{"length beyond board", free, edit(good, func(f *binFile) { f.length = 26 }).bytes(), "length 26", true, false},
		{"start off board", free, edit(good, func(f *binFile) { f.start = [2]int{5, 0} }).bytes(), "start cell", true, false},
		{"null vector", free, edit(good, func(f *binFile) { f.moves = [][2]int{{0, 0}, {1, 2}} }).bytes(), "is 0,0", true, false},
		{"duplicate vector", free, edit(good, func(f *binFile) { f.moves = [][2]int{{1, 2}, {1, 2}} }).bytes(), "both 1,2", true, false},
		{"header cut", free, good.bytes()[:20], "header is cut short", true, false},
		{"payload cut", free, good.bytes()[:good.headerSize()+4], "cut short in the payload", true, false},
		{"checksum cut", free, mutate(good, func(b []byte) []byte { return b[:len(b)-1] }), "checksum at the end is missing", true, false},
		{"trailing bytes", free, mutate(good, func(b []byte) []byte { return append(b, 'x') }), "bytes follow the checksum", true, false},
		{"checksum flipped", free, mutate(good, func(b []byte) []byte { b[len(b)-2] ^= 4; return b }), "the file is corrupt", false, false},
		{"payload flipped", free, mutate(good, func(b []byte) []byte { b[good.headerSize()+2] ^= 1; return b }), "the file is corrupt", false, false},
		{"padding set", free, edit(kingRing, func(f *binFile) { f.pad = 0x80 }).bytes(), "padding bits", true, true},
		{"index beyond moves", free, binFile{rows: 1, cols: 3, moves: [][2]int{{0, 1}, {0, -1}, {0, 2}}, idx: []int{0, 3}}.bytes(), "move index 3", true, false},
		{"off board", free, binFile{rows: 1, cols: 3, moves: [][2]int{{0, 1}, {0, -1}}, idx: []int{1, 0}}.bytes(), "step 2: 1,0 is outside the 1x3 board", false, false},
		{"revisit", free, binFile{rows: 1, cols: 3, moves: [][2]int{{0, 1}, {0, -1}}, idx: []int{0, 1}}.bytes(), "step 3: 1,1 was already visited", false, false},
		{"too short", knight, edit(good, func(f *binFile) { f.idx = f.idx[:20] }).bytes(), "the path visits 21 of 25 open cells; 2,5 is never visited", false, false},
		{"not closed", free, edit(good, func(f *binFile) { f.closed = true }).bytes(), "step 25 -> 1: 3,3 to 5,1 is not a move of knight, so the tour is not closed", false, true},
		{"board mismatch", Rules{Rows: 6, Cols: 5}, good.bytes(), "the file holds a path on 5x5 but the board is 6x5", false, false},
		{"moves mismatch", Rules{Leapers: [][2]int{{3, 0}, {2, 2}}, Name: "hopido"}, good.bytes(), "declares the move", false, false},
		{"start", Rules{Start: &Cell{1, 1}}, good.bytes(), "step 1: the path starts at 5,1 but must start at 1,1", false, false},
		{"end", Rules{End: &Cell{1, 1}}, good.bytes(), "step 25: the path ends at 3,3 but must end at 1,1", false, false},
		{"blocked", Rules{Rows: 5, Cols: 5, Blocked: blocked}, good.bytes(), "step 7: 5,5 is a blocked cell", false, false},
		{"given", Rules{Rows: 5, Cols: 5, Givens: givens}, good.bytes(), "step 3: 1,1 holds the given 2", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := StreamBinary(context.Background(), tc.rules, bytes.NewReader(tc.data), StreamOptions{})
			if tc.want == "" {
				if err != nil {
					t.Fatalf("valid file rejected: %v", err)
				}
				if res.Cells != int64(len(tc.data)) && res.Cells < 1 {
					t.Fatalf("result %+v", res)
				}
				if res.Closed != tc.closed {
					t.Fatalf("closed %v, want %v", res.Closed, tc.closed)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted; want an error containing %q", tc.want)
			}
			var ve *Error
			if tc.syntax != errors.Is(err, ErrSyntax) || tc.syntax == errors.As(err, &ve) {
				t.Fatalf("error %q: syntax=%v, want syntax=%v", err, errors.Is(err, ErrSyntax), tc.syntax)
			}
			if !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q, want one line containing %q", err, tc.want)
			}
		})
	}
}

func (f binFile) headerSize() int { return 40 + len(f.name) + 8*len(f.moves) }

// TestStreamTextAgreesWithPath runs the in-memory checker and the
// streaming one on the same paths: they must accept the same paths and
// report the same first fault.
func TestStreamTextAgreesWithPath(t *testing.T) {
	t.Parallel()
	rev := func(p []Cell) []Cell {
		out := make([]Cell, len(p))
		for i, c := range p {
			out[len(p)-1-i] = c
		}
		return out
	}
	blocked := make([]bool, 25)
	blocked[12] = true
	givens := make([]int, 25)
	givens[12] = 25
	knight := Rules{Rows: 5, Cols: 5, Leapers: [][2]int{{1, 2}}, Name: "knight"}
	with := func(fn func(r *Rules)) Rules { r := knight; fn(&r); return r }
	for _, tc := range []struct {
		name  string
		rules Rules
		path  []Cell
	}{
		{"valid", knight, knight5},
		{"reversed", knight, rev(knight5)},
		{"short", knight, knight5[:24]},
		{"not a move", knight, append(append([]Cell{}, knight5[:5]...), knight5[6:]...)},
		{"outside", knight, append(append([]Cell{}, knight5...), Cell{7, 4})},
		{"repeat", knight, append(append([]Cell{}, knight5...), knight5[23])},
		{"blocked", with(func(r *Rules) { r.Blocked = blocked }), knight5},
		{"givens ok", with(func(r *Rules) { r.Givens = givens }), knight5},
		{"givens broken", with(func(r *Rules) { r.Givens = givens }), rev(knight5)},
		{"start", with(func(r *Rules) { r.Start = &Cell{1, 1} }), knight5},
		{"end", with(func(r *Rules) { r.End = &Cell{3, 3} }), knight5},
		{"end broken", with(func(r *Rules) { r.End = &Cell{1, 1} }), knight5},
		{"closed", with(func(r *Rules) { r.Closed = true }), knight5},
		{"king ring closed", Rules{Rows: 2, Cols: 4, Leapers: [][2]int{{1, 0}, {1, 1}}, Closed: true}, ring},
		{"no board", Rules{Leapers: [][2]int{{1, 2}}}, knight5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var text strings.Builder
			text.WriteString("// a comment\n\n")
			for _, c := range tc.path {
				text.WriteString(" " + c.String() + "\r\n")
			}
			want := Path(tc.rules, tc.path)
			res, got := StreamText(context.Background(), tc.rules, strings.NewReader(text.String()), StreamOptions{})
			if (want == nil) != (got == nil) {
				t.Fatalf("Path: %v; StreamText: %v", want, got)
			}
			if want == nil {
				if res.Cells != int64(len(tc.path)) {
					t.Fatalf("read %d cells of %d", res.Cells, len(tc.path))
				}
				return
			}
			w, g := want.Error(), got.Error()
			if i := strings.Index(w, " at step "); i >= 0 && strings.Contains(w, "already visited") {
				w = w[:i]
			}
			if w != g {
				t.Fatalf("Path: %q\nStreamText: %q", w, g)
			}
		})
	}
}

func TestStreamTextSyntax(t *testing.T) {
	t.Parallel()
	r := Rules{Rows: 5, Cols: 5, Leapers: [][2]int{{1, 2}}}
	for in, want := range map[string]string{
		"":                         "no cells",
		"// only a comment\n":      "no cells",
		"1,1\n1;2\n":               `line 2: "1;2" is not a cell`,
		"1,1\nx,y\n":               `line 2: "x,y" is not a cell`,
		strings.Repeat("1", 70000): "longer than 64 KiB",
	} {
		_, err := StreamText(context.Background(), r, strings.NewReader(in), StreamOptions{})
		if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), want) {
			t.Errorf("%.20q: error %v, want %q", in, err, want)
		}
	}
}

// serpentine calls yield with the cells of a king's path on rows x cols
// (0-based): row 0 left to right, row 1 right to left, and so on.
func serpentine(rows, cols int, yield func(r, c int)) {
	for r := range rows {
		for i := range cols {
			if r%2 == 0 {
				yield(r, i)
			} else {
				yield(r, cols-1-i)
			}
		}
	}
}

func TestStreamProgressAndCancel(t *testing.T) {
	t.Parallel()
	const rows, cols = 1100, 1000 // just over 2^20 cells
	var text bytes.Buffer
	serpentine(rows, cols, func(r, c int) { text.WriteString(Cell{r + 1, c + 1}.String() + "\n") })
	rules := Rules{Rows: rows, Cols: cols, Leapers: [][2]int{{1, 0}, {1, 1}}}
	var calls []int64
	res, err := StreamText(context.Background(), rules, bytes.NewReader(text.Bytes()), StreamOptions{Progress: func(n int64) { calls = append(calls, n) }})
	if err != nil || res.Cells != rows*cols {
		t.Fatalf("cells %d, err %v", res.Cells, err)
	}
	if len(calls) != 1 || calls[0] != 1<<20 {
		t.Fatalf("progress calls %v", calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := StreamText(ctx, rules, bytes.NewReader(text.Bytes()), StreamOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run returned %v", err)
	}
	// The binary file of the same path.
	var path []Cell
	serpentine(rows, cols, func(r, c int) { path = append(path, Cell{r + 1, c + 1}) })
	f := binFile{rows: rows, cols: cols, name: "king", moves: kingVecs, idx: indices(kingVecs, path)}
	data := f.bytes()
	if res, err := StreamBinary(context.Background(), Rules{}, bytes.NewReader(data), StreamOptions{}); err != nil || res.Cells != rows*cols {
		t.Fatalf("binary: cells %d, err %v", res.Cells, err)
	}
	if _, err := StreamBinary(ctx, Rules{}, bytes.NewReader(data), StreamOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled binary run returned %v", err)
	}
}

func TestParseBinaryHeader(t *testing.T) {
	t.Parallel()
	f := knightFile(knight5)
	f.closed = true
	h, err := ParseBinaryHeader(f.bytes())
	if err != nil {
		t.Fatal(err)
	}
	if h.Rows != 5 || h.Cols != 5 || !h.Closed || h.Length != 25 || h.Start != (Cell{5, 1}) || h.Name != "knight" || len(h.Moves) != 8 || h.Bits != 3 || h.Size != f.headerSize() {
		t.Fatalf("header %+v", h)
	}
	if !IsBinaryPath(f.bytes()) || IsBinaryPath([]byte("1,1\n")) {
		t.Fatal("IsBinaryPath")
	}
}

// FuzzStreamBinary feeds arbitrary bytes to the binary check: it must not
// panic, and it may accept only files whose checksum is right.
func FuzzStreamBinary(f *testing.F) {
	f.Add(knightFile(knight5).bytes())
	f.Add(binFile{rows: 2, cols: 4, closed: true, name: "king", moves: kingVecs, idx: indices(kingVecs, ring)}.bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		if h, err := ParseBinaryHeader(data); err == nil && h.Rows*h.Cols > 1<<20 {
			return // keep the bitset small
		}
		_, err := StreamBinary(context.Background(), Rules{}, bytes.NewReader(data), StreamOptions{})
		if err == nil {
			body := data[:len(data)-4]
			if crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
				t.Fatal("accepted a file with a wrong checksum")
			}
		}
	})
}

// FuzzStreamText checks that the text check never panics and agrees with
// ParsePath followed by Path.
func FuzzStreamText(f *testing.F) {
	f.Add([]byte("1,1\n2,3\n"), 3, 3)
	f.Add([]byte("// c\n3,2\r\n1,1\n"), 3, 4)
	f.Fuzz(func(t *testing.T, data []byte, rows, cols int) {
		if rows < 1 || cols < 1 || rows > 50 || cols > 50 {
			return
		}
		r := Rules{Rows: rows, Cols: cols, Leapers: [][2]int{{1, 2}}}
		_, err := StreamText(context.Background(), r, bytes.NewReader(data), StreamOptions{})
		path, perr := ParsePath(bytes.NewReader(data))
		if perr != nil {
			if err == nil {
				t.Fatalf("StreamText accepted what ParsePath rejects: %v", perr)
			}
			return
		}
		want := Path(r, path)
		if (want == nil) != (err == nil) {
			t.Fatalf("Path: %v; StreamText: %v", want, err)
		}
	})
}
