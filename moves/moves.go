package moves

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Vec is one move: a step of DR rows and DC columns.
type Vec struct{ DR, DC int }

// Leaper is an (A,B)-leaper with 0 <= A <= B, A+B > 0: it moves A squares
// along one axis and B along the other, in every sign and order.
type Leaper struct{ A, B int }

// Set is a union of leapers.
type Set struct {
	// Name is the preset name ("hopido", "knight", "king") or the canonical
	// spec ("1,2+3,0").
	Name    string
	Leapers []Leaper
}

// MaxStep bounds the coordinates of a leaper, far above any useful board.
const MaxStep = 1 << 16

// ErrMoves reports a move spec that cannot be parsed.
var ErrMoves = errors.New("bad move set")

var presets = map[string]string{
	"hopido":      "3,0+2,2",
	"diplomatico": "3,0+2,2",
	"knight":      "1,2",
	"king":        "1,0+1,1",
	"wazir":       "1,0",
	"ferz":        "1,1",
	"camel":       "1,3",
	"zebra":       "2,3",
	"giraffe":     "1,4",
}

// PaperSpec writes the set the way the Diplomatico paper and the flags do,
// the orthogonal leaper first and each leaper with its larger step first:
// "3,0+2,2", "1,0+1,1", "1,2".
func (s Set) PaperSpec() string {
	parts := make([]string, 0, len(s.Leapers))
	for i := len(s.Leapers) - 1; i >= 0; i-- {
		l := s.Leapers[i]
		if l.A == 0 {
			parts = append(parts, strconv.Itoa(l.B)+","+strconv.Itoa(l.A))
		} else {
			parts = append(parts, strconv.Itoa(l.A)+","+strconv.Itoa(l.B))
		}
	}
	return strings.Join(parts, "+")
}

// Presets returns the names of the preset move sets, sorted, with the
// leapers each stands for: "camel (1,3)", "diplomatico (3,0+2,2)", ...
func Presets() []string {
	out := make([]string, 0, len(presets))
	for name, spec := range presets {
		out = append(out, name+" ("+spec+")")
	}
	slices.Sort(out)
	return out
}

// Hopido is the Diplomatico / 100 Squares Puzzle move set: 3 apart
// orthogonally or 2 apart diagonally (Diplomatico paper, Definition II.1).
func Hopido() Set { s, _ := Parse("hopido"); return s }

// Knight is the (1,2)-leaper.
func Knight() Set { s, _ := Parse("knight"); return s }

// Parse parses a move spec: a preset name (hopido, alias diplomatico; knight;
// king; wazir; ferz; camel; zebra; giraffe), a leaper "a,b" (all sign and
// order combinations of (a,b)), or a union of those joined by "+", such as
// "3,0+2,2", "1,0+1,1" or "king+knight". The empty set and the null move 0,0 are rejected.
func Parse(spec string) (Set, error) {
	s := strings.ToLower(strings.TrimSpace(spec))
	name := ""
	if p, ok := presets[s]; ok {
		name, s = s, p
		if name == "diplomatico" {
			name = "hopido"
		}
	}
	if s == "" {
		return Set{}, fmt.Errorf("%w: empty; give a preset (hopido, knight, king) or leapers such as 1,2 or 3,0+2,2", ErrMoves)
	}
	// Presets may appear inside a union ("king+knight"); expand them first.
	var parts []string
	for part := range strings.SplitSeq(s, "+") {
		part = strings.TrimSpace(part)
		if p, ok := presets[part]; ok {
			parts = append(parts, strings.Split(p, "+")...)
		} else {
			parts = append(parts, part)
		}
	}
	var ls []Leaper
	for _, part := range parts {
		as, bs, ok := strings.Cut(part, ",")
		if !ok {
			return Set{}, fmt.Errorf("%w %q: %q is neither a preset nor a leaper a,b such as 1,2", ErrMoves, spec, part)
		}
		a, err1 := strconv.Atoi(strings.TrimSpace(as))
		b, err2 := strconv.Atoi(strings.TrimSpace(bs))
		if err1 != nil || err2 != nil {
			return Set{}, fmt.Errorf("%w %q: %q must be two whole numbers a,b such as 1,2", ErrMoves, spec, part)
		}
		a, b = abs(a), abs(b)
		if a > b {
			a, b = b, a
		}
		if b == 0 {
			return Set{}, fmt.Errorf("%w %q: the null move 0,0 goes nowhere; use a leaper such as 1,2", ErrMoves, spec)
		}
		if b > MaxStep {
			return Set{}, fmt.Errorf("%w %q: steps are limited to %d", ErrMoves, spec, MaxStep)
		}
		l := Leaper{a, b}
		if !slices.Contains(ls, l) {
			ls = append(ls, l)
		}
	}
	slices.SortFunc(ls, func(x, y Leaper) int {
		if x.A != y.A {
			return y.A - x.A
		}
		return x.B - y.B
	})
	out := Set{Name: name, Leapers: ls}
	if out.Name == "" {
		out.Name = out.Spec()
	}
	return out, nil
}

// Spec returns the canonical "a,b+c,d" form of the set (larger first
// coordinate first), which Parse reads back.
func (s Set) Spec() string {
	parts := make([]string, len(s.Leapers))
	for i, l := range s.Leapers {
		if l.A == 0 {
			parts[i] = fmt.Sprintf("%d,%d", l.B, l.A)
		} else {
			parts[i] = fmt.Sprintf("%d,%d", l.A, l.B)
		}
	}
	return strings.Join(parts, "+")
}

// Vectors returns every move of the set: all sign and order combinations of
// each leaper, without duplicates, in a fixed order.
func (s Set) Vectors() []Vec {
	var out []Vec
	for _, l := range s.Leapers {
		for _, v := range []Vec{{l.A, l.B}, {l.B, l.A}} {
			for _, sr := range []int{1, -1} {
				for _, sc := range []int{1, -1} {
					w := Vec{v.DR * sr, v.DC * sc}
					if !slices.Contains(out, w) {
						out = append(out, w)
					}
				}
			}
		}
	}
	return out
}

// Families returns each leaper as a set of its own (used to study which
// cells each move family connects).
func (s Set) Families() []Set {
	out := make([]Set, len(s.Leapers))
	for i, l := range s.Leapers {
		out[i] = Set{Leapers: []Leaper{l}}
		out[i].Name = out[i].Spec()
	}
	return out
}

// ColourPreserving reports whether every move keeps the checkerboard colour
// (every leaper has A+B even).
func (s Set) ColourPreserving() bool {
	for _, l := range s.Leapers {
		if (l.A+l.B)%2 != 0 {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
