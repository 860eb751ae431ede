package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/internal/base/jsonwords"
)

// LeaperRequest is a leaper position: a board (a size spec such as "5x5"
// or a text map with blocked cells "#" and givens), a move spec
// ("diplomatico", "knight", "1,2+3,0", ...; default diplomatico) and the
// cells numbered so far, as row-major indices (row*cols+col, 0-based), in
// order: path[0] holds 1.
type LeaperRequest struct {
	Board string  `json:"board"`
	Moves string  `json:"moves"`
	Path  []int32 `json:"path"`
}

// NLRequest is a k-grid position: the puzzle in any format package
// numberlink reads (Tatham game ID or web URL, puzz.link URL, text, .has,
// JSON) and the player's connection count per pair (NLGrid.Pairs order;
// empty means none drawn).
type NLRequest struct {
	Puzzle string `json:"puzzle"`
	Conn   []int8 `json:"conn"`
}

// NLGenerateRequest asks for a new unique k-grid.
type NLGenerateRequest struct {
	Rows       int   `json:"rows"`
	Cols       int   `json:"cols"`
	K          int   `json:"k"`
	Difficulty int   `json:"difficulty"`
	Seed       int64 `json:"seed"`
}

// errTooLarge marks a body over the limit (413).
var errTooLarge = errors.New("request body too large")

// decodeJSON decodes data, a JSON object, into v strictly: unknown
// fields, a key given twice, data after the object and a body that is not an object (empty,
// null, an array) are refused. Errors are worded for the user (the field
// and the type it takes), never in Go's type names.
func decodeJSON(data []byte, v any) error {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || t[0] != '{' {
		what := "empty"
		if len(t) > 0 {
			what = "not a JSON object (it starts with " + strconv.QuoteRune(rune(t[0])) + ")"
			if bytes.Equal(t, []byte("null")) {
				what = "null"
			}
		}
		return badf("bad JSON request: the body is %s; send a JSON object such as {\"board\":\"5x5\"}", what)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badf("bad JSON request: %s", jsonProblem(err, data, v))
	}
	if dec.More() {
		return badf("bad JSON request: data after the object")
	}
	if key, dup := duplicateKey(data); dup {
		return badf("bad JSON request: the key %q comes twice; give each field once", key)
	}
	return nil
}

// jsonProblem words a decoding error for a person (jsonwords.Problem: the
// field and the type it takes, the place of a syntax error) and lists the
// request's fields after an unknown one.
func jsonProblem(err error, data []byte, v any) string {
	msg := jsonwords.Problem(err, data)
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return "unknown field " + name + "; the fields are " + fieldNames(v)
	}
	return msg
}

// fieldNames lists the JSON fields of the struct v points to.
func fieldNames(v any) string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return "those of the API"
	}
	var names []string
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			names = append(names, strconv.Quote(name))
		}
	}
	return strings.Join(names, ", ")
}

// checkConn validates a k-grid position against the grid: one entry per
// pair (or none), each 0..k.
func checkConn(conn []int8, pairs, k int) ([]int8, error) {
	if len(conn) == 0 {
		return make([]int8, pairs), nil
	}
	if len(conn) != pairs {
		return nil, badf("conn: %d counts for a grid with %d pairs", len(conn), pairs)
	}
	for i, c := range conn {
		if c < 0 || int(c) > k {
			return nil, badf("conn: pair %d has %d connections; allowed 0..%d", i, c, k)
		}
	}
	return conn, nil
}

// LeaperGenerateRequest asks for a Hidato-style puzzle (givens with one
// completion) on a board of the given size or shape and a move set, at a
// level: 0 any, 1 easy .. 4 expert (package hidato).
type LeaperGenerateRequest struct {
	Board string `json:"board"`
	Moves string `json:"moves"`
	Level int    `json:"level"`
	Seed  uint64 `json:"seed"`
}

// duplicateKey finds a key given twice in a request (last wins in
// encoding/json). The server checks with jsonwords.DuplicateKey
// (decode_server.go); the WebAssembly engine answers only its own page's
// requests and leaves the check out, to stay within its size budget.
var duplicateKey = func([]byte) (string, bool) { return "", false }
