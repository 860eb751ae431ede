package hidato_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// The generator on a blocked shape with no path: issue 39's 12x12 knight
// board. Its random paths come from hamilton.Find, which refutes the shape
// with the flow bound while searching, so Generate says there is no
// puzzle at once instead of searching without end.
func TestGenerateRefutesShape(t *testing.T) {
	b, err := board.Parse(strings.NewReader(testfix.Knight12x12))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	_, err = hidato.Generate(ctx, b, hidato.Options{Moves: moves.Knight(), Seed: 1})
	if !errors.Is(err, hidato.ErrNoSolution) {
		t.Fatalf("Generate = %v, want ErrNoSolution", err)
	}
}
