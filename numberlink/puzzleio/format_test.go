package puzzleio

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink"
)

func gridOf(t testing.TB, rows, cols, k int, clues ...int) *numberlink.Grid {
	t.Helper()
	g, err := numberlink.NewGrid(rows, cols, k, clues)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func sameGrid(a, b *numberlink.Grid) bool {
	return a.Rows == b.Rows && a.Cols == b.Cols && a.K == b.K && slices.Equal(a.Clues(), b.Clues())
}

// TestParseKnown parses one example of every format and checks the decoded
// size, k, rules and a few clues.
func TestParseKnown(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		in         string
		format     Format
		rows, cols int
		k          int
		rules      numberlink.Rules
		clues      map[[2]int]int // 0-based (row, col) -> clue
	}{
		{"text compact", "k=3 noloops\n2.3\n...\n1.4\n", FormatTextName, 3, 3, 3, numberlink.Rules{NoLoops: true},
			map[[2]int]int{{0, 0}: 2, {0, 2}: 3, {2, 0}: 1, {2, 2}: 4, {1, 1}: 0}},
		{"text default k", "# a comment\n1.1\n", FormatTextName, 1, 3, 2, numberlink.Rules{}, map[[2]int]int{{0, 0}: 1, {0, 2}: 1}},
		{"text tokens", "k=4 disconnected\n12 . 3\n. . .\n0 5 16\n", FormatTextName, 3, 3, 4, numberlink.Rules{AllowDisconnected: true},
			map[[2]int]int{{0, 0}: 12, {0, 2}: 3, {2, 1}: 5, {2, 2}: 16, {2, 0}: 0}},
		{"has", "2 3 3\n1 0 2\n0 0 1\n", FormatHasName, 2, 3, 2, numberlink.Rules{}, map[[2]int]int{{0, 0}: 1, {0, 2}: 2, {1, 2}: 1}},
		// sgt-bridges --generate 1 10x6m3L; W=10 is the number of columns.
		{"tatham", "10x6m3L:4f2a3a3k5e8k5a8c3b3h4", FormatTathamName, 6, 10, 3, numberlink.Rules{NoLoops: true},
			map[[2]int]int{{0, 0}: 4, {0, 7}: 2, {0, 9}: 3, {1, 1}: 3, {5, 9}: 4}},
		{"tatham big clues", "3x1m4:AGa", FormatTathamName, 1, 3, 4, numberlink.Rules{}, map[[2]int]int{{0, 0}: 10, {0, 1}: 16, {0, 2}: 0}},
		{"tatham default k", "2x1:11", FormatTathamName, 1, 2, 2, numberlink.Rules{}, map[[2]int]int{{0, 0}: 1, {0, 1}: 1}},
		{"puzzlink", "https://puzz.link/p?hashikake/3/2/1g2-10h", FormatPuzzLinkName, 2, 3, 2, numberlink.Rules{},
			map[[2]int]int{{0, 0}: 1, {0, 1}: 0, {0, 2}: 2, {1, 0}: 16, {1, 1}: 0}},
		{"puzzlink alias and flag", "http://pzv.jp/p.html?bridges/v:/2/2/1i", FormatPuzzLinkName, 2, 2, 2, numberlink.Rules{},
			map[[2]int]int{{0, 0}: 1, {1, 1}: 0}},
		{"json", `{"rows":1,"cols":3,"k":5,"noLoops":true,"clues":[[1,0,1]]}`, FormatJSONName, 1, 3, 5, numberlink.Rules{NoLoops: true},
			map[[2]int]int{{0, 0}: 1, {0, 2}: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if f := Detect([]byte(tc.in)); f != tc.format {
				t.Errorf("Detect = %s, want %s", f, tc.format)
			}
			g, rules, err := Parse([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if g.Rows != tc.rows || g.Cols != tc.cols || g.K != tc.k || rules != tc.rules {
				t.Errorf("got %dx%d k=%d %+v, want %dx%d k=%d %+v", g.Rows, g.Cols, g.K, rules, tc.rows, tc.cols, tc.k, tc.rules)
			}
			clues := g.Clues()
			for rc, want := range tc.clues {
				if got := clues[rc[0]*g.Cols+rc[1]]; got != want {
					t.Errorf("clue at %v = %d, want %d", rc, got, want)
				}
			}
		})
	}
}

// TestParsePuzzLinkReal decodes a published puzz.link hashikake URL (a 41x19
// example from a public list of puzz.link test puzzles) and checks that the
// body fills the grid exactly.
func TestParsePuzzLinkReal(t *testing.T) {
	t.Parallel()
	url := "https://puzz.link/p?hashi/41/19/v3k6k3zzzk2i3g2o3i4zzw3i3g1m3k1i3g2zzs3g3i3k4s2g3g4zzzm3k2m3g2zzk3i5i1g3k2s3i2g3g4zzg4g3g1s4i3u3g5zzi2i2g2k1s3k1zzy1k4k1s1zzi2g1i2g4k4i4k4i6k4k4"
	g, err := ParsePuzzLink(url)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rows != 19 || g.Cols != 41 {
		t.Fatalf("size %dx%d", g.Rows, g.Cols)
	}
	// 'v' skips 16 cells, so the first island is the 3 at column 17.
	if g.Nodes[0].Row != 0 || g.Nodes[0].Col != 16 || g.Nodes[0].Mag != 3 {
		t.Errorf("first node %+v", g.Nodes[0])
	}
	out, err := FormatPuzzLink(g)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := ParsePuzzLink(out)
	if err != nil || !sameGrid(g, g2) {
		t.Errorf("round trip through %s: %v", out, err)
	}
}

// TestParseErrors checks that malformed input gives one line naming the
// problem, wrapping ErrFormat.
func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"empty", "", "no grid rows"},
		{"ragged", "1.1\n..\n", "same width"},
		{"bad char", "1x1\n", "character 'x'"},
		{"bad token", "12 . x\n", `token "x"`},
		{"bad k", "k=0\n1.1\n", "bridge limit"},
		{"unknown rule", "k=2 nocross\n1.1\n", "unknown rule"},
		{"has islands", "2 2 3\n1 0\n0 1\n", "islands"},
		{"tatham short", "3x3m2:1a1", "has 3 cells"},
		{"tatham long", "2x1m2:111", "more than"},
		{"tatham char", "2x1m2:1!", "character '!'"},
		{"tatham param", "2x1q2:11", "unknown Tatham parameter"},
		{"tatham seed", "7x7m2#12345", "random-seed ID"},
		{"tatham k", "2x1m0:11", "bridge limit"},
		{"puzzlink unknown", "https://puzz.link/p?hashikake/2/1/1.", "unknown number"},
		{"puzzlink zero", "https://puzz.link/p?hashikake/2/1/10", "numbered 0"},
		{"puzzlink size", "https://puzz.link/p?hashikake/0/1/1", "size"},
		{"puzzlink truncated", "https://puzz.link/p?hashikake/2/1/-1", "ends inside"},
		{"json", `{"rows":2,"cols":1,"k":2,"clues":[[1]]}`, "clue rows"},
		{"json k", `{"rows":1,"cols":1,"k":0,"clues":[[1]]}`, "k=0"},
		{"json syntax", `{"rows":`, "JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, _, err := Parse([]byte(tc.in))
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrFormat) {
				t.Errorf("%v does not wrap ErrFormat", err)
			}
			if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q: want one line containing %q", err, tc.want)
			}
		})
	}
}

