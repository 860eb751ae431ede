package request

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
)

// A graph that is one path or cycle is answered by reading it (no
// search), with the problem's ends kept; where the ends ask for more the
// search decides, and says so.
func TestSolveWalked(t *testing.T) {
	const path5 = "1 2\n2 3\n3 4\n4 5\n"
	for _, c := range []struct {
		name, graph string
		flags       GraphFlags
		want        []string // nil: not by reading
		noSolution  bool
	}{
		{"path", path5, GraphFlags{}, []string{"1", "2", "3", "4", "5"}, false},
		{"path from its far end", path5, GraphFlags{Start: "5"}, []string{"5", "4", "3", "2", "1"}, false},
		{"path to its first end", path5, GraphFlags{End: "1"}, []string{"5", "4", "3", "2", "1"}, false},
		{"path from the middle", path5, GraphFlags{Start: "3"}, nil, true},
		{"path as a cycle", path5, GraphFlags{Closed: true}, nil, true},
		{"cycle", c4, GraphFlags{Closed: true, Start: "c"}, []string{"c", "d", "a", "b"}, false},
		{"cycle, open", c4, GraphFlags{}, []string{"a", "b", "c", "d"}, false},
		{"cycle, open from c", c4, GraphFlags{Start: "c"}, nil, false},
		{"star", "a b\na c\na d\n", GraphFlags{}, nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := c.flags
			f.File = "-"
			gr, err := NewGraph(f, files(c.graph, nil))
			if err != nil {
				t.Fatal(err)
			}
			path, _, err := gr.Solve(context.Background(), hamilton.Options{})
			if c.noSolution {
				if !errors.Is(err, hamilton.ErrNoSolution) || gr.byDP != "" {
					t.Fatalf("err %v (by %q), want no solution", err, gr.byDP)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, v := range path {
				names = append(names, gr.Named.VertexName(v))
			}
			byReading := strings.HasPrefix(gr.byDP, "reading the graph")
			if c.want != nil && (!slices.Equal(names, c.want) || !byReading) || c.want == nil && byReading {
				t.Errorf("path %v by %q, want %v (by reading: %v)", names, gr.byDP, c.want, c.want != nil)
			}
		})
	}
}

// A graph on standard input has the same size cap as a graph file: a file
// over it is refused from its size, standard input once it passes it,
// each named in one line. Not parallel: it lowers MaxGraphBytes.
func TestGraphSizeCap(t *testing.T) {
	defer func(old int64) { MaxGraphBytes = old }(MaxGraphBytes)
	MaxGraphBytes = 64
	big := strings.Repeat("a b\n", 40) // 160 bytes
	name := t.TempDir() + "/g.txt"
	if err := os.WriteFile(name, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, stdin, want string
	}{
		{name, "", name + ": graph too large: the file is larger than 64 bytes"},
		{"-", big, "the graph on standard input: graph too large: the input is larger than 64 bytes"},
		{"-", strings.Repeat("\n", 200), "the graph on standard input: graph too large"},
	} {
		src := Source{Stdin: strings.NewReader(c.stdin)} // files by os.Open
		_, err := NewGraph(GraphFlags{File: c.file}, src)
		if err == nil || !IsInput(err) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want an input error naming %q", c.file, err, c.want)
		}
	}
	if _, err := NewGraph(GraphFlags{File: "-"}, files("a b\nb c\n", nil)); err != nil {
		t.Errorf("a small graph on standard input: %v", err)
	}
}
