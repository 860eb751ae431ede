package jsonwords

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// Problem words err, an error from json.Unmarshal or a json.Decoder over
// data (nil for a stream), for a person. It names the field and the JSON value it takes for a
// type mismatch, the byte offset for a syntax error, and an early end; any
// other error is returned with the "json: " prefix dropped.
func Problem(err error, data []byte) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field := "the input"
		if f := jsonPath(te.Field); f != "" {
			field = "field " + strconv.Quote(f)
		}
		return fmt.Sprintf("%s takes %s, not %s", field, TypeWords(te.Type), te.Value)
	case errors.As(err, &se):
		if data == nil { // a stream: its length is not known
			return fmt.Sprintf("invalid JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
		}
		return fmt.Sprintf("invalid JSON at byte %d of %d: %s", se.Offset, len(data), strings.TrimPrefix(se.Error(), "json: "))
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return "the JSON ends before the object is closed"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonPath drops from a field path the names of embedded Go structs,
// which encoding/json puts in it ("PuzzleJSON.bridges.from"): the
// components that start with an upper-case letter, as no JSON key of
// this module does.
func jsonPath(f string) string {
	parts := strings.Split(f, ".")
	keep := parts[:0]
	for _, p := range parts {
		if p != "" && (p[0] < 'A' || p[0] > 'Z') {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, ".")
}

// TypeWords names a Go type as a JSON value: "an integer from 0 to 255",
// "a string", "an array of integers ...", "an object".
func TypeWords(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64:
		return "an integer"
	case reflect.Int8, reflect.Int16, reflect.Int32:
		bits := t.Bits()
		return fmt.Sprintf("an integer from %d to %d", int64(-1)<<(bits-1), uint64(1)<<(bits-1)-1)
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
		return fmt.Sprintf("an integer from 0 to %d", uint64(1<<(t.Bits()-1))*2-1)
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		e := TypeWords(t.Elem())
		if r, ok := strings.CutPrefix(e, "an integer"); ok {
			return "an array of integers" + r
		}
		if r, ok := strings.CutPrefix(e, "an array of "); ok {
			return "an array of arrays of " + r
		}
		return "an array of " + strings.TrimPrefix(strings.TrimPrefix(e, "an "), "a ") + " values"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Pointer:
		return TypeWords(t.Elem())
	}
	return "another kind of value"
}

// DuplicateKey returns the first key that data, a JSON text, gives twice
// in one object (encoding/json would keep the last silently), as a path
// such as "board" or "bridges.2.from", and true; "" and false when no
// object repeats a key or data is not valid JSON (the decoder words that).
func DuplicateKey(data []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	path, stop := duplicateIn(dec, "")
	return path, stop && path != ""
}

// duplicateIn reads one JSON value from dec, whose path is at, and
// returns the path of the first repeated key in it; stop is true when
// one was found ("" for invalid JSON: the caller stops either way).
func duplicateIn(dec *json.Decoder, at string) (path string, stop bool) {
	tok, err := dec.Token()
	if err != nil {
		return "", true
	}
	join := func(name string) string {
		if at == "" {
			return name
		}
		return at + "." + name
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			key, ok := tok.(string)
			if err != nil || !ok {
				return "", true
			}
			if seen[key] {
				return join(key), true
			}
			seen[key] = true
			if path, stop := duplicateIn(dec, join(key)); stop {
				return path, true
			}
		}
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if path, stop := duplicateIn(dec, join(strconv.Itoa(i))); stop {
				return path, true
			}
		}
	default:
		return "", false
	}
	if _, err := dec.Token(); err != nil { // the closing delimiter
		return "", true
	}
	return "", false
}