// roundTrip encodes g in every format that can hold it and parses it back.
func roundTrip(t *testing.T, g *numberlink.Grid, rules numberlink.Rules) {
	t.Helper()
	for _, f := range Formats {
		data, err := Encode(f, g, rules)
		if err != nil {
			if errors.Is(err, ErrNotEncodable) {
				continue
			}
			t.Fatalf("%s: %v", f, err)
		}
		if got := Detect(data); got != f {
			t.Errorf("%s output detected as %s:\n%s", f, got, data)
		}
		g2, rules2, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: re-parse: %v\n%s", f, err, data)
		}
		if !sameGrid(g, g2) {
			t.Errorf("%s: round trip changed the grid:\n%s", f, data)
		}
		if (f == FormatTextName || f == FormatJSONName) && rules2 != rules {
			t.Errorf("%s: rules %+v became %+v", f, rules, rules2)
		}
		if f == FormatTathamName && rules2.NoLoops != rules.NoLoops {
			t.Errorf("tatham: NoLoops %v became %v", rules.NoLoops, rules2.NoLoops)
		}
	}
}

// TestRoundTripAllFormats converts hand-made grids, the bundled .has
// instance and large-clue grids through every format.
func TestRoundTripAllFormats(t *testing.T) {
	t.Parallel()
	has := testfix.ReadFile(t, "../testdata/Hs_16_100_25_00_001.has")
	hg, err := ParseHas(has)
	if err != nil {
		t.Fatal(err)
	}
	if len(hg.Nodes) != 100 || hg.Rows != 16 {
		t.Fatalf("has: %d nodes %dx%d", len(hg.Nodes), hg.Rows, hg.Cols)
	}
	if FormatHas(hg) == "" || !sameGrid(mustParseHas(t, FormatHas(hg)), hg) {
		t.Error("FormatHas does not round-trip")
	}
	tests := []struct {
		name  string
		g     *numberlink.Grid
		rules numberlink.Rules
	}{
		{"has instance", hg, numberlink.Rules{}},
		{"k1 noloops", gridOf(t, 2, 3, 1, 1, 0, 2, 0, 0, 1), numberlink.Rules{NoLoops: true}},
		{"k3 big clues", gridOf(t, 2, 2, 3, 12, 11, 0, 10), numberlink.Rules{}},
		{"clue 17 (text, json, puzzlink only)", gridOf(t, 1, 3, 5, 17, 0, 3), numberlink.Rules{AllowDisconnected: true}},
		{"long empty runs", gridOf(t, 3, 30, 2, append(append([]int{1}, make([]int, 88)...), 1)...), numberlink.Rules{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			roundTrip(t, tc.g, tc.rules)
		})
	}
}

