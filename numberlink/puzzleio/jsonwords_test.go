package puzzleio

import (
	"strings"
	"testing"
)

// TestJSONErrorsNameFieldNotGoType: a JSON puzzle with a value of the wrong
// kind is refused naming the field and what it takes, never Go's type names
// (issue #10; these read "Go struct field PuzzleJSON.rows of type int").
func TestJSONErrorsNameFieldNotGoType(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{"rows":"a","cols":3}`: `field "rows" takes an integer, not string`,
		`{"rows":3,"cols":3,"k":2,"clues":[[1,1,1],[1,1,1],[1,1,1]],"bridges":[{"from":"x"}]}`: `field "bridges.from" takes an array of integers, not string`,
		`{"puzzle":{"rows":1,"cols":3,"k":2,"clues":[[1,0,"1"]]}}`:                             `field "clues" takes an integer, not string`,
		`{"rows":1,"cols":3,"k":2,"clues":[[1,0,1]],"no_loops":"yes"}`:                         `field "no_loops" takes true or false, not string`,
	} {
		_, _, err := Parse([]byte(in))
		if err == nil {
			t.Fatalf("%s: read", in)
		}
		msg := err.Error()
		if !strings.Contains(msg, want) || !strings.Contains(msg, `a puzzle object has "rows"`) {
			t.Errorf("%s: %q, want %q and the fields", in, msg, want)
		}
		for _, bad := range []string{"PuzzleJSON", "BridgeJSON", "Go struct", "of type", "json:"} {
			if strings.Contains(msg, bad) {
				t.Errorf("%s: %q names %q", in, msg, bad)
			}
		}
	}
}
