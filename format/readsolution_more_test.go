package format

import (
	"errors"
	"strings"
	"testing"
)

// TestReadSolutionOneObject: enumerate --format json writes one object per
// solution; ReadSolution refuses more than one object instead of reading
// the first (verify passed a file of many solutions on the first alone).
// Trailing white space stays fine.
func TestReadSolutionOneObject(t *testing.T) {
	one := `{"version":"devel","problem":{"command":"solve","board":"1x2","open":2,"moves":"wazir","leapers":"1,0","closed":false,"start":null,"end":null},"solution":{"path":[[1,1],[1,2]]}}`
	if _, path, err := ReadSolution([]byte(one + "\n\n  \n")); err != nil || len(path) != 2 {
		t.Fatalf("one object: %v %v", path, err)
	}
	for _, in := range []string{one + "\n" + one + "\n", one + " x", one + "{"} {
		_, _, err := ReadSolution([]byte(in))
		if !errors.Is(err, ErrSolution) || !strings.Contains(err.Error(), "one solution per file") {
			t.Errorf("%.40q...: %v", in[len(one):], err)
		}
	}
}
