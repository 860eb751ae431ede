package request

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestSolutionArgs: a size that is not a file is the board; a second size
// or file is refused.
func TestSolutionArgs(t *testing.T) {
	t.Parallel()
	named := testfix.TempFile(t, "6x6", "1 2\n")
	for _, c := range []struct {
		args       []string
		spec, file string
	}{
		{nil, "", ""},
		{[]string{"5x5"}, "5x5", ""},
		{[]string{"sol.txt", "5x5"}, "5x5", "sol.txt"},
		{[]string{named}, "", named},
	} {
		spec, file, err := SolutionArgs(c.args, Source{})
		if err != nil || spec != c.spec || file != c.file {
			t.Errorf("%q: %q %q %v", c.args, spec, file, err)
		}
	}
	if _, _, err := SolutionArgs([]string{"a.txt", "b.txt"}, Source{}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), `unexpected argument "b.txt"`) {
		t.Errorf("two files: %v", err)
	}
}

// TestSolutionBoard: no board without a size or file; the board file and
// the solution cannot both be stdin.
func TestSolutionBoard(t *testing.T) {
	t.Parallel()
	src := Source{Stdin: strings.NewReader("..\n..\n")}
	if b, err := SolutionBoard("", "", "", "", src); b != nil || err != nil {
		t.Errorf("none: %v %v", b, err)
	}
	if b, err := SolutionBoard("3x4", "", "", "", src); err != nil || b.Rows != 3 || b.Cols != 4 {
		t.Errorf("3x4: %v %v", b, err)
	}
	if _, err := SolutionBoard("", "-", "-", "--in", src); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "with --in FILE") {
		t.Errorf("both stdin: %v", err)
	}
	if b, err := SolutionBoard("", "-", "sol.txt", "", src); err != nil || b.Cells() != 4 {
		t.Errorf("board from stdin: %v %v", b, err)
	}
}

// TestSourceReader: "-" is stdin, left open; a missing file names the fix.
func TestSourceReader(t *testing.T) {
	t.Parallel()
	r, done, err := Source{Stdin: strings.NewReader("1,1\n")}.Reader("-", "the solution")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(r)
	done()
	if string(data) != "1,1\n" {
		t.Errorf("stdin: %q", data)
	}
	if _, _, err := (Source{}).Reader(filepath.Join(t.TempDir(), "none"), "the solution"); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "check the file name") {
		t.Errorf("missing: %v", err)
	}
}
