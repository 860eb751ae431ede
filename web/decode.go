package web

import (
	"bytes"
	"encoding/json"
	"errors"
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

// decodeJSON decodes data into v strictly.
func decodeJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badf("bad JSON request: %v", err)
	}
	if dec.More() {
		return badf("bad JSON request: data after the object")
	}
	return nil
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
