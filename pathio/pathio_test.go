package pathio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

var kingMoves = [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// knight5 is an open knight's path on 5x5 (0-based).
var knight5 = [][2]int{
	{4, 0}, {2, 1}, {0, 0}, {1, 2}, {0, 4}, {2, 3}, {4, 4}, {3, 2}, {2, 0}, {0, 1},
	{1, 3}, {3, 4}, {4, 2}, {3, 0}, {1, 1}, {0, 3}, {2, 4}, {4, 3}, {3, 1}, {1, 0},
	{0, 2}, {1, 4}, {3, 3}, {4, 1}, {2, 2},
}

var knightMoves = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}

func cellsOf(cells [][2]int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for _, c := range cells {
			if !yield(c[0], c[1]) {
				return
			}
		}
	}
}

// readAll reads rd to the end: the cells, and the error that stopped it
// (nil at io.EOF).
func readAll(rd Reader) ([][2]int, error) {
	var out [][2]int
	for {
		r, c, err := rd.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, [2]int{r, c})
	}
}

func collect(t *testing.T, rd Reader) [][2]int {
	t.Helper()
	out, err := readAll(rd)
	if err != nil {
		t.Fatalf("after %d cells: %v", len(out), err)
	}
	return out
}

func encode(t testing.TB, f Format, h Header, walk iter.Seq2[int, int]) []byte {
	t.Helper()
	var buf bytes.Buffer
	var w CellWriter = NewTextWriter(&buf)
	if f == Binary {
		var err error
		if w, err = NewBinaryWriter(&buf, h); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Copy(context.Background(), w, walk, nil); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	var ser [][2]int
	for r, c := range testfix.Serpentine(7, 9) {
		ser = append(ser, [2]int{r, c})
	}
	for _, tc := range []struct {
		name  string
		rows  int
		cols  int
		moves [][2]int
		path  [][2]int
	}{
		{"king serpentine 7x9", 7, 9, kingMoves, ser},
		{"knight 5x5", 5, 5, knightMoves, knight5},
		{"one cell", 1, 1, knightMoves, [][2]int{{0, 0}}},
		{"wazir 2 bits", 7, 9, kingMoves[:4], ser},
		{"one vector", 1, 4, [][2]int{{0, 1}}, [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}}},
	} {
		for _, f := range []Format{Text, Binary} {
			t.Run(tc.name+"/"+f.String(), func(t *testing.T) {
				t.Parallel()
				h := Header{Rows: tc.rows, Cols: tc.cols, Length: int64(len(tc.path)), Name: "test", Moves: tc.moves}
				data := encode(t, f, h, cellsOf(tc.path))
				rd, got, hdr, err := NewReader(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				if got != f {
					t.Fatalf("detected %v, wrote %v", got, f)
				}
				if f == Binary {
					if hdr == nil || hdr.StartRow != tc.path[0][0] || hdr.StartCol != tc.path[0][1] || hdr.Length != h.Length {
						t.Fatalf("header %+v", hdr)
					}
					if int64(len(data)) != h.FileSize() {
						t.Fatalf("file has %d bytes, FileSize says %d", len(data), h.FileSize())
					}
				}
				cells := collect(t, rd)
				if len(cells) != len(tc.path) {
					t.Fatalf("read %d cells, wrote %d", len(cells), len(tc.path))
				}
				for i := range cells {
					if cells[i] != tc.path[i] {
						t.Fatalf("cell %d: read %v, wrote %v", i, cells[i], tc.path[i])
					}
				}
			})
		}
	}
}

// TestBinaryLayout pins the documented layout byte by byte on a 3-cell
// path, so that the package comment and the code cannot drift apart.
func TestBinaryLayout(t *testing.T) {
	t.Parallel()
	h := Header{Rows: 2, Cols: 3, Length: 3, Closed: true, Name: "k", Moves: [][2]int{{0, 1}, {1, 0}, {0, -1}}}
	data := encode(t, Binary, h, cellsOf([][2]int{{0, 1}, {0, 2}, {1, 2}}))
	want := []byte("\x89BGP\r\n\x1a\n")
	want = append(want, 1, 0, 1, 0) // version 1, flags closed
	want = append(want, 2, 0, 0, 0, 3, 0, 0, 0)
	want = append(want, 3, 0, 0, 0, 0, 0, 0, 0) // length
	want = append(want, 0, 0, 0, 0, 1, 0, 0, 0) // start 0,1
	want = append(want, 3, 0, 2, 1, 'k')        // k=3, b=2, n=1, name
	want = append(want, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff)
	want = append(want, 0b0100) // moves 0 then 1: bits 00, 10
	want = binary.LittleEndian.AppendUint32(want, crc32.Checksum(want, crc32.MakeTable(crc32.Castagnoli)))
	if !bytes.Equal(data, want) {
		t.Fatalf("layout\n got %x\nwant %x", data, want)
	}
}

func TestBits(t *testing.T) {
	t.Parallel()
	for k, want := range map[int]int{1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 8: 3, 9: 4, 16: 4, 17: 5, 4096: 12} {
		if got := Bits(k); got != want {
			t.Errorf("Bits(%d) = %d, want %d", k, got, want)
		}
	}
}

func TestWriterErrors(t *testing.T) {
	t.Parallel()
	h := Header{Rows: 5, Cols: 5, Length: 25, Name: "knight", Moves: knightMoves}
	for _, tc := range []struct {
		name string
		h    Header
		path [][2]int
		want string
	}{
		{"not a move", h, [][2]int{{4, 0}, {4, 1}}, "step 1 -> 2: 5,1 to 5,2 is not a move of knight"},
		{"off board", h, [][2]int{{4, 0}, {5, 1}}, "off the 5x5 board"},
		{"too short", h, knight5[:24], "the header says 25 cells but 24 were written"},
		{"too long", Header{Rows: 5, Cols: 5, Length: 2, Moves: knightMoves}, knight5[:3], "the header says 2 cells but more were written"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w, err := NewBinaryWriter(io.Discard, tc.h)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range tc.path {
				if err = w.Cell(c[0], c[1]); err != nil {
					break
				}
			}
			if err == nil {
				err = w.Close()
			}
			if err == nil || !errors.Is(err, ErrPath) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	for _, bad := range []Header{
		{Rows: 0, Cols: 5, Length: 1, Moves: knightMoves},
		{Rows: 5, Cols: 5, Length: 26, Moves: knightMoves},
		{Rows: 5, Cols: 5, Length: 1},
		{Rows: 5, Cols: 5, Length: 1, Moves: [][2]int{{0, 0}}},
		{Rows: 5, Cols: 5, Length: 1, Moves: [][2]int{{1, 2}, {1, 2}}},
		{Rows: 5, Cols: 5, Length: 1, Moves: knightMoves, Name: strings.Repeat("x", 256)},
	} {
		if _, err := NewBinaryWriter(io.Discard, bad); !errors.Is(err, ErrFormat) {
			t.Errorf("header %+v accepted (err %v)", bad, err)
		}
	}
}

// TestCorruptBinary checks that every kind of damage to a binary file is
// reported as one line wrapping ErrFormat.
func TestCorruptBinary(t *testing.T) {
	t.Parallel()
	h := Header{Rows: 5, Cols: 5, Length: 25, Name: "knight", Moves: knightMoves}
	good := encode(t, Binary, h, cellsOf(knight5))
	hs := h.HeaderSize()
	six := Header{Rows: 1, Cols: 3, Length: 3, Moves: [][2]int{{0, 1}, {0, -1}, {0, 2}, {0, -2}, {0, 3}, {0, -3}}}
	sixData := encode(t, Binary, six, cellsOf([][2]int{{0, 0}, {0, 1}, {0, 2}}))
	for _, tc := range []struct {
		name string
		edit func(b []byte) []byte
		data []byte
		want string
	}{
		{"bad magic", func(b []byte) []byte { b[1] = 'X'; return b }, good, "bad magic"},
		{"version", func(b []byte) []byte { b[8] = 2; return b }, good, "version 2"},
		{"flags", func(b []byte) []byte { b[10] = 4; return b }, good, "unknown flags"},
		{"length too big", func(b []byte) []byte { b[20] = 26; return b }, good, "length 26"},
		{"start off board", func(b []byte) []byte { b[28] = 9; return b }, good, "start cell"},
		{"wrong bits", func(b []byte) []byte { b[38] = 4; return b }, good, "bits per move"},
		{"duplicate vector", func(b []byte) []byte { copy(b[hs-8:hs], b[hs-16:hs-8]); return b }, good, "appears twice"},
		{"header cut", func(b []byte) []byte { return b[:30] }, good, "cut short"},
		{"payload cut", func(b []byte) []byte { return b[:hs+3] }, good, "cut short"},
		{"checksum cut", func(b []byte) []byte { return b[:len(b)-2] }, good, "checksum is missing"},
		{"checksum flipped", func(b []byte) []byte { b[len(b)-1] ^= 1; return b }, good, "checksum mismatch"},
		{"payload flipped", func(b []byte) []byte { b[hs+5] ^= 0x10; return b }, good, ""},
		{"trailing byte", func(b []byte) []byte { return append(b, 0) }, good, "bytes follow the checksum"},
		{"padding", func(b []byte) []byte { b[len(b)-5] |= 0x80; return b }, sixData, "padding bits"},
		{"index out of range", func(b []byte) []byte { b[len(b)-5] = 7; return b }, sixData, "move index 7"},
		{"leaves board", func(b []byte) []byte { b[len(b)-5] = 1; return b }, sixData, "leaves the 1x3 board"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := tc.edit(bytes.Clone(tc.data))
			rd, err := NewBinaryReader(bytes.NewReader(b))
			for err == nil {
				_, _, err = rd.Next()
			}
			if err == io.EOF {
				t.Fatal("the damaged file was read without error")
			}
			if !errors.Is(err, ErrFormat) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q, want one line wrapping ErrFormat containing %q", err, tc.want)
			}
		})
	}
}

func TestTextReader(t *testing.T) {
	t.Parallel()
	in := "// a comment\n# another\n\n 1, 2 \r\n3,4\n5,6\n\n// trailing blank lines and comments\n\n"
	got := collect(t, NewTextReader(strings.NewReader(in)))
	want := [][2]int{{0, 1}, {2, 3}, {4, 5}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	for in, msg := range map[string]string{
		"1,1\nx,2\n":                    `line 2: "x,2" is not a cell`,
		"1,1\n0,2\n":                    `line 2: "0,2" is not a cell`,
		"1\n":                           `line 1: "1" is not a cell`,
		strings.Repeat("9", 70000):      "longer than 64 KiB",
		"1,1\n2,2,\n":                   `"2,2," is not a cell`,
		"\xff\xfe":                      "is not a cell",
		"1,1\n99999999999999999999,1\n": "is not a cell",
		// a blank line between cells separates two paths (enumerate)
		"1,1\n1,2\n\n2,2\n": "line 4: a blank line between cells (line 3)",
	} {
		rd := NewTextReader(strings.NewReader(in))
		var err error
		for err == nil {
			_, _, err = rd.Next()
		}
		if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), msg) {
			t.Errorf("%.20q: error %v, want %q", in, err, msg)
		}
	}
}

