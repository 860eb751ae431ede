package shard_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/shard"
)

// TestReadResultWordsJSONErrors: a shard result with a value of the wrong
// kind is refused naming the field, never Go's type names (it read "Go
// struct field Result.shard of type int"; issue #10).
func TestReadResultWordsJSONErrors(t *testing.T) {
	t.Parallel()
	_, err := shard.ReadResult(strings.NewReader(`{"format":"boardgraph-count-shard/1","shard":"x"}`))
	if !errors.Is(err, shard.ErrResult) || !strings.Contains(err.Error(), `field "shard" takes an integer, not string`) ||
		strings.Contains(err.Error(), "Go struct") || strings.Contains(err.Error(), "Result.") {
		t.Errorf("shard as a string: %v", err)
	}
}