func mustParseHas(t *testing.T, s string) *numberlink.Grid {
	t.Helper()
	g, err := ParseHas([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestCoelhoFilesParse parses every benchmark instance (kept in
// internal/testdata/coelho2019) and checks the header's island count and
// the round trip through every format.
func TestCoelhoFilesParse(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(testfix.Coelho(t), "*", "*.has"))
	if len(files) != 480 {
		t.Errorf("found %d instances, want 480", len(files))
	}
	for _, f := range files {
		data := testfix.ReadFile(t, f)
		if Detect(data) != FormatHasName {
			t.Errorf("%s: detected as %s", f, Detect(data))
		}
		g, _, err := Parse(data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		// The name says Hs_<grid>_<islands>_...
		parts := strings.Split(filepath.Base(f), "_")
		if want := parts[2]; want != strconv.Itoa(len(g.Nodes)) {
			t.Errorf("%s: %d islands", f, len(g.Nodes))
		}
		roundTrip(t, g, numberlink.Rules{})
	}
}

// tathamIDs returns n Tatham game IDs made with params
// (testfix.TathamIDs), the slow ones from testdata/tatham_slow.txt.
func tathamIDs(t *testing.T, params string, n int) []string {
	t.Helper()
	return testfix.TathamIDs(t, filepath.Join("testdata", "tatham_slow.txt"), params, n)
}

// TestTathamGenerated parses puzzles from Tatham's generator for k = 1..4,
// with and without L, at every difficulty, and round-trips each through all
// formats.
func TestTathamGenerated(t *testing.T) {
	t.Parallel()
	for _, bp := range testfix.TathamParams("7x6") {
		t.Run(bp.Params, func(t *testing.T) {
			t.Parallel()
			ids := tathamIDs(t, bp.Params, 5)
			if len(ids) != 5 {
				t.Fatalf("got %d IDs", len(ids))
			}
			for _, id := range ids {
				g, rules, err := Parse([]byte(id))
				if err != nil {
					t.Fatalf("%s: %v", id, err)
				}
				if g.Rows != 6 || g.Cols != 7 || g.K != bp.K || rules.NoLoops != bp.NoLoops {
					t.Errorf("%s: %dx%d k=%d %+v", id, g.Rows, g.Cols, g.K, rules)
				}
				back, err := FormatTatham(g, rules)
				if err != nil || back != id {
					t.Errorf("FormatTatham = %q, %v; want %q", back, err, id)
				}
				roundTrip(t, g, rules)
			}
		})
	}
}

func fuzzNoPanic(t *testing.T, data []byte, parse func([]byte) (*numberlink.Grid, error)) {
	g, err := parse(data)
	if err != nil {
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("multi-line error %q", err)
		}
		if !errors.Is(err, ErrFormat) {
			t.Errorf("error %q does not wrap ErrFormat", err)
		}
		return
	}
	if g == nil || len(g.Clues()) != g.Rows*g.Cols {
		t.Fatal("bad grid without error")
	}
	// Whatever parsed must survive our own text format.
	g2, _, err := ParseText([]byte(FormatText(g, numberlink.Rules{})))
	if err != nil || !sameGrid(g, g2) {
		t.Errorf("text round trip: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"k=2\n1.1\n", "2 2 2\n1 0\n0 1\n", "3x1m2:1a1", "https://puzz.link/p?hashikake/3/1/1g1", `{"rows":1,"cols":2,"k":2,"clues":[[1,1]]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzNoPanic(t, data, func(b []byte) (*numberlink.Grid, error) { g, _, err := Parse(b); return g, err })
	})
}

func FuzzParseText(f *testing.F) {
	f.Add([]byte("k=3 noloops\n2.3\n...\n1.4\n"))
	f.Add([]byte("12 . 3\n. . 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzNoPanic(t, data, func(b []byte) (*numberlink.Grid, error) { g, _, err := ParseText(b); return g, err })
	})
}

func FuzzParseHas(f *testing.F) {
	if data, err := os.ReadFile("../testdata/Hs_16_100_25_00_001.has"); err == nil {
		f.Add(data)
	}
	f.Add([]byte("2 3 3\n1 0 2\n0 0 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzNoPanic(t, data, ParseHas) })
}

func FuzzParseTatham(f *testing.F) {
	for _, s := range []string{"5x5m1:b1a1e2a4a2e1a1b", "7x7m2:3b1a2g25d5g43c3g1a3a2a3a3", "10x6m3L:4f2a3a3k5e8k5a8c3b3h4", "8x8m4:a4b6a3a2m2a5sAa4b5a3d6c8b2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fuzzNoPanic(t, []byte(s), func(b []byte) (*numberlink.Grid, error) { g, _, err := ParseTatham(string(b)); return g, err })
	})
}

func FuzzParsePuzzLink(f *testing.F) {
	f.Add("https://puzz.link/p?hashikake/3/2/1g2-10h")
	f.Add("https://puzz.link/p?hashikake/5/5/1234g1-10+100=100gh")
	f.Fuzz(func(t *testing.T, s string) {
		fuzzNoPanic(t, []byte(s), func(b []byte) (*numberlink.Grid, error) { return ParsePuzzLink(string(b)) })
	})
}

func FuzzParseJSON(f *testing.F) {
	f.Add([]byte(`{"rows":1,"cols":3,"k":2,"clues":[[1,0,1]],"bridges":[{"from":[1,1],"to":[1,3],"n":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzNoPanic(t, data, func(b []byte) (*numberlink.Grid, error) { p, err := UnmarshalPuzzle(b); return p.Grid, err })
	})
}

func ExampleParse() {
	g, rules, _ := Parse([]byte("7x7m2L:a1a3b42d2b2d4o3c2a3b3b3"))
	fmt.Println(Detect([]byte("7x7m2L:a1a3b42d2b2d4o3c2a3b3b3")), g.Rows, g.Cols, g.K, rules.NoLoops, len(g.Nodes))
	fmt.Print(FormatText(g, rules))
	// Output:
	// tatham 7 7 2 true 12
	// k=2 noloops
	// .1.3..4
	// 2....2.
	// .2....4
	// .......
	// .......
	// .3...2.
	// 3..3..3
}
