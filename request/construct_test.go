package request

import (
	"errors"
	"fmt"
	"testing"

	"github.com/boardgraph/boardgraph/construct"
	"github.com/boardgraph/boardgraph/moves"
)

func TestConstruction(t *testing.T) {
	t.Parallel()
	var built int
	fake := func(err error) Builder {
		return func(rows, cols int, ms moves.Set, ends construct.Ends) (construct.Walk, error) {
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
		walk, err := tc.l.Construction(tc.method, fake(tc.err))
		if (walk != nil) != tc.walk || (tc.is == nil) != (err == nil) || tc.is != nil && !errors.Is(err, tc.is) {
			t.Errorf("%s: walk %v, err %v", tc.name, walk != nil, err)
		}
	}
	if built != 5 {
		t.Errorf("the builder ran %d times, want 5", built)
	}
}
