package format

import (
	"errors"
	"strings"
	"testing"
)

// TestReadSolutionWordsJSONErrors: a solution JSON with a value of the
// wrong kind is refused naming the field and what it takes, never Go's type
// names (it read "Go struct field .Problem.board of type string"; #10).
func TestReadSolutionWordsJSONErrors(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{"problem":{"command":"solve","board":5},"solution":{"path":[[1,1]]}}`: `"problem": field "board" takes a string, not number`,
		`{"problem":{"command":"solve","board":"1x1"},"solution":{"path":3}}`:   `"solution": field "path" takes an array`,
		`{"problem":{"command":"solve","board":"1x1"},"solution":null}`:         `"solution" is null: give {"path"`,
		`[1,2]`: `the input takes an object, not array`,
	} {
		_, _, err := ReadSolution([]byte(in))
		if !errors.Is(err, ErrSolution) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
		if err != nil && (strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), "json:") || strings.Contains(err.Error(), "<nil>")) {
			t.Errorf("%s: %v names Go's types", in, err)
		}
	}
}
