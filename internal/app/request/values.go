package request

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/internal/app/input"
	"github.com/boardgraph/boardgraph/moves"
)

// ParseDuration reads a duration flag such as --timeout: Go's syntax (30s,
// 5m, 1h30m); a bare number is refused with the unit suggested ("10" ->
// "10s"), a negative duration with a positive one.
func ParseDuration(flag, s string) (time.Duration, error) {
	t := strings.TrimSpace(s)
	d, err := time.ParseDuration(t)
	if err != nil {
		if _, nerr := strconv.ParseFloat(t, 64); nerr == nil {
			return 0, fmt.Errorf("%w: --%s %s: give a unit, for example %ss (seconds) or %sm (minutes)", ErrInput, flag, s, t, t)
		}
		return 0, fmt.Errorf("%w: --%s %q: give a duration such as 30s, 5m or 1h30m", ErrInput, flag, s)
	}
	if d < 0 {
		return 0, fmt.Errorf("%w: --%s %v: give a positive duration such as 30s", ErrInput, flag, d)
	}
	return d, nil
}

// parseMethod reads a --method flag given as given and read as m (solve
// folds its case): m, or the default, methods[0], for ""; any other value
// is refused with the list of methods.
func parseMethod(given, m string, methods ...string) (string, error) {
	switch {
	case m == "":
		return methods[0], nil
	case slices.Contains(methods, m):
		return m, nil
	}
	last := len(methods) - 1
	return "", inputf("unknown --method %q; use %s or %s", given, strings.Join(methods[:last], ", "), methods[last])
}

// CheckGivenMoves refuses a --moves flag given a blank value (--moves ""):
// a flag left out means the default, hopido, but a blank one is a mistake
// (a shell variable that is unset), not a request for the default.
func CheckGivenMoves(spec string) error {
	if strings.TrimSpace(spec) != "" {
		return nil
	}
	return Inputf("--moves %q is empty: give a preset (%s), a leaper a,b or a union such as 3,0+2,2, or leave --moves out for hopido", spec, strings.Join(moves.Presets(), ", "))
}

// MovesHelp is the one-line description of --moves for help texts: the
// syntax and every preset.
func MovesHelp() string {
	return "move set `M`: a preset, a leaper a,b, or a union such as 3,0+2,2 or king+knight; presets: " + strings.Join(moves.Presets(), ", ")
}

// LeaperSpec writes a move set the way the paper and the flags do, the
// orthogonal leaper first: "3,0+2,2", "1,0+1,1", "1,2".
func LeaperSpec(ms moves.Set) string { return ms.PaperSpec() }

// MovesLabel names a move set for people: "hopido (3,0+2,2)", or the spec
// alone for a set without a preset name.
func MovesLabel(ms moves.Set) string {
	if s := LeaperSpec(ms); ms.Name != ms.Spec() && ms.Name != s {
		return ms.Name + " (" + s + ")"
	}
	return LeaperSpec(ms)
}

// ParseMoves is input.ParseMoves: a move set; an error lists every preset.
func ParseMoves(spec string) (moves.Set, error) { return input.ParseMoves(spec) }

// IsSpec is input.IsSpec: s has the shape of a board size, "5x5".
func IsSpec(s string) bool { return input.IsSpec(s) }
