package hexgrid

import (
	"strings"
	"testing"
)

// TestJSONErrorsNameFieldNotGoType: hex JSON puzzles and solutions with a
// value of the wrong kind are refused naming the field, never Go's type
// names (issue #10).
func TestJSONErrorsNameFieldNotGoType(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{"grid":"hex","rows":"x"}`: `field "rows" takes an integer, not string`,
		`{"grid":"hex","layout":"odd-r","rows":1,"cols":3,"k":2,"clues":[[1,0,1]],"bridges":[{"n":"2"}]}`: `field "bridges.n" takes an integer, not string`,
	} {
		_, err := Parse([]byte(in))
		check(t, in, err, want)
	}
	in := `{"bridges":[{"from":[1,"1"]}]}`
	_, err := ParseSolution([]byte(in))
	check(t, in, err, `field "bridges.from" takes an integer, not string`)
}

func check(t *testing.T, in string, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: read", in)
	}
	msg := err.Error()
	if !strings.Contains(msg, want) || !strings.Contains(msg, `a hex puzzle object has`) {
		t.Errorf("%s: %q, want %q and the fields", in, msg, want)
	}
	for _, bad := range []string{"PuzzleJSON", "BridgeJSON", "Go struct", "of type", "json:"} {
		if strings.Contains(msg, bad) {
			t.Errorf("%s: %q names %q", in, msg, bad)
		}
	}
}
