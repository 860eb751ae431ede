package graphio

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestWriteFile: CSV goes to two files named from the prefix, other
// formats to the one file, each the same as the streaming writers give.
func TestWriteFile(t *testing.T) {
	t.Parallel()
	src := BoardSource(testfix.SpecGraph(t, "4x5", "hopido"), "4x5")
	dir := t.TempDir()
	names, err := WriteFile(context.Background(), filepath.Join(dir, "g"), CSV, src, WriteOptions{})
	if err != nil || len(names) != 2 || !strings.HasSuffix(names[0], "g.nodes.csv") || !strings.HasSuffix(names[1], "g.relationships.csv") {
		t.Fatalf("%v %v", names, err)
	}
	for _, n := range names {
		if data, err := os.ReadFile(n); err != nil || len(data) == 0 {
			t.Errorf("%s: %v", n, err)
		}
	}
	name := filepath.Join(dir, "g.dot")
	names, err = WriteFile(context.Background(), name, DOT, src, WriteOptions{})
	if err != nil || len(names) != 1 || names[0] != name {
		t.Fatalf("%v %v", names, err)
	}
	var want strings.Builder
	if err := Write(context.Background(), &want, DOT, src, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(name); string(got) != want.String() {
		t.Errorf("the file differs from Write's output")
	}
}
