package format

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestNamesParse(t *testing.T) {
	t.Parallel()
	n := Names{Names: []string{"grid", "path", "json"}, Text: "grid", Aliases: map[string]string{"bgp": "binary"}}
	for in, want := range map[string]string{"": "grid", "GRID": "grid", "Text": "grid", "json": "json", " path ": "path"} {
		if got, err := n.Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err := n.Parse("svg")
	if !errors.Is(err, ErrName) || !strings.Contains(err.Error(), "use text, grid, path or json") {
		t.Errorf("Parse(svg) = %v", err)
	}
	tj := Names{Names: []string{"text", "json"}}
	if got, _ := tj.Parse(""); got != "text" {
		t.Errorf("default %q", got)
	}
	if _, err := tj.Parse("grid"); err == nil || !strings.Contains(err.Error(), "use text or json") {
		t.Errorf("grid: %v", err)
	}
}

func TestGridAndPath(t *testing.T) {
	t.Parallel()
	path := []Cell{{1, 1}, {1, 4}, {2, 2}}
	g := NumberGrid(2, 4, func(r, c int) bool { return r == 1 && c == 3 }, path)
	var b bytes.Buffer
	if err := WriteGrid(&b, g); err != nil {
		t.Fatal(err)
	}
	if want := "1 . . 2\n. 3 . #\n"; b.String() != want {
		t.Errorf("grid %q, want %q", b.String(), want)
	}
	b.Reset()
	WritePath(&b, path)
	if b.String() != "1,1\n1,4\n2,2\n" {
		t.Errorf("path %q", b.String())
	}
}

func TestWriteJSONVersion(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := WriteJSON(&b, Error{Error: "x <y>", ExitCode: 2}); err != nil {
		t.Fatal(err)
	}
	if want := `{"version":"` + Version + `","error":"x <y>","exit_code":2}` + "\n"; b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
	b.Reset()
	WriteJSON(&b, map[string]any{"version": "shard-7"})
	if b.String() != `{"version":"shard-7"}`+"\n" {
		t.Errorf("an object's own version was replaced: %s", b.String())
	}
	b.Reset()
	WriteJSON(&b, struct{}{})
	if b.String() != `{"version":"`+Version+`"}`+"\n" {
		t.Errorf("empty object: %s", b.String())
	}
	b.Reset()
	WriteJSON(&b, []int{1})
	if b.String() != "[1]\n" {
		t.Errorf("array: %s", b.String())
	}
}

// TestSolutionRoundTrip: what WriteJSON writes for a Result, ReadSolution
// reads back; the old "row,col" strings read too.
func TestSolutionRoundTrip(t *testing.T) {
	t.Parallel()
	path := []Cell{{1, 1}, {2, 3}}
	start := Cell{1, 1}
	res := Result{Problem: Problem{Command: "solve", Board: "2x3", Open: 6, Moves: "knight", Leapers: "1,2", Start: &start},
		Solution: NewSolution(NumberGrid(2, 3, nil, path), path), Verified: true}
	var b bytes.Buffer
	WriteJSON(&b, res)
	p, got, err := ReadSolution(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if p.Board != "2x3" || p.Start == nil || *p.Start != start || p.End != nil || len(got) != 2 || got[1] != (Cell{2, 3}) {
		t.Errorf("read back %+v %v", p, got)
	}
	old := `{"problem":{"board":"2x3","leapers":"1,2","start":"1,1","end":null},"solution":{"path":["1,1","2,3"]}}`
	if _, got, err := ReadSolution([]byte(old)); err != nil || got[1] != (Cell{2, 3}) {
		t.Errorf("old style: %v %v", got, err)
	}
	for _, bad := range []string{`{}`, `{"problem":{},"solution":{"path":[[1]]}}`, `{"problem":{},"solution":{"path":["x"]}}`, `[`, `{"problem":{"start":[1,2,3]},"solution":{"path":[]}}`} {
		if _, _, err := ReadSolution([]byte(bad)); !errors.Is(err, ErrSolution) {
			t.Errorf("%s: %v, want ErrSolution", bad, err)
		}
	}
}

func FuzzReadSolution(f *testing.F) {
	f.Add([]byte(`{"problem":{"board":"2x3","leapers":"1,2","start":[1,1],"end":null},"solution":{"path":[[1,1],[2,3]]}}`))
	f.Add([]byte(`{"problem":{"board":"2x3"},"solution":{"path":["1,1","2,3"]}}`))
	f.Add([]byte(`{"problem":null,"solution":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, path, err := ReadSolution(data)
		if err != nil {
			if !errors.Is(err, ErrSolution) {
				t.Fatalf("error %v does not wrap ErrSolution", err)
			}
			return
		}
		// What was read writes back and reads the same.
		var b bytes.Buffer
		if err := WriteJSON(&b, Result{Problem: p, Solution: Solution{Path: path}}); err != nil {
			return // a value JSON cannot write (none expected)
		}
		p2, path2, err := ReadSolution(b.Bytes())
		if err != nil || len(path2) != len(path) || p2.Board != p.Board {
			t.Fatalf("round trip: %v %v", p2, err)
		}
	})
}

func FuzzNamesParse(f *testing.F) {
	for _, s := range []string{"", "text", "JSON", "grid", "bgp", "x"} {
		f.Add(s)
	}
	n := Names{Names: []string{"grid", "path", "json", "binary"}, Text: "grid", Aliases: map[string]string{"bgp": "binary"}}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := n.Parse(s)
		if err != nil {
			return
		}
		again, err := n.Parse(got)
		if err != nil || again != got {
			t.Fatalf("%q -> %q -> %q, %v: canonical names must parse to themselves", s, got, again, err)
		}
	})
}

func TestParseCell(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Cell{`[3,4]`: {3, 4}, `"3,4"`: {3, 4}, `" 3 , 4 "`: {3, 4}} {
		if got, err := ParseCell(json.RawMessage(in)); err != nil || got != want {
			t.Errorf("%s: %v %v", in, got, err)
		}
	}
	for _, bad := range []string{`[1]`, `"1"`, `{}`, `null`} {
		if _, err := ParseCell(json.RawMessage(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestStamp: the envelope (version, problem) goes first into compact and
// laid-out objects, never twice, and never into what is not an object.
func TestStamp(t *testing.T) {
	t.Parallel()
	pr := NewPuzzleProblem("numberlink convert", "square", 5, 7, 2, "x.txt")
	v := strconv.Quote(Version)
	for in, want := range map[string]string{
		`{"a":1}`:                           `{"version":` + v + `,"problem":{"command":"numberlink convert","kind":"numberlink","grid":"square","size":"7x5","size_convention":"width x height (columns x rows)","k":2,"source":"x.txt"},"a":1}`,
		"{\n  \"rows\": 5\n}\n":             "{\n  \"version\": " + v + ",\n  \"problem\": {\"command\":\"numberlink convert\",\"kind\":\"numberlink\",\"grid\":\"square\",\"size\":\"7x5\",\"size_convention\":\"width x height (columns x rows)\",\"k\":2,\"source\":\"x.txt\"},\n  \"rows\": 5\n}\n",
		`{"version":"x","problem":{"k":1}}`: `{"version":"x","problem":{"k":1}}`,
		`[1]`:                               `[1]`,
	} {
		got, err := Stamp([]byte(in), pr)
		if err != nil || string(got) != want {
			t.Errorf("Stamp(%q) = %q, %v\nwant %q", in, got, err, want)
		}
		var m map[string]any
		if in[0] == '{' && json.Unmarshal(got, &m) != nil {
			t.Errorf("Stamp(%q) is not valid JSON: %s", in, got)
		}
	}
	if got, _ := Stamp([]byte(`{}`), pr); !strings.HasPrefix(string(got), `{"version":`+v+`,"problem":{`) || !strings.HasSuffix(string(got), "}}") {
		t.Errorf("empty object: %s", got)
	}
	// A numberlink result is not a leaper solution, and says so.
	if _, _, err := ReadSolution(nlResult(t, pr)); !errors.Is(err, ErrSolution) || !strings.Contains(err.Error(), "numberlink convert, a k-grid puzzle") {
		t.Errorf("ReadSolution of numberlink JSON: %v", err)
	}
}

func nlResult(t *testing.T, pr PuzzleProblem) []byte {
	var b bytes.Buffer
	if err := WriteResult(&b, pr, map[string]any{"solution": map[string]any{"path": []any{}}}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestCounted(t *testing.T) {
	t.Parallel()
	for _, c := range [][3]string{
		{"1", "directed Hamiltonian paths (a path and its reverse count as two)", "1 directed Hamiltonian path (a path and its reverse count as two)"},
		{"2", "directed Hamiltonian paths (a path and its reverse count as two)", "2 directed Hamiltonian paths (a path and its reverse count as two)"},
		{"1", "undirected closed tours (each tour counted once)", "1 undirected closed tour (each tour counted once)"},
	} {
		if got := Counted(c[0], c[1]); got != c[2] {
			t.Errorf("Counted(%s, %q) = %q", c[0], c[1], got)
		}
	}
}
