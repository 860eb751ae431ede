package format

import (
	"strconv"
	"strings"
	"time"
)

// Round rounds a duration for a summary line: to the millisecond, or to
// the microsecond below one.
func Round(d time.Duration) time.Duration {
	if d < time.Millisecond {
		return d.Round(time.Microsecond)
	}
	return d.Round(time.Millisecond)
}

// Plural writes a count with its noun for a summary line: "1 cell",
// "2 cells" (the plural adds an s).
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// Counted writes a count with the phrase that names what was counted, its
// head noun singular for a count of 1: "1 directed Hamiltonian path (a
// path and its reverse count as two)", "12400 directed Hamiltonian paths
// (...)". Only the first paths, tours, cycles or solutions before any
// parenthesis is changed.
func Counted(n, phrase string) string {
	if n != "1" {
		return n + " " + phrase
	}
	head, rest, _ := strings.Cut(phrase, " (")
	for _, noun := range []string{"paths", "tours", "cycles", "solutions"} {
		if i := strings.Index(head, noun); i >= 0 {
			head = head[:i] + strings.TrimSuffix(noun, "s") + head[i+len(noun):]
			break
		}
	}
	if rest != "" {
		head += " (" + rest
	}
	return n + " " + head
}