func TestTextWriterMatchesCLIFormat(t *testing.T) {
	t.Parallel()
	got := string(encode(t, Text, Header{}, cellsOf([][2]int{{0, 0}, {9, 11}})))
	if got != "1,1\n10,12\n" {
		t.Fatalf("got %q", got)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := Header{Rows: 6, Cols: 7, Length: 42, Name: "king", Moves: kingMoves}
	name := filepath.Join(dir, "p.bgp")
	var written atomic.Int64
	checked := ""
	n, err := WriteFile(context.Background(), name, Binary, h, testfix.Serpentine(6, 7), WriteOptions{
		Check:   func(tmp string) error { checked = tmp; return nil },
		Written: &written,
	})
	if err != nil || n != 42 || written.Load() != 42 {
		t.Fatalf("n %d written %d err %v", n, written.Load(), err)
	}
	if checked == "" || checked == name {
		t.Fatalf("Check saw %q", checked)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := NewBinaryReader(bufio.NewReader(f))
	if err != nil {
		t.Fatal(err)
	}
	if got := collect(t, rd); len(got) != 42 {
		t.Fatalf("read %d cells", len(got))
	}
	f.Close()
	if fi, _ := os.Stat(name); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}

	// Failures leave nothing: a failed check, a path that does not fit,
	// a cancelled context (and the old file stays as it was).
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		walk iter.Seq2[int, int]
		opt  WriteOptions
	}{
		{"check fails", context.Background(), testfix.Serpentine(6, 7), WriteOptions{Check: func(string) error { return errors.New("no") }}},
		{"short path", context.Background(), testfix.Serpentine(6, 6), WriteOptions{}},
		{"long text path", context.Background(), testfix.Serpentine(6, 8), WriteOptions{}},
		{"cancelled", ctx, testfix.Serpentine(300, 300), WriteOptions{}},
	} {
		big := h
		if tc.name == "cancelled" {
			big = Header{Rows: 300, Cols: 300, Length: 90000, Moves: kingMoves}
		}
		for _, target := range []string{name, filepath.Join(dir, "new-"+strings.ReplaceAll(tc.name, " ", "-"))} {
			before, _ := os.ReadFile(target)
			f := Binary
			if strings.Contains(tc.name, "text") {
				f = Text
			}
			if _, err := WriteFile(tc.ctx, target, f, big, tc.walk, tc.opt); err == nil {
				t.Fatalf("%s: no error", tc.name)
			}
			after, _ := os.ReadFile(target)
			if !bytes.Equal(before, after) {
				t.Fatalf("%s: %s changed", tc.name, target)
			}
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Fatalf("left behind: %v", names)
	}
}

func TestCreateAtomicRejectsDirectory(t *testing.T) {
	t.Parallel()
	if _, err := CreateAtomic(t.TempDir()); err == nil {
		t.Fatal("a directory was accepted as the output file")
	}
}

// FuzzBinaryReader feeds arbitrary bytes to the binary reader: it must not
// panic, and whatever it reads to the end without error must encode back to
// exactly the same bytes (the format has one encoding per path).
func FuzzBinaryReader(f *testing.F) {
	f.Add(encode(f, Binary, Header{Rows: 5, Cols: 5, Length: 25, Name: "knight", Moves: knightMoves}, cellsOf(knight5)))
	f.Add(encode(f, Binary, Header{Rows: 3, Cols: 4, Length: 12, Closed: true, Name: "king", Moves: kingMoves}, testfix.Serpentine(3, 4)))
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		rd, err := NewBinaryReader(bytes.NewReader(data))
		if err != nil {
			return
		}
		h := rd.Header()
		if h.Length > 1<<16 {
			return
		}
		cells, err := readAll(rd)
		if err != nil {
			return
		}
		if int64(len(cells)) != h.Length {
			t.Fatalf("read %d cells, header says %d", len(cells), h.Length)
		}
		again := encode(t, Binary, h, cellsOf(cells))
		if !bytes.Equal(again, data) {
			t.Fatalf("re-encoding differs:\n in %x\nout %x", data, again)
		}
	})
}

// FuzzTextReader checks that the text reader never panics and that what
// it reads writes back to text that reads the same.
func FuzzTextReader(f *testing.F) {
	f.Add([]byte("1,1\n2,3\n"))
	f.Add([]byte("// c\n 4 , 5 \r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cells, err := readAll(NewTextReader(bytes.NewReader(data)))
		for _, c := range cells {
			if c[0] < 0 || c[1] < 0 {
				t.Fatalf("negative cell %d,%d", c[0], c[1])
			}
		}
		if err != nil {
			return
		}
		again := collect(t, NewTextReader(bytes.NewReader(encode(t, Text, Header{}, cellsOf(cells)))))
		if len(again) != len(cells) {
			t.Fatalf("%d cells, then %d", len(cells), len(again))
		}
		for i := range cells {
			if again[i] != cells[i] {
				t.Fatalf("cell %d: %v then %v", i, cells[i], again[i])
			}
		}
	})
}
