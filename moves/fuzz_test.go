package moves_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/moves"
)

func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"hopido", "diplomatico", "knight", "3,0+2,2", "1,0+1,1", "king+knight", "0,0", "", "+", "-1,-2", "1,2,3", "0,65537", "camel+zebra+giraffe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		s, err := moves.Parse(spec)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			return
		}
		if len(s.Leapers) == 0 || s.Name == "" {
			t.Fatalf("Parse(%q) accepted an empty set %+v", spec, s)
		}
		for _, l := range s.Leapers {
			if l.A < 0 || l.A > l.B || l.B == 0 || l.B > moves.MaxStep {
				t.Fatalf("Parse(%q): bad leaper %+v", spec, l)
			}
		}
		vs := s.Vectors()
		if len(vs) == 0 || slices.Contains(vs, moves.Vec{}) {
			t.Fatalf("Parse(%q): vectors %v", spec, vs)
		}
		back, err := moves.Parse(s.Spec())
		if err != nil || !slices.Equal(back.Leapers, s.Leapers) {
			t.Fatalf("Spec %q of %q parses back to %+v, %v", s.Spec(), spec, back, err)
		}
		if named, err := moves.Parse(s.Name); err != nil || !slices.Equal(named.Leapers, s.Leapers) {
			t.Fatalf("Name %q of %q parses back to %+v, %v", s.Name, spec, named, err)
		}
	})
}
