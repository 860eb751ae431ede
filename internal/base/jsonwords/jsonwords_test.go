package jsonwords

import (
	"encoding/json"
	"strings"
	"testing"
)

type bridge struct {
	From [2]int `json:"from"`
	N    int    `json:"n"`
}

type puzzle struct {
	Rows    int      `json:"rows"`
	Clues   [][]int  `json:"clues"`
	Bridges []bridge `json:"bridges"`
	Loops   bool     `json:"loops"`
}

// TestProblemNamesFieldNotGoType: each message names the JSON field and
// the value it takes and carries no Go type name.
func TestProblemNamesFieldNotGoType(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"rows":"a"}`, `field "rows" takes an integer`},
		{`{"bridges":[{"from":"x"}]}`, `field "bridges.from" takes an array of integers`},
		{`{"bridges":[{"n":true}]}`, `field "bridges.n" takes an integer`},
		{`{"bridges":{}}`, `field "bridges" takes an array of object values, not object`},
		{`{"clues":[["a"]]}`, `field "clues" takes an integer`},
		{`{"loops":1}`, `field "loops" takes true or false, not number`},
		{`[1]`, `the input takes an object, not array`},
		{`{"rows":`, `invalid JSON at byte 8 of 8`},
		{`{"rows":1,}`, `invalid JSON at byte`},
	} {
		var p puzzle
		err := json.Unmarshal([]byte(c.in), &p)
		if err == nil {
			t.Fatalf("%s: no error", c.in)
		}
		got := Problem(err, []byte(c.in))
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want it to contain %q", c.in, got, c.want)
		}
		for _, bad := range []string{"puzzle", "bridge", "Go ", "struct", "json:", "[]int"} {
			if strings.Contains(got, bad) && !strings.Contains(c.want, bad) {
				t.Errorf("%s: %q names Go's %q", c.in, got, bad)
			}
		}
	}
}

// TestTypeWordsRanges: sized integers name their range, plain ones do not.
func TestTypeWordsRanges(t *testing.T) {
	var v struct {
		A int8   `json:"a"`
		B []int  `json:"b"`
		C uint16 `json:"c"`
	}
	for in, want := range map[string]string{
		`{"a":"x"}`:   `field "a" takes an integer from -128 to 127, not string`,
		`{"b":["x"]}`: `field "b" takes an integer, not string`,
		`{"b":"x"}`:   `field "b" takes an array of integers, not string`,
		`{"c":-1}`:    `field "c" takes an integer from 0 to 65535, not number -1`,
	} {
		err := json.Unmarshal([]byte(in), &v)
		if got := Problem(err, []byte(in)); got != want {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
	}
}

// TestProblemEmbedded: the name of an embedded struct is not part of the
// field path (encoding/json writes "Inner.rows").
func TestProblemEmbedded(t *testing.T) {
	var v struct {
		Inner
		Other int `json:"other"`
	}
	in := `{"rows":"x"}`
	err := json.Unmarshal([]byte(in), &v)
	if got, want := Problem(err, []byte(in)), `field "rows" takes an integer, not string`; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// Inner is embedded in TestProblemEmbedded.
type Inner struct {
	Rows int `json:"rows"`
}

// TestProblemStream: for a stream (data nil) a syntax error names the byte
// alone, not "of 0".
func TestProblemStream(t *testing.T) {
	var v struct{}
	err := json.Unmarshal([]byte(`{"a":}`), &v)
	if got := Problem(err, nil); !strings.HasPrefix(got, "invalid JSON at byte 6: ") {
		t.Errorf("%q", got)
	}
}

func TestDuplicateKey(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1,"b":2}`: "",
		`{"a":1,"a":2}`: "a",
		`{"a":{"b":1,"c":{"b":2}},"d":[1,{"e":1,"e":2}]}`: "d.1.e",
		`{"a":[{"x":1},{"x":2}]}`:                         "",
		`{"a":{"x":1},"b":{"x":1}}`:                       "",
		`{"a":1,"A":2}`:                                   "",
		`{"a":1,"b"`:                                      "",
		`[{"k":1,"k":1}]`:                                 "0.k",
		`not json`:                                        "",
	} {
		got, dup := DuplicateKey([]byte(in))
		if got != want || dup != (want != "") {
			t.Errorf("DuplicateKey(%s) = %q, %v; want %q", in, got, dup, want)
		}
	}
}
