package puzzleio

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestDamagedHasRefused damages a real Coelho .has file in the ways a copy
// goes wrong (rows missing, a row cut, a stray character, a wrong header)
// and checks that Parse, detecting the format itself, refuses each with
// the mismatch named, where it used to read some of them as another puzzle
// in the text format.
func TestDamagedHasRefused(t *testing.T) {
	t.Parallel()
	data := testfix.ReadFile(t, "../testdata/Hs_16_100_25_00_001.has")
	rows := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	join := func(ls []string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }
	cut := func(i int, f func(string) string) []string {
		out := append([]string(nil), rows...)
		out[i] = f(out[i])
		return out
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"rows missing", join(rows[:12]), "the header says 16 rows, the file has 11"},
		{"extra row", join(append(append([]string(nil), rows...), rows[1])), "the header says 16 rows, the file has 17"},
		{"row cut", join(cut(5, func(s string) string { return s[:len(s)-8] })), "line 6 has 13 numbers, the header says 16 columns"},
		{"stray character", join(cut(3, func(s string) string { return strings.Replace(s, "0", "x", 1) })), `line 4: "x"`},
		{"islands", join(cut(0, func(string) string { return "16 16 99" })), "the header says 99 islands, the grid has 100"},
		{"3 columns, a row missing", []byte("3 3 3\n1 0 1\n0 0 1\n"), "the header says 3 rows, the file has 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if f := Detect(tc.data); f != FormatHasName {
				t.Errorf("detected as %s, want has", f)
			}
			g, _, err := Parse(tc.data)
			if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got grid %v, error %v; want an error containing %q", g != nil, err, tc.want)
			}
		})
	}
	// The undamaged file and a 3-column text puzzle still read as before.
	if g, _, err := Parse(data); err != nil || g.Rows != 16 || len(g.Nodes) != 100 {
		t.Fatalf("the intact file: %v", err)
	}
	if g, _, err := Parse([]byte("1 3 5\n2 0 1\n1 0 1\n")); err != nil || g.Rows != 3 || g.Cols != 3 {
		t.Fatalf("a 3-column text puzzle: %v", err)
	}
}

// TestDamagedPuzzLinkRefused: a puzz.link URL cut short, one with extra
// characters, and one of another puzzle type are refused with the reason,
// where the first used to be padded with empty cells and the last was read
// as a text puzzle.
func TestDamagedPuzzLinkRefused(t *testing.T) {
	t.Parallel()
	const whole = "https://puzz.link/p?hashikake/5/3/1g2h3k1g41"
	if g, _, err := Parse([]byte(whole)); err != nil || len(g.Nodes) != 6 {
		t.Fatalf("the whole URL: %v", err)
	}
	for _, tc := range []struct{ url, want string }{
		{whole[:len(whole)-3], "describes 12 cells, 5x3 needs 15: the URL is cut short"},
		{whole + "2", `has "2" past the last of the 5x3 = 15 cells`},
		{whole + "/extra", `has "extra" after the body`},
		{"https://puzz.link/p?nurikabe/5/5/g1h2", `this is a nurikabe puzzle (puzz.link type "nurikabe"); boardgraph reads hashikake/bridges`},
		{"http://pzv.jp/p.html?slither/3/3/abc", "this is a slither puzzle"},
		{"https://puzz.link/p?hashikake/5/3/1g2!3k1g41", `body character '!'`},
		// A damaged size is refused, not skipped as an option segment
		// (the first was read as the 3x1 puzzle "2.2").
		{"https://puzz.link/p?hashikake/-3/3/1/2g2", `puzz.link size "-3"/"3"`},
		{"https://puzz.link/p?hashikake/+3/1/2g2", `puzz.link size "+3"/"1"`},
		{"https://puzz.link/p?hashikake/3/-1/2g2", `puzz.link size "3"/"-1"`},
	} {
		if f := Detect([]byte(tc.url)); f != FormatPuzzLinkName {
			t.Errorf("%s: detected as %s", tc.url, f)
		}
		_, _, err := Parse([]byte(tc.url))
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.url, err, tc.want)
		}
	}
	// A final skip that runs past the last cell stays accepted, as pzpr
	// writes and reads it.
	if g, err := ParsePuzzLink("https://puzz.link/p?hashikake/3/1/1z"); err != nil || len(g.Nodes) != 1 {
		t.Fatalf("final skip past the end: %v", err)
	}
}

// TestParseContextCancel: a cancelled context stops ParseAsContext with
// the context's error, not a format error.
func TestParseContextCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := ParseAsContext(ctx, FormatTextName, []byte("1.1\n...\n1.1\n"))
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrFormat) {
		t.Fatalf("got %v", err)
	}
}

// TestParseRefusesHugeInput: input over MaxInputBytes is refused with the
// limit named, before any parsing.
func TestParseRefusesHugeInput(t *testing.T) {
	t.Parallel()
	big := make([]byte, MaxInputBytes+1)
	_, _, err := parseAs(FormatTextName, big)
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "64 MiB limit") {
		t.Fatalf("got %v", err)
	}
}

// TestForeignInputNamed: the outputs of the leaper commands given to a
// numberlink command (a solve or info JSON, a shard result, a binary path
// file) and a JSON object without a size are refused with what they are,
// where they used to read "JSON rows=0 cols=0: both must be positive" or
// "line 1: character '\x89'".
func TestForeignInputNamed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{`{"version":"devel","problem":{"command":"solve","board":"5x5"},"solution":{"path":[[1,1]]}}`, "this is the JSON of boardgraph solve (a leaper board), not a k-grid puzzle"},
		{`{"version":"devel","problem":{"command":"info","board":"5x5"},"cells":25}`, "boardgraph info"},
		{`{"version":"devel","problem":{"command":"numberlink count","kind":"numberlink","size":"5x5"},"solutions":1}`, "numberlink count, which holds no puzzle"},
		{`{"format":"boardgraph-count-shard/1","count":"12"}`, `this is a "boardgraph-count-shard/1" file`},
		{`{"k":2}`, `the JSON has no "rows" and "cols"`},
		{"\x89BGP\r\n\x1a\n\x01\x00", "a binary path file (.bgp) of boardgraph solve"},
		{`{"rows":100000,"cols":100000,"k":2}`, "at most 16777216 cells in all"},
	} {
		_, _, err := Parse([]byte(tc.in))
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.40q: got %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
	// A numberlink puzzle with its problem object reads as a puzzle.
	for _, in := range []string{`{"version":"devel","problem":{"command":"numberlink convert","kind":"numberlink"},"rows":1,"cols":3,"k":2,"clues":[[1,0,1]]}`,
		`{"version":"devel","problem":{"command":"numberlink solve","kind":"numberlink"},"puzzle":{"rows":1,"cols":3,"k":2,"clues":[[1,0,1]]}}`} {
		if g, _, err := Parse([]byte(in)); err != nil || g.Cols != 3 {
			t.Errorf("%s: %v", in, err)
		}
	}
}
