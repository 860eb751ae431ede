package graphio_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/graphio"
)

// TestNodeLinkWordsJSONErrors: node-link JSON with a value of the wrong
// kind is refused naming the field, never Go's type names (it read "Go
// struct field nodeLink.directed of type bool"; issue #10).
func TestNodeLinkWordsJSONErrors(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{"nodes":[{"id":1}],"links":[],"directed":"no"}`: `field "directed" takes true or false, not string`,
		`{"nodes":[{"id":1}],"links":[1,}`:                `invalid JSON at byte`,
	} {
		_, err := graphio.ReadFormat(strings.NewReader(in), graphio.NodeLink, graphio.Limits{})
		if !errors.Is(err, graphio.ErrFormat) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "Go struct") || strings.Contains(err.Error(), "json:") {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
}
