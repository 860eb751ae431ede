package format

import (
	"errors"
	"fmt"
	"strings"
)

// ErrName reports an output format name a command does not write.
var ErrName = errors.New("unknown format")

// Names describes the output formats of one command: Names lists them, the
// default first unless Default says otherwise; every command also takes
// "text" (its default text output, Text when set, else the first name that
// is not json) and "json". Aliases maps further accepted names to listed
// ones ("grid" to "text", for example).
type Names struct {
	Names   []string
	Default string
	Text    string
	Aliases map[string]string
}

// Parse returns the canonical name of s, matched case-insensitively; the
// empty string gives the default. An unknown name is an error wrapping
// ErrName that lists every accepted name.
func (n Names) Parse(s string) (string, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		if n.Default != "" {
			return n.Default, nil
		}
		return n.Names[0], nil
	}
	if a, ok := n.Aliases[t]; ok {
		t = a
	}
	for _, x := range n.Names {
		if x == t {
			return x, nil
		}
	}
	if t == "text" {
		if n.Text != "" {
			return n.Text, nil
		}
		for _, x := range n.Names {
			if x != "json" {
				return x, nil
			}
		}
	}
	return "", fmt.Errorf("%w %q: use %s", ErrName, s, n.list())
}

// list writes the accepted names for messages: "text, grid, path or json".
func (n Names) list() string {
	all := []string{}
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			all = append(all, s)
		}
	}
	add("text")
	for _, x := range n.Names {
		add(x)
	}
	add("json")
	if len(all) == 1 {
		return all[0]
	}
	return strings.Join(all[:len(all)-1], ", ") + " or " + all[len(all)-1]
}
