package request

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/construct"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

func TestConstruction(t *testing.T) {
	t.Parallel()
	var built int
	fake := func(err error) Builder {
		return func(_ context.Context, rows, cols int, ms moves.Set, ends construct.Ends) (construct.Walk, error) {
			built++
			if err != nil {
				return nil, err
			}
			return func(yield func(int, int) bool) {}, nil
		}
	}
	leaper := func(spec string) *Leaper {
		l, err := NewLeaper(LeaperFlags{Spec: spec, Moves: "king"}, Source{}, solveNames)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	small, big := leaper("10x10"), leaper("600x600") // big: over AutoConstructCells
	for _, tc := range []struct {
		name   string
		l      *Leaper
		method string
		err    error
		walk   bool
		is     error
	}{
		{"search never builds", big, "search", nil, false, nil},
		{"auto searches small boards", small, "auto", nil, false, nil},
		{"auto constructs big plain boards", big, "auto", nil, true, nil},
		{"construct on request", small, "construct", nil, true, nil},
		{"auto falls back to search", big, "auto", fmt.Errorf("%w: test", construct.ErrNotCovered), false, nil},
		{"construct says it cannot", small, "construct", fmt.Errorf("%w: test", construct.ErrNotCovered), false, ErrInput},
		{"a proof passes through", small, "construct", fmt.Errorf("%w: test", construct.ErrNoTour), false, construct.ErrNoTour},
	} {
		walk, err := tc.l.Construction(context.Background(), tc.method, fake(tc.err))
		if (walk != nil) != tc.walk || (tc.is == nil) != (err == nil) || tc.is != nil && !errors.Is(err, tc.is) {
			t.Errorf("%s: walk %v, err %v", tc.name, walk != nil, err)
		}
	}
	if built != 5 {
		t.Errorf("the builder ran %d times, want 5", built)
	}
}

func TestWriteSolution(t *testing.T) {
	t.Parallel()
	l, err := NewLeaper(LeaperFlags{Spec: "2x2", Moves: "1,0"}, Source{}, solveNames)
	if err != nil {
		t.Fatal(err)
	}
	path := []verify.Cell{{Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 2, Col: 2}, {Row: 2, Col: 1}}
	for f, want := range map[string]string{"path": "1,1\n1,2\n2,2\n2,1\n", "grid": "4 3", "json": `"verified":true`} {
		var sb strings.Builder
		if err := l.WriteSolution(&sb, f, "solve", path, format.Result{}); err != nil || !strings.Contains(sb.String(), want) {
			t.Errorf("%s: %q, %v; want %q in it", f, sb.String(), err, want)
		}
	}
}
